/* Demo Shop checkout: asks the store's server for a checkout (the server holds the private key),
 * then opens it with service.checkout(). With "callbacks" the page handles every outcome itself;
 * with "URLs" it passes no outcome callback and the SDK sends the shopper to the store's result
 * URLs. onStatusChange and onClose are passed in both styles: they never replace a URL. */
(function (window, document) {
  'use strict';

  var form = document.querySelector('[data-checkout-form]');
  if (!form) return;
  var pay = form.querySelector('[data-pay]');
  var message = form.querySelector('[data-checkout-message]');
  var log = document.querySelector('[data-event-log]');
  var sdk = null;
  var OUTCOMES = [
    ['success', 'onSuccess'], ['pending', 'onPending'], ['ko', 'onKO'], ['dismiss', 'onDismiss'], ['error', 'onError']
  ];

  function note(text) {
    var item = document.createElement('li');
    item.textContent = text;
    log.appendChild(item);
  }

  function say(text) {
    message.textContent = text;
  }

  function chosen(name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : null;
  }

  // A method the SDK hid is unchecked by it; pick the first one still offered.
  form.addEventListener('payment-options', function () {
    if (chosen('product_type')) return;
    var first = form.querySelector('input[name="product_type"]:not(:disabled)');
    var label = first && first.closest('[data-service-button]');
    if (label && !label.hidden && label.style.display !== 'none') first.checked = true;
  });

  function callbacks(style, results) {
    var handlers = {
      onStatusChange: function (status) { note('onStatusChange("' + status + '")'); },
      onClose: function (status) { note('onClose("' + status + '")'); }
    };
    if (style === 'callbacks') {
      OUTCOMES.forEach(function (outcome) {
        handlers[outcome[1]] = function () {
          note(outcome[1] + '() → the page goes to ' + results[outcome[0]]);
          window.location.assign(results[outcome[0]]);
        };
      });
    }
    return handlers;
  }

  function start() {
    var method = chosen('product_type');
    if (!method) {
      say('Choose a payment method.');
      return;
    }
    var style = chosen('style') || 'callbacks';
    var expire = form.querySelector('input[name="expire"]');
    say('');
    pay.disabled = true;
    fetch('/checkout/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ product_type: method, expire: Boolean(expire && expire.checked) })
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (!response.ok || !answer.checkout_id) {
          throw new Error(answer.error || 'The payment could not start. Please try again.');
        }
        return answer;
      });
    }).then(function (answer) {
      note('Checkout ' + answer.checkout_id + ' created for order ' + answer.order_id + ' (' + style + ' style)');
      sdk.checkout(answer.checkout_id, callbacks(style, answer.results));
    }).catch(function (error) {
      say(error.message);
    }).then(function () {
      pay.disabled = false;
    });
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (sdk) start();
  });

  (window.service = window.service || []).push(function (service) {
    sdk = service;
    pay.disabled = false; // nothing to open the checkout with until the SDK is up
  });
})(window, document);
