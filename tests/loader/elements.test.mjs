// The merchant's elements (sdk/loader/elements.js): the rows that report them, their lifecycle, and
// what showing and hiding change on them.
// Each test is a fresh page (harness.mjs). Run: pytest tests/loader (a few seconds).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

import { column, merchantPage, noFaults, plain, settle, started } from './harness.mjs';

afterEach(noFaults);

test('hiding wins over the page\'s CSS and disables the inputs inside; showing takes back only that', () => {
  const page = started(`<label id="m" data-service-button data-amount="1250" data-currency="EUR" style="display: flex">
      <input id="radio" type="radio" name="method" checked>
      <input id="off" type="text" disabled>
      <select id="choice"><option>1</option></select>
    </label>`);
  const method = page.byId('m');
  const changes = [];
  page.byId('radio').addEventListener('change', (event) => changes.push(event.bubbles));
  page.commands({ op: 'hide', ids: [1], reason: 'unavailable' });
  assert.ok(page.isHidden(method));
  for (const id of ['radio', 'off', 'choice']) assert.equal(page.byId(id).disabled, true, id);
  assert.equal(page.byId('radio').checked, false, 'a hidden payment method cannot stay chosen');
  assert.deepEqual(changes, [true], 'unchecked with a bubbling change event, as a shopper would');
  page.commands({ op: 'hide', ids: [1], reason: 'unavailable' }); // twice: nothing more
  page.commands({ op: 'show', ids: [1] });
  assert.equal(method.style.getPropertyValue('display'), 'flex', 'its own display applies again');
  assert.equal(page.byId('radio').disabled, false);
  assert.equal(page.byId('radio').checked, false, 'what the SDK unchecked is not checked again');
  assert.equal(page.byId('off').disabled, true, 'an input the page disabled stays disabled');
  assert.equal(page.byId('choice').disabled, false);
  assert.deepEqual(changes, [true]);
});

test('showing an element with no style of its own leaves no style attribute behind', () => {
  const page = started('<button id="b" data-service-button data-amount="1250" data-currency="EUR" hidden></button>');
  page.commands({ op: 'hide', ids: [1], reason: 'checking' }, { op: 'show', ids: [1] });
  assert.equal(page.byId('b').hasAttribute('style'), false);
  assert.equal(page.byId('b').hasAttribute('hidden'), false);
});

test('elements added, changed and removed after start are reported; a changed one under a new id', async () => {
  const page = started('<div id="root"><button id="b" data-service-button data-amount="1250" data-currency="EUR"></button></div>');
  page.byId('b').setAttribute('data-amount', '2500');
  const added = page.document.createElement('button');
  added.setAttribute('data-service-button', '');
  added.setAttribute('data-amount', '900');
  page.byId('root').appendChild(added);
  await settle();
  const [report] = page.posted('elements');
  assert.deepEqual(report.removed, [1]);
  assert.deepEqual(report.added.map((row) => [row[0], row[column('data-amount')]]), [[2, '2500'], [3, '900']]);
  page.byId('b').remove();
  await settle();
  assert.deepEqual(page.posted('elements')[1].removed, [2]);
});

test('an element that leaves the page is gone: its id is not reused, and put back it is new, still hidden', async () => {
  const page = started('<div id="root"><button id="b" data-service-button data-amount="1250" data-currency="EUR"></button></div>');
  const button = page.byId('b');
  page.commands({ op: 'hide', ids: [1], reason: 'unavailable' });
  button.remove();
  await settle();
  page.commands({ op: 'show', ids: [1] }); // a late word for the id that left
  assert.ok(page.isHidden(button), 'a gone id moves nothing');
  page.byId('root').appendChild(button); // a framework moving it
  await settle();
  const [, back] = page.posted('elements');
  assert.deepEqual(back.added.map((row) => row[0]), [2], 'a new id');
  assert.ok(page.isHidden(button), 'what the SDK hid stays hidden until the bridge says otherwise');
  page.commands({ op: 'show', ids: [2] });
  assert.equal(button.hasAttribute('style'), false, 'shown, with nothing of the SDK left on it');
});

