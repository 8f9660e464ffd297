// service-js: the SDK's script tag from the service, added once (or the page's own tag used),
// pinned by version and integrity when asked.
import { pinnedLoader } from './pinning.js';
import { LOADER_VERSION } from './pin.js';
import { addTag, findTag, loaded } from './script_tag.js';
import { isService, startOnce } from './start_once.js';

export { LOADER_VERSION };

/** @type {import('../options.js').LoadService} */
export const loadService = (options) => startOnce(options, async (checked) => {
  if (isService(window.service)) return window.service;
  const existing = findTag(checked.origin);
  if (existing) return loaded(existing, { added: false });
  const pin = checked.pinned ? await pinnedLoader(checked.origin) : null;
  const address = new URL(pin ? pin.url : `${checked.origin}/sdk.js`);
  address.searchParams.set('public-key', checked.publicKey);
  address.searchParams.set('sandbox', String(checked.sandbox));
  if (checked.locale !== null) address.searchParams.set('locale', checked.locale);
  return loaded(addTag(address.href, pin && pin.integrity), { added: true });
});
