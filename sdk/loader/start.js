// The start: from the loader's run to a bridge that is up (the phases of machines.js), the first
// answers, and the bridge's messages. Only what keeps the page safe without the bridge is decided
// here: start timeouts, and what a page gets when the SDK cannot start.
/* exported phase, config, failure, ready, start, post, listen, movedWhileFirst */
/* global START_MOVES, FIRST_MOVES, transition, report, run, rowsOnPage, observe, hideAll, setStyles,
   sdk, rejectCalls, endWithFailure, overlay */

var BRIDGE_PATH = '__BRIDGE_PATH__'; // set by the build: the versioned bridge page
/** @type {ServiceProtocol.SdkChannel} */
var CHANNEL = 'service-sdk';
/** @type {ServiceProtocol.CheckoutChannel} */
var CHECKOUT_CHANNEL = 'service-checkout';
var START_TIMEOUT_MS = 15000; // the bridge page must have spoken by then
// Once the bridge page has spoken, its worker is on its way (a slow network is not a failure).
var WORKER_TIMEOUT_MS = 60000;
var AFTER_LOAD_MS = 3000; // a bridge page silent this long: is its origin reachable at all?
// Elements found at start go to the server, whose answers come back before Brython has started:
// at most this many, in at most this many characters of the URL. The rest go by message once
// the bridge is ready. The first answers come by fetch (one CORS simple request) or, where the
// page's CSP forbids it, rendered into the bridge page from the bridge's URL.
var URL_ELEMENTS = 50;
var URL_BUDGET = 4096;
var FIRST_PATH = '/sdk/first';

/** @type {StartPhase} */
var phase = 'loaded';
/** @type {FirstState} */
var first = 'none';
/** @type {{origin: string, settings: Record<string, string>} | null} from `configured` on */
var config = null;
/** @type {{frame: HTMLIFrameElement, origin: string} | null} from `opening` on */
var bridge = null;
/** @type {number[]} timers of the current phase: leaving the phase clears them */
var phaseTimers = [];
/** @type {ServiceProtocol.Row[]} every element found at start, for their first answers */
var firstRows = [];
/** @type {ServiceProtocol.PageMessage | null} the fetched first answers, for the worker to adopt */
var adopt = null;
/** @type {Set<number>} elements that changed or left while their first answers travelled */
var movedSinceFirst = new Set();
/** @type {ServiceSDK.StartFailure | null} why the SDK cannot start, while `failed` */
var failure = null;
/** @type {ServiceProtocol.PageMessage[]} messages for the bridge, held until it is up */
var outbox = [];
var connectBlocked = false; // the page's CSP refused a fetch to the service (said once)

/** @type {(service: ServiceSDK.Service) => void} */
var resolveReady;
/** @type {(error: ServiceSDK.StartFailure) => void} */
var rejectReady;
/** @type {Promise<ServiceSDK.Service>} */
var ready = new Promise(function (resolve, reject) {
  resolveReady = resolve;
  rejectReady = reject;
});
ready.catch(function () {}); // pages that never look at `ready` get no unhandled rejection

/**
 * Enter the next phase (an illegal move throws): the timers of the phase left end with it.
 * @param {StartPhase} next
 */
function enter(next) {
  phase = transition('start', START_MOVES, phase, next);
  phaseTimers.splice(0).forEach(function (timer) { window.clearTimeout(timer); });
}

/**
 * A timer of the current phase.
 * @param {() => void} task
 * @param {number} ms
 */
function phaseTimer(task, ms) {
  phaseTimers.push(window.setTimeout(task, ms));
}

/** @param {FirstState} next */
function firstTo(next) {
  first = transition('first answers', FIRST_MOVES, first, next);
}

/** A start that failed for want of an answer (not a refusal) may still come up late. */
function mayRecover() {
  return phase === 'failed' && !!failure && (failure.code === 'timeout' || failure.code === 'unreachable');
}

// ---- talking to the bridge --------------------------------------------------------------
/** @param {ServiceProtocol.PageMessage} message */
function post(message) {
  if (phase === 'failed' && !mayRecover()) return; // no bridge will ever read it
  message.channel = CHANNEL;
  if (phase === 'up' || phase === 'verified') {
    // Up means started: the bridge is there (its window, unless the page removed the frame).
    var target = /** @type {NonNullable<typeof bridge>} */ (bridge);
    /** @type {Window} */ (target.frame.contentWindow).postMessage(message, target.origin);
  } else {
    outbox.push(message);
    openBridgeIfDue(); // something waits for the bridge: it is needed now
  }
}

/**
 * The bridge is up: hand over what waited, the first answers first (the worker adopts them
 * before any later report of the same elements).
 */
