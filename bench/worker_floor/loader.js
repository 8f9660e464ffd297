/* The worker floor for bench/sdk_load.py: the least a page can do with Python in a Web Worker
 * and one crossing to the first answers. The loader puts the queries of the buttons found at load in the
 * hidden iframe's URL; the iframe on the service origin starts a worker that loads the same
 * Brython runtime (importScripts), fetches each query once and answers them all in one message,
 * which the loader applies in one task. No Python runs, no rule is checked, no live updates, no
 * answers rendered by the server. Served as /sdk.js by a server of its own. */
(function () {
  'use strict';
  var src = new URL(document.currentScript.src);
  var origin = src.origin;
  // Usable once it shows its first button: then the functions the page queued run.
  var queue = window.service;
  function usable() {
    if (!Array.isArray(queue)) return;
    var service = window.service = { push: function (fn) { fn(service); } };
    queue.splice(0).forEach(service.push);
    queue = null;
  }
  function start() {
    var waiting = {}; // query string -> buttons
    document.querySelectorAll('[data-service-button]').forEach(function (button) {
      var query = 'amount=' + button.getAttribute('data-amount') +
        '&currency=' + button.getAttribute('data-currency');
      (waiting[query] = waiting[query] || []).push(button);
    });
    var frame = document.createElement('iframe');
    frame.src = origin + '/sdk/__BRIDGE__?origin=' + encodeURIComponent(location.origin) +
      '&public-key=' + encodeURIComponent(src.searchParams.get('public-key')) +
      '&queries=' + encodeURIComponent(JSON.stringify(Object.keys(waiting)));
    // As the SDK's loader does: a renderer that shows nothing runs at low priority.
    frame.setAttribute('style', 'position:fixed;bottom:0;right:0;width:1px;height:1px;border:0;' +
      'opacity:0;pointer-events:none;z-index:-1');
    window.addEventListener('message', function (event) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      event.data.forEach(function (answer) {
        if (answer[1]) (waiting[answer[0]] || []).forEach(function (b) { b.removeAttribute('hidden'); });
      });
      usable();
    });
    (document.body || document.documentElement).appendChild(frame);
  }
  // An async script may run before the page is parsed: the buttons are known once it is.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
