// What hiding changes on an element, and what showing takes back: nothing else. The page (often
// a framework, which owns the element) may change the element at any time; the SDK never writes
// back a value of its own from earlier over it. Each change is announced with a bubbling
// `service:availability` event, and an input the SDK unchecks gets the `change` event a
// framework listens for.
/* exported cover, uncover, isCovered, announce */

var INPUTS = 'input, select, textarea, button';
var AVAILABILITY = 'service:availability';
// On a hidden element: its style (a framework's display that would show it again), and the
// `disabled` of its inputs (the page's own from then on).
var GUARDED = { attributes: true, attributeFilter: ['style', 'disabled'], subtree: true };

/**
 * What hiding added: `display: none !important` over the element's own inline display (kept up
 * to date with what the page writes meanwhile: it is the page's, and applies again once shown),
 * and the inputs it disabled.
 * @typedef {{display: [string, string], disabled: HTMLInputElement[]}} Cover
 */
/** @type {WeakMap<Element, Cover>} kept while it is hidden: an element that leaves the page
 * hidden and comes back (a framework moving it) is still hidden */
var covers = new WeakMap();
/** @type {WeakSet<Element>} inputs the SDK disabled whose `disabled` the page has not written since */
var disabledBySdk = new WeakSet();
/** @type {WeakMap<Element, string>} what each element's last event said: '' available, else why not */
var announced = new WeakMap();
var guard = new MutationObserver(onGuarded);

/** @param {ElementCSSInlineStyle} element */
function inlineDisplay(element) {
  return /** @type {[string, string]} */ ([element.style.getPropertyValue('display'),
    element.style.getPropertyPriority('display')]);
}

/** @param {Element & ElementCSSInlineStyle} element */
function isCovered(element) {
  return covers.has(element);
}

/**
 * Hide `element`: `important` inline wins over any merchant stylesheet, `!important` rules
 * included; its inputs cannot be submitted (disabled, unchecked).
 * @param {Element & ElementCSSInlineStyle} element
 */
function cover(element) {
  ownChanges();
  /** @type {Cover} */
  var added = { display: inlineDisplay(element), disabled: [] };
  element.style.setProperty('display', 'none', 'important');
  // Inputs, selects, text areas and buttons; only an input has `checked` (the others: undefined).
  /** @type {HTMLInputElement[]} */
  var inputs = Array.prototype.slice.call(element.querySelectorAll(INPUTS));
  if (element.matches(INPUTS)) inputs.unshift(/** @type {HTMLInputElement} */ (/** @type {unknown} */ (element)));
  /** @type {HTMLInputElement[]} */
  var unchecked = [];
  inputs.forEach(function (input) {
    if (!input.disabled) {
      input.disabled = true; // a hidden payment method cannot be submitted
      disabledBySdk.add(input);
      added.disabled.push(input);
    }
    if (input.checked) {
      input.checked = false;
      unchecked.push(input);
    }
  });
  guard.takeRecords(); // the SDK's own writes: not the page's
  guard.observe(element, GUARDED);
  covers.set(element, added);
  // A framework holding the input's state hears of the change, as from the shopper.
  unchecked.forEach(function (input) { input.dispatchEvent(new Event('change', { bubbles: true })); });
}

/**
 * Show `element` again: take back what cover() added and nothing else. Its display is its own
 * again (the page's latest inline value, or none), and an input the SDK disabled is enabled
 * unless the page wrote its `disabled` meanwhile; what the SDK unchecked stays unchecked.
 * @param {Element & ElementCSSInlineStyle} element
 */
function uncover(element) {
  ownChanges();
  var added = covers.get(element);
  if (!added) return;
  covers.delete(element);
  if (added.display[0]) element.style.setProperty('display', added.display[0], added.display[1]);
  else element.style.removeProperty('display');
  if (element.getAttribute('style') === '') element.removeAttribute('style');
  added.disabled.forEach(function (input) {
    if (!disabledBySdk.has(input)) return;
    disabledBySdk.delete(input);
    input.disabled = false;
  });
  guard.takeRecords();
}

/** What the page changed on hidden elements, read before the SDK writes its own. */
function ownChanges() {
  onGuarded(guard.takeRecords());
}

/**
 * The page wrote on a hidden element: a display of its own is kept as the element's (and
 * covered again: a hidden payment method stays hidden); an input's `disabled` is the page's.
 * @param {MutationRecord[]} mutations
 */
function onGuarded(mutations) {
  mutations.forEach(function (mutation) {
    var target = /** @type {Element & ElementCSSInlineStyle} */ (mutation.target);
    if (mutation.attributeName === 'disabled') {
      disabledBySdk.delete(target);
      return;
    }
    var added = covers.get(target);
    var display = inlineDisplay(target);
    if (!added || (display[0] === 'none' && display[1] === 'important')) return;
    added.display = display;
    target.style.setProperty('display', 'none', 'important');
  });
  guard.takeRecords();
}

/**
 * Tell the page, on the element, when what it can use changes (the event bubbles).
 * @param {Element} element
 * @param {boolean} isAvailable
 * @param {ServiceSDK.UnavailableReason | null} reason null when available
 */
function announce(element, isAvailable, reason) {
  var said = isAvailable ? '' : String(reason);
  if (announced.get(element) === said) return;
  announced.set(element, said);
  /** @type {ServiceSDK.AvailabilityDetail} */
  var detail = { available: isAvailable, reason: isAvailable ? null : reason };
  element.dispatchEvent(new CustomEvent(AVAILABILITY, { bubbles: true, detail: detail }));
}
