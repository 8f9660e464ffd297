/* The information window: tells the page that framed it (the SDK's loader) when it is shown and
   when the shopper closes it, as the hosted checkout does (checkout.js), on a channel of its own. */
(function () {
  'use strict';
  /** @typedef {{channel?: 'service-plans', type: 'loaded' | 'close'}} PlansWindowMessage */
  /** @type {'service-plans'} */
  var CHANNEL = 'service-plans';
  var params = new URLSearchParams(window.location.search);
  var origin = /** @type {string} */ (params.get('origin'));
  var ancestors = window.location.ancestorOrigins;
  var framed = window.parent !== window;
  // Talk only to the page that framed us, and only if it is the origin the SDK announced.
  var valid = framed && /^https?:\/\/[^/?#]+$/.test(origin || '') &&
    (!ancestors || ancestors.length === 0 || ancestors[0] === origin);

  /** @param {PlansWindowMessage} message */
  function tell(message) {
    message.channel = CHANNEL;
    if (valid) window.parent.postMessage(message, origin);
  }

  function close() {
    // Opened on its own (a new window of a script's), it closes itself; framed, its parent does.
    if (framed) tell({ type: 'close' });
    else window.close();
  }

  var control = /** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="plans-close"]'));
  control.addEventListener('click', close);
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') close();
  });
  // Enabled once it works: a control shown before this script runs would do nothing.
  control.disabled = false;
  // The shopper starts at the heading (what the window is about); the close control comes next.
  /** @type {HTMLElement} */ (document.getElementById('title')).focus({ preventScroll: true });
  tell({ type: 'loaded' });
})();
