/* Demo Shop: tells the shopper what the payment buttons cannot say themselves.
 *
 * The SDK shows each button the service makes available and hides the others; when a block ends
 * up with none, or the SDK cannot start, the block says so instead of staying silently empty.
 * service.button() shares the SDK's own request for the same amount, so this costs no request.
 */
(function (window, document) {
  'use strict';

  /** @typedef {HTMLElement & {paymentCheck?: number}} Block the number of its latest check */
  /** @type {Block[]} */
  var blocks = Array.prototype.slice.call(document.querySelectorAll('[data-payment-options]'));
  if (!blocks.length) return;

  /**
   * @param {Block} block
   * @param {string} name
   */
  function part(block, name) {
    return /** @type {HTMLElement | null} */ (block.querySelector('[data-options-' + name + ']'));
  }

  /**
   * @param {Block} block
   * @param {string | null} state
   */
  function set(block, state) {
    ['checking', 'none', 'failed'].forEach(function (name) {
      var element = part(block, name);
      if (element) element.hidden = name !== state;
    });
    // "Or check out with" over no method at all reads as a list that forgot its items.
    var title = /** @type {HTMLElement | null} */ (block.querySelector('.pay-title'));
    if (title) title.hidden = state === 'none' || state === 'failed';
  }

  /** @param {Element} button */
  function options(button) {
    /** @type {ServiceSDK.ButtonOptions} */
    var asked = {
      amount: Number(button.getAttribute('data-amount')),
      currency: /** @type {string} */ (button.getAttribute('data-currency'))
    };
    var type = /** @type {ServiceSDK.ProductType | null} */ (button.getAttribute('data-product-type'));
    if (type) asked.product = { type: type };
    return asked;
  }

  /**
   * @param {ServiceSDK.Service} service
   * @param {Block} block
   */
  function refresh(service, block) {
    // Quantities may change again before the answers arrive: only the latest check may speak.
    var check = (block.paymentCheck || 0) + 1;
    block.paymentCheck = check;
    var buttons = block.querySelectorAll('[data-service-button]');
    Promise.all(Array.prototype.map.call(buttons, /** @param {Element} button */ function (button) {
      return service.button(options(button)).catch(function () { return false; });
    })).then(function (answers) {
      if (block.paymentCheck !== check) return;
      set(block, answers.some(Boolean) ? null : 'none');
      // The place kept for a button the service does not offer goes (see store.css: .pay-area).
      // Each button keeps the service's answer: on a slow network the SDK may show an offered
      // button after this (checkout.js must not call it unavailable meanwhile).
      Array.prototype.forEach.call(buttons, /** @param {Element} button @param {number} index */ function (button, index) {
        button.setAttribute('data-available', answers[index] ? 'true' : 'false');
        release(button, shown(button) || Boolean(answers[index]));
      });
      // Kept on the block for scripts that start later than this event (checkout.js).
      block.setAttribute('data-options', answers.some(Boolean) ? 'some' : 'none');
      block.dispatchEvent(new CustomEvent('payment-options', { bubbles: true, detail: answers }));
    });
  }

  /**
   * @param {Element} button
   * @param {boolean} keep
   */
  function release(button, keep) {
    var slot = button.closest('.pay-slot, .method-slot');
    if (slot && !keep) slot.removeAttribute('data-reserve');
  }

  /** @param {Element} element */
  function shown(element) {
    return !/** @type {HTMLElement} */ (element).hidden && /** @type {HTMLElement} */ (element).style.display !== 'none';
  }

  // A button the SDK shows is its own answer: "Checking…" goes with it, not when every answer
  // is in (the SDK may show buttons before this script's queued function runs).
  blocks.forEach(function (block) {
    var checking = part(block, 'checking');
    function settle() {
      if (checking && !checking.hidden && Array.prototype.some.call(block.querySelectorAll('[data-service-button]'), shown)) {
        checking.hidden = true;
      }
    }
    new MutationObserver(settle).observe(block, { subtree: true, attributes: true, attributeFilter: ['hidden', 'style'] });
    settle();
  });

  (window.service = window.service || []).push(function (service) {
    blocks.forEach(function (block) {
      refresh(service, block);
      new MutationObserver(function () { refresh(service, block); }).observe(block, {
        subtree: true, attributes: true, attributeFilter: ['data-amount']
      });
    });
  });

  function failed() {
    blocks.forEach(function (block) {
      set(block, 'failed');
      Array.prototype.forEach.call(block.querySelectorAll('[data-service-button]'), function (/** @type {Element} */ button) {
        release(button, false);
      });
    });
  }

  // By the load event the async SDK script has run or failed to load.
  window.addEventListener('load', function () {
    var service = window.service;
    if (!service || Array.isArray(service)) failed();
    else service.ready.catch(failed);
  });
})(window, document);
