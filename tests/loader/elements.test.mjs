// The merchant's elements (sdk/loader/elements.js): the rows that report them, their lifecycle, and
// what showing and hiding change on them.
// Each test is a fresh page (harness.mjs). Run: pytest tests/loader (a few seconds).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

import { column, noFaults, settle, started } from './harness.mjs';

afterEach(noFaults);

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

test('an element that leaves the page is gone: its id is not reused, and put back it is new, still hidden', async () => {
  const page = started('<div id="root"><button id="b" data-service-button data-amount="1250" data-currency="EUR"></button></div>');
  const button = page.byId('b');
  page.commands({ op: 'hide', ids: [1] });
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