function handOver() {
  if (first === 'fetching') {
    // The bridge came up first (the service is slow to answer them): it checks them itself,
    // rather than keep a checkout waiting; their late answer is then left unused.
    firstTo('with_bridge');
    movedSinceFirst.clear();
    outbox.unshift({ type: 'elements', added: firstRows, changed: [], removed: [] });
  }
  var waiting = outbox.splice(0);
  if (adopt) {
    waiting.unshift(adopt);
    adopt = null;
    firstTo('adopted');
  }
  waiting.forEach(post);
  post({ type: 'started' });
}

/**
 * Whether the bridge iframe is created now: the one place that decides it. It is called when
 * what it depends on changes (a message waits for the bridge, the first answers settle, the
 * page goes idle), and creates the bridge once, from `configured`: when something waits for
 * it, or else when the first answers are not on their way (they come first: on screen before
 * the bridge's page and worker compete with the page for its network and main thread).
 */
function openBridgeIfDue() {
  if (phase !== 'configured') return; // no settings yet, open already, or cannot start
  if (first === 'fetching' && !outbox.length) return;
  openBridge();
}

/**
 * Create the bridge iframe: its page on the service origin starts the worker where the SDK's
 * Python runs. The elements whose first answers the bridge works out go in its URL (the server
 * renders their answers into its page); the rest by message once it is up.
 */
function openBridge() {
  var origin = /** @type {NonNullable<typeof config>} */ (config).origin;
  var rows = first === 'with_bridge' ? firstRows : [];
  var inUrl = urlRows(rows);
  var frame = document.createElement('iframe');
  frame.src = origin + BRIDGE_PATH + '?' + startQuery(inUrl);
  frame.title = 'service SDK';
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  // Not display:none: Chromium runs a renderer that shows nothing at low priority, and the
  // bridge then starts twice as slowly. One transparent pixel that takes no clicks instead.
  setStyles(frame, {
    position: 'fixed', bottom: '0', right: '0', width: '1px', height: '1px', border: '0',
    opacity: '0', 'pointer-events': 'none', 'z-index': '-1'
  });
  bridge = { frame: frame, origin: origin };
  enter('opening');
  phaseTimer(function () {
    cannotStart('timeout', origin + ' did not answer within ' + START_TIMEOUT_MS / 1000 + ' s.');
  }, START_TIMEOUT_MS);
  frame.addEventListener('load', function () {
    if (phase === 'opening') phaseTimer(function () { probe(origin); }, AFTER_LOAD_MS);
  });
  // Firefox and WebKit fire no load event on a frame whose server cannot be reached (Chromium
  // loads an error page in it): a bridge page still silent is a reason to ask.
  phaseTimer(function () { probe(origin); }, AFTER_LOAD_MS);
  (document.body || document.documentElement).appendChild(frame);
  var rest = rows.slice(inUrl.length);
  if (rest.length) outbox.unshift({ type: 'elements', added: rest, changed: [], removed: [] });
}

// ---- failing, and coming up late ----------------------------------------------------------
/**
 * The SDK cannot start: say it once, hide what the first answers may have shown (it cannot be
 * paid without the SDK), and end what waits for the bridge with the reason.
 * @param {ServiceProtocol.StartReason} reason
 */
function fail(reason) {
  if (phase === 'verified' || phase === 'failed') return;
  var error = failure = /** @type {ServiceSDK.StartFailure} */ (new Error(reason.message));
  error.code = /** @type {ServiceSDK.StartFailureCode} */ (reason.code);
  enter('failed');
  report('error', reason.message);
  hideAll();
  rejectReady(error);
  rejectCalls(error);
  // Checkouts the bridge never got: ended here, as the bridge would end one it cannot load.
  var held = outbox;
  outbox = held.filter(function (message) { return message.type !== 'checkout'; });
  held.forEach(function (message) {
    if (message.type === 'checkout') endWithFailure(message.checkout);
  });
}

/**
 * @param {string} code
 * @param {string} why
 */
function cannotStart(code, why) {
  fail({ code: code, message: 'service SDK cannot start: ' + why });
}

/**
 * The bridge came up after all: fail() hid the elements, so the worker is asked to work out
 * each one again (gone, then back: its model sends the commands anew, from its cache).
 */
function recover() {
  failure = null;
  var rows = rowsOnPage();
  var ids = rows.map(function (row) { return row[0]; });
  outbox.push({ type: 'elements', added: rows, changed: [], removed: ids });
}

// ---- the first answers ----------------------------------------------------------------------
/**
 * The rows that fit in one URL, from the start of `rows`.
 * @param {ServiceProtocol.Row[]} rows
 */
function urlRows(rows) {
  var count = 0;
  while (count < rows.length && count < URL_ELEMENTS &&
    encodeURIComponent(JSON.stringify(rows.slice(0, count + 1))).length <= URL_BUDGET) {
    count++;
  }
  return rows.slice(0, count);
}

