// What the loader decides on the merchant's page, without a server: which elements it reports and
// how, who it listens to, how it carries out the bridge's commands, and how it fails to start.
// Each test is a fresh page (harness.mjs). Run: pytest tests/loader (a few seconds).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CHANNEL, CHECKOUT_CHANNEL, MERCHANT, SERVICE, column, fakeFetch, merchantPage, plain, settle } from './harness.mjs';

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
  page.clock.tick(59999); // a slow network is not a failure: the worker has a minute once the page spoke
  const pending = page.service.button({ amount: 1250, currency: 'EUR' });
  page.clock.tick(1);
  const message = 'service SDK cannot start: its worker did not start within 60 s.';
  await assert.rejects(page.service.ready, { message, code: 'timeout' });
  await assert.rejects(pending, { message }, 'a service.button() call waiting for the bridge fails too');
  assert.deepEqual(page.errors(), [message]);
  assert.ok(page.isHidden(page.byId('b')), 'a button shown by the first answers cannot pay without the SDK');
  page.clock.tick(60000);
  assert.deepEqual(page.errors(), [message], 'said once');
});

test('a bridge page that never speaks within 15 s is a timeout; a bridge that comes up later still works', async () => {
  const page = merchantPage('<button id="b" data-service-button data-amount="1250" data-currency="EUR" hidden></button>');
  page.init();
  page.clock.tick(15000);
  await assert.rejects(page.service.ready, { code: 'timeout', message: `service SDK cannot start: ${SERVICE} did not answer within 15 s.` });
  page.fromBridge('first', { commands: [{ op: 'show', ids: [1] }] });
  assert.ok(page.isHidden(page.byId('b')), 'not shown while the SDK says it cannot start');
  page.fromBridge('ready');
  assert.equal(page.posted('started').length, 1, 'late, not dead');
  // The worker works each element out again (it adopted them shown): its commands show them.
  const [again] = page.posted('elements');
  assert.deepEqual([again.removed, again.added.map((row) => row[0])], [[1], [1]]);
  page.commands({ op: 'show', ids: [1] });
  assert.equal(page.isHidden(page.byId('b')), false);
  const available = page.service.button({ amount: 1250, currency: 'EUR' });
  page.commands({ op: 'resolve', call: page.posted('button')[0].call, value: true });
  assert.equal(await available, true);
});

test('a bridge page that never speaks after loading, from an origin that does not answer, is reported unreachable', async () => {
  const fetch = fakeFetch();
  const page = merchantPage('', { fetch });
  const frame = page.init();
  frame.dispatchEvent(new page.window.Event('load'));
  page.clock.tick(3000);
  const [probe] = fetch.calls;
  assert.equal(probe.url.origin, SERVICE);
  assert.deepEqual([probe.options.method, probe.options.mode], ['HEAD', 'no-cors'], 'no script is added to the page to ask');
  assert.equal(page.document.querySelectorAll('script').length, 0);
  probe.refuse();
  await settle();
  page.clock.tick(0);
  await assert.rejects(page.service.ready, { code: 'unreachable', message: `service SDK cannot start: ${SERVICE} is unreachable.` });
});

test('a probe the page\'s CSP refuses (no connect-src) says nothing of the service: no false unreachable', async () => {
  const fetch = fakeFetch();
  const page = merchantPage('', { fetch });
  const frame = page.init();
  frame.dispatchEvent(new page.window.Event('load'));
  page.clock.tick(3000);
  fetch.calls[0].refuse();
  await settle();
  const violation = new page.window.Event('securitypolicyviolation');
  Object.assign(violation, { blockedURI: `${SERVICE}/sdk.js`, effectiveDirective: 'connect-src' });
  page.document.dispatchEvent(violation); // after the refusal, as Chromium may deliver it
  page.clock.tick(0);
  page.fromBridge('first', { commands: [] }); // a slow bridge page, not a dead service
  page.fromBridge('ready');
  page.fromBridge('verified');
  assert.equal(await page.service.ready, page.service);
  assert.deepEqual(page.errors(), []);
});

test('a report-only CSP blocks nothing: its violations are not a failure', async () => {
  const page = merchantPage();
  page.init();
  const violation = new page.window.Event('securitypolicyviolation');
  Object.assign(violation, { blockedURI: `${SERVICE}/sdk/bridge.html`, effectiveDirective: 'frame-src', disposition: 'report' });
  page.document.dispatchEvent(violation);
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  page.fromBridge('verified');
  assert.equal(await page.service.ready, page.service);
  assert.deepEqual(page.errors(), []);
});

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

