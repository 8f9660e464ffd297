// One start per page, however many calls: every call gets the first call's Promise. It is kept on
// the page's window (under a registered symbol), so that two copies of this package in one app
// (two bundles, two versions) still add one script tag.
import { checkOptions, describe } from './options.js';

const STARTED = Symbol.for('service-js.started');

/**
 * @typedef {import('./options.js').Checked} Checked
 * @typedef {{options: string, promise: Promise<ServiceSDK.Service>}} Started
 */

/**
 * The page's one start of the SDK, by `load` on the first call; `null` without a window (a
 * server rendering the app). A start that fails is forgotten: the next call tries again.
 * @param {unknown} options what the merchant's code passed
 * @param {(checked: Checked) => Promise<ServiceSDK.Service>} load
 * @returns {Promise<ServiceSDK.Service | null>}
 */
export function startOnce(options, load) {
  if (typeof window === 'undefined' || typeof document === 'undefined') return Promise.resolve(null);
  let checked;
  try {
    checked = checkOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  const page = /** @type {Record<symbol, Started | undefined>} */ (/** @type {unknown} */ (window));
  const described = describe(checked);
  const started = page[STARTED];
  if (started) {
    if (started.options !== described) {
      console.warn(`service-js: loadService() was called again with other options (${described}); the SDK keeps those of the first call (${started.options}).`);
    }
    return started.promise;
  }
  const promise = load(checked).catch((error) => {
    if (page[STARTED] && page[STARTED].promise === promise) delete page[STARTED];
    throw error;
  });
  Object.defineProperty(page, STARTED, { value: { options: described, promise }, configurable: true });
  return promise;
}

/**
 * Whether `value` is the SDK itself (the loader has run), as the loader tells a second copy of
 * itself.
 * @param {unknown} value
 * @returns {value is ServiceSDK.Service}
 */
export function isService(value) {
  return typeof value === 'object' && value !== null
    && typeof /** @type {{checkout?: unknown}} */ (value).checkout === 'function';
}

/**
 * Queue `fn` on the SDK's own queue: it runs with the `service` object as soon as the loader has
 * run (at once if it has).
 * @param {ServiceSDK.QueuedFunction} fn
 */
export function whenLoaderHasRun(fn) {
  const current = window.service;
  if (current !== undefined && !Array.isArray(current) && !isService(current)) {
    throw new Error('service-js: window.service holds something other than the SDK or its queue; the SDK needs that name');
  }
  (window.service = window.service || []).push(fn);
}
