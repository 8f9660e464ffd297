/* Demo Shop checkout: asks the store's server for a checkout (the server holds the private key),
 * then opens it with service.checkout(). With "callbacks" the page handles every outcome itself;
 * with "URLs" it passes no outcome callback and the SDK sends the shopper to the store's result
 * URLs. onStatusChange and onClose are passed in both styles: they never replace a URL.
 * What the SDK reports is kept in this tab's sessionStorage for the result page's presenter
 * notes: the overlay covers this page while it happens, and the page is left right after. */
(function (window, document) {
  'use strict';

  var found = document.querySelector('[data-checkout-form]');
  if (!found) return;
  var form = found;
  // The template (checkout.html) has both in every checkout form.
  var pay = /** @type {HTMLButtonElement} */ (form.querySelector('[data-pay]'));
  var message = /** @type {HTMLElement} */ (form.querySelector('[data-checkout-message]'));
  var wanted = form.getAttribute('data-chosen'); // chosen on a product page or in the cart
  var block = /** @type {HTMLElement} */ (form.querySelector('[data-payment-options]'));
  /** @type {HTMLElement[]} */
  var methods = Array.prototype.slice.call(form.querySelectorAll('[data-service-button]'));
  var paid = false; // this cart is paid (in another tab, or before Back): Pay never comes back
  var opening = false; // between Pay and the payment window on the page
  var payText = pay.textContent;
  var EVENTS = 'demo-store:sdk-events';
  /** @type {{order: string | null, events: string[]}} */
  var kept = { order: null, events: [] };
  var OUTCOMES = [
    ['success', 'onSuccess'], ['pending', 'onPending'], ['ko', 'onKO'], ['dismiss', 'onDismiss'], ['error', 'onError']
  ];

  /** @param {string} text */
  function note(text) {
    kept.events.push(text);
    try {
      window.sessionStorage.setItem(EVENTS, JSON.stringify(kept));
    } catch (error) {
      // Storage refused (private mode, quota): the presenter notes go without, the payment does not.
    }
  }

  /**
   * @param {string} text
   * @param {{href: string, text: string}} [link]
   */
  function say(text, link) {
    message.textContent = text;
    if (link) {
      var anchor = document.createElement('a');
      anchor.href = link.href;
      anchor.textContent = link.text;
      anchor.setAttribute('data-testid', 'paid-order');
      message.appendChild(document.createTextNode(' '));
      message.appendChild(anchor);
    }
  }

  /** @param {boolean} on */
  function busy(on) {
    // Said on the button itself, where the shopper is looking, until the window is up.
    opening = on;
    pay.classList.toggle('busy', on);
    pay.setAttribute('aria-busy', on ? 'true' : 'false');
    pay.textContent = on ? 'Opening the secure payment window…' : payText;
    ready();
  }

  /** @param {string} name */
  function chosen(name) {
    var input = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="' + name + '"]:checked'));
    return input ? input.value : null;
  }

  /** @param {HTMLElement | null} element */
  function shown(element) {
    return !!element && !element.hidden && element.style.display !== 'none';
  }

  /** @param {HTMLElement | null} label a method: offered by the service's answer, shown or not yet */
  function offered(label) {
    return shown(label) || (!!label && label.getAttribute('data-available') === 'true');
  }

  function ready() {
    // Shown means usable: Pay works as soon as the SDK shows a payment method (a click before the
    // SDK takes checkouts waits in its queue), and not while none is shown. Read from the page
    // each time, never from an event that may have gone before this script listened.
    pay.disabled = paid || opening || !methods.some(shown);
    explain();
  }

  // Why the method chosen before (on a product page, in the cart) is missing, once the service
  // answered: read again at every change of the page, as the SDK may show that method after
  // the answers came in (a slow network once left "not available" over a method that worked).
  function explain() {
    if (!wanted || !block.hasAttribute('data-options')) return;
    var label = /** @type {HTMLElement | null} */ (form.querySelector('[data-testid="method-' + wanted + '"]'));
    var why = /** @type {HTMLElement | null} */ (form.querySelector('[data-unavailable="' + wanted + '"]'));
    var hide = block.getAttribute('data-options') !== 'some' || offered(label);
    // Only a change is written: this runs from an observer of this very attribute.
    if (why && why.hidden !== hide) why.hidden = hide;
  }
  new MutationObserver(ready).observe(block, { subtree: true, attributes: true, attributeFilter: ['hidden', 'style'] });

  // payment-options.js marks the block once the service answered for every method (data-options
  // "some" or "none"), then tells it with an event: this script may start before or after.
  function settled() {
    ready();
    if (wanted) {
      // A method chosen before may not be offered for this order: said (explain), and nothing
      // else is chosen for the shopper.
      var label = /** @type {HTMLElement | null} */ (form.querySelector('[data-testid="method-' + wanted + '"]'));
      if (offered(label)) return;
    }
    if (chosen('product_type')) return;
    var first = /** @type {HTMLInputElement | null} */ (form.querySelector('input[name="product_type"]:not(:disabled)'));
    var method = first && /** @type {HTMLElement | null} */ (first.closest('[data-service-button]'));
    if (!wanted && first && shown(method)) first.checked = true;
  }
  form.addEventListener('payment-options', settled);
  if (block.hasAttribute('data-options')) settled();

  /**
   * @param {string} style
   * @param {Record<string, string>} results the store's result page of each outcome
   * @returns {ServiceSDK.CheckoutCallbacks}
   */
  function callbacks(style, results) {
    /** @type {Record<string, (status?: string) => void>} */
    var handlers = {
      onStatusChange: function (status) { note('onStatusChange("' + status + '")'); },
      onClose: function (status) { note('onClose("' + status + '")'); }
    };
    if (style === 'callbacks') {
      OUTCOMES.forEach(function (outcome) {
        handlers[outcome[1]] = function () {
          note(outcome[1] + '() → the page opens ' + results[outcome[0]]);
          window.location.assign(results[outcome[0]]);
        };
      });
    }
    return handlers;
  }

  function start() {
    var method = chosen('product_type');
    if (!method) {
      say('Choose how you would like to pay.');
      return;
    }
    var style = chosen('style') || 'callbacks';
    var expire = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="expire"]'));
    say('');
    busy(true);
    fetch('/checkout/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        product_type: method, expire: Boolean(expire && expire.checked), cart: form.getAttribute('data-cart')
      })
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (answer.changed) {
          // Another tab changed the cart: show it as it is now before anything is paid.
          window.location.assign('/checkout?changed=1&method=' + encodeURIComponent(method || ''));
          return null;
        }
        if (answer.paid) {
          paid = true;
          pay.hidden = true;
          say(answer.error, { href: answer.paid.url, text: 'See order ' + answer.paid.order_id });
          return null;
        }
        if (!response.ok || !answer.checkout_id) {
          throw new Error(answer.error || 'The payment could not start. Please try again.');
        }
        return answer;
      });
    }).then(function (answer) {
      if (!answer) return;
      kept = { order: answer.order_id, events: [] };
      note('Checkout ' + answer.checkout_id + ' created for order ' + answer.order_id + ' (' + style + ' style)');
      // The documented integration: through the queue, so a Pay pressed before the SDK takes
      // checkouts opens the window once it does.
      (window.service = window.service || []).push(function (service) {
        service.checkout(answer.checkout_id, callbacks(style, answer.results));
      });
    }).catch(function (error) {
      say(error.message);
      busy(false);
    });
  }

  // The payment window is open once the SDK put its overlay on the page: Pay is itself again.
  // The window gets an entry in the tab's history, so that Back closes it (as its close control
  // does) instead of leaving the checkout under it. The entry stays when the window closes:
  // going back from it here could cancel the result page the SDK is opening.
  var windowEntry = false;
  new MutationObserver(function () {
    var open = document.querySelector('[data-service-overlay]');
    if (opening && open) busy(false);
    if (open && !windowEntry) {
      windowEntry = true;
      window.history.pushState({ paymentWindow: true }, '');
    } else if (!open) {
      windowEntry = false;
    }
  }).observe(document.body, { childList: true });
  window.addEventListener('popstate', function () {
    var open = document.querySelector('[data-service-overlay]');
    if (!windowEntry || !open) return;
    windowEntry = false;
    // The overlay is a modal <dialog>: closing it is the shopper closing the window.
    if (open instanceof HTMLDialogElement) open.close();
  });

  // Back after paying: a page restored from the browser's memory would show a live Pay; ask the
  // store again instead (it sends an empty cart to the cart page).
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) window.location.reload();
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (!pay.disabled) start();
  });
  ready();
})(window, document);
