// The bridge's commands (sdk/loader/commands.js), carried out on the merchant's page.
// Each test is a fresh page (harness.mjs). Run: pytest tests/loader (a few seconds).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

import { MERCHANT, noFaults, started } from './harness.mjs';

afterEach(noFaults);

test('a navigation goes only to an http(s) URL', () => {
  const page = started();
  for (const url of ['javascript:alert(1)', 'data:text/html,x', 'not a url']) {
    page.commands({ op: 'navigate', url });
  }
  assert.equal(page.window.location.href, `${MERCHANT}/cart`);
  assert.deepEqual(page.errors(), Array(3).fill('service: refused to navigate to a non-http(s) URL.'));
  page.commands({ op: 'navigate', url: `${MERCHANT}/cart#thank-you` });
  assert.equal(page.window.location.hash, '#thank-you');
});

test('service.button() asks the bridge and settles by its answer; a bad selector rejects', async () => {
  const page = started();
  const available = page.service.button({ amount: 1250, currency: 'EUR' });
  const [asked] = page.posted('button');
  assert.deepEqual(asked.options, { amount: 1250, currency: 'EUR' });
  page.commands({ op: 'resolve', call: asked.call, value: true });
  assert.equal(await available, true);
  page.commands({ op: 'query', call: 7, selector: '##' });
  assert.match(page.posted('query-result')[0].error, /./);
  page.commands({ op: 'query', call: 8, selector: 'button' });
  assert.deepEqual(page.posted('query-result')[1].ids, [1]);
  const cyclic = { amount: 1 };
  cyclic.self = cyclic;
  await assert.rejects(page.service.button(cyclic), /service.button: options must be plain data: /);
});

test('a checkout names its callbacks to the bridge, which calls them by name; a throwing one is logged', () => {
  const page = started();
  const calls = [];
  page.service.checkout('chk_1', {
    onClose: (status) => calls.push(['onClose', status]),
    onSuccess: () => { throw new Error('merchant bug'); },
    notAFunction: 3,
  });
  const [asked] = page.posted('checkout');
  assert.deepEqual([asked.checkout_id, asked.callbacks], ['chk_1', ['onClose', 'onSuccess']]);
  page.commands(
    { op: 'callback', checkout: asked.checkout, name: 'onClose', args: ['success'] },
    { op: 'callback', checkout: asked.checkout, name: 'onSuccess', args: [] },
    { op: 'callback', checkout: asked.checkout, name: 'notAFunction', args: [] },
    { op: 'forget_checkout', checkout: asked.checkout },
    { op: 'callback', checkout: asked.checkout, name: 'onClose', args: ['again'] },
  );
  assert.deepEqual(calls, [['onClose', 'success']]);
  assert.deepEqual(page.errors(), ['service: the onSuccess callback threw an error:']);
});

test('an op the loader does not know is left alone; a command that throws is logged', () => {
  const page = started();
  page.commands({ op: 'blink', ids: [1] }, { op: 'hide', ids: 'not a list', reason: 'checking' }, { op: 'hide', ids: [1], reason: 'checking' });
  assert.deepEqual(page.errors(), ['service: SDK command hide failed:']);
  assert.ok(page.isHidden(page.document.querySelector('button')), 'the commands after it still run');
});