/**
 * The settings (and the elements, if any) as a query string.
 * @param {ServiceProtocol.Row[]} rows
 */
function startQuery(rows) {
  var query = new URLSearchParams({ origin: window.location.origin });
  var settings = /** @type {NonNullable<typeof config>} */ (config).settings;
  Object.keys(settings).forEach(function (name) { query.set(name, settings[name]); });
  if (rows.length) query.set('elements', JSON.stringify(rows));
  return query.toString();
}

/**
 * `loaded` -> `configured`, once: the settings from the tag's query or init().
 * @param {Record<string, unknown>} settings
 * @param {string} origin
 */
function start(settings, origin) {
  if (phase !== 'loaded') {
    report('warn', 'service: the SDK is already initialised; init() ignored.');
    return;
  }
  /** @type {Record<string, string>} */
  var given = {};
  Object.keys(settings).forEach(function (name) {
    if (settings[name] !== null && settings[name] !== undefined) given[name] = String(settings[name]);
  });
  config = { origin: origin, settings: given };
  enter('configured');
  document.addEventListener('securitypolicyviolation', onViolation);
  if (document.readyState === 'loading') {
    // Run before the page is parsed (a tag without async or defer, or an async one already
    // cached): the buttons below the tag are read once they are there, all in the first
    // answers' request, rather than one by one through the bridge as they are parsed.
    document.addEventListener('DOMContentLoaded', findElements, { once: true });
  } else {
    findElements();
  }
}

/** The elements on the page go to the server for their first answers; later ones are watched. */
function findElements() {
  var rows = rowsOnPage();
  var inRequest = urlRows(rows);
  observe();
  if (inRequest.length && typeof window.fetch === 'function') {
    fetchFirst(inRequest, rows);
  } else if (rows.length) {
    firstTo('with_bridge');
    firstRows = rows;
    // A checkout asked for while the page was parsed has opened the bridge already.
    if (bridge) post({ type: 'elements', added: rows, changed: [], removed: [] });
    else openBridgeIfDue();
  } else {
    // Nothing to show yet: the bridge starts when the page is idle, or before if needed.
    whenIdle(openBridgeIfDue);
  }
}

/**
 * The first answers by the shortest path: one GET without custom headers (a CORS simple
 * request, no preflight), answered by the server with the SDK's own rules.
 * @param {ServiceProtocol.Row[]} inRequest
 * @param {ServiceProtocol.Row[]} rows every element found at start
 */
function fetchFirst(inRequest, rows) {
  var origin = /** @type {NonNullable<typeof config>} */ (config).origin;
  firstTo('fetching');
  firstRows = rows;
  window.fetch(origin + FIRST_PATH + '?' + startQuery(inRequest), { credentials: 'omit' }).then(function (response) {
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  }).then(function (/** @type {ServiceProtocol.FirstAnswers} */ answers) {
    if (first !== 'fetching') return; // the bridge took them over meanwhile
    firstTo('fetched');
    if (answers.failed) {
      fail(answers.failed);
      return;
    }
    // Nothing shows while the SDK says it cannot start: a click on it could only fail.
    var applied = phase === 'failed' ? { shown: [], hidden: [] } : applyFirst(answers.commands);
    // An element that changed while its answer travelled is not adopted either: its report
    // of the change is then news to the worker, and answered (from the cache, if the value
    // came back) with a command. What the change means for the others (a payment-information
    // block shown for it) the worker corrects from what was applied.
    var settled = answers.elements.filter(function (row) { return !movedSinceFirst.has(row[0]); });
    movedSinceFirst.clear();
    adopt = { type: 'adopt', elements: settled, answers: answers.answers, shown: applied.shown, hidden: applied.hidden };
    var rest = rows.slice(answers.taken);
    if (rest.length) outbox.unshift({ type: 'elements', added: rest, changed: [], removed: [] });
    // The bridge is next, in a task of its own: the answers are on screen first.
    window.setTimeout(openBridgeIfDue, 0);
  }, function () {
    // Blocked by the page's CSP (said once, see onViolation) or unreachable: the answers come
    // with the bridge page instead, which the server renders from the bridge's URL.
    if (first !== 'fetching') return;
    firstTo('with_bridge');
    movedSinceFirst.clear();
    if (bridge) outbox.unshift({ type: 'elements', added: rows, changed: [], removed: [] });
    else openBridgeIfDue();
  });
}

/**
 * Elements reported while their first answers travel: an answer for them is stale.
 * @param {number[]} ids
 */
function movedWhileFirst(ids) {
  if (first === 'fetching') ids.forEach(function (id) { movedSinceFirst.add(id); });
}

/**
 * Run the first answers' commands, except a show for an element that changed while they
 * travelled (it waits for the bridge's answer); return what each element was left as.
 * @param {ServiceProtocol.Command[]} commands
 */