const CART = `<button id="later" data-service-button data-amount="45000" data-currency="EUR" data-product-type="pay_later" hidden>Later</button>
  <button id="four" data-service-button data-amount="45000" data-currency="EUR" data-product-type="pay_in_4" hidden>In 4</button>
  <p id="info" data-service-payment-info hidden>Pay later or in 4</p>`;

test('a shown button whose amount changes is hidden in the same task; nothing else moves', async () => {
  const page = started(CART);
  page.commands({ op: 'show', ids: [1, 2, 3] });
  const others = () => [page.byId('four').outerHTML, page.byId('info').outerHTML];
  const before = others();
  page.byId('later').setAttribute('data-amount', '90000');
  await settle(); // the MutationObserver's callback: no task, no message from the bridge
  assert.ok(page.isHidden(page.byId('later')), 'no frame shows it at an amount nobody checked');
  assert.deepEqual(others(), before, 'the other button and the information are untouched');
  const [report] = page.posted('elements');
  assert.deepEqual(report.removed, [1]);
  assert.deepEqual(report.added.map((row) => [row[0], row[column('data-amount')]]), [[4, '90000']]);
  page.commands({ op: 'show', ids: [1] }); // the bridge's word on 45000, sent before it heard
  assert.ok(page.isHidden(page.byId('later')), 'a word about the old amount moves nothing');
  page.commands({ op: 'show', ids: [4] });
  assert.equal(page.isHidden(page.byId('later')), false, 'shown once checked');
});

test('a button whose new values the bridge has answered already shows in the same task', async () => {
  const page = started(CART);
  page.commands({ op: 'show', ids: [1, 2, 3] });
  const later = page.byId('later');
  for (const [amount, id] of [['30000', 4], ['45000', 5], ['30000', 6]]) {
    later.setAttribute('data-amount', amount);
    await settle();
    if (amount === '30000' && id === 4) {
      assert.ok(page.isHidden(later), 'not known yet: hidden while checked');
      page.commands({ op: 'show', ids: [4] });
    } else {
      assert.equal(page.isHidden(later), false, `${amount} was shown before: shown at once, no blink`);
    }
    assert.deepEqual(page.posted('elements').at(-1).added.map((row) => row[0]), [id], 'the bridge hears of each change');
  }
  later.setAttribute('data-product-type', 'pay_in_4');
  await settle();
  assert.ok(page.isHidden(later), 'another product is another answer');
});

test('an attribute set to the value it has is no change: nothing is reported', async () => {
  const page = started(CART);
  page.commands({ op: 'show', ids: [1] });
  page.byId('later').setAttribute('data-amount', '45000');
  await settle();
  assert.deepEqual(page.posted('elements'), []);
  assert.equal(page.isHidden(page.byId('later')), false);
});

test('a button that changes group only keeps its answer; information keeps what it shows until the bridge says', async () => {
  const page = started(CART);
  page.commands({ op: 'show', ids: [1, 2, 3] });
  page.byId('later').setAttribute('data-service-button', 'cart');
  page.byId('info').setAttribute('data-service-payment-info', 'cart');
  await settle();
  assert.equal(page.isHidden(page.byId('later')), false, 'same amount, currency and product: same answer');
  assert.equal(page.isHidden(page.byId('info')), false, 'which buttons it goes with is the bridge\'s to say');
  const [report] = page.posted('elements');
  assert.deepEqual([report.removed, report.added.map((row) => row[0])], [[1, 3], [4, 5]]);
});

