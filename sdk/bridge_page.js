/* The bridge page's only script: it relays between the merchant's page and the bridge's worker,
 * where Brython and the SDK's Python run. It decides nothing. The server rendered the first
 * answers (show/hide commands for the buttons the loader put in this page's URL) into the page
 * as JSON data; they go to the loader at once, in one message, before the worker has started. */
(function (window, document) {
  'use strict';
  /** @type {ServiceProtocol.SdkChannel} */
  var CHANNEL = 'service-sdk';
  var params = new URLSearchParams(window.location.search);
  var origin = /** @type {string} */ (params.get('origin')); // null fails the test below
  var ancestors = window.location.ancestorOrigins;
  // The merchant's origin, if the page that framed us is who it says (Chromium and WebKit tell).
  if (!/^https?:\/\/[^/?#]+$/.test(origin || '') || (ancestors && ancestors.length && ancestors[0] !== origin)) {
    return;
  }
  var parent = window.parent;
  /** @param {ServiceProtocol.BridgeMessage} message */
  function post(message) {
    parent.postMessage(message, origin);
  }
  var data = /** @type {HTMLElement} */ (document.getElementById('service-first')).textContent;
  /** @type {ServiceProtocol.BridgeFirst} */
  var first = JSON.parse(/** @type {string} */ (data));
  post({ channel: CHANNEL, type: 'first', commands: first.commands });

  /** @type {Worker} */
  var worker;
  try {
    worker = new window.Worker(/** @type {string} */ (document.documentElement.getAttribute('data-worker')));
  } catch (error) {
    var why = /** @type {Error} */ (error).message; // a SecurityError or a SyntaxError
    post({ channel: CHANNEL, type: 'failed', code: 'worker_failed', message: 'service SDK cannot start: its worker did not start (' + why + ').' });
    return;
  }
  worker.addEventListener('error', function (event) {
    event.preventDefault();
    post({
      channel: CHANNEL, type: 'failed', code: 'worker_failed',
      message: 'service SDK cannot start: its worker failed (' + (event.message || 'not loaded') + ').'
    });
  });
  worker.addEventListener('message', function (event) { post(event.data); });
  /** @type {ServiceProtocol.WorkerStart} */
  var start = {
    origin: origin,
    settings: {
      public_key: params.get('public-key'),
      sandbox: params.get('sandbox'),
      checkout_timeout_ms: params.get('checkout_timeout')
    },
    elements: first.elements,
    answers: first.answers
  };
  worker.postMessage(start);
  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== parent) return;
    worker.postMessage(event.data);
  });
})(window, document);
