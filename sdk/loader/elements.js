// The merchant's elements: the ids the bridge knows them by, the rows that describe them, each
// one's lifecycle (ELEMENT_MOVES), and when to show or hide them (what that changes on them is
// visibility.js's). Which elements are buttons and what their attributes mean is the bridge's to
// decide; here only what keeps a button from showing at an amount nobody checked.
//
// An id names an element with the watched values it was reported with: when they change, the
// element gets a new id, so that the bridge's word about its old values (on its way meanwhile)
// finds no element to move.
/* exported elementOf, idOf, rowsOnPage, hideIds, showIds, hideAll, observe */
/* global ELEMENT_MOVES, transition, post, movedWhileFirst, phase, cover, uncover, isCovered, announce */

// What to report to the bridge: written by the build from the SDK's Python (backend_stub/sdk_rules/attributes.py).
var WATCH = __WATCH__;

/**
 * @typedef {Element & ElementCSSInlineStyle} Watched an element the SDK shows and hides
 * @typedef {{element: Watched, state: ElementState, values: string | null, key: string | null}} Tracked
 *   `values`: the watched values it was reported with; `key`: for a button, those its
 *   availability answer is for
 */

/** @type {(Tracked | null)[]} element id -> its record, null once gone (ids start at 1) */
var tracked = [null];
/** @type {WeakMap<Element, number>} */
var elementIds = new WeakMap();
/** @type {Set<string>} the keys of buttons the bridge has shown: available, for the page's life */
var available = new Set();

/**
 * @param {Tracked} record
 * @param {ElementState} next
 */
function elementTo(record, next) {
  record.state = transition('element', ELEMENT_MOVES, record.state, next);
}

/** @param {number} id */
function elementOf(id) {
  var record = tracked[id];
  return record ? record.element : null;
}

/** @param {Element} element */
function idOf(element) {
  var id = elementIds.get(element);
  if (!id) {
    id = tracked.length;
    /** @type {Tracked} */
    var record = { element: /** @type {Watched} */ (element), state: 'found', values: null, key: null };
    tracked.push(record);
    elementIds.set(element, id);
    if (isCovered(record.element)) elementTo(record, 'hidden');
  }
  return id;
}

/**
 * [id, tag, value of each watched attribute or false when absent]: flat rows cross to
 * Python far faster than nested objects.
 * @param {number} id
 * @param {Element} element
 * @returns {ServiceProtocol.Row}
 */
function rowOf(id, element) {
  /** @type {ServiceProtocol.Row} */
  var row = [id, element.tagName];
  WATCH.attributes.forEach(function (name) {
    row.push(element.hasAttribute(name) ? /** @type {string} */ (element.getAttribute(name)) : false);
  });
  return row;
}

/**
 * What a row's values are for: all of them (to see a change), and for a button those its
 * availability answer depends on.
 * @param {Tracked} record
 * @param {ServiceProtocol.Row} row
 */
function remember(record, row) {
  record.values = JSON.stringify(row.slice(2));
  var element = record.element;
  record.key = element.hasAttribute(WATCH.button)
    ? JSON.stringify(WATCH.checked.map(function (name) { return element.getAttribute(name); }))
    : null;
}

/**
 * The element's row, for a report: from then on it is being checked.
 * @param {Element} element
 * @returns {ServiceProtocol.Row}
 */
function describe(element) {
  var id = idOf(element);
  var record = /** @type {Tracked} */ (tracked[id]);
  if (record.state === 'found') elementTo(record, 'checking');
  var row = rowOf(id, element);
  remember(record, row);
  return row;
}

/**
 * A reported element whose watched values changed: the old id is gone, and the element gets a
 * new one, in the same task. A button shown for values it no longer has is hidden, unless the
 * bridge has shown a button with its new values already (the answer is the same for the page's
 * life): then it stays, or is shown. Any other element keeps what it shows until the bridge says.
 * @param {Element} element
 * @param {number} oldId
 * @returns {ServiceProtocol.Row}
 */
