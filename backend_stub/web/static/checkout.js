/* The hosted checkout page: tells the SDK's loader (its parent window) what happens here. */
(function () {
  'use strict';
  var CHANNEL = 'service-checkout';
  var params = new URLSearchParams(window.location.search);
  var origin = params.get('origin');
  var ancestors = window.location.ancestorOrigins;
  // Talk only to the page that framed us, and only if it is the origin the SDK announced.
  var valid = window.parent !== window && /^https?:\/\/[^/?#]+$/.test(origin || '') &&
    (!ancestors || ancestors.length === 0 || ancestors[0] === origin);

  function tell(message) {
    message.channel = CHANNEL;
    if (valid) window.parent.postMessage(message, origin);
  }

  var sheet = document.querySelector('[data-checkout]');
  var checkoutId = sheet.getAttribute('data-checkout');
  var decided = null;

  // The controls come disabled in the HTML and are enabled here, once they work: a control
  // that shows before this script runs would do nothing when pressed.
  var close = document.querySelector('[data-testid="checkout-close"]');
  close.addEventListener('click', function () {
    tell({ type: 'close' });
  });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') tell({ type: 'close' });
  });
  close.disabled = false;

  if (sheet.hasAttribute('data-unavailable')) {
    tell({ type: 'error', reason: sheet.getAttribute('data-unavailable') });
    return;
  }

  var result = document.querySelector('.result');
  var failure = document.querySelector('.failure');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('[data-decision]'));

  function show(status) {
    document.querySelector('.decide').hidden = true;
    result.hidden = false;
    document.querySelector('[data-outcome="' + status + '"]').hidden = false;
    document.querySelector('[data-testid="checkout-return"]').focus();
  }

  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      var status = button.getAttribute('data-decision');
      buttons.forEach(function (b) { b.disabled = true; });
      fetch('/checkout/' + encodeURIComponent(checkoutId) + '/frame/decision', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: status })
      }).then(function (response) {
        if (!response.ok) throw new Error('status ' + response.status);
        decided = status;
        show(status);
        tell({ type: 'status', status: status });
      }).catch(function () {
        buttons.forEach(function (b) { b.disabled = false; });
        failure.textContent = 'Something went wrong. Please try again.';
        failure.hidden = false;
        result.hidden = false;
      });
    });
  });

  document.querySelector('[data-testid="checkout-return"]').addEventListener('click', function () {
    tell({ type: 'return', status: decided });
  });

  buttons.forEach(function (b) { b.disabled = false; });
  buttons[0].focus();
  tell({ type: 'loaded' });
})();