function applyFirst(commands) {
  /** @type {Map<number, boolean>} */
  var left = new Map();
  commands.forEach(function (cmd) {
    if (cmd.op === 'show' || cmd.op === 'hide') {
      if (cmd.op === 'show') cmd.ids = cmd.ids.filter(function (id) { return !movedSinceFirst.has(id); });
      cmd.ids.forEach(function (id) { left.set(id, cmd.op === 'show'); });
    }
    run(cmd);
  });
  /** @type {{shown: number[], hidden: number[]}} */
  var applied = { shown: [], hidden: [] };
  left.forEach(function (isShown, id) { (isShown ? applied.shown : applied.hidden).push(id); });
  return applied;
}

/** @param {() => void} task */
function whenIdle(task) {
  var idle = /** @type {{requestIdleCallback?: (task: () => void, options: {timeout: number}) => number}} */ (
    /** @type {unknown} */ (window)).requestIdleCallback;
  if (typeof idle === 'function') idle.call(window, task, { timeout: 1000 });
  else window.setTimeout(task, 0);
}

/**
 * Whether `origin` answers at all: a HEAD without CORS (its answer is opaque, its failure is
 * not). No script is ever added to the merchant's page for it.
 * @param {string} origin
 */
function probe(origin) {
  if (phase !== 'opening' || connectBlocked || typeof window.fetch !== 'function') return;
  window.fetch(origin + '/sdk.js', { method: 'HEAD', mode: 'no-cors', credentials: 'omit', cache: 'no-store' }).then(
    function () {},
    function () {
      // A CSP without connect-src refuses the probe too, which says nothing of the service:
      // its violation event comes in a task of its own, so the verdict waits one task.
      window.setTimeout(function () {
        if (phase === 'opening' && !connectBlocked) cannotStart('unreachable', origin + ' is unreachable.');
      }, 0);
    }
  );
}

/**
 * The page's CSP refused something of the service's: the frame cannot start (said with the
 * directive to add), or the first answers' fetch is blocked (they come with the bridge page).
 * @param {SecurityPolicyViolationEvent} event
 */
function onViolation(event) {
  if (event.disposition === 'report') return; // a report-only policy blocked nothing
  var origin = /** @type {NonNullable<typeof config>} */ (config).origin;
  if (String(event.blockedURI).indexOf(origin) !== 0) return;
  var directive = event.effectiveDirective || event.violatedDirective;
  if (directive === 'frame-src' || directive === 'child-src') {
    cannotStart('csp', 'the Content-Security-Policy of this page does not allow frames from ' + origin +
      ': add frame-src ' + origin + '.');
  } else if (directive === 'connect-src' && !connectBlocked) {
    connectBlocked = true;
    report('info', 'service: buttons show faster when the page allows connect-src ' + origin +
      ' in its Content-Security-Policy (the SDK works without it).');
  }
}

// ---- the bridge's messages -------------------------------------------------------------------
/** @param {ServiceProtocol.BridgeMessage} data */
function onBridgeMessage(data) {
  switch (data.type) {
    case 'first':
      // The bridge page is up, with the answers for the elements in its URL: all of them are
      // applied in this one task. Its worker may take its time on a slow network. After a
      // failure nothing is shown: a button shown then could only fail.
      if (phase !== 'opening') return;
      enter('spoken');
      phaseTimer(function () {
        cannotStart('timeout', 'its worker did not start within ' + WORKER_TIMEOUT_MS / 1000 + ' s.');
      }, WORKER_TIMEOUT_MS);
      data.commands.forEach(run);
      break;
    case 'ready': // the worker is up: hand it what waited, then say so
      if (mayRecover()) recover(); // late, not dead: it works now
      else if (phase !== 'spoken') return;
      enter('up');
      handOver();
      break;
    case 'verified': // the service knows the key (or the page checks nothing yet)
      if (phase !== 'up') return;
      enter('verified');
      resolveReady(sdk);
      break;
    case 'failed':
      fail({ code: data.code || 'worker_failed', message: data.message });
      break;
    case 'commands':
      data.commands.forEach(run);
      break;
  }
}

/** Listen to the bridge, and to the checkout's frame (relayed to the bridge). */
function listen() {
  window.addEventListener('message', function (event) {
    if (!bridge || event.origin !== bridge.origin) return;
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (event.source === bridge.frame.contentWindow && data.channel === CHANNEL) {
      onBridgeMessage(/** @type {ServiceProtocol.BridgeMessage} */ (data));
    } else if (overlay && event.source === overlay.frame.contentWindow && data.channel === CHECKOUT_CHANNEL) {
      post({ type: 'checkout-event', checkout: overlay.checkout, event: data });
    }
  });
}