test('a framework\'s display on a hidden element is its own: covered while hidden, applied once shown', async () => {
  const page = started('<button id="b" data-service-button data-amount="1250" data-currency="EUR">Pay</button>');
  const button = page.byId('b');
  page.commands({ op: 'hide', ids: [1], reason: 'unavailable' });
  button.style.display = 'inline-flex'; // a re-render while it is hidden
  await settle();
  assert.ok(page.isHidden(button), 'a hidden payment method stays hidden');
  button.setAttribute('style', 'color: red'); // a framework writing the whole attribute
  await settle();
  assert.ok(page.isHidden(button));
  assert.equal(button.style.getPropertyValue('color'), 'red', 'the rest of its style is the page\'s');
  page.commands({ op: 'show', ids: [1] });
  assert.equal(button.style.getPropertyValue('display'), '', 'its latest own display: none at all');
  assert.equal(button.getAttribute('style'), 'color: red;');
});

test('an input whose disabled the page wrote while hidden is left as the page set it', async () => {
  const page = started(`<label id="m" data-service-button data-amount="1250" data-currency="EUR">
      <input id="kept" type="radio" name="m"><input id="again" type="radio" name="m"><input id="mine" type="radio" name="m">
    </label>`);
  page.commands({ op: 'hide', ids: [1], reason: 'checking' });
  page.byId('kept').disabled = true; // React's disabled={true}, rendered while hidden
  page.byId('again').disabled = false; // and disabled={false}: the page's choice too
  await settle();
  page.commands({ op: 'show', ids: [1] });
  assert.equal(page.byId('kept').disabled, true, 'not written back over the page');
  assert.equal(page.byId('again').disabled, false);
  assert.equal(page.byId('mine').disabled, false, 'what only the SDK disabled is enabled again');
  page.commands({ op: 'hide', ids: [1], reason: 'unavailable' });
  assert.equal(page.byId('again').disabled, true, 'hidden again: disabled again');
});

test('each button and container whose availability changes hears it: service:availability, bubbling', async () => {
  const page = started(`${CART}<button id="bad" data-service-button data-amount="12.50" data-currency="EUR">Bad</button>`);
  const heard = [];
  page.document.body.addEventListener('service:availability', (event) => {
    heard.push([event.target.id, event.detail.available, event.detail.reason]);
  });
  page.commands({ op: 'hide', ids: [1, 2], reason: 'checking' }, { op: 'hide', ids: [3], reason: 'no_button' },
    { op: 'hide', ids: [4], reason: 'invalid' });
  page.commands({ op: 'hide', ids: [2], reason: 'unavailable' }, { op: 'show', ids: [1, 3] });
  page.commands({ op: 'show', ids: [1, 3] }, { op: 'hide', ids: [2], reason: 'unavailable' }); // no news
  assert.deepEqual(plain(heard), [
    ['later', false, 'checking'], ['four', false, 'checking'], ['info', false, 'no_button'], ['bad', false, 'invalid'],
    ['four', false, 'unavailable'], ['later', true, null], ['info', true, null],
  ]);
  heard.length = 0;
  page.byId('later').setAttribute('data-amount', '1'); // hidden by the loader, in the same task
  await settle();
  assert.deepEqual(plain(heard), [['later', false, 'checking']]);
  heard.length = 0;
  page.byId('later').setAttribute('data-amount', '45000'); // known: shown at once
  await settle();
  assert.deepEqual(plain(heard), [['later', true, null]]);
});

test('when the SDK cannot start, every element it watches is hidden, saying why', async () => {
  const page = merchantPage(CART);
  page.init();
  const heard = [];
  page.document.addEventListener('service:availability', (event) => heard.push([event.target.id, event.detail.reason]));
  page.fromBridge('first', { commands: [{ op: 'show', ids: [1, 3] }] });
  page.fromBridge('failed', { code: 'worker_failed', message: 'service SDK cannot start: its worker failed (x).' });
  assert.deepEqual(plain(heard.slice(2)), [['later', 'cannot_start'], ['four', 'cannot_start'], ['info', 'cannot_start']]);
  await assert.rejects(page.service.ready, { code: 'worker_failed' });
});
