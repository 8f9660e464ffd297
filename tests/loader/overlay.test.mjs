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
