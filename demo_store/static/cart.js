/* Demo Shop cart: quantities change the total without a reload. The store computes the new
 * total and wording; this script puts them in the page and moves the payment buttons'
 * data-amount, which makes the SDK check the new amount with the service. */
(function (window, document) {
  'use strict';

  document.documentElement.classList.add('js'); // hides the "Update" buttons a form needs without JS

  var latest = 0;
  var status = document.querySelector('[data-cart-status]');

  function text(selector, value) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), function (element) {
      element.textContent = value;
    });
  }

  function apply(cart, slug) {
    if (!cart.count) {
      window.location.assign('/cart'); // the empty cart has its own page
      return;
    }
    Array.prototype.forEach.call(document.querySelectorAll('[data-line]'), function (row) {
      var line = cart.lines[row.getAttribute('data-line')];
      if (!line) {
        row.remove();
        return;
      }
      row.querySelector('[data-subtotal]').textContent = line.subtotal_text;
      var input = row.querySelector('input[name="quantity"]');
      // The field shows what the cart holds, even while typed in: 999 becomes the most we sell.
      if (document.activeElement !== input || Number(input.value) !== line.quantity) input.value = line.quantity;
      if (row.getAttribute('data-line') === slug) tell(row, cart.capped);
    });
    text('[data-cart-total]', cart.total_text);
    text('[data-cart-count]', String(cart.count));
    Array.prototype.forEach.call(document.querySelectorAll('.summary [data-service-button]'), function (button) {
      button.setAttribute('data-amount', String(cart.total));
    });
    Array.prototype.forEach.call(document.querySelectorAll('.summary [data-plan]'), function (info) {
      info.textContent = cart.plans[info.getAttribute('data-plan')];
    });
    text('.summary [data-no-plan]', cart.no_plan);
    if (status) status.textContent = 'Cart updated. Total ' + cart.total_text + '.';
  }

  // With no plan for the total, the checkout would be a dead end: the summary says why instead.
  var summary = document.querySelector('.summary [data-payment-options]');
  var proceed = document.querySelector('[data-testid="checkout"]');
  if (summary && proceed) {
    summary.addEventListener('payment-options', function (event) {
      proceed.hidden = !event.detail.some(Boolean);
    });
  }

  var REFUSED = 'Enter a whole number from 0 to ' + (document.querySelector('input[name="quantity"]') || {}).max +
    ': 0 removes the article.';

  function tell(row, words) {
    // Under the field, and on the field for assistive technology: what it could not take.
    var note = row.querySelector('[data-line-note]');
    var input = row.querySelector('input[name="quantity"]');
    note.textContent = words || '';
    note.hidden = !words;
    input.setAttribute('aria-invalid', words === REFUSED ? 'true' : 'false');
  }

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

  Array.prototype.forEach.call(document.querySelectorAll('[data-cart-line]'), function (form) {
    var input = form.querySelector('input[name="quantity"]');
    var row = form.closest('[data-line]');
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
      var remove = event.submitter && event.submitter.name === 'quantity';
      if (!remove && !/^\d+$/.test(input.value)) {
        tell(row, REFUSED);
        return;
      }
      update(form, remove ? '0' : input.value);
    });
  });
})(window, document);
