// The public object (sdk/loader/service.js): the queue, the loader loaded twice, init(), and what
// checkout() does before the bridge is up.
// Each test is a fresh page (harness.mjs). Run: pytest tests/loader (a few seconds).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

import { fakeFetch, merchantPage, noFaults, plain, SERVICE, settle } from './harness.mjs';

afterEach(noFaults);

test('the queue runs as soon as the loader has run, in order, before any button is shown; ready waits for the bridge', async () => {
  const page = merchantPage('<button id="b" data-service-button data-amount="1250" data-currency="EUR" hidden></button>', {
    query: 'public-key=pk_test_demo&sandbox=true',
    before: `window.ran = [];
      window.service = [
        function (service) { window.ran.push(['early', document.getElementById('b').hidden]); },
        function () { throw new Error('a merchant bug'); },
        function () { window.ran.push(['after the bug']); }
      ];`,
  });
  assert.deepEqual(plain(page.window.ran), [['early', true], ['after the bug']]);
  assert.deepEqual(page.errors(), ['service: a function pushed to the queue threw an error:']);
  page.service.push(() => page.window.ran.push(['late']));
  assert.deepEqual(plain(page.window.ran.at(-1)), ['late'], 'a pushed function runs at once');
  let settled = false;
  page.service.ready.then(() => { settled = true; });
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  await settle();
  assert.equal(settled, false, 'ready: the bridge is up and the key known');
  page.fromBridge('verified');
  assert.equal(await page.service.ready, page.service);
});

test('a second copy of the loader changes nothing; with another key it says so, naming both', () => {
  const page = merchantPage('', { query: 'public-key=pk_test_demo&sandbox=true' });
  const service = page.service;
  page.runLoaderAgain();
  assert.equal(page.service, service, 'the first copy stays in charge');
  assert.deepEqual(page.console, [], 'the same tag twice is harmless');
  Object.defineProperty(page.document, 'currentScript', { value: { src: `${SERVICE}/sdk.js?public-key=pk_test_other&sandbox=true` } });
  page.runLoaderAgain();
  assert.equal(page.service, service);
  assert.deepEqual(page.console.map((entry) => [entry.level, entry.message]), [['warn',
    'service: two SDK script tags with different public keys: pk_test_demo is used and pk_test_other is ignored; keep one tag.']]);
});

test('init() twice keeps the first bridge', () => {
  const page = merchantPage();
  page.init();
  page.service.init({ public_key: 'pk_other', sandbox: true });
  assert.equal(page.document.querySelectorAll('iframe').length, 1);
  assert.deepEqual(page.console.map((entry) => entry.message), ['service: the SDK is already initialised; init() ignored.']);
});

test('a double click before the start is one checkout: the second call is ignored with the bridge\'s words', async () => {
  const fetch = fakeFetch();
  const page = merchantPage('<button data-service-button data-amount="1250" data-currency="EUR" hidden></button>', {
    fetch, query: 'public-key=sk_test_demo&sandbox=true',
  });
  const calls = [];
  const callbacks = { onClose: (status) => calls.push(['onClose', status]), onError: () => calls.push(['onError']) };
  page.service.checkout('chk_1', callbacks);
  page.service.checkout('chk_1', callbacks);
  assert.deepEqual(page.console.map((entry) => [entry.level, entry.message]),
    [['warn', 'service: a checkout is already open; this checkout() call is ignored.']]);
  const message = "service SDK cannot start: 'public-key' holds a private key (sk_...): never put a private key in a web page.";
  fetch.calls[0].answer({ commands: [], elements: [], answers: [], taken: 0, failed: { code: 'private_key', message } });
  await assert.rejects(page.service.ready, { code: 'private_key' });
  assert.deepEqual(calls, [['onClose', 'error'], ['onError']], 'one checkout ended, once');
  // Nothing is kept for a bridge that will never read it.
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  assert.deepEqual(page.sent, []);
});

test('each parameter of the script tag that sets nothing is named once in the console; the tag still works', () => {
  const page = merchantPage('', { query: 'public-key=pk_test_demo&sandbox=true&checkout_timeout=20000&locale=es&locale=fr' });
  const said = (name) => `service: sdk.js ignores the parameter ${name} of its script tag, which sets public-key and sandbox only: give other settings to service.init(), on a tag without a query string.`;
  assert.deepEqual(page.console.map((entry) => [entry.level, entry.message]),
    [['warn', said('checkout_timeout')], ['warn', said('locale')]]);
  page.clock.tick(0);
  assert.equal(page.bridgeQuery().get('public-key'), 'pk_test_demo');
  assert.equal(page.bridgeQuery().get('checkout_timeout'), null, 'not passed on: it sets nothing');
});

test('a tag with only the settings it takes says nothing', () => {
  const page = merchantPage('', { query: 'public-key=pk_test_demo&sandbox=true' });
  assert.deepEqual(page.console, []);
});
