// The merchant's elements (sdk/loader/elements.js): the rows that report them, their lifecycle, and
// what showing and hiding change on them.
// Each test is a fresh page (harness.mjs). Run: pytest tests/loader (a few seconds).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

import { CART, column, noFaults, settle, started } from './harness.mjs';

afterEach(noFaults);

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
