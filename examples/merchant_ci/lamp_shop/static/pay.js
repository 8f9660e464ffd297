/* The Lamp Shop's pay button. The server wrote the checkout's id on it and left it disabled;
 * this file attaches the click handler at once and enables it. A click queues the checkout on
 * the SDK's global: it runs at once if the SDK is ready, or as soon as it is, so a shopper who
 * clicks before the SDK has loaded still gets the checkout. */
(function () {
  'use strict';
  var pay = document.getElementById('pay');
  var notice = document.getElementById('notice');

  pay.addEventListener('click', function () {
    notice.textContent = '';
    var checkoutId = pay.getAttribute('data-checkout-id');
    (window.service = window.service || []).push(function (service) {
      service.checkout(checkoutId, {
        // success, pending, ko and error: no callback, so the SDK visits the checkout's URLs.
        onDismiss: function () {
          notice.textContent = 'Payment cancelled. Your lamp is still here when you are ready.';
        }
      });
    });
  });
  pay.disabled = false;
})();