function renew(element, oldId) {
  var wasShown = /** @type {Tracked} */ (tracked[oldId]).state === 'shown';
  forget(element, oldId);
  var id = idOf(element);
  var record = /** @type {Tracked} */ (tracked[id]);
  var row = rowOf(id, element);
  remember(record, row);
  if (record.key !== null && available.has(record.key) && phase !== 'failed') show(record);
  else if (wasShown && record.key !== null) hide(record, 'checking');
  else if (wasShown) elementTo(record, 'shown');
  if (record.state === 'found') elementTo(record, 'checking');
  return row;
}

/**
 * The element no longer answers to `id`.
 * @param {Element} element
 * @param {number} id
 */
function forget(element, id) {
  elementTo(/** @type {Tracked} */ (tracked[id]), 'gone');
  tracked[id] = null;
  elementIds.delete(element);
}

/** Every element the SDK watches that is on the page now, as rows. */
function rowsOnPage() {
  return /** @type {ServiceProtocol.Row[]} */ (Array.prototype.map.call(document.querySelectorAll(WATCH.selector), describe));
}

/**
 * @param {Tracked} record
 * @param {ServiceSDK.UnavailableReason} reason
 */
function hide(record, reason) {
  if (record.state !== 'hidden') {
    cover(record.element);
    elementTo(record, 'hidden');
  }
  announce(record.element, false, reason);
}

/** @param {Tracked} record */
function show(record) {
  var element = record.element;
  element.removeAttribute('hidden'); // the markup's, against a flash before the SDK's word
  if (record.key !== null) available.add(record.key);
  if (record.state !== 'shown') {
    elementTo(record, 'shown');
    uncover(element);
  }
  announce(element, true, null);
}

/**
 * @param {number[]} ids
 * @param {ServiceSDK.UnavailableReason} reason
 */
function hideIds(ids, reason) {
  ids.forEach(function (id) {
    var record = tracked[id];
    if (record) hide(record, reason);
  });
}

/** @param {number[]} ids */
function showIds(ids) {
  ids.forEach(function (id) {
    var record = tracked[id];
    if (record) show(record);
  });
}

/** The SDK cannot start: nothing it watches stays usable. */
function hideAll() {
  tracked.forEach(function (record) { if (record) hide(record, 'cannot_start'); });
}

function observe() {
  new MutationObserver(onMutations).observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: WATCH.attributes
  });
}

/** @param {MutationRecord[]} mutations */
function onMutations(mutations) {
  /** @type {ServiceProtocol.Row[]} */
  var added = [];
  /** @type {number[]} */
  var removed = [];
  var seen = new Set();
  /** @param {Element} element */
  function consider(element) {
    if (seen.has(element)) return;
    seen.add(element);
    var id = elementIds.get(element);
    var record = id ? tracked[id] : null;
    if (!id || !record) {
      added.push(describe(element));
    } else if (record.values !== JSON.stringify(rowOf(id, element).slice(2))) {
      removed.push(id);
      added.push(renew(element, id));
    }
  }
  mutations.forEach(function (mutation) {
    if (mutation.type === 'attributes') {
      var element = /** @type {Element} */ (mutation.target);
      if (element.matches(WATCH.selector) || elementIds.has(element)) consider(element);
      return;
    }
    Array.prototype.forEach.call(mutation.addedNodes, /** @param {Element} node */ function (node) {
      if (node.nodeType !== 1) return;
      if (node.matches(WATCH.selector)) consider(node);
      Array.prototype.forEach.call(node.querySelectorAll(WATCH.selector), consider);
    });
    Array.prototype.forEach.call(mutation.removedNodes, /** @param {Element} node */ function (node) {
      if (node.nodeType !== 1) return;
      /** @type {Element[]} */
      var gone = [node].concat(Array.prototype.slice.call(node.querySelectorAll(WATCH.selector)));
      gone.forEach(function (left) {
        var id = elementIds.get(left);
        if (id && !left.isConnected) {
          removed.push(id);
          forget(left, id);
        }
      });
    });
  });
  // An element that changed and then left in the same batch is reported gone only.
  added = added.filter(function (row) { return removed.indexOf(row[0]) < 0; });
  movedWhileFirst(removed);
  if (added.length || removed.length) {
    post({ type: 'elements', added: added, changed: [], removed: removed });
  }
}
