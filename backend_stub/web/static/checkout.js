/* The hosted checkout page: tells the SDK's loader (its parent window) what happens here. */
(function () {
  'use strict';
  var CHANNEL = 'service-checkout';
  var SHORT_SCREEN = 560; // px of height
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

  // Instalments: the term the shopper picks, with its payment dates shown under the choice.
  var terms = Array.prototype.slice.call(document.querySelectorAll('input[name="term"]'));
  function term() {
    var picked = terms.filter(function (input) { return input.checked; })[0];
    return picked ? Number(picked.value) : null;
  }
  terms.forEach(function (input) {
    input.addEventListener('change', function () {
      Array.prototype.forEach.call(document.querySelectorAll('[data-term-dates]'), function (dates) {
        dates.hidden = Number(dates.getAttribute('data-term-dates')) !== term();
      });
    });
  });

  // The same checkout may be open in two tabs of the shop (one cart, one checkout): a decision in
  // one is told to the other, which shows it instead of offering buttons the service would refuse.
  var channel = window.BroadcastChannel ? new BroadcastChannel('service-checkout:' + checkoutId) : null;

  function show(status, elsewhere) {
    document.querySelector('.decide').hidden = true;
    result.hidden = false;
    document.querySelector('[data-elsewhere]').hidden = !elsewhere;
    document.querySelector('[data-outcome="' + status + '"]').hidden = false;
    document.querySelector('[data-testid="checkout-return"]').focus();
  }

  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      var status = button.getAttribute('data-decision');
      buttons.forEach(function (b) { b.disabled = true; });
      terms.forEach(function (input) { input.disabled = true; });
      var decision = { status: status };
      if (terms.length) decision.instalments = term();
      fetch('/checkout/' + encodeURIComponent(checkoutId) + '/frame/decision', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(decision)
      }).then(function (response) {
        if (response.status === 409) {
          // Decided in another window a moment ago: the page, loaded again, says what happened.
          window.location.reload();
          return;
        }
        if (!response.ok) throw new Error('status ' + response.status);
        decided = status;
        show(status, false);
        if (channel) channel.postMessage({ status: status });
        tell({ type: 'status', status: status });
      }).catch(function () {
        buttons.forEach(function (b) { b.disabled = false; });
        terms.forEach(function (input) { input.disabled = false; });
        failure.textContent = 'Something went wrong. Please try again.';
        failure.hidden = false;
        result.hidden = false;
      });
    });
  });

  if (channel) {
    channel.addEventListener('message', function (event) {
      var status = event.data && event.data.status;
      if (decided || ['success', 'pending', 'ko'].indexOf(status) < 0) return;
      decided = status;
      buttons.forEach(function (b) { b.disabled = true; });
      show(status, true);
      tell({ type: 'status', status: status });
    });
  }

  document.querySelector('[data-testid="checkout-return"]').addEventListener('click', function () {
    tell({ type: 'return', status: decided });
  });

  buttons.forEach(function (b) { b.disabled = false; });
  buttons[0].focus();
  // On a short screen (a phone held sideways) the shopper first sees the top of the sheet, the
  // amount and the close button, not the control the focus scrolled to.
  if (window.innerHeight < SHORT_SCREEN) window.scrollTo(0, 0);
  tell({ type: 'loaded' });
})();
