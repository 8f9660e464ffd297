// The shop's pages, as HTML strings; every value that is not the shop's own text is escaped.

/** What the shopper reads when the SDK sends them back with a status (the checkout's URLs). */
export const RESULTS = {
  success: 'Thank you! Your order is confirmed.',
  pending: 'Thank you! Your payment is being reviewed; we will email you.',
  ko: 'Your payment was declined. Please choose another way to pay.',
  error: 'The payment could not be started. Please try again.',
};

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escape(value) {
  return String(value).replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

function money(amount, currency) {
  return `${(amount / 100).toFixed(2)} ${escape(currency)}`;
}

function layout(title, body, head = '') {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(title)} | Lamp Shop</title>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The SDK's script tag, with the shop's public key (never the private one). */
function sdkTag({ service, publicKey }) {
  const query = new URLSearchParams({ 'public-key': publicKey, sandbox: 'true' });
  return `<script src="${escape(`${service}/sdk.js?${query}`)}" async></script>`;
}

/** The lamp with both payment buttons: the SDK shows those the service offers for the price. */
export function productPage(sdk, price, currency) {
  const amount = `data-amount="${price}" data-currency="${escape(currency)}"`;
  return layout('Oak desk lamp', `<h1>Oak desk lamp</h1>
<p>${money(price, currency)}</p>
<form action="/checkout">
  <button name="product" value="instalments" data-service-button ${amount} hidden>Pay in instalments</button>
  <p data-service-payment-info hidden>Spread the cost over monthly instalments.</p>
  <button name="product" value="pay_later" data-service-button="later" ${amount} data-product-type="pay_later"
          hidden>Pay in 15 days</button>
  <p data-service-payment-info="later" hidden>Nothing to pay today.</p>
</form>`, sdkTag(sdk));
}

/** The order and its pay button, which carries the id of the checkout the server created; it
 *  starts disabled, and the shop's script enables it once its click handler is attached. */
export function checkoutPage(sdk, checkoutId, price, currency) {
  const head = `${sdkTag(sdk)}\n<script src="/static/checkout.js" defer></script>`;
  return layout('Your order', `<h1>Your order</h1>
<p>Oak desk lamp: ${money(price, currency)}</p>
<button id="pay" type="button" data-checkout-id="${escape(checkoutId)}" disabled>
  Pay ${money(price, currency)}
</button>
<p id="notice" role="status"></p>`, head);
}

export function resultPage(status, orderId) {
  return layout('Your order', `<h1 data-result="${escape(status)}">${escape(RESULTS[status])}</h1>
<p>Order <code>${escape(orderId)}</code></p>
<p><a href="/">Back to the lamp</a></p>`);
}

export function errorPage(message) {
  return layout('Sorry', `<h1>${escape(message)}</h1>\n<p><a href="/">Back to the lamp</a></p>`);
}
