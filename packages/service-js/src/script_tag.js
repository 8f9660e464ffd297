// The SDK's script tag: the page's own if it has one, else one this package adds, and the wait
// until the loader in it has run. Under Trusted Types (`require-trusted-types-for 'script'`) a
// script's `src` takes only a TrustedScriptURL: the tag's address goes through a policy of this
// package that makes nothing but the SDK's addresses.
import { isService, whenLoaderHasRun } from './start_once.js';

/** `/sdk.js`, and a pinned loader's `/sdk/<version>/sdk.js`. */
const SDK_PATH = /^\/sdk(?:\/[0-9a-f]{12}\/sdk)?\.js$/;
export const POLICY_NAME = 'service-js';
const POLICY = Symbol.for('service-js.trusted-types-policy');

/**
 * @typedef {{createScriptURL(input: string): unknown}} ScriptUrlPolicy
 * @typedef {{createPolicy(name: string, rules: {createScriptURL(input: string): string}): ScriptUrlPolicy}} TrustedTypes
 */

/**
 * The page's own tag of the SDK from `origin`, if it has one.
 * @param {string} origin
 * @returns {HTMLScriptElement | null}
 */
export function findTag(origin) {
  for (const script of Array.from(document.querySelectorAll('script[src]'))) {
    const url = parsed(/** @type {HTMLScriptElement} */ (script).src);
    if (url && url.origin === origin && SDK_PATH.test(url.pathname)) return /** @type {HTMLScriptElement} */ (script);
  }
  return null;
}

/**
 * Add the SDK's tag, `async`, with its integrity when pinned.
 * @param {string} address
 * @param {string | null} integrity
 */
export function addTag(address, integrity) {
  const script = document.createElement('script');
  script.async = true;
  if (integrity) {
    script.setAttribute('integrity', integrity);
    script.setAttribute('crossorigin', 'anonymous'); // the browser checks another origin's script only so
  }
  script.src = /** @type {string} */ (scriptUrl(address));
  (document.head || document.documentElement).appendChild(script);
  return script;
}

/**
 * The `service` object once the loader in `script` has run; an Error when the script cannot
 * load (the network, a Content-Security-Policy, an integrity that does not match), or loads
 * without starting the SDK.
 * @param {HTMLScriptElement} script
 * @param {{added: boolean}} how whether this package added the tag (it is removed on failure, so
 *   that the next call adds a fresh one)
 * @returns {Promise<ServiceSDK.Service>}
 */
export function loaded(script, { added }) {
  return new Promise((resolve, reject) => {
    let ran = false;
    /** @param {string} why */
    const fail = (why) => {
      if (added) script.remove();
      reject(new Error(`service-js: the SDK's script ${why}: ${script.src}`));
    };
    whenLoaderHasRun((service) => {
      ran = true;
      resolve(service);
    });
    script.addEventListener('error', () => {
      if (!ran) fail('did not load (a network error, a Content-Security-Policy that refuses it, or an integrity that does not match)');
    });
    script.addEventListener('load', () => {
      if (!ran && !isService(window.service)) fail('loaded but did not start the SDK');
    });
  });
}

/**
 * `address` as a script's `src` takes it: through this package's Trusted Types policy where the
 * browser has Trusted Types, as it is elsewhere.
 * @param {string} address
 */
function scriptUrl(address) {
  const factory = /** @type {{trustedTypes?: TrustedTypes}} */ (/** @type {unknown} */ (window)).trustedTypes;
  if (!factory || typeof factory.createPolicy !== 'function') return address;
  // One policy per page: a second policy of one name is refused where the page's CSP lists names.
  const page = /** @type {Record<symbol, ScriptUrlPolicy | undefined>} */ (/** @type {unknown} */ (window));
  let policy = page[POLICY];
  if (!policy) {
    try {
      policy = factory.createPolicy(POLICY_NAME, { createScriptURL: sdkAddress });
    } catch (error) {
      throw new Error(`service-js: this page's Content-Security-Policy refuses the Trusted Types policy '${POLICY_NAME}' that adds the SDK's script tag: add ${POLICY_NAME} to its trusted-types directive, or load the SDK with service-js/bundled, which adds no script (${error})`, { cause: error });
    }
    Object.defineProperty(page, POLICY, { value: policy, configurable: true });
  }
  return policy.createScriptURL(address);
}

/**
 * The policy's rule: the SDK's loader, by http(s), and nothing else.
 * @param {string} input
 */
function sdkAddress(input) {
  const url = parsed(input);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !SDK_PATH.test(url.pathname)) {
    throw new TypeError(`service-js: ${input} is not the SDK's loader`);
  }
  return input;
}

/** @param {string} address */
function parsed(address) {
  try {
    return new URL(address, document.baseURI);
  } catch {
    return null;
  }
}
