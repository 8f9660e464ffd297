// The checkout's overlay: a modal dialog on the merchant's page that holds the hosted checkout.
/* exported overlay, openOverlay, closeOverlay, closeCheckout, checkoutEnding, setStyles */
/* global post */

/**
 * @typedef {{checkout: number, dialog: HTMLDialogElement, frame: HTMLIFrameElement,
 *   close: HTMLButtonElement, loading: HTMLElement, previousFocus: HTMLElement | null,
 *   overflow: [string, string]}} Overlay
 */
/** @type {Overlay | null} */
var overlay = null;
/** @type {Set<number>} checkouts closed by hand, or closing: a close asked again does nothing */
var closing = new Set();

/**
 * The checkout's overlay: at once, in its loading state, when checkout() is called; the hosted
 * page goes into it when the bridge has found the checkout (`cmd.url`).
 * @param {ServiceProtocol.CommandOpenOverlay} cmd
 */
function openOverlay(cmd) {
  if (overlay && overlay.checkout === cmd.checkout) {
    if (cmd.url) overlay.frame.src = cmd.url;
    return;
  }
  closeOverlay();
  var previousFocus = /** @type {HTMLElement | null} */ (document.activeElement);
  var dialog = document.createElement('dialog');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', cmd.label);
  dialog.setAttribute('data-service-overlay', '');
  setStyles(dialog, {
    position: 'fixed', inset: '0', width: '100%', height: '100%', 'max-width': '100%',
    'max-height': '100%', margin: '0', padding: '0', border: '0',
    background: 'rgba(15, 23, 42, 0.55)', overflow: 'hidden'
  });
  var loading = document.createElement('p');
  loading.setAttribute('role', 'status');
  loading.textContent = 'Loading\u2026';
  setStyles(loading, {
    position: 'absolute', top: '50%', left: '0', right: '0', margin: '0', 'text-align': 'center',
    color: '#ffffff', font: '16px/1.5 system-ui, sans-serif'
  });
  var frame = document.createElement('iframe');
  if (cmd.url) frame.src = cmd.url;
  frame.title = cmd.label;
  setStyles(frame, {
    position: 'absolute', inset: '0', width: '100%', height: '100%', border: '0',
    background: 'transparent'
  });
  var close = document.createElement('button');
  close.type = 'button';
  close.textContent = '\u00d7';
  close.setAttribute('aria-label', cmd.close_label);
  close.setAttribute('data-service-overlay-close', '');
  setStyles(close, {
    position: 'absolute', top: '12px', right: '12px', width: '44px', height: '44px',
    'border-radius': '22px', border: '0', background: '#ffffff', color: '#111827',
    font: '28px/44px system-ui, sans-serif', cursor: 'pointer', 'z-index': '1',
    'box-shadow': '0 1px 4px rgba(0, 0, 0, 0.3)'
  });
  dialog.appendChild(loading);
  dialog.appendChild(frame);
  dialog.appendChild(close);
  var root = document.documentElement;
  overlay = {
    checkout: cmd.checkout, dialog: dialog, frame: frame, close: close, loading: loading, previousFocus: previousFocus,
    overflow: [root.style.getPropertyValue('overflow'), root.style.getPropertyPriority('overflow')]
  };
  /** @param {Event} [event] */
  function userClose(event) {
    if (event) event.preventDefault();
    closeCheckout(cmd.checkout);
  }
  close.addEventListener('click', function () { userClose(); });
  dialog.addEventListener('cancel', userClose); // Escape while focus is outside the frame
  dialog.addEventListener('close', function () {
    // The browser may close a modal on Escape by itself; the bridge still decides the status.
    if (overlay && overlay.dialog === dialog) userClose();
  });
  root.style.setProperty('overflow', 'hidden', 'important'); // the page behind stays put
  (document.body || document.documentElement).appendChild(dialog); // a checkout asked from the head
  dialog.showModal();
  frame.focus();
}

/**
 * Close a checkout by hand (the overlay's close control, Escape, or the page's close() on its
 * handle), once: the overlay goes at once, whether the bridge is up or not, and the bridge
 * decides the status (`dismiss` if none was reported yet).
 * @param {number} handle
 */
function closeCheckout(handle) {
  if (closing.has(handle)) return;
  checkoutEnding(handle);
  if (overlay && overlay.checkout === handle) closeOverlay();
  post({ type: 'checkout-event', checkout: handle, event: { type: 'close' } });
}

/**
 * The checkout is closing (by hand, or the bridge closes it): closing it again does nothing.
 * @param {number} handle
 */
function checkoutEnding(handle) {
  closing.add(handle);
}

function closeOverlay() {
  if (!overlay) return;
  var current = overlay;
  overlay = null;
  var root = document.documentElement;
  if (current.overflow[0]) root.style.setProperty('overflow', current.overflow[0], current.overflow[1]);
  else root.style.removeProperty('overflow');
  if (current.dialog.open) current.dialog.close();
  current.dialog.remove();
  if (current.previousFocus && typeof current.previousFocus.focus === 'function') {
    current.previousFocus.focus();
  }
}

/**
 * @param {ElementCSSInlineStyle} element
 * @param {Record<string, string>} styles
 */
function setStyles(element, styles) {
  Object.keys(styles).forEach(function (name) {
    element.style.setProperty(name, styles[name]);
  });
}
