// The pinned loader: the one this package's version names, at the versioned address /sdk.json
// gives for it, with the integrity the package was built with. /sdk.json also says when that
// version is no longer served, which a tag that fails to load could not.
import { LOADER_INTEGRITY, LOADER_VERSION, PACKAGE_VERSION } from './pin.js';

/**
 * The versioned address and the integrity of the pinned loader, from `origin`'s /sdk.json.
 * @param {string} origin
 * @returns {Promise<{url: string, integrity: string}>}
 */
export async function pinnedLoader(origin) {
  const address = `${origin}/sdk.json`;
  let pins;
  try {
    const answer = await window.fetch(address, { credentials: 'omit' });
    if (!answer.ok) throw new Error(`it answered ${answer.status}`);
    pins = await answer.json();
  } catch (error) {
    throw new Error(`service-js: cannot read ${address} to pin the loader (${error}); a Content-Security-Policy that restricts connect-src must name ${origin}`, { cause: error });
  }
  const supported = pins && Array.isArray(pins.supported) ? pins.supported : [];
  const pin = supported.find((/** @type {{version?: unknown}} */ entry) => entry && entry.version === LOADER_VERSION);
  if (!pin || typeof pin.url !== 'string') {
    const listed = supported.map((/** @type {{version?: unknown}} */ entry) => entry && entry.version).join(', ');
    throw new Error(`service-js ${PACKAGE_VERSION} pins loader ${LOADER_VERSION}, which ${origin} no longer serves (${address} lists ${listed || 'none'}): update service-js`);
  }
  if (pin.integrity !== LOADER_INTEGRITY) {
    throw new Error(`service-js: ${address} gives loader ${LOADER_VERSION} the integrity ${pin.integrity}, not the ${LOADER_INTEGRITY} this package was built with: the SDK is not loaded`);
  }
  return { url: pin.url, integrity: LOADER_INTEGRITY };
}
