/* The bridge page's window onto its parent. Brython cannot hold a cross-origin window (it
 * reads properties the browser refuses), so the few lines that touch `window.parent` are here,
 * and the Python adapter calls them. The origin check and the source check live here too. */
(function (window) {
  'use strict';
  var params = new URLSearchParams(window.location.search);
  var origin = params.get('origin');
  var ancestors = window.location.ancestorOrigins;
  var valid = /^https?:\/\/[^/?#]+$/.test(origin || '') &&
    (!ancestors || ancestors.length === 0 || ancestors[0] === origin);
  window.serviceBridgeHost = {
    // The merchant page's origin, or null when the page that framed us is not who it says.
    merchantOrigin: valid ? origin : null,
    // The loader's settings, as given by the merchant: the Python validates them.
    settings: {
      public_key: params.get('public-key'),
      sandbox: params.get('sandbox'),
      checkout_timeout_ms: params.get('checkout_timeout')
    },
    post: function (message) {
      if (valid) window.parent.postMessage(message, origin);
    },
    // Send GETs and report their answers' statuses (0: no answer) in batches of [index, status]
    // pairs. Python decides which URLs and what a status means; looping over fetch here saves a
    // Python round per request. Answers that arrive while the bridge is busy wait for the next
    // batch: with many buttons, that is one Python call and one message to the page per batch.
    get: function (urls, headers, onAnswers) {
      var answers = [];
      var scheduled = false;
      function deliver() {
        scheduled = false;
        onAnswers(answers.splice(0));
      }
      function answer(index, status) {
        answers.push([index, status]);
        if (!scheduled) {
          scheduled = true;
          window.setTimeout(deliver, 0);
        }
      }
      urls.forEach(function (url, index) {
        fetch(url, { headers: headers, credentials: 'omit' }).then(
          function (response) { answer(index, response.status); },
          function () { answer(index, 0); }
        );
      });
    },
    listen: function (onData) {
      if (!valid) return;
      window.addEventListener('message', function (event) {
        if (event.origin !== origin || event.source !== window.parent) return;
        onData(event.data);
      });
    }
  };
})(window);
