// The checkout's overlay (sdk/loader/overlay.js): a modal dialog, at once, whose frame alone is heard.
// Each test is a fresh page (harness.mjs). Run: pytest tests/loader (a few seconds).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

import { CHECKOUT_CHANNEL, fakeFetch, MERCHANT, merchantPage, noFaults, SERVICE, started } from './harness.mjs';

afterEach(noFaults);

test('a checkout before the bridge is up: the overlay shows at once, loading; the bridge gets it when up', () => {
  const fetch = fakeFetch();
  const page = merchantPage('<button id="pay">Pay</button>', { fetch });
  page.init();
  page.service.checkout('chk_1', { onClose: () => {} });
  const dialog = page.document.querySelector('[data-service-overlay]');
  assert.ok(dialog.hasAttribute('open'), 'feedback at once');
  assert.equal(dialog.querySelector('[role="status"]').textContent, 'Loading\u2026');
  assert.equal(dialog.querySelector('iframe').hasAttribute('src'), false);
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  const [asked] = page.posted('checkout');
  assert.equal(asked.checkout_id, 'chk_1');
  page.commands({ op: 'open_overlay', checkout: asked.checkout, url: `${SERVICE}/checkout/chk_1/frame`, label: 'Checkout', close_label: 'Close checkout' });
  assert.equal(page.document.querySelectorAll('[data-service-overlay]').length, 1, 'the same overlay');
  assert.equal(dialog.querySelector('iframe').src, `${SERVICE}/checkout/chk_1/frame`);
  page.commands({ op: 'overlay_loaded' });
  assert.equal(dialog.querySelector('[role="status"]'), null);
});

test('the overlay: a modal dialog that relays only its own frame\'s messages, and gives the focus back', () => {
  const page = started('<button id="pay">Pay</button>');
  page.byId('pay').focus();
  page.commands({ op: 'open_overlay', checkout: 4, url: `${SERVICE}/checkout/chk_1/frame`, label: 'Checkout', close_label: 'Close checkout' });
  const dialog = page.document.querySelector('[data-service-overlay]');
  assert.equal(dialog.getAttribute('aria-modal'), 'true');
  assert.equal(page.document.documentElement.style.getPropertyValue('overflow'), 'hidden');
  const frame = dialog.querySelector('iframe');
  const status = { channel: CHECKOUT_CHANNEL, type: 'status', status: 'success' };
  page.deliver(status, { source: page.bridge().contentWindow }); // the checkout channel from the wrong window
  page.deliver(status, { source: frame.contentWindow, origin: MERCHANT });
  assert.deepEqual(page.posted('checkout-event'), []);
  page.deliver(status, { source: frame.contentWindow });
  assert.deepEqual(page.posted('checkout-event').map((m) => [m.checkout, m.event.type]), [[4, 'status']]);
  dialog.querySelector('[data-service-overlay-close]').click();
  assert.deepEqual(page.posted('checkout-event')[1].event, { type: 'close' }, 'the bridge decides what a close means');
  page.commands({ op: 'close_overlay', checkout: 4 });
  assert.equal(page.document.querySelector('[data-service-overlay]'), null);
  assert.equal(page.document.activeElement, page.byId('pay'));
  assert.equal(page.document.documentElement.hasAttribute('style'), true);
  assert.equal(page.document.documentElement.style.getPropertyValue('overflow'), '');
});

test('checkout() returns a handle: close() closes as the close control does, once', () => {
  const fetch = fakeFetch();
  const page = merchantPage('<button id="pay">Pay</button>', { fetch });
  page.init();
  const handle = page.service.checkout('chk_1', { onClose: () => {} });
  assert.deepEqual(Object.keys(handle), ['close']);
  handle.close(); // before the bridge is up: the overlay goes at once, the bridge decides later
  assert.equal(page.document.querySelector('[data-service-overlay]'), null);
  handle.close();
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  assert.deepEqual(page.sent.map((entry) => entry.message.type), ['checkout', 'checkout-event', 'started']);
  assert.deepEqual(page.posted('checkout-event')[0].event, { type: 'close' }, 'the bridge decides: dismiss, or the last status');
});

test('a handle\'s close() after its checkout ended, or on a checkout that was ignored, does nothing', () => {
  const page = started('<button id="pay">Pay</button>');
  const calls = [];
  const first = page.service.checkout('chk_1', { onClose: () => { calls.push('onClose'); first.close(); } });
  const [asked] = page.posted('checkout');
  page.commands({ op: 'open_overlay', checkout: asked.checkout, url: `${SERVICE}/checkout/chk_1/frame`, label: 'Checkout', close_label: 'Close checkout' });
  const second = page.service.checkout('chk_2', {});
  const ignored = page.posted('checkout')[1].checkout;
  page.commands({ op: 'forget_checkout', checkout: ignored }); // the bridge's rule: one at a time
  second.close();
  assert.ok(page.document.querySelector('[data-service-overlay]'), 'the open checkout is not the ignored one\'s to close');
  page.commands(
    { op: 'close_overlay', checkout: asked.checkout },
    { op: 'callback', checkout: asked.checkout, name: 'onClose', args: ['success'] },
    { op: 'forget_checkout', checkout: asked.checkout },
  );
  first.close();
  assert.deepEqual(calls, ['onClose']);
  assert.deepEqual(page.posted('checkout-event'), [], 'nothing to close: it ended');
});

test('a handle\'s close() when the SDK cannot start does nothing more: the checkout ended with error', async () => {
  const fetch = fakeFetch();
  const page = merchantPage('', { fetch, query: 'public-key=sk_test_demo&sandbox=true' });
  const calls = [];
  const handle = page.service.checkout('chk_1', { onClose: (status) => calls.push(status) });
  const message = "service SDK cannot start: 'public-key' holds a private key (sk_...): never put a private key in a web page.";
  page.clock.tick(0);
  page.bridge();
  page.fromBridge('first', { commands: [] });
  page.fromBridge('failed', { code: 'private_key', message });
  await assert.rejects(page.service.ready, { code: 'private_key' });
  handle.close();
  assert.deepEqual(calls, ['error']);
  assert.deepEqual(page.sent, []);
});
