// The start (sdk/loader/start.js): the phases from the loader's run to a bridge that is up, the
// first answers, the bridge's messages and who may send them, the timeouts, and a start that fails.
// Each test is a fresh page (harness.mjs). Run: pytest tests/loader (a few seconds).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

import { CHANNEL, CHECKOUT_CHANNEL, column, fakeFetch, MERCHANT, merchantPage, noFaults, plain, SERVICE, settle } from './harness.mjs';

afterEach(noFaults);

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
  page.fromBridge('first', { commands: [{ op: 'hide', ids: [2], reason: 'unavailable' }, { op: 'show', ids: [1] }] });
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
  const change = page.posted('elements')[1];
  assert.deepEqual([change.removed, change.added.map((row) => row[0])], [[2], [4]], 'changed: a new id');
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
  const change = page.posted('elements')[0];
  assert.deepEqual([change.removed, change.added.map((row) => row[0])], [[1], [3]], 'changed: a new id');
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

test('messages out of their phase change nothing: ready before the page spoke, verified before ready, first twice', async () => {
  const page = merchantPage('<button id="b" data-service-button data-amount="1250" data-currency="EUR" hidden></button>');
  page.init();
  page.service.checkout('chk_1', {});
  page.fromBridge('ready'); // the bridge page always speaks first: a ready before it is not the worker's
  page.fromBridge('verified');
  assert.deepEqual(page.sent, [], 'nothing handed over before the bridge page spoke');
  let settled = false;
  page.service.ready.then(() => { settled = true; });
  await settle();
  assert.equal(settled, false);
  page.fromBridge('first', { commands: [{ op: 'show', ids: [1] }] });
  page.commands({ op: 'hide', ids: [1], reason: 'checking' });
  page.fromBridge('first', { commands: [{ op: 'show', ids: [1] }] }); // a second first is no news
  assert.equal(page.isHidden(page.byId('b')), true);
  page.fromBridge('ready');
  assert.deepEqual(page.sent.map((entry) => entry.message.type), ['checkout', 'started']);
  page.fromBridge('ready');
  assert.equal(page.posted('started').length, 1, 'handed over once');
  page.fromBridge('verified');
  assert.equal(await page.service.ready, page.service);
});

test('the bridge opens once: when the page is idle without buttons, or at once when something needs it', () => {
  const idle = [];
  const page = merchantPage('', { before: 'window.requestIdleCallback = function (task) { window.idleTasks.push(task); };' +
    'window.idleTasks = [];' });
  page.window.idleTasks = idle;
  page.service.init({ public_key: 'pk_test_demo', sandbox: true, api_url: SERVICE });
  assert.equal(page.bridge(), null, 'nothing to show: it waits for the page to be idle');
  page.service.button({ amount: 1250, currency: 'EUR' }); // needed now
  assert.ok(page.bridge());
  for (const task of page.window.idleTasks.splice(0)) task();
  assert.equal(page.document.querySelectorAll('iframe[title="service SDK"]').length, 1);
});

test('with the first answers on their way the bridge waits for them, unless a call needs it first', async () => {
  const fetch = fakeFetch();
  const page = merchantPage('<button data-service-button data-amount="1250" data-currency="EUR" hidden></button>', { fetch });
  page.init();
  page.clock.tick(5000);
  assert.equal(page.bridge(), null, 'no frame competes with the answers');
  page.service.button({ amount: 999, currency: 'EUR' });
  assert.ok(page.bridge(), 'a call waits for the bridge: it opens now');
  fetch.calls[0].answer({ commands: [], elements: [], answers: [], taken: 1 });
  await settle();
  page.clock.tick(0);
  assert.equal(page.document.querySelectorAll('iframe[title="service SDK"]').length, 1);
});
