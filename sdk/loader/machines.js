// The loader's states, each machine a table of the moves it allows, and the one function that
// moves a machine: a move the table does not allow is a fault of the loader, refused with an
// error rather than left to become a state nobody planned. docs/sdk.md ("How the SDK starts")
// names these states as they are written here (tests/docs/test_loader_states.py).
/* exported START_MOVES, FIRST_MOVES, ELEMENT_MOVES, transition */

/**
 * The start, from the loader's run to a bridge that is up. `loaded`: `service` is usable, no
 * settings yet. `configured`: the settings are known (the tag's query or init()), no bridge yet.
 * `opening`: the bridge iframe exists, its page has not spoken. `spoken`: the bridge page has
 * spoken, its worker is starting. `up`: the worker took over what waited; messages go straight
 * to it. `verified`: `service.ready` resolved. `failed`: the SDK cannot start (`ready`
 * rejected); a bridge late rather than dead still comes `up` from there.
 * @typedef {'loaded' | 'configured' | 'opening' | 'spoken' | 'up' | 'verified' | 'failed'} StartPhase
 */
/** @type {Record<StartPhase, StartPhase[]>} */
var START_MOVES = {
  loaded: ['configured'],
  configured: ['opening', 'failed'],
  opening: ['spoken', 'failed'],
  spoken: ['up', 'failed'],
  up: ['verified', 'failed'],
  verified: [],
  failed: ['up']
};

/**
 * The first answers, for the elements found at start. `none`: none asked (no element yet).
 * `fetching`: asked by fetch; the bridge waits for them unless something needs it first.
 * `fetched`: answered and applied; what the worker adopts waits for it. `with_bridge`: the
 * bridge works them out (in its page's URL, or by message once up). `adopted`: handed over.
 * @typedef {'none' | 'fetching' | 'fetched' | 'with_bridge' | 'adopted'} FirstState
 */
/** @type {Record<FirstState, FirstState[]>} */
var FIRST_MOVES = {
  none: ['fetching', 'with_bridge'],
  fetching: ['fetched', 'with_bridge'],
  fetched: ['adopted'],
  with_bridge: [],
  adopted: []
};

/**
 * An element the loader reports, under one id. `found`: it has an id. `checking`: reported,
 * no word on it yet (as the page's markup has it). `shown`, `hidden`: as the bridge (or the
 * loader, where it may decide alone) last said. `gone`: off the page, or its watched values
 * changed (it has a new id then); its id is never reused.
 * @typedef {'found' | 'checking' | 'shown' | 'hidden' | 'gone'} ElementState
 */
/** @type {Record<ElementState, ElementState[]>} */
var ELEMENT_MOVES = {
  found: ['checking', 'shown', 'hidden', 'gone'],
  checking: ['shown', 'hidden', 'gone'],
  shown: ['hidden', 'gone'],
  hidden: ['shown', 'gone'],
  gone: []
};

/**
 * The state after moving `from` to `to`, if `moves` allows it; an Error otherwise.
 * @template {string} S
 * @param {string} machine its name, for the error
 * @param {Record<S, S[]>} moves
 * @param {S} from
 * @param {S} to
 * @returns {S}
 */
function transition(machine, moves, from, to) {
  if (moves[from].indexOf(to) < 0) {
    throw new Error('illegal ' + machine + ' transition: ' + from + ' -> ' + to);
  }
  return to;
}
