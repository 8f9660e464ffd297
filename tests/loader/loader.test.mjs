// What the loader decides on the merchant's page, without a server: which elements it reports and
// how, who it listens to, how it carries out the bridge's commands, and how it fails to start.
// Each test is a fresh page (harness.mjs). Run: pytest tests/loader (a few seconds).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CHANNEL, CHECKOUT_CHANNEL, MERCHANT, SERVICE, column, merchantPage, settle } from './harness.mjs';

const BUTTON = '<button data-service-button data-amount="1250" data-currency="EUR">Pay later</button>';

/** The page with its bridge up: the bridge page spoke (`first`) and its worker is ready. */
function started(body = BUTTON) {
  const page = merchantPage(body);
  page.init();
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  return page;
}

test('elements found at load travel in the bridge URL, one row each with every watched attribute', () => {
  const page = merchantPage(`
    <div id="a" data-service-button="cart" data-amount="1250" data-currency="EUR" data-product-type="pay_later"></div>
    <p id="info" data-service-payment-info="cart"></p>
    <span>not watched</span>`);
  page.init();
  const query = page.bridgeQuery();
  assert.equal(new URL(page.bridge().src).origin, SERVICE);
  assert.equal(query.get('origin'), MERCHANT);
  assert.equal(query.get('public-key'), 'pk_test_demo');
  assert.equal(query.get('sandbox'), 'true');
  const rows = JSON.parse(query.get('elements'));
  assert.equal(rows.length, 2);
  const [button, info] = rows;
  assert.deepEqual(button.slice(0, 2), [1, 'DIV']);
  assert.equal(button[column('data-service-button')], 'cart');
  assert.equal(button[column('data-amount')], '1250');
  assert.equal(button[column('data-product-type')], 'pay_later');
  assert.equal(button[column('data-service-payment-info')], false, 'an absent attribute is false');
  assert.deepEqual(info.slice(0, 2), [2, 'P']);
  assert.equal(info[column('data-service-payment-info')], 'cart');
  assert.equal(info[column('data-amount')], false);
});

test('at most 50 elements go in the URL; the rest are reported once the bridge is ready', () => {
  const buttons = Array.from({ length: 60 }, (_, i) => `<button data-service-button data-amount="${1000 + i}" data-currency="EUR"></button>`);
  const page = merchantPage(buttons.join(''));
  page.init();
  const inUrl = JSON.parse(page.bridgeQuery().get('elements'));
  assert.deepEqual(inUrl.map((row) => row[0]), Array.from({ length: 50 }, (_, i) => i + 1));
  assert.deepEqual(page.sent, [], 'nothing is posted before the bridge is ready');
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  const [report] = page.posted('elements');
  assert.deepEqual(report.added.map((row) => row[0]), Array.from({ length: 10 }, (_, i) => i + 51));
  assert.deepEqual(page.sent.map((entry) => entry.message.type), ['elements', 'started']);
  assert.ok(page.sent.every((entry) => entry.origin === SERVICE && entry.message.channel === CHANNEL));
});

test('the URL holds no more than 4096 characters of elements: long attributes leave rows for later', () => {
  const long = 'x'.repeat(900);
  const buttons = Array.from({ length: 8 }, () => `<button data-service-button="${long}" data-amount="1" data-currency="EUR"></button>`);
  const page = merchantPage(buttons.join(''));
  page.init();
  const text = page.bridgeQuery().get('elements');
  const rows = JSON.parse(text);
  assert.ok(rows.length > 0 && rows.length < 8, `${rows.length} rows in the URL`);
  assert.ok(encodeURIComponent(text).length <= 4096);
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  assert.equal(page.posted('elements')[0].added.length, 8 - rows.length);
});

test('the first answers are applied in the one task that delivers them', () => {
  const page = merchantPage(`<button id="b1" data-service-button data-amount="1250" data-currency="EUR" hidden></button>
    <button id="b2" data-service-button data-amount="999999999" data-currency="EUR"></button>`);
  page.init();
  page.fromBridge('first', { commands: [{ op: 'hide', ids: [2] }, { op: 'show', ids: [1] }] });
  // No await: dispatching the message is the task.
  assert.equal(page.byId('b1').hasAttribute('hidden'), false);
  assert.equal(page.isHidden(page.byId('b1')), false);
  assert.equal(page.isHidden(page.byId('b2')), true);
});

test('a message from another origin, another window or another channel is ignored', () => {
  const page = merchantPage(`<button id="b" data-service-button data-amount="1250" data-currency="EUR" hidden></button>`);
  const frame = page.init();
  const show = { channel: CHANNEL, type: 'first', commands: [{ op: 'show', ids: [1] }] };
  page.deliver(show, { origin: 'https://evil.example' });
  page.deliver(show, { source: page.window }); // the right origin claimed by another window
  page.deliver({ ...show, channel: CHECKOUT_CHANNEL });
  page.deliver('first');
  assert.equal(page.byId('b').hasAttribute('hidden'), true, 'no message was obeyed');
  page.deliver(show, { source: frame.contentWindow });
  assert.equal(page.byId('b').hasAttribute('hidden'), false, 'the bridge itself is obeyed');
});

