// The Lamp Shop in Node: one product, an oak desk lamp at 900.00 EUR, paid through the financing
// service. No framework: node:http and fetch.
//
//   GET /                  the product page: the SDK's script tag and two payment buttons
//   GET /checkout?product= the checkout page: the checkout is created here, with the private key,
//                          and its id written on the pay button
//   GET /static/*          the shop's own script (no inline script: see the policy below)
//   GET /result/<status>   where the SDK sends the shopper when a checkout closes
//
// Settings come from the environment: SANDBOX_URL (the service; required), PORT (default 0: a
// free one, printed at start), PUBLIC_KEY and PRIVATE_KEY (default: the sandbox's Demo Shop).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';

import { checkoutPage, errorPage, productPage, resultPage, RESULTS } from './pages.js';

const SERVICE = requiredUrl(process.env.SANDBOX_URL);
const PUBLIC_KEY = process.env.PUBLIC_KEY || 'pk_test_demo';
const PRIVATE_KEY = process.env.PRIVATE_KEY || 'sk_test_demo';
const PRICE = 90000; // 900.00 EUR: instalments cover it, "pay in 15 days" (up to 800.00) does not
const CURRENCY = 'EUR';
const PRODUCT_TYPES = ['instalments', 'pay_later'];
const STATIC = new URL('./static/', import.meta.url);
// The two directives the SDK needs, and nothing that would let inline script or eval run.
const POLICY = `script-src 'self' ${SERVICE}; frame-src ${SERVICE}`;

function requiredUrl(value) {
  if (!value) {
    console.error('SANDBOX_URL must name the sandbox server, e.g. http://127.0.0.1:9400');
    process.exit(2);
  }
  return new URL(value).origin;
}

/** Create the checkout with the private key, which never reaches the browser; its id. */
async function createCheckout(shopUrl, productType) {
  const orderId = `lamp-${randomUUID().slice(0, 12)}`;
  const urls = {};
  for (const status of Object.keys(RESULTS)) {
    urls[`${status}_url`] = `${shopUrl}/result/${status}?order=${orderId}`;
  }
  const answer = await fetch(`${SERVICE}/checkout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${PRIVATE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      merchant: urls, // no dismiss_url: a dismissed checkout stays on the page (onDismiss)
      order: {
        id: orderId,
        currency: CURRENCY,
        total_amount: PRICE,
        articles: [{ name: 'Oak desk lamp', quantity: 1, unit_price: PRICE }],
      },
      product: { type: productType },
    }),
    signal: AbortSignal.timeout(15000),
  });
  if (answer.status !== 201) throw new Error(`POST /checkout answered ${answer.status}`);
  return (await answer.json()).id;
}

async function route(request, url) {
  const shopUrl = `http://${request.headers.host}`;
  const sdk = { service: SERVICE, publicKey: PUBLIC_KEY };
  if (url.pathname === '/') return html(200, productPage(sdk, PRICE, CURRENCY));
  if (url.pathname === '/checkout') {
    const productType = url.searchParams.get('product');
    if (!PRODUCT_TYPES.includes(productType)) {
      return html(400, errorPage('Choose a way to pay: instalments or pay in 15 days.'));
    }
    try {
      return html(200, checkoutPage(sdk, await createCheckout(shopUrl, productType), PRICE, CURRENCY));
    } catch (error) {
      console.error(`lamp shop: ${error.message}`);
      return html(502, errorPage('Payment is unavailable right now. Please try again later.'));
    }
  }
  const result = url.pathname.match(/^\/result\/(\w+)$/);
  if (result && RESULTS[result[1]]) {
    return html(200, resultPage(result[1], url.searchParams.get('order') || ''));
  }
  if (url.pathname === '/static/checkout.js') {
    return { status: 200, type: 'text/javascript; charset=utf-8', body: await readFile(new URL('checkout.js', STATIC)) };
  }
  return html(404, errorPage('Nothing here.'));
}

function html(status, body) {
  return { status, type: 'text/html; charset=utf-8', body };
}

const server = createServer(async (request, response) => {
  const reply = await route(request, new URL(request.url, 'http://shop'));
  response.writeHead(reply.status, { 'Content-Type': reply.type, 'Content-Security-Policy': POLICY });
  response.end(reply.body);
});

// Listening on 127.0.0.1, addressed as localhost: the service on 127.0.0.1 is then another site
// to the browser, as the shop and the service are in production.
server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`lamp shop listening on http://localhost:${server.address().port}`);
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