test('the first answers are fetched with one simple GET, applied in one task, then adopted by the bridge', async () => {
  const fetch = fakeFetch();
  const page = merchantPage(`<button id="b1" data-service-button data-amount="1250" data-currency="EUR" hidden></button>
    <button id="b2" data-service-button data-amount="2500" data-currency="EUR" hidden></button>
    <button id="b3" data-service-button data-amount="3750" data-currency="EUR" hidden></button>`, { fetch });
  page.init();
  assert.equal(page.bridge(), null, 'the bridge waits: the answers come first');
  const [first] = fetch.calls;
  assert.equal(`${first.url.origin}${first.url.pathname}`, `${SERVICE}/sdk/first`);
  assert.deepEqual(plain(first.options), { credentials: 'omit' }, 'no header of its own: no preflight');
  assert.equal(first.url.searchParams.get('public-key'), 'pk_test_demo');
  assert.deepEqual(JSON.parse(first.url.searchParams.get('elements')).map((row) => row[0]), [1, 2, 3]);
  page.byId('b2').setAttribute('data-amount', '2600'); // changes while its answer travels
  await settle();
  const answers = [[1250, 'EUR', 'instalments', 201], [2500, 'EUR', 'instalments', 201]];
  const rows = JSON.parse(first.url.searchParams.get('elements'));
  first.answer({ commands: [{ op: 'show', ids: [1, 2] }], elements: rows.slice(0, 2), answers, taken: 2 });
  await settle();
  assert.equal(page.isHidden(page.byId('b1')) || page.byId('b1').hidden, false, 'shown');
  assert.equal(page.byId('b2').hidden, true, 'its answer is stale: the bridge decides');
  page.clock.tick(0);
  const query = page.bridgeQuery();
  assert.equal(query.get('elements'), null, 'the bridge page is the same for every page: cached');
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  // The changed button is left out of what the worker adopts: its report of the change is news
  // to the worker, which then sends its command even when the answer is already in its cache.
  assert.deepEqual(page.posted('adopt')[0],
    { channel: CHANNEL, type: 'adopt', elements: rows.slice(0, 1), answers, shown: [1], hidden: [] });
  assert.deepEqual(page.sent.map((entry) => entry.message.type), ['adopt', 'elements', 'elements', 'started'],
    'adopted first, then the row the server left, then the change');
  assert.deepEqual(page.posted('elements')[0].added.map((row) => row[0]), [3]);
  assert.deepEqual(page.posted('elements')[1].changed.map((row) => row[0]), [2]);
});

test('a button that changes while the first answers travel: the worker hears what was shown for the others', async () => {
  const fetch = fakeFetch();
  const page = merchantPage(`<button id="b" data-service-button data-amount="5000" data-currency="EUR"></button>
    <p id="i" data-service-payment-info>info</p>`, { fetch });
  page.init();
  const [first] = fetch.calls;
  const rows = JSON.parse(first.url.searchParams.get('elements'));
  page.byId('b').setAttribute('data-amount', '100');
  await settle();
  const answers = [[5000, 'EUR', 'instalments', 201]];
  first.answer({ commands: [{ op: 'show', ids: [1, 2] }], elements: rows, answers, taken: 2 });
  await settle();
  page.clock.tick(0);
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  // The block was shown for the old amount: the worker starts from that, so that hiding the
  // changed button hides the block too.
  assert.deepEqual(page.posted('adopt')[0],
    { channel: CHANNEL, type: 'adopt', elements: rows.slice(1), answers, shown: [2], hidden: [] });
  assert.deepEqual(page.posted('elements')[0].changed.map((row) => row[0]), [1]);
});

test('a loader run before the page is parsed sends the buttons below it in its first request, once parsed', () => {
  const fetch = fakeFetch();
  const loading = "Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true })";
  const page = merchantPage('', { fetch, before: loading });
  page.init();
  assert.equal(fetch.calls.length, 0, 'nothing is read before the page is');
  page.document.body.innerHTML = '<button id="b" data-service-button data-amount="1250" data-currency="EUR" hidden></button>';
  page.clock.tick(0);
  assert.equal(page.bridge(), null, 'a button parsed meanwhile does not open the bridge: it waits for the request');
  Object.defineProperty(page.document, 'readyState', { value: 'interactive', configurable: true });
  page.document.dispatchEvent(new page.window.Event('DOMContentLoaded'));
  assert.equal(fetch.calls.length, 1);
  assert.deepEqual(JSON.parse(fetch.calls[0].url.searchParams.get('elements')).map((row) => row[0]), [1]);
  assert.equal(page.bridge(), null, 'the bridge waits for the answers');
});

