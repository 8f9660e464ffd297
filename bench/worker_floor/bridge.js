/* The worker floor's one script (see loader.js), run twice: in the iframe's page it starts itself
 * as a worker with the page's own query and relays the worker's one answer to the embedding page;
 * in the worker it evaluates the Brython runtime, as the SDK's worker would, then fetches each
 * query it was given (same origin: no preflight) and posts every answer in one message. */
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  if (typeof importScripts !== 'function') {
    var origin = params.get('origin');
    var worker = new Worker(document.currentScript.src + '?' + params.toString());
    worker.onmessage = function (event) { window.parent.postMessage(event.data, origin); };
    return;
  }
  importScripts('/sdk/__BRYTHON__');
  var headers = { Authorization: 'Bearer ' + params.get('public-key') };
  var queries = JSON.parse(params.get('queries') || '[]');
  Promise.all(queries.map(function (query) {
    return fetch('/checkout/button?' + query, { headers: headers, credentials: 'omit' }).then(
      function (response) { return [query, response.status === 201]; },
      function () { return [query, false]; }
    );
  })).then(function (answers) { postMessage(answers); });
})();
