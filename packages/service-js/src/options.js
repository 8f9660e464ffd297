// loadService()'s options, checked before anything touches the page: an Error names the first bad
// one. The SDK's own settings (the key's form, a private key in the page) are the SDK's to judge:
// it says so on the console and in `service.ready`.

/**
 * @typedef {{publicKey: string, sandbox: boolean, origin: string, locale: string | null,
 *   pinned: boolean}} Checked the options as the package uses them (the service's origin only)
 */

/**
 * @param {unknown} options what the merchant's code passed
 * @returns {Checked}
 */
export function checkOptions(options) {
  if (!options || typeof options !== 'object') {
    throw new TypeError('loadService: options must be an object: {publicKey, sandbox, apiUrl}');
  }
  const { publicKey, sandbox, apiUrl, locale, pinned } = /** @type {Record<string, unknown>} */ (options);
  if (typeof publicKey !== 'string' || !publicKey.trim()) {
    throw new TypeError('loadService: publicKey must be your public key (pk_...)');
  }
  if (typeof sandbox !== 'boolean') {
    throw new TypeError('loadService: sandbox must be true or false');
  }
  const origin = serviceOrigin(apiUrl);
  if (locale !== undefined && (typeof locale !== 'string' || !locale.trim())) {
    throw new TypeError('loadService: locale must be a language tag, such as es-ES');
  }
  if (pinned !== undefined && typeof pinned !== 'boolean') {
    throw new TypeError('loadService: pinned must be true or false');
  }
  return { publicKey, sandbox, origin, locale: locale === undefined ? null : locale.trim(), pinned: pinned === true };
}

/**
 * The origin of `apiUrl`, an absolute http(s) URL.
 * @param {unknown} apiUrl
 */
function serviceOrigin(apiUrl) {
  const problem = `loadService: apiUrl must be the service's URL, such as https://sandbox.service.example (got ${JSON.stringify(apiUrl)})`;
  if (typeof apiUrl !== 'string') throw new TypeError(problem);
  let url;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new TypeError(problem);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(problem);
  return url.origin;
}

/**
 * The options in one line, to compare two calls and to name them in a warning.
 * @param {Checked} checked
 */
export function describe(checked) {
  const locale = checked.locale === null ? '' : `, locale: ${checked.locale}`;
  return `publicKey: ${checked.publicKey}, sandbox: ${checked.sandbox}, apiUrl: ${checked.origin}${locale}, pinned: ${checked.pinned}`;
}
