/* The bridge floor for bench/sdk_load.py: the least a page can do with the SDK's architecture
 * (the loader and its bridge): a hidden iframe on the service origin that loads the same Brython runtime, and
 * postMessage both ways. Nothing else: no Python runs, no rule is checked, no live updates. The
 * SDK's time over this floor is what its own code costs; this floor's time over the in-page
 * floor (baseline.js) is what the architecture costs. Served as /sdk.js by a second server. */
(function () {
  'use strict';
  var script = document.currentScript;
  var src = new URL(script.src);
  var origin = src.origin;
  var frame = document.createElement('iframe');
  frame.src = origin + '/sdk/__BRIDGE__?origin=' + encodeURIComponent(location.origin) +
    '&public-key=' + encodeURIComponent(src.searchParams.get('public-key'));
  // As the SDK's loader does: a renderer that shows nothing runs at low priority.
  frame.setAttribute('style', 'position:fixed;bottom:0;right:0;width:1px;height:1px;border:0;' +
    'opacity:0;pointer-events:none;z-index:-1');
  var waiting = {}; // query string -> buttons
  // Usable once it shows its first button: then the functions the page queued run.
  var queue = window.service;
  function usable() {
    if (!Array.isArray(queue)) return;
    var service = window.service = { push: function (fn) { fn(service); } };
    queue.splice(0).forEach(service.push);
    queue = null;
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    if (event.data === 'ready') {
      document.querySelectorAll('[data-service-button]').forEach(function (button) {
        var query = 'amount=' + button.getAttribute('data-amount') +
          '&currency=' + button.getAttribute('data-currency');
        (waiting[query] = waiting[query] || []).push(button);
      });
      frame.contentWindow.postMessage(Object.keys(waiting), origin);
    } else if (event.data[1]) {
      (waiting[event.data[0]] || []).forEach(function (button) { button.removeAttribute('hidden'); });
      usable();
    }
  });
  (document.body || document.documentElement).appendChild(frame);
})();
