// The loader this package's version names, in the app's own bundle: the build writes its text
// (the bytes /sdk/<version>/sdk.js serves) in place of the marker below.
import { LOADER_VERSION } from './pin.js';

export { LOADER_VERSION };

/**
 * Run the loader in the page. It is written to be a page's script: for the length of its start,
 * which is synchronous, it must not take the app's bundle for its own tag (a bundle's query
 * string would read as its settings) nor define itself to an AMD loader on the page.
 */
export function runLoader() {
  const page = /** @type {{define?: unknown}} */ (/** @type {unknown} */ (window));
  const define = page.define;
  const own = Object.getOwnPropertyDescriptor(document, 'currentScript');
  const shadowed = document.currentScript !== null;
  if (shadowed) Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  if (define) page.define = undefined;
  try {
    // eslint-disable-next-line no-unused-vars -- no CommonJS `module` of a bundler for the loader to set
    let module;
    /* __LOADER__ */
  } finally {
    if (own) Object.defineProperty(document, 'currentScript', own);
    else if (shadowed) delete (/** @type {{currentScript?: unknown}} */ (document)).currentScript;
    if (define) page.define = define;
  }
}
