/* The bridge floor's page script (see loader.js): it runs after the Brython runtime has been
 * evaluated, as the SDK's bundle does, then fetches each query it is sent and answers. */
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  var origin = params.get('origin');
  var headers = { Authorization: 'Bearer ' + params.get('public-key') };
  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== window.parent) return;
    event.data.forEach(function (query) {
      fetch('/checkout/button?' + query, { headers: headers, credentials: 'omit' }).then(
        function (response) { return response.status === 201; },
        function () { return false; }
      ).then(function (available) { window.parent.postMessage([query, available], origin); });
    });
  });
  window.parent.postMessage('ready', origin);
})();
