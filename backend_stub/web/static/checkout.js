/* The hosted checkout page: tells the SDK's loader (its parent window) what happens here. */
(function () {
  'use strict';
  /** @type {ServiceProtocol.CheckoutChannel} */
  var CHANNEL = 'service-checkout';
  var params = new URLSearchParams(window.location.search);
  var origin = /** @type {string} */ (params.get('origin'));
  var ancestors = window.location.ancestorOrigins;
  // Talk only to the page that framed us, and only if it is the origin the SDK announced.
  var valid = window.parent !== window && /^https?:\/\/[^/?#]+$/.test(origin || '') &&
    (!ancestors || ancestors.length === 0 || ancestors[0] === origin);

  /** @param {ServiceProtocol.CheckoutMessage} message */
  function tell(message) {
    message.channel = CHANNEL;
    if (valid) window.parent.postMessage(message, origin);
  }

  /**
   * The page's elements: each one is in its template (hosted_checkout.html).
   * @param {string} selector
   */
  function find(selector) {
    return /** @type {HTMLInputElement} */ (document.querySelector(selector));
  }

  var sheet = find('[data-checkout]');
  var checkoutId = /** @type {string} */ (sheet.getAttribute('data-checkout'));
  /** @type {'success' | 'pending' | 'ko' | null} */
  var decided = null;

  // The controls come disabled in the HTML and are enabled here, once they work: a control
  // that shows before this script runs would do nothing when pressed.
  var close = find('[data-testid="checkout-close"]');
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

  var result = find('.result');
  var failure = find('.failure');
  /** @type {HTMLButtonElement[]} */
  var buttons = Array.prototype.slice.call(document.querySelectorAll('[data-decision]'));

  // Instalments: the term the shopper picks, with its payment dates shown under the choice.
  /** @type {HTMLInputElement[]} */
  var terms = Array.prototype.slice.call(document.querySelectorAll('input[name="term"]'));
  function term() {
    var picked = terms.filter(function (input) { return input.checked; })[0];
    return picked ? Number(picked.value) : null;
  }
  // The term chosen outlives a reload of the window (it went back to 12 months): it is kept in
  // the window's own address (its storage is refused to it in the merchant's page).
  function showTerm() {
    // The dates, what is paid in all and the representative example follow the term chosen.
    Array.prototype.forEach.call(document.querySelectorAll('[data-term-dates], [data-term-cost], [data-term-legal]'), /** @param {HTMLElement} part */ function (part) {
      var count = part.getAttribute('data-term-dates') || part.getAttribute('data-term-cost') || part.getAttribute('data-term-legal');
      part.hidden = Number(count) !== term();
    });
  }
  terms.forEach(function (input) {
    input.addEventListener('change', function () {
      showTerm();
      var url = new URL(window.location.href);
      url.searchParams.set('term', input.value);
      try {
        window.history.replaceState(null, '', url.href);
      } catch (error) {
        // A frame whose history is refused: the choice lasts until a reload.
      }
    });
  });
  var kept = params.get('term');
  terms.forEach(function (input) { if (input.value === kept) input.checked = true; });
  if (terms.length) showTerm();

  // The same checkout may be open in two tabs of the shop (one cart, one checkout): a decision in
  // one is told to the other, which shows it instead of offering buttons the service would refuse.
  var channel = window.BroadcastChannel ? new BroadcastChannel('service-checkout:' + checkoutId) : null;

  /**
   * @param {'success' | 'pending' | 'ko'} status
   * @param {boolean} elsewhere
   */
  function show(status, elsewhere) {
    find('.decide').hidden = true;
    result.hidden = false;
    find('[data-elsewhere]').hidden = !elsewhere;
    find('[data-outcome="' + status + '"]').hidden = false;
    find('[data-testid="checkout-return"]').focus();
  }

  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      var status = /** @type {'success' | 'pending' | 'ko'} */ (button.getAttribute('data-decision'));
      buttons.forEach(function (b) { b.disabled = true; });
      terms.forEach(function (input) { input.disabled = true; });
      /** @type {{status: string, instalments?: number | null}} */
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
        failure.hidden = false; // its words are the page's, in the shopper's language
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

  find('[data-testid="checkout-return"]').addEventListener('click', function () {
    tell({ type: 'return', status: decided });
  });

  buttons.forEach(function (b) { b.disabled = false; });
  // The window opens at its top (the amount, the close control, the term choice in view), and
  // focus goes where the shopper starts without scrolling the sheet: the term choice when it is
  // on screen, else the heading. Never a decision: a stray Enter must not approve a payment
  // (focus once went to Approve), and on a laptop an instalments sheet is taller than the
  // screen (focusing Approve once scrolled it to the bottom).
  window.scrollTo(0, 0);
  /** @type {HTMLInputElement | undefined} */
  var picked = terms.filter(function (input) { return input.checked; })[0];
  var box = picked && picked.getBoundingClientRect();
  var first = picked && box && box.top >= 0 && box.bottom <= window.innerHeight ? picked : find('#title');
  first.focus({ preventScroll: true });
  tell({ type: 'loaded' });
})();
