// The loader's state machines (sdk/loader/machines.js), a part that stands alone: every move its
// tables allow is taken, every other one is refused, and every state can be reached.
// Run: pytest tests/loader (a few seconds).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import vm from 'node:vm';

import { partSource, plain } from './harness.mjs';

const part = vm.runInNewContext(`${partSource('machines.js')}\n({ START_MOVES, FIRST_MOVES, ELEMENT_MOVES, transition })`);
const { START_MOVES, FIRST_MOVES, ELEMENT_MOVES } = plain(part); // this realm's arrays, which assert compares
const { transition } = part;

const MACHINES = [
  ['start', START_MOVES, 'loaded'],
  ['first answers', FIRST_MOVES, 'none'],
  ['element', ELEMENT_MOVES, 'found'],
];

for (const [name, moves, initial] of MACHINES) {
  const states = Object.keys(moves);

  test(`${name}: each move the table allows is taken, every other one is refused`, () => {
    for (const from of states) {
      for (const to of states) {
        if (moves[from].includes(to)) {
          assert.equal(transition(name, moves, from, to), to);
        } else {
          assert.throws(() => transition(name, moves, from, to), {
            message: `illegal ${name} transition: ${from} -> ${to}`,
          });
        }
      }
    }
  });

  test(`${name}: every state is reached from ${initial}, and every move goes to a state`, () => {
    const reached = new Set([initial]);
    const todo = [initial];
    while (todo.length) {
      for (const next of moves[todo.pop()]) {
        assert.ok(states.includes(next), `${next} is not a state of ${name}`);
        if (!reached.has(next)) {
          reached.add(next);
          todo.push(next);
        }
      }
    }
    assert.deepEqual([...reached].sort(), [...states].sort());
  });
}

test('the start goes loaded, configured, opening, spoken, up, verified; failed comes back only up', () => {
  let phase = 'loaded';
  for (const next of ['configured', 'opening', 'spoken', 'up', 'verified']) {
    phase = transition('start', START_MOVES, phase, next);
  }
  assert.deepEqual(START_MOVES.verified, [], 'verified is final: ready has resolved');
  assert.deepEqual(START_MOVES.failed, ['up'], 'a bridge late rather than dead');
  assert.throws(() => transition('start', START_MOVES, 'loaded', 'opening'), /loaded -> opening/,
    'no bridge before the settings');
  assert.throws(() => transition('start', START_MOVES, 'opening', 'up'), /opening -> up/,
    'the bridge page speaks before its worker');
});

test('an element is never shown again once gone, and is checked at most once before its first word', () => {
  assert.deepEqual(ELEMENT_MOVES.gone, []);
  assert.ok(!ELEMENT_MOVES.shown.includes('checking') && !ELEMENT_MOVES.hidden.includes('checking'));
  assert.ok(!ELEMENT_MOVES.checking.includes('found'));
});
