// What service-js does on an app's page, without a server: the one script tag however many calls,
// the page's own tag or SDK reused, pinning by /sdk.json and the integrity the package was built
// with, Trusted Types, failures that reject with a clear Error, the bundled loader, and `null`
// without a window. Each test is a fresh page (harness.mjs). Run: pytest tests/service_js.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

import {
  OPTIONS, PINNED_VERSION, SERVICE, appPage, entry, json, script, sdkJson, sdkTags, serviceAnswers, settle, withFetch,
} from './harness.mjs';

let page = null;
afterEach(() => {
  if (page) page.close();
  page = null;
});

test('without a window (server rendering) loadService resolves with null, in both entry points', async () => {
  for (const name of ['index', 'bundled']) {
    const { loadService } = await entry(name);
    assert.equal(await loadService(OPTIONS), null);
  }
});

test('each bad option rejects with an Error that names it, and the page gets no tag', async () => {
  page = appPage();
  const { loadService } = await entry();
  const cases = [
    [undefined, /options must be an object/],
    [{ ...OPTIONS, publicKey: '' }, /publicKey must be your public key/],
    [{ ...OPTIONS, sandbox: 'true' }, /sandbox must be true or false/],
    [{ ...OPTIONS, apiUrl: 'sandbox.service.example' }, /apiUrl must be the service's URL.*"sandbox\.service\.example"/],
    [{ ...OPTIONS, apiUrl: 'javascript:alert(1)' }, /apiUrl must be the service's URL/],
    [{ ...OPTIONS, locale: 42 }, /locale must be a language tag/],
    [{ ...OPTIONS, pinned: 'yes' }, /pinned must be true or false/],
  ];
  for (const [options, message] of cases) {
    await assert.rejects(loadService(options), (error) => error instanceof TypeError && message.test(error.message));
  }
  assert.deepEqual(sdkTags(page), []);
});

test('one script tag however many calls, and every call gets the service object', async () => {
  page = appPage();
  const { loadService } = await entry();
  const calls = [loadService(OPTIONS), loadService(OPTIONS), loadService({ ...OPTIONS })];
  assert.equal(calls[1], calls[0], 'the first call\'s Promise');
  const services = await Promise.all(calls);
  assert.equal(await loadService(OPTIONS), services[0], 'and a call after it has run');
  const tags = sdkTags(page);
  assert.equal(tags.length, 1);
  assert.equal(tags[0].src, `${SERVICE}/sdk.js?public-key=pk_test_demo&sandbox=true`);
  assert.equal(tags[0].async, true);
  assert.equal(tags[0].hasAttribute('integrity'), false, 'not pinned: no integrity');
  assert.ok(services.every((service) => service === page.window.service));
  assert.equal(typeof services[0].checkout, 'function');
  assert.ok(services[0].ready instanceof page.window.Promise);
});

test('the locale and sandbox=false go into the tag\'s query', async () => {
  page = appPage();
  const { loadService } = await entry();
  await loadService({ ...OPTIONS, sandbox: false, locale: 'es-ES', apiUrl: `${SERVICE}/some/path?x=1` });
  assert.deepEqual(sdkTags(page).map((tag) => tag.src), [`${SERVICE}/sdk.js?public-key=pk_test_demo&sandbox=false&locale=es-ES`]);
});

test('functions the app queued before are run by the SDK the tag starts, in order', async () => {
  page = appPage();
  const ran = [];
  page.window.service = [() => ran.push('first'), () => ran.push('second')];
  const { loadService } = await entry();
  await loadService(OPTIONS);
  assert.deepEqual(ran, ['first', 'second']);
});

test('a call with other options warns, naming both, and gets the first call\'s SDK', async () => {
  page = appPage();
  const { loadService } = await entry();
  const first = await loadService(OPTIONS);
  const warnings = [];
  const warn = console.warn;
  console.warn = (message) => warnings.push(message);
  try {
    assert.equal(await loadService({ ...OPTIONS, publicKey: 'pk_test_other' }), first);
  } finally {
    console.warn = warn;
  }
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /called again with other options \(publicKey: pk_test_other.*keeps those of the first call \(publicKey: pk_test_demo/);
  assert.equal(sdkTags(page).length, 1);
});

test('the page\'s own tag of the SDK is used: no second tag', async () => {
  page = appPage(`<script async src="${SERVICE}/sdk.js?public-key=pk_test_demo&sandbox=true"></script>`);
  const { loadService } = await entry();
  const service = await loadService(OPTIONS);
  assert.equal(service, page.window.service);
  assert.equal(sdkTags(page).length, 1);
  assert.equal(page.requests.filter((url) => url.includes('/sdk.js')).length, 1);
});

test('an SDK already running on the page is used, whichever way it came', async () => {
  page = appPage();
  page.window.eval(await (await serviceAnswers()(new URL(`${SERVICE}/sdk.js`))).text());
  const running = page.window.service;
  const { loadService } = await entry();
  assert.equal(await loadService(OPTIONS), running);
  assert.deepEqual(sdkTags(page), []);
});

test('a script that cannot load rejects naming its address; the next call adds a fresh tag', async () => {
  let down = true;
  const service = serviceAnswers();
  page = appPage('', { answer: (url) => (down && url.pathname === '/sdk.js' ? new Response('', { status: 503 }) : service(url)) });
  const { loadService } = await entry();
  await assert.rejects(loadService(OPTIONS), {
    message: `service-js: the SDK's script did not load (a network error, a Content-Security-Policy that refuses it, or an integrity that does not match): ${SERVICE}/sdk.js?public-key=pk_test_demo&sandbox=true`,
  });
  assert.deepEqual(sdkTags(page), [], 'the failed tag is removed');
  down = false;
  const started = await loadService(OPTIONS);
  assert.equal(started, page.window.service);
  assert.equal(sdkTags(page).length, 1);
});

test('a script that loads without starting the SDK rejects', async () => {
  page = appPage('', { answer: serviceAnswers({ '/sdk.js': () => script('window.somethingElse = 1;') }) });
  const { loadService } = await entry();
  await assert.rejects(loadService(OPTIONS), /service-js: the SDK's script loaded but did not start the SDK: https:\/\/service\.example\/sdk\.js\?/);
});

test('window.service taken by something else rejects naming the name', async () => {
  page = appPage();
  page.window.service = { mine: true };
  const { loadService } = await entry();
  await assert.rejects(loadService(OPTIONS), /window\.service holds something other than the SDK or its queue/);
});

test('pinned: the versioned address /sdk.json gives, with the integrity the package was built with', async () => {
  page = appPage();
  withFetch(page);
  const { loadService, LOADER_VERSION } = await entry();
  assert.equal(LOADER_VERSION, PINNED_VERSION);
  const service = await loadService({ ...OPTIONS, pinned: true });
  assert.equal(service, page.window.service);
  const [tag] = sdkTags(page);
  assert.equal(tag.src, `${SERVICE}/sdk/${PINNED_VERSION}/sdk.js?public-key=pk_test_demo&sandbox=true`);
  assert.equal(tag.getAttribute('integrity'), process.env.PINNED_INTEGRITY);
  assert.equal(tag.getAttribute('crossorigin'), 'anonymous');
  assert.deepEqual(page.requests.slice(0, 2), [`${SERVICE}/sdk.json`, tag.src]);
});

test('pinned: a version /sdk.json no longer lists rejects naming the versions served, and adds no tag', async () => {
  page = appPage();
  const newer = { version: 'abcdefabcdef', url: `${SERVICE}/sdk/abcdefabcdef/sdk.js`, integrity: 'sha384-x' };
  withFetch(page, serviceAnswers({ '/sdk.json': () => json(sdkJson([newer])) }));
  const { loadService } = await entry();
  await assert.rejects(loadService({ ...OPTIONS, pinned: true }), {
    message: new RegExp(`^service-js 1\\.0\\.0-loader-${PINNED_VERSION} pins loader ${PINNED_VERSION}, which ${SERVICE} no longer serves \\(${SERVICE}/sdk\\.json lists abcdefabcdef\\): update service-js$`),
  });
  assert.deepEqual(sdkTags(page), []);
});

test('pinned: another integrity for the version in /sdk.json rejects, and adds no tag', async () => {
  page = appPage();
  const other = { version: PINNED_VERSION, url: `${SERVICE}/sdk/${PINNED_VERSION}/sdk.js`, integrity: 'sha384-other' };
  withFetch(page, serviceAnswers({ '/sdk.json': () => json(sdkJson([other])) }));
  const { loadService } = await entry();
  await assert.rejects(loadService({ ...OPTIONS, pinned: true }), /gives loader \w+ the integrity sha384-other, not the sha384-\S+ this package was built with/);
  assert.deepEqual(sdkTags(page), []);
});

test('pinned: /sdk.json out of reach rejects naming connect-src', async () => {
  page = appPage();
  page.window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
  const { loadService } = await entry();
  await assert.rejects(loadService({ ...OPTIONS, pinned: true }), {
    message: `service-js: cannot read ${SERVICE}/sdk.json to pin the loader (TypeError: Failed to fetch); a Content-Security-Policy that restricts connect-src must name ${SERVICE}`,
  });
});

/** A page with Trusted Types: its factory makes policies that record what they made. */
function trustedTypes(page, { refuse = false } = {}) {
  const made = [];
  page.window.trustedTypes = {
    createPolicy(name, rules) {
      if (refuse) throw new TypeError(`Policy "${name}" disallowed.`);
      return {
        createScriptURL(input) {
          const value = rules.createScriptURL(input);
          made.push({ name, value });
          return { toString: () => value };
        },
      };
    },
  };
  return made;
}

test('Trusted Types: the tag\'s address is made by the package\'s policy, which makes only SDK addresses', async () => {
  page = appPage();
  const made = trustedTypes(page);
  const { loadService } = await entry();
  await loadService(OPTIONS);
  assert.deepEqual(made, [{ name: 'service-js', value: `${SERVICE}/sdk.js?public-key=pk_test_demo&sandbox=true` }]);
  assert.equal(sdkTags(page).length, 1);
});

test('Trusted Types: a policy the page\'s CSP refuses rejects naming the policy and the way out', async () => {
  page = appPage();
  trustedTypes(page, { refuse: true });
  const { loadService } = await entry();
  await assert.rejects(loadService(OPTIONS), /refuses the Trusted Types policy 'service-js'.*add service-js to its trusted-types directive, or load the SDK with service-js\/bundled/);
  assert.deepEqual(sdkTags(page), []);
});

test('bundled: the loader the package carries runs with no tag, configured by init()', async () => {
  page = appPage();
  const { loadService, LOADER_VERSION } = await entry('bundled');
  assert.equal(LOADER_VERSION, PINNED_VERSION);
  const service = await loadService({ ...OPTIONS, locale: 'es-ES' });
  assert.equal(service, page.window.service);
  assert.equal(typeof service.checkout, 'function');
  assert.deepEqual(sdkTags(page), []);
  assert.deepEqual(page.requests, [], 'nothing fetched from the service until the SDK needs it');
  // A button() call opens the bridge at once: on the service's origin, with the key init() gave.
  service.button({ amount: 1250, currency: 'EUR' });
  const bridge = page.document.querySelector('iframe[title="service SDK"]');
  const address = new URL(bridge.src);
  assert.equal(address.origin, SERVICE);
  assert.equal(address.pathname, '/sdk/bridge.html', 'the pinned loader\'s bridge address');
  assert.equal(address.searchParams.get('public-key'), 'pk_test_demo');
  assert.equal(address.searchParams.get('sandbox'), 'true');
  assert.equal(await loadService(OPTIONS), service, 'one SDK however many calls');
  assert.deepEqual(page.console.filter((line) => line.level === 'error'), []);
});

test('bundled: the app\'s bundle is not taken for the SDK\'s tag, and an AMD loader gets no module', async () => {
  page = appPage('<script src="https://shop.example/assets/app.js?v=3"></script>', { answer: () => script('') });
  const defined = [];
  const define = (...args) => defined.push(args);
  define.amd = {};
  page.window.define = define;
  // The bundle's code runs while its tag is the current script.
  Object.defineProperty(page.document, 'currentScript', { value: page.document.querySelector('script'), configurable: true });
  const { loadService } = await entry('bundled');
  const service = await loadService(OPTIONS);
  assert.equal(service, page.window.service);
  assert.deepEqual(defined, []);
  assert.equal(page.window.define, define, 'the page\'s define is put back');
  assert.equal(page.document.currentScript, page.document.querySelector('script'), 'and its current script');
  assert.deepEqual(page.console.filter((line) => line.level === 'error'), [], 'no "public-key is missing" from the bundle\'s query');
  service.button({ amount: 1250, currency: 'EUR' });
  assert.equal(new URL(page.document.querySelector('iframe[title="service SDK"]').src).origin, SERVICE);
});

test('bundled: a page with the SDK\'s tag uses it rather than running a second loader', async () => {
  page = appPage(`<script async src="${SERVICE}/sdk.js?public-key=pk_test_demo&sandbox=true"></script>`);
  const { loadService } = await entry('bundled');
  const service = await loadService(OPTIONS);
  await settle();
  assert.equal(service, page.window.service);
  assert.equal(page.requests.filter((url) => url.includes('/sdk.js')).length, 1);
  assert.deepEqual(page.console.filter((line) => line.level === 'warn'), []);
});
