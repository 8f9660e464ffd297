/* The pay button of the checkout page, as the SDK's quick start shows it: the click handler is
 * attached at once (the button is disabled until then), and a click queues the checkout, which
 * the SDK opens as soon as it is ready (at once if it already is): a shopper who clicks before
 * the SDK has loaded is not lost.
 * success, pending, ko and error have no callback here, so the SDK visits the checkout's URLs. */
(function () {
  'use strict';
  var pay = document.getElementById('pay');
  var notice = document.getElementById('notice');

  pay.addEventListener('click', function () {
    var checkoutId = pay.getAttribute('data-checkout-id');
    notice.textContent = '';
    (window.service = window.service || []).push(function (service) {
      service.checkout(checkoutId, {
        onDismiss: function () {
          notice.textContent = 'Payment cancelled. Your lamp is still here when you are ready.';
        }
      });
    });
  });
  pay.disabled = false;
})();
