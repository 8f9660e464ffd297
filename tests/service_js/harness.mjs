// A merchant's app page for service-js, without a server or a browser: jsdom's DOM, its scripts
// run, and every request it makes answered here (the service's loader, /sdk.json, the bridge
// frame). The package's code runs in this realm, with the page's `window` and `document` as its
// globals, as a bundle's code runs in a page.
//
// The package is the one the build stages (tests/service_js/test_service_js.py writes it and names
// it in SERVICE_JS), and the loader the one the service serves (SERVICE_LOADER, PINNED_LOADER).
import { readFileSync } from 'node:fs';
import { JSDOM, VirtualConsole, requestInterceptor } from 'jsdom';

export const SERVICE = 'https://service.example';
export const APP = 'https://shop.example';
export const OPTIONS = Object.freeze({ publicKey: 'pk_test_demo', sandbox: true, apiUrl: SERVICE });

for (const name of ['SERVICE_JS', 'SERVICE_LOADER', 'PINNED_LOADER', 'PINNED_VERSION']) {
  if (!process.env[name]) throw new Error(`${name} is not set: run these through pytest tests/service_js`);
}
export const PACKAGE = process.env.SERVICE_JS;
export const LOADER = readFileSync(process.env.SERVICE_LOADER, 'utf8');
export const PINNED = readFileSync(process.env.PINNED_LOADER, 'utf8');
export const PINNED_VERSION = process.env.PINNED_VERSION;

/**
 * An app page holding `body`, with the package's globals pointing at it. `answer(url)` gives the
 * response to each request the page makes (the default: the service's loaders and /sdk.json as
 * the service serves them); every request is recorded in `page.requests`.
 */
export function appPage(body = '', { answer = serviceAnswers() } = {}) {
  const console = [];
  const virtualConsole = new VirtualConsole();
  for (const level of ['error', 'warn', 'info', 'log']) {
    virtualConsole.on(level, (message, ...rest) => console.push({ level, message: [message, ...rest].map(String).join(' ') }));
  }
  const requests = [];
  const dom = new JSDOM(`<!doctype html><html><head></head><body>${body}</body></html>`, {
    url: `${APP}/`,
    runScripts: 'dangerously',
    virtualConsole,
    resources: {
      interceptors: [requestInterceptor((request) => {
        requests.push(request.url);
        return answer(new URL(request.url));
      })],
    },
  });
  const lent = asGlobals(dom.window);
  const close = () => {
    for (const name of lent) delete globalThis[name];
    dom.window.close();
  };
  return { window: dom.window, document: dom.window.document, console, requests, close };
}

/** The page's globals as this realm's (`window`, `document`, `MutationObserver`...), as a
 * bundle's code sees them in a page; those node has of its own (`URL`, `Promise`) stay node's.
 * The names lent, to take back. */
function asGlobals(window) {
  const lent = [];
  for (const name of ['window', 'document', ...Object.getOwnPropertyNames(window)]) {
    if (name in globalThis && name !== 'window' && name !== 'document') continue;
    Object.defineProperty(globalThis, name, { get: () => window[name], set: (value) => { window[name] = value; }, configurable: true });
    lent.push(name);
  }
  return lent;
}

/** What the service answers: its loader at /sdk.js, the pinned one at its versioned address,
 * /sdk.json listing it, an empty bridge page for the frame. `overrides` by path. */
export function serviceAnswers(overrides = {}) {
  return (url) => {
    if (url.origin !== SERVICE) return new Response('not here', { status: 404 });
    if (url.pathname in overrides) return overrides[url.pathname](url);
    if (url.pathname === '/sdk.js') return script(LOADER);
    if (url.pathname === `/sdk/${PINNED_VERSION}/sdk.js`) return script(PINNED);
    if (url.pathname === '/sdk.json') return json(sdkJson());
    return new Response('<!doctype html><title>bridge</title>', { headers: { 'Content-Type': 'text/html' } });
  };
}

/** /sdk.json as the service answers it, with `supported` as given. */
export function sdkJson(supported = [{ version: PINNED_VERSION, url: `${SERVICE}/sdk/${PINNED_VERSION}/sdk.js`, integrity: process.env.PINNED_INTEGRITY }]) {
  return { ...supported[0], supported };
}

export function script(text) {
  return new Response(text, { headers: { 'Content-Type': 'text/javascript' } });
}

export function json(value) {
  return new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } });
}

/** The page's window has no `fetch` in jsdom: the one the package's pinning uses, answering as
 * the page's requests are answered. */
export function withFetch(page, answer = serviceAnswers()) {
  page.window.fetch = async (address) => {
    const url = new URL(address);
    page.requests.push(url.href);
    return answer(url);
  };
}

/** The package's entry point, `service-js` or `service-js/bundled`. */
export function entry(name = 'index') {
  return import(`${PACKAGE}/src/${name}.js`);
}

/** The SDK's script tags in the page. */
export function sdkTags(page) {
  return [...page.document.querySelectorAll('script[src]')].filter((tag) => /\/sdk(\/\w+\/sdk)?\.js/.test(tag.src));
}

/** Lets the page's tasks run: the script's load, its events, promise reactions. */
export function settle() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