test('a checkout while the first answers travel opens the bridge at once; up first, it checks them itself', async () => {
  const fetch = fakeFetch();
  const page = merchantPage('<button id="b" data-service-button data-amount="1250" data-currency="EUR" hidden></button>', { fetch });
  page.init();
  page.service.checkout('chk_1', {});
  assert.ok(page.bridge(), 'needed now: not after the answers');
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  assert.deepEqual(page.sent.map((entry) => entry.message.type), ['elements', 'checkout', 'started']);
  assert.deepEqual(page.posted('elements')[0].added.map((row) => row[0]), [1]);
  fetch.calls[0].answer({ commands: [{ op: 'show', ids: [1] }], elements: [], answers: [], taken: 1 });
  await settle();
  assert.equal(page.byId('b').hidden, true, 'a late answer is left unused: the bridge decides');
  assert.equal(page.posted('adopt').length, 0);
});

test('a fetch the page blocks: the elements go in the bridge URL, and the console says once which directive helps', async () => {
  const fetch = fakeFetch();
  const page = merchantPage('<button id="b" data-service-button data-amount="1250" data-currency="EUR" hidden></button>', { fetch });
  page.init();
  const violation = new page.window.Event('securitypolicyviolation');
  Object.assign(violation, { blockedURI: `${SERVICE}/sdk/first?x`, effectiveDirective: 'connect-src' });
  page.document.dispatchEvent(violation);
  page.document.dispatchEvent(violation);
  fetch.calls[0].refuse();
  await settle();
  assert.deepEqual(JSON.parse(page.bridgeQuery().get('elements')).map((row) => row[0]), [1]);
  assert.deepEqual(page.console.map((entry) => [entry.level, entry.message]), [['info',
    `service: buttons show faster when the page allows connect-src ${SERVICE} in its Content-Security-Policy (the SDK works without it).`]]);
});

test('a CSP that blocks the frame is named with the directive to add, at once', async () => {
  const page = merchantPage();
  page.init();
  const violation = new page.window.Event('securitypolicyviolation');
  Object.assign(violation, { blockedURI: `${SERVICE}/sdk/bridge.0123456789ab.html?origin=x`, effectiveDirective: 'frame-src' });
  page.document.dispatchEvent(violation);
  const message = `service SDK cannot start: the Content-Security-Policy of this page does not allow frames from ${SERVICE}: add frame-src ${SERVICE}.`;
  await assert.rejects(page.service.ready, { code: 'csp', message });
});

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

test('when the SDK cannot start, a checkout ends with onClose and onError and the reason, said once', async () => {
  const fetch = fakeFetch();
  const page = merchantPage('<button data-service-button data-amount="1250" data-currency="EUR" hidden></button>', {
    fetch, query: 'public-key=sk_test_demo&sandbox=true',
  });
  const calls = [];
  const callbacks = {
    onClose: (status, reason) => calls.push(['onClose', status, reason.code]),
    onError: (reason) => calls.push(['onError', reason.code]),
  };
  page.service.checkout('chk_1', callbacks); // asked before anything is known
  const message = "service SDK cannot start: 'public-key' holds a private key (sk_...): never put a private key in a web page.";
  fetch.calls[0].answer({ commands: [], elements: [], answers: [], taken: 0, failed: { code: 'private_key', message } });
  await assert.rejects(page.service.ready, { code: 'private_key', message });
  assert.deepEqual(calls, [['onClose', 'error', 'private_key'], ['onError', 'private_key']]);
  assert.equal(page.document.querySelector('[data-service-overlay]'), null);
  page.service.checkout('chk_2', callbacks); // asked after
  assert.deepEqual(calls.slice(2), [['onClose', 'error', 'private_key'], ['onError', 'private_key']]);
  page.fromBridge('first', { commands: [] }); // the bridge, opened for the checkout, says it too
  page.fromBridge('failed', { code: 'private_key', message });
  assert.deepEqual(page.errors(), [message], 'said once');
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
  page.commands({ op: 'close_overlay', checkout: 4 });
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