test('hiding wins over the page\'s CSS and disables the inputs inside; showing restores them', () => {
  const page = started(`<label id="m" data-service-button data-amount="1250" data-currency="EUR" style="display: flex">
      <input id="radio" type="radio" name="method" checked>
      <input id="off" type="text" disabled>
      <select id="choice"><option>1</option></select>
    </label>`);
  const method = page.byId('m');
  page.commands({ op: 'hide', ids: [1] });
  assert.ok(page.isHidden(method));
  for (const id of ['radio', 'off', 'choice']) assert.equal(page.byId(id).disabled, true, id);
  assert.equal(page.byId('radio').checked, false, 'a hidden payment method cannot stay chosen');
  page.commands({ op: 'hide', ids: [1] }); // twice: what the first hide saved is kept
  page.commands({ op: 'show', ids: [1] });
  assert.equal(method.style.getPropertyValue('display'), 'flex');
  assert.equal(page.byId('radio').disabled, false);
  assert.equal(page.byId('radio').checked, true);
  assert.equal(page.byId('off').disabled, true, 'an input the page disabled stays disabled');
  assert.equal(page.byId('choice').disabled, false);
});

test('showing an element with no style of its own leaves no style attribute behind', () => {
  const page = started('<button id="b" data-service-button data-amount="1250" data-currency="EUR" hidden></button>');
  page.commands({ op: 'hide', ids: [1] }, { op: 'show', ids: [1] });
  assert.equal(page.byId('b').hasAttribute('style'), false);
  assert.equal(page.byId('b').hasAttribute('hidden'), false);
});

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

test('a bridge page that speaks but whose worker never starts fails service.ready with the start wording', async () => {
  const page = merchantPage('<button id="b" data-service-button data-amount="1250" data-currency="EUR" hidden></button>');
  page.init();
  page.fromBridge('first', { commands: [{ op: 'show', ids: [1] }] });
  page.clock.tick(14999);
  const pending = page.service.button({ amount: 1250, currency: 'EUR' });
  page.clock.tick(1);
  const message = `service SDK cannot start: ${SERVICE} did not answer within 15 s.`;
  await assert.rejects(page.service.ready, { message });
  await assert.rejects(pending, { message }, 'a service.button() call waiting for the bridge fails too');
  assert.deepEqual(page.errors(), [message]);
  assert.ok(page.isHidden(page.byId('b')), 'a button shown by the first answers cannot pay without the SDK');
  page.clock.tick(60000);
  assert.deepEqual(page.errors(), [message], 'said once');
});

test('a bridge page that never speaks after loading is reported unreachable', async () => {
  const page = merchantPage();
  const frame = page.init();
  frame.dispatchEvent(new page.window.Event('load'));
  page.clock.tick(3000);
  await assert.rejects(page.service.ready, { message: `service SDK cannot start: ${SERVICE} is unreachable.` });
});

test('ready hands over what waited, then the queue runs in order once the key is verified', async () => {
  const page = merchantPage('', { query: 'public-key=pk_test_demo&sandbox=true' });
  const ran = [];
  page.service.push((service) => ran.push(['early', service === page.service]));
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  assert.deepEqual(page.posted('started').length, 1);
  assert.deepEqual(ran, [], 'not before the bridge says the key is verified');
  page.service.push(() => { throw new Error('a merchant bug'); });
  page.service.push(() => ran.push(['after the bug']));
  page.fromBridge('verified');
  assert.deepEqual(ran, [['early', true], ['after the bug']]);
  assert.equal(await page.service.ready, page.service);
  assert.deepEqual(page.errors(), ['service: a function pushed to the queue threw an error:']);
  page.service.push(() => ran.push(['late']));
  assert.deepEqual(ran.at(-1), ['late'], 'once ready, a pushed function runs at once');
});

test('the queue a page filled before the loader ran is taken over; a second copy of the loader changes nothing', () => {
  const page = merchantPage('', { before: 'window.service = [function (service) { window.got = service; }];' });
  const service = page.service;
  assert.equal(typeof service.checkout, 'function');
  page.runLoaderAgain();
  assert.equal(page.service, service, 'the first copy stays in charge');
  page.init();
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  page.fromBridge('verified');
  assert.equal(page.window.got, service);
});

test('elements added, changed and removed after start are reported', async () => {
  const page = started('<div id="root"><button id="b" data-service-button data-amount="1250" data-currency="EUR"></button></div>');
  page.byId('b').setAttribute('data-amount', '2500');
  const added = page.document.createElement('button');
  added.setAttribute('data-service-button', '');
  added.setAttribute('data-amount', '900');
  page.byId('root').appendChild(added);
  await settle();
  const [report] = page.posted('elements');
  assert.deepEqual(report.changed.map((row) => [row[0], row[column('data-amount')]]), [[1, '2500']]);
  assert.deepEqual(report.added.map((row) => [row[0], row[column('data-amount')]]), [[2, '900']]);
  page.byId('b').remove();
  await settle();
  assert.deepEqual(page.posted('elements')[1].removed, [1]);
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
  page.commands({ op: 'close_overlay' });
  assert.equal(page.document.querySelector('[data-service-overlay]'), null);
  assert.equal(page.document.activeElement, page.byId('pay'));
  assert.equal(page.document.documentElement.hasAttribute('style'), true);
  assert.equal(page.document.documentElement.style.getPropertyValue('overflow'), '');
});

test('an op the loader does not know is left alone; a command that throws is logged', () => {
  const page = started();
  page.commands({ op: 'blink', ids: [1] }, { op: 'hide', ids: 'not a list' }, { op: 'hide', ids: [1] });
  assert.deepEqual(page.errors(), ['service: SDK command hide failed:']);
  assert.ok(page.isHidden(page.document.querySelector('button')), 'the commands after it still run');
});

test('init() twice keeps the first bridge', () => {
  const page = merchantPage();
  page.init();
  page.service.init({ public_key: 'pk_other', sandbox: true });
  assert.equal(page.document.querySelectorAll('iframe').length, 1);
  assert.deepEqual(page.console.map((entry) => entry.message), ['service: the SDK is already initialised; init() ignored.']);
});
