// service-js/bundled: the loader this package carries, run from the app's own bundle (served by
// the merchant's origin, so the browser schedules it as the page's own script), configured with
// service.init(). It adds no script tag.
import { LOADER_VERSION, runLoader } from './bundled_loader.js';
import { findTag, loaded } from './script_tag.js';
import { isService, startOnce } from './start_once.js';

export { LOADER_VERSION };

/** @type {import('../options.js').LoadService} */
export const loadService = (options) => startOnce(options, async (checked) => {
  // The page may have the SDK already, or its tag on the way: one SDK per page.
  if (isService(window.service)) return window.service;
  const existing = findTag(checked.origin);
  if (existing) return loaded(existing, { added: false });
  runLoader();
  const service = window.service;
  if (!isService(service)) throw new Error('service-js: the bundled loader did not start the SDK');
  /** @type {ServiceSDK.InitOptions & {locale?: string}} */
  const settings = { public_key: checked.publicKey, sandbox: checked.sandbox, api_url: checked.origin };
  if (checked.locale !== null) settings.locale = checked.locale;
  service.init(settings);
  return service;
});
