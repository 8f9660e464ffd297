/* The bridge's worker: Brython and the SDK's Python run here, never on a page's main thread
 * (on Android, Chrome keeps a cross-site iframe in the merchant's renderer). The bridge page
 * relays messages between this worker and the merchant's page, and checks who sends them.
 *
 * The first message from the bridge page is its start: the loader's settings, the merchant's
 * origin, and the first answers the server rendered into the page, which the Python adopts.
 * Messages that arrive before the Python listens wait here, in order. */
(/** @param {DedicatedWorkerGlobalScope} self */ function (self) {
  'use strict';
  /** @type {ServiceProtocol.WorkerStart | null} the bridge page's first message */
  var start = null;
  /** @type {ServiceProtocol.PageMessage[]} */
  var inbox = [];
  /** @type {((start: ServiceProtocol.WorkerStart) => void) | true | null} true once called */
  var onStart = null;
  /** @type {((message: ServiceProtocol.PageMessage) => void) | null} */
  var onData = null;

  function deliver() {
    if (!start || !onStart || !onData) return;
    if (onStart !== true) {
      var begin = onStart;
      onStart = true;
      begin(start);
    }
    var deliverTo = onData;
    inbox.splice(0).forEach(function (data) { deliverTo(data); });
  }

  self.addEventListener('message', function (event) {
    // Only the page that started this worker can post to it: no origin to check here.
    if (start === null) start = event.data;
    else inbox.push(event.data);
    deliver();
  });

  self.serviceBridgeHost = {
    // The Python calls this once: `callback(start)` runs when the bridge page's start is here.
    begin: function (callback) {
      onStart = callback;
      deliver();
    },
    listen: function (callback) {
      onData = callback;
      deliver();
    },
    post: function (message) {
      self.postMessage(message);
    },
    // Send GETs and report their answers' statuses (0: no answer) in batches of [index, status]
    // pairs. Python decides which URLs and what a status means; looping over fetch here saves a
    // Python round per request. Answers that arrive while the bridge is busy wait for the next
    // batch: with many buttons, that is one Python call and one message to the page per batch.
    get: function (urls, headers, onAnswers) {
      /** @type {[number, number][]} */
      var answers = [];
      var scheduled = false;
      function flush() {
        scheduled = false;
        onAnswers(answers.splice(0));
      }
      /**
       * @param {number} index
       * @param {number} status
       */
      function answer(index, status) {
        answers.push([index, status]);
        if (!scheduled) {
          scheduled = true;
          self.setTimeout(flush, 0);
        }
      }
      urls.forEach(function (url, index) {
        self.fetch(url, { headers: headers, credentials: 'omit' }).then(
          function (response) { answer(index, response.status); },
          function () { answer(index, 0); }
        );
      });
    }
  };

  // Set by the build: the versioned runtime and bundle, beside this file (cached for a year).
  self.importScripts('__BRYTHON__', '__BUNDLE__');
})(self);
