// What showing and hiding change on an element (sdk/loader/visibility.js): what hiding adds and
// showing takes back, nothing else; what the page writes meanwhile; the availability events.
// Each test is a fresh page (harness.mjs). Run: pytest tests/loader (a few seconds).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

import { CART, merchantPage, noFaults, plain, settle, started } from './harness.mjs';

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
