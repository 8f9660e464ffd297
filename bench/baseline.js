/* The floor for bench/sdk_load.py: the least a page could do to show available buttons,
 * in plain JavaScript, in the merchant page itself (cross-origin calls, so one CORS preflight
 * per distinct URL). No validation, no pairing, no live updates: nothing but the fast path.
 * It is usable once it shows its first button: then the functions the page queued run. */
(function () {
  'use strict';
  var script = document.currentScript;
  var api = new URL(script.src).searchParams.get('api');
  var key = new URL(script.src).searchParams.get('public-key');
  var seen = {};
  var queue = window.service;
  function usable() {
    if (!Array.isArray(queue)) return;
    var service = window.service = { push: function (fn) { fn(service); } };
    queue.splice(0).forEach(service.push);
    queue = null;
  }
  document.querySelectorAll('[data-service-button]').forEach(function (button) {
    var type = button.getAttribute('data-product-type');
    var url = api + '/checkout/button?amount=' + button.getAttribute('data-amount') +
      '&currency=' + button.getAttribute('data-currency') + (type ? '&product%5Btype%5D=' + type : '');
    seen[url] = seen[url] || fetch(url, { headers: { Authorization: 'Bearer ' + key } })
      .then(function (response) { return response.status === 201; }, function () { return false; });
    seen[url].then(function (available) {
      if (!available) return;
      button.removeAttribute('hidden');
      usable();
    });
  });
})();
