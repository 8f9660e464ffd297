// The shop's server: the app Vite built (dist/), the catalogue's prices, and the checkouts, which
// it creates with the private key (that key never reaches the browser). Node, no framework.
//
//   GET  /api/products        the catalogue: id, name, price in minor units
//   POST /api/checkouts       {product, quantity, type} -> {id, order}: a checkout of the service
//   GET  /assets/*            the app's scripts and styles, as Vite wrote them
//   GET  anything else        the app's page (the router draws the route), with the service's URL
//                             and the public key in its <meta> tags
//
// Settings come from the environment: SANDBOX_URL (the service; required), PORT (default 0: a
// free one, printed at start), PUBLIC_KEY and PRIVATE_KEY (default: the sandbox's Demo Shop).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';

import { CURRENCY, PRODUCTS } from './catalogue.js';

const SERVICE = requiredOrigin(process.env.SANDBOX_URL);
const PUBLIC_KEY = process.env.PUBLIC_KEY || 'pk_test_demo';
const PRIVATE_KEY = process.env.PRIVATE_KEY || 'sk_test_demo';
const DIST = new URL('../dist/', import.meta.url);
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };
const PRODUCT_TYPES = ['instalments', 'pay_later', 'pay_in_4'];
// What the SDK needs and nothing that lets inline script or eval run: the service's script and
// frames, its /sdk.json and first answers (connect-src), and Trusted Types enforced, with one
// policy allowed: the one service-js makes the SDK's script address with.
const POLICY = [
  `script-src 'self' ${SERVICE}`,
  `frame-src ${SERVICE}`,
  `connect-src 'self' ${SERVICE}`,
  "object-src 'none'",
  "base-uri 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types service-js',
].join('; ');

function requiredOrigin(value) {
  if (!value) {
    console.error('SANDBOX_URL must name the sandbox server, e.g. http://127.0.0.1:9400');
    process.exit(2);
  }
  return new URL(value).origin;
}

/** Create the checkout with the private key; its id and the order's. */
async function createCheckout({ product, quantity, type }) {
  const item = PRODUCTS.find((candidate) => candidate.id === product);
  if (!item || !Number.isInteger(quantity) || quantity < 1 || quantity > 9 || !PRODUCT_TYPES.includes(type)) {
    return { status: 400, body: { error: 'product, quantity (1 to 9) and type are needed' } };
  }
  const order = `${item.id}-${randomUUID().slice(0, 12)}`;
  const answer = await fetch(`${SERVICE}/checkout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${PRIVATE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      // No URLs: the app's callbacks decide where the shopper goes, with its router.
      merchant: {},
      order: {
        id: order,
        currency: CURRENCY,
        total_amount: item.price * quantity,
        articles: [{ name: item.name, quantity, unit_price: item.price }],
      },
      product: { type },
    }),
    signal: AbortSignal.timeout(15000),
  });
  if (answer.status !== 201) {
    console.error(`react shop: POST /checkout answered ${answer.status}: ${await answer.text()}`);
    return { status: 502, body: { error: 'payment is unavailable right now' } };
  }
  return { status: 201, body: { id: (await answer.json()).id, order } };
}

async function route(request, url) {
  if (url.pathname === '/api/products' && request.method === 'GET') {
    return json(200, { currency: CURRENCY, products: PRODUCTS });
  }
  if (url.pathname === '/api/checkouts' && request.method === 'POST') {
    let body;
    try {
      body = JSON.parse(await text(request));
    } catch {
      return json(400, { error: 'the body must be JSON' });
    }
    const created = await createCheckout(body || {});
    return json(created.status, created.body);
  }
  if (url.pathname.startsWith('/assets/') && !url.pathname.includes('..')) {
    try {
      const body = await readFile(new URL(`.${url.pathname}`, DIST));
      return { status: 200, type: TYPES[extname(url.pathname)] || 'application/octet-stream', body };
    } catch {
      return { status: 404, type: 'text/plain', body: 'Not found' };
    }
  }
  const page = await readFile(new URL('index.html', DIST), 'utf8');
  const filled = page.replace('__SERVICE_URL__', SERVICE).replace('__PUBLIC_KEY__', PUBLIC_KEY);
  return { status: 200, type: 'text/html; charset=utf-8', body: filled };
}

function json(status, value) {
  return { status, type: 'application/json', body: JSON.stringify(value) };
}

async function text(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const server = createServer(async (request, response) => {
  const reply = await route(request, new URL(request.url, 'http://shop'));
  response.writeHead(reply.status, { 'Content-Type': reply.type, 'Content-Security-Policy': POLICY });
  response.end(reply.body);
});

// Listening on 127.0.0.1, addressed as localhost: the service on 127.0.0.1 is then another site
// to the browser, as the shop and the service are in production.
server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`react shop listening on http://localhost:${server.address().port}`);
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
