/* Demo Shop cart: quantities change the total without a reload. The store computes the new
 * total and wording; this script puts them in the page and moves the payment buttons'
 * data-amount, which makes the SDK check the new amount with the service. */
(function (window, document) {
  'use strict';


  var latest = 0;
  var status = document.querySelector('[data-cart-status]');

  /**
   * @param {string} selector
   * @param {string} value
   */
  function text(selector, value) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), function (element) {
      element.textContent = value;
    });
  }

  /**
   * @typedef {{subtotal_text: string, quantity: number}} Line
   * @typedef {{count: number, total: number, total_text: string, capped: string | null, no_plan: string,
   *   lines: Record<string, Line>, plans: Record<string, string>}} Cart the store's answer
   */

  /**
   * @param {Cart} cart
   * @param {string | null} slug
   */
  function apply(cart, slug) {
    if (!cart.count) {
      window.location.assign('/cart'); // the empty cart has its own page
      return;
    }
    Array.prototype.forEach.call(document.querySelectorAll('[data-line]'), /** @param {HTMLElement} row */ function (row) {
      var line = cart.lines[/** @type {string} */ (row.getAttribute('data-line'))];
      if (!line) {
        row.remove();
        return;
      }
      /** @type {HTMLElement} */ (row.querySelector('[data-subtotal]')).textContent = line.subtotal_text;
      var input = /** @type {HTMLInputElement} */ (row.querySelector('input[name="quantity"]'));
      // The field shows what the cart holds, even while typed in: 999 becomes the most we sell.
      if (document.activeElement !== input || Number(input.value) !== line.quantity) input.value = String(line.quantity);
      if (row.getAttribute('data-line') === slug) tell(row, cart.capped);
    });
    text('[data-cart-total]', cart.total_text);
    text('[data-cart-count]', String(cart.count));
    Array.prototype.forEach.call(document.querySelectorAll('.summary [data-service-button]'), /** @param {Element} button */ function (button) {
      button.setAttribute('data-amount', String(cart.total));
    });
    Array.prototype.forEach.call(document.querySelectorAll('.summary [data-plan]'), /** @param {Element} info */ function (info) {
      info.textContent = cart.plans[/** @type {string} */ (info.getAttribute('data-plan'))];
    });
    text('.summary [data-no-plan]', cart.no_plan);
    if (status) status.textContent = 'Cart updated. Total ' + cart.total_text + '.';
  }

  // With no plan for the total, the checkout would be a dead end: the summary says why instead.
  var summary = document.querySelector('.summary [data-payment-options]');
  var proceed = /** @type {HTMLElement | null} */ (document.querySelector('[data-testid="checkout"]'));
  if (summary && proceed) {
    var button = proceed;
    var block = summary;
    // payment-options.js marks the block with the service's answers ("some" or "none") and then
    // tells it; read from the block, as this script may start after that event.
    var follow = function () {
      var state = block.getAttribute('data-options');
      if (state) button.hidden = state !== 'some';
    };
    summary.addEventListener('payment-options', follow);
    follow();
  }

  var REFUSED = 'Enter a whole number from 0 to ' +
    (/** @type {HTMLInputElement | null} */ (document.querySelector('input[name="quantity"]')) || {}).max +
    ': 0 removes the article.';

  /**
   * Under the field, and on the field for assistive technology: what it could not take.
   * @param {Element} row
   * @param {string | null} words
   */
  function tell(row, words) {
    var note = /** @type {HTMLElement} */ (row.querySelector('[data-line-note]'));
    var input = /** @type {HTMLInputElement} */ (row.querySelector('input[name="quantity"]'));
    note.textContent = words || '';
    note.hidden = !words;
    input.setAttribute('aria-invalid', words === REFUSED ? 'true' : 'false');
  }

  /**
   * @param {HTMLFormElement} form
   * @param {string} quantity
   */
  function update(form, quantity) {
    var call = ++latest;
    fetch(form.action, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams({ quantity: quantity })
    }).then(function (response) {
      if (!response.ok) throw new Error('status ' + response.status);
      return response.json();
    }).then(function (cart) {
      if (call === latest) apply(cart, form.getAttribute('data-cart-line')); // a late older answer must not win
    }).catch(function () {
      if (status) status.textContent = 'The cart could not be updated. Please try again.';
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll('[data-cart-line]'), /** @param {HTMLFormElement} form */ function (form) {
    var input = /** @type {HTMLInputElement} */ (form.querySelector('input[name="quantity"]'));
    var row = /** @type {Element} */ (form.closest('[data-line]'));
    input.addEventListener('input', function () {
      // A number field reports "" for what it cannot read (a sign alone, "1e"): wait for more.
      if (input.value === '' && !input.validity.badInput) return;
      if (/^\d+$/.test(input.value)) {
        update(form, input.value);
      } else {
        tell(row, REFUSED); // -3, 1.5: the cart keeps its quantity and says why
      }
    });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var submitter = /** @type {HTMLButtonElement | null} */ (event.submitter);
      var remove = submitter && submitter.name === 'quantity';
      if (!remove && !/^\d+$/.test(input.value)) {
        tell(row, REFUSED);
        return;
      }
      update(form, remove ? '0' : input.value);
    });
  });
})(window, document);
