// The merchant's elements: the ids the bridge knows them by, the rows that describe them, each
// one's lifecycle (ELEMENT_MOVES), and showing and hiding. Which elements are buttons and what
// their attributes mean is the bridge's to decide; here only what keeps a hidden payment method
// from being used.
/* exported elementOf, idOf, rowsOnPage, hideIds, showIds, hideAll, observe */
/* global ELEMENT_MOVES, transition, post, movedWhileFirst */

// What to report to the bridge: written by the build from the SDK's Python (backend_stub/sdk_rules/attributes.py).
var WATCH = __WATCH__;
var INPUTS = 'input, select, textarea, button';

/**
 * @typedef {Element & ElementCSSInlineStyle} Watched an element the SDK shows and hides
 * @typedef {{display: string, priority: string, inputs: [HTMLInputElement, boolean, boolean][]}} Saved
 * @typedef {{element: Watched, state: ElementState}} Tracked
 */

/** @type {(Tracked | null)[]} element id -> its record, null once gone (ids start at 1) */
var tracked = [null];
/** @type {WeakMap<Element, number>} */
var elementIds = new WeakMap();
/** @type {WeakMap<Element, Saved>} element -> what hiding changed, kept while it is hidden: an
 * element that leaves the page hidden and comes back (a framework moving it) is still hidden */
var hiddenBy = new WeakMap();

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
    var record = { element: /** @type {Watched} */ (element), state: 'found' };
    tracked.push(record);
    elementIds.set(element, id);
    if (hiddenBy.has(element)) elementTo(record, 'hidden');
  }
  return id;
}

/**
 * [id, tag, value of each watched attribute or false when absent]: flat rows cross to
 * Python far faster than nested objects. A row is a report: the element is being checked.
 * @param {Element} element
 * @returns {ServiceProtocol.Row}
 */
function describe(element) {
  var id = idOf(element);
  var record = /** @type {Tracked} */ (tracked[id]);
  if (record.state === 'found') elementTo(record, 'checking');
  /** @type {ServiceProtocol.Row} */
  var row = [id, element.tagName];
  WATCH.attributes.forEach(function (name) {
    row.push(element.hasAttribute(name) ? /** @type {string} */ (element.getAttribute(name)) : false);
  });
  return row;
}

/** Every element the SDK watches that is on the page now, as rows. */
function rowsOnPage() {
  return /** @type {ServiceProtocol.Row[]} */ (Array.prototype.map.call(document.querySelectorAll(WATCH.selector), describe));
}

/** @param {Tracked} record */
function hide(record) {
  if (record.state === 'hidden') return;
  var element = record.element;
  /** @type {Saved} */
  var saved = {
    display: element.style.getPropertyValue('display'),
    priority: element.style.getPropertyPriority('display'),
    inputs: []
  };
  // `important` inline wins over any merchant stylesheet, `!important` rules included.
  element.style.setProperty('display', 'none', 'important');
  // Inputs, selects, text areas and buttons; only an input has `checked` (the others: undefined).
  /** @type {HTMLInputElement[]} */
  var inputs = Array.prototype.slice.call(element.querySelectorAll(INPUTS));
  if (element.matches(INPUTS)) inputs.unshift(/** @type {HTMLInputElement} */ (/** @type {unknown} */ (element)));
  inputs.forEach(function (input) {
    saved.inputs.push([input, input.disabled, input.checked]);
    input.disabled = true; // a hidden payment method cannot be submitted
    if (input.checked) input.checked = false;
  });
  hiddenBy.set(element, saved);
  elementTo(record, 'hidden');
}

/** @param {Tracked} record */
function show(record) {
  var element = record.element;
  element.removeAttribute('hidden');
  if (record.state === 'shown') return;
  elementTo(record, 'shown');
  var saved = hiddenBy.get(element);
  if (!saved) return;
  hiddenBy.delete(element);
  if (saved.display) element.style.setProperty('display', saved.display, saved.priority);
  else element.style.removeProperty('display');
  if (element.getAttribute('style') === '') element.removeAttribute('style');
  saved.inputs.forEach(function (entry) {
    entry[0].disabled = entry[1];
    if (entry[2]) entry[0].checked = true;
  });
}

/** @param {number[]} ids */
function hideIds(ids) {
  ids.forEach(function (id) {
    var record = tracked[id];
    if (record) hide(record);
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
  tracked.forEach(function (record) { if (record) hide(record); });
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
  /** @type {ServiceProtocol.Row[]} */
  var changed = [];
  /** @type {number[]} */
  var removed = [];
  var seen = new Set();
  /**
   * @param {Element} element
   * @param {ServiceProtocol.Row[]} list
   */
  function consider(element, list) {
    if (seen.has(element)) return;
    seen.add(element);
    list.push(describe(element));
  }
  mutations.forEach(function (mutation) {
    if (mutation.type === 'attributes') {
      var element = /** @type {Element} */ (mutation.target);
      if (element.matches(WATCH.selector)) consider(element, elementIds.has(element) ? changed : added);
      else if (elementIds.has(element)) consider(element, changed);
      return;
    }
    Array.prototype.forEach.call(mutation.addedNodes, /** @param {Element} node */ function (node) {
      if (node.nodeType !== 1) return;
      if (node.matches(WATCH.selector)) consider(node, added);
      Array.prototype.forEach.call(node.querySelectorAll(WATCH.selector), /** @param {Element} child */ function (child) {
        consider(child, added);
      });
    });
    Array.prototype.forEach.call(mutation.removedNodes, /** @param {Element} node */ function (node) {
      if (node.nodeType !== 1) return;
      /** @type {Element[]} */
      var gone = [node].concat(Array.prototype.slice.call(node.querySelectorAll(WATCH.selector)));
      gone.forEach(function (left) {
        var id = elementIds.get(left);
        if (id && !left.isConnected) {
          removed.push(id);
          elementTo(/** @type {Tracked} */ (tracked[id]), 'gone');
          tracked[id] = null;
          elementIds.delete(left);
        }
      });
    });
  });
  movedWhileFirst(changed.map(function (row) { return row[0]; }).concat(removed));
  if (added.length || changed.length || removed.length) {
    post({ type: 'elements', added: added, changed: changed, removed: removed });
  }
}
