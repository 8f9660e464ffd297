/* The Lamp Shop's payment buttons: ask our server for a checkout, then let the SDK run it. */
(function () {
  'use strict';
  var notice = document.getElementById('notice');

  function pay(button) {
    notice.textContent = '';
    fetch('/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ product_type: button.getAttribute('data-product-type') || 'instalments' })
    }).then(function (response) {
      if (!response.ok) throw new Error('checkout refused: ' + response.status);
      return response.json();
    }).then(function (answer) {
      // The queue runs this at once if the SDK is ready, or as soon as it is.
      (window.service = window.service || []).push(function (service) {
        service.checkout(answer.checkout_id, {
          // success, pending, ko and error: no callback, so the SDK visits the checkout's URLs.
          onDismiss: function () {
            notice.textContent = 'Payment cancelled. Your lamp is still here when you are ready.';
          }
        });
      });
    }).catch(function () {
      notice.textContent = 'Payment is unavailable right now. Please try again later.';
    });
  }

  document.querySelectorAll('[data-service-button]').forEach(function (button) {
    button.addEventListener('click', function () { pay(button); });
  });
})();
