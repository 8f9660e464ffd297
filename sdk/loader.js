/*! service SDK loader. It hosts the bridge (Python, on the service origin) and carries out
 * the DOM commands the bridge sends. The rules live in the bridge; here only what keeps the
 * page safe without it: start timeouts, http(s) navigation, no input left in a hidden button,
 * and what a checkout gets when the SDK cannot start. */
(function (window, document) {
  'use strict';

  var BRIDGE_PATH = '__BRIDGE_PATH__'; // set by the build: the versioned bridge page
  // What to report to the bridge: written by the build from the SDK's Python (backend_stub/sdk_rules/attributes.py).
  var WATCH = __WATCH__;
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
  var INPUTS = 'input, select, textarea, button';

  // An SVG <script> has no `src`: read as none.
  var script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  var scriptUrl = script && script.src ? new URL(script.src, window.location.href) : null;
  var tagKey = scriptUrl ? scriptUrl.searchParams.get('public-key') : null;

  // Whatever the page holds there: the queue, this SDK loaded already, or anything else.
  var existing = /** @type {{checkout?: unknown, keyInUse?: unknown} | undefined} */ (window.service);
  if (existing && typeof existing.checkout === 'function') {
    // Loaded twice: the first copy stays in charge. Two keys on one page is a mistake to name.
    var firstKey = typeof existing.keyInUse === 'function' ? existing.keyInUse() : null;
    if (tagKey && firstKey && tagKey !== firstKey) {
      report('warn', 'service: two SDK script tags with different public keys: ' + firstKey +
        ' is used and ' + tagKey + ' is ignored; keep one tag.');
    }
    return;
  }
  /** @type {unknown[]} */
  var queued = Array.isArray(existing) ? existing.slice() : [];

  /**
   * @typedef {Element & ElementCSSInlineStyle} Watched an element the SDK shows and hides
   * @typedef {{display: string, priority: string, inputs: [HTMLInputElement, boolean, boolean][]}} Saved
   * @typedef {{resolve: (value: boolean) => void, reject: (error: Error) => void}} Call
   * @typedef {{checkout: number, dialog: HTMLDialogElement, frame: HTMLIFrameElement,
   *   close: HTMLButtonElement, loading: HTMLElement, previousFocus: HTMLElement | null,
   *   overflow: [string, string]}} Overlay
   */

  /** @type {{origin: string, settings: Record<string, string>} | null} set by start() */
  var config = null;
  /** @type {{frame: HTMLIFrameElement, origin: string} | null} */
  var bridge = null;
  var bridgeUp = false; // the bridge's worker said ready
  var isReady = false; // the bridge takes messages: it is up and the first answers are settled
  var isSettled = false; // `ready` resolved
  var firstPending = false; // the first answers are on their way by fetch
  /** @type {ServiceProtocol.Row[]} the elements they are for, reported to the bridge if it is up first */
  var firstRows = [];
  /** @type {ServiceProtocol.PageMessage | null} the first answers, for the worker to adopt */
  var adopt = null;
  /** @type {Set<number>} elements that changed or left while their first answers travelled */
  var movedSinceFirst = new Set();
  /** @type {ServiceSDK.StartFailure | null} */
  var failure = null;
  /** @type {ServiceProtocol.PageMessage[]} messages for the bridge, held until it is ready */
  var outbox = [];
  /** @type {number[]} checkouts held in the outbox: this loader ends them if the SDK cannot start */
  var held = [];
  var connectBlocked = false; // the page's CSP refused a fetch to the service (said once)
  /** @type {Record<string, Call>} service.button() calls awaiting an answer, by id */
  var calls = {};
  var nextCall = 1;
  /** @type {Record<string, Record<string, unknown>>} callbacks of checkouts, by id */
  var checkouts = {};
  var nextCheckout = 1;
  /** @type {(Watched | null)[]} element id -> element (ids start at 1) */
  var elements = [null];
  /** @type {WeakMap<Element, number>} */
  var elementIds = new WeakMap();
  /** @type {WeakMap<Element, Saved>} element -> what hiding changed, to restore on show */
  var hidden = new WeakMap();
  /** @type {Overlay | null} */
  var overlay = null;
  /** @type {number[]} */
  var timers = [];
  var alive = false; // the bridge page has spoken: only the start timeout still runs
  /** @type {number[]} timers that tell an unreachable service, cleared once the page speaks */
  var lateChecks = [];

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
   * @param {ServiceProtocol.Level} level
   * @param {string} message
   * @param {unknown} [detail]
   */
  function report(level, message, detail) {
    var log = window.console && /** @type {Console} */ (window.console)[level];
    if (!log) return;
    if (detail === undefined) log.call(window.console, message);
    else log.call(window.console, message, detail);
  }

  // ---- talking to the bridge --------------------------------------------------------------
  /** @param {ServiceProtocol.PageMessage} message */
  function post(message) {
    if (failure && !mayRecover()) return; // no bridge will ever read it
    message.channel = CHANNEL;
    if (isReady) {
      // Ready means started: the bridge is there (its window, unless the page removed the frame).
      var target = /** @type {NonNullable<typeof bridge>} */ (bridge);
      /** @type {Window} */ (target.frame.contentWindow).postMessage(message, target.origin);
    } else {
      if (message.type === 'checkout') held.push(message.checkout);
      outbox.push(message);
      // Something waits for the bridge: it is needed now, not when the page is idle.
      if (config) openBridge([]);
    }
  }

  /**
   * The bridge is up and the first answers are settled: hand over what waited, the first
   * answers first (the worker adopts them before any later report of the same elements).
   */
  function handOver() {
    if (isReady || !bridgeUp) return;
    if (firstPending) {
      // The bridge came up first (the service is slow to answer them): it checks them itself,
      // rather than keep a checkout waiting; their late answer is then left unused.
      firstPending = false;
      movedSinceFirst.clear();
      outbox.unshift({ type: 'elements', added: firstRows, changed: [], removed: [] });
    }
    isReady = true;
    held = [];
    var waiting = outbox.splice(0);
    if (adopt) waiting.unshift(adopt);
    adopt = null;
    waiting.forEach(post);
    post({ type: 'started' });
  }

  /**
   * The SDK cannot start: say it once, hide what the bridge page may have shown (it cannot be
   * paid without the SDK), and end what waits for the bridge with the reason.
   * @param {ServiceProtocol.StartReason} reason
   */
  function fail(reason) {
    if (isSettled || failure) return;
    var error = failure = /** @type {ServiceSDK.StartFailure} */ (new Error(reason.message));
    error.code = /** @type {ServiceSDK.StartFailureCode} */ (reason.code);
    timers.concat(lateChecks).forEach(window.clearTimeout);
    report('error', reason.message);
    elements.forEach(function (element) { if (element) hide(element); });
    rejectReady(error);
    Object.keys(calls).forEach(function (id) {
      calls[id].reject(error);
      delete calls[id];
    });
    // Checkouts the bridge never got: ended here, as the bridge would end one it cannot load.
    held.splice(0).forEach(endWithFailure);
    outbox = outbox.filter(function (message) { return message.type !== 'checkout'; });
  }

  /** Every element the SDK watches that is on the page now, as rows. */
  function rowsOnPage() {
    return /** @type {ServiceProtocol.Row[]} */ (Array.prototype.map.call(document.querySelectorAll(WATCH.selector), describe));
  }

  /** A start that failed for want of an answer (not a refusal) may still come up late. */
  function mayRecover() {
    return !!failure && (failure.code === 'timeout' || failure.code === 'unreachable');
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

  /** @param {number} handle a checkout asked of an SDK that cannot start */
  function endWithFailure(handle) {
    if (!failure) return;
    var reason = { code: failure.code, message: failure.message };
    if (overlay && overlay.checkout === handle) closeOverlay();
    run({ op: 'callback', checkout: handle, name: 'onClose', args: ['error', reason] });
    run({ op: 'callback', checkout: handle, name: 'onError', args: [reason] });
    delete checkouts[handle];
  }

  /**
   * @param {string} code
   * @param {string} why
   */
  function cannotStart(code, why) {
    fail({ code: code, message: 'service SDK cannot start: ' + why });
  }

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
   * @param {Record<string, unknown>} settings
   * @param {string} origin
   */
  function start(settings, origin) {
    if (config) {
      report('warn', 'service: the SDK is already initialised; init() ignored.');
      return;
    }
    /** @type {Record<string, string>} */
    var given = {};
    Object.keys(settings).forEach(function (name) {
      if (settings[name] !== null && settings[name] !== undefined) given[name] = String(settings[name]);
    });
    config = { origin: origin, settings: given };
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
    var first = urlRows(rows);
    observe();
    if (first.length && typeof window.fetch === 'function') {
      fetchFirst(first, rows);
    } else if (rows.length) {
      // A checkout asked for while the page was parsed has opened the bridge already.
      if (bridge) post({ type: 'elements', added: rows, changed: [], removed: [] });
      else openBridge(rows);
    } else {
      // Nothing to show yet: the bridge starts when the page is idle, or before if needed.
      whenIdle(function () { openBridge([]); });
    }
  }

  /**
   * The first answers by the shortest path: one GET without custom headers (a CORS simple
   * request, no preflight), answered by the server with the SDK's own rules.
   * @param {ServiceProtocol.Row[]} first
   * @param {ServiceProtocol.Row[]} rows every element found at start
   */
  function fetchFirst(first, rows) {
    var origin = /** @type {NonNullable<typeof config>} */ (config).origin;
    firstPending = true;
    firstRows = rows;
    window.fetch(origin + FIRST_PATH + '?' + startQuery(first), { credentials: 'omit' }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    }).then(function (/** @type {ServiceProtocol.FirstAnswers} */ answers) {
      if (!firstPending) return; // the bridge took them over meanwhile
      firstPending = false;
      if (answers.failed) {
        fail(answers.failed);
        return;
      }
      // Nothing shows while the SDK says it cannot start: a click on it could only fail.
      var applied = failure ? { shown: [], hidden: [] } : applyFirst(answers.commands);
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
      window.setTimeout(function () { openBridge([]); }, 0);
      handOver();
    }, function () {
      // Blocked by the page's CSP (said once, see onViolation) or unreachable: the answers come
      // with the bridge page instead, which the server renders from the bridge's URL.
      if (!firstPending) return;
      firstPending = false;
      movedSinceFirst.clear();
      if (bridge) outbox.unshift({ type: 'elements', added: rows, changed: [], removed: [] });
      else openBridge(rows);
    });
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
   * Create the bridge iframe (once): its page on the service origin starts the worker where the
   * SDK's Python runs. `rows`: elements whose answers the server renders into the bridge page
   * (when they could not be fetched); the rest go by message once the bridge is ready.
   * @param {ServiceProtocol.Row[]} rows
   */
  function openBridge(rows) {
    if (bridge || !config || (failure && !mayRecover())) return;
    var origin = config.origin;
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
    timers.push(window.setTimeout(function () {
      cannotStart('timeout', origin + ' did not answer within ' + START_TIMEOUT_MS / 1000 + ' s.');
    }, START_TIMEOUT_MS));
    frame.addEventListener('load', function () {
      if (!alive) lateChecks.push(window.setTimeout(function () { probe(origin); }, AFTER_LOAD_MS));
    });
    // Firefox and WebKit fire no load event on a frame whose server cannot be reached (Chromium
    // loads an error page in it): a bridge page still silent is a reason to ask.
    lateChecks.push(window.setTimeout(function () { probe(origin); }, AFTER_LOAD_MS));
    (document.body || document.documentElement).appendChild(frame);
    var rest = rows.slice(inUrl.length);
    if (rest.length) outbox.unshift({ type: 'elements', added: rest, changed: [], removed: [] });
  }

  /**
   * Whether `origin` answers at all: a HEAD without CORS (its answer is opaque, its failure is
   * not). No script is ever added to the merchant's page for it.
   * @param {string} origin
   */
  function probe(origin) {
    if (alive || connectBlocked || typeof window.fetch !== 'function') return;
    window.fetch(origin + '/sdk.js', { method: 'HEAD', mode: 'no-cors', credentials: 'omit', cache: 'no-store' }).then(
      function () {},
      function () {
        // A CSP without connect-src refuses the probe too, which says nothing of the service:
        // its violation event comes in a task of its own, so the verdict waits one task.
        window.setTimeout(function () {
          if (!alive && !connectBlocked) cannotStart('unreachable', origin + ' is unreachable.');
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

  /** @param {ServiceProtocol.BridgeMessage} data */
  function onBridgeMessage(data) {
    switch (data.type) {
      case 'first':
        // The bridge page is up, with the answers for the elements in its URL: all of them are
        // applied in this one task. Its worker may take its time on a slow network.
        alive = true;
        lateChecks.concat(timers).forEach(window.clearTimeout);
        timers = [window.setTimeout(function () {
          cannotStart('timeout', 'its worker did not start within ' + WORKER_TIMEOUT_MS / 1000 + ' s.');
        }, WORKER_TIMEOUT_MS)];
        if (!failure) data.commands.forEach(run); // shown after a failure, a button could only fail
        break;
      case 'ready': // the worker is up: hand it what waited, then say so
        timers.forEach(window.clearTimeout);
        if (mayRecover()) recover(); // late, not dead: it works now
        bridgeUp = true;
        handOver();
        break;
      case 'verified': // the service knows the key (or the page checks nothing yet)
        isSettled = true;
        resolveReady(service);
        break;
      case 'failed':
        fail({ code: data.code || 'worker_failed', message: data.message });
        break;
      case 'commands':
        data.commands.forEach(run);
        break;
    }
  }

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

  // ---- commands from the bridge -------------------------------------------------------------
  /** @type {ServiceProtocol.CommandHandlers} */
  var COMMANDS = {
    console: function (cmd) {
      report(cmd.level, cmd.message, cmd.id ? elements[cmd.id] : undefined);
    },
    hide: function (cmd) {
      cmd.ids.forEach(function (id) { if (elements[id]) hide(elements[id]); });
    },
    show: function (cmd) {
      cmd.ids.forEach(function (id) { if (elements[id]) show(elements[id]); });
    },
    resolve: function (cmd) {
      var call = calls[cmd.call];
      delete calls[cmd.call];
      if (call) call.resolve(cmd.value);
    },
    reject: function (cmd) {
      var call = calls[cmd.call];
      delete calls[cmd.call];
      if (call) call.reject(new Error(cmd.message));
    },
    query: function (cmd) {
      var found;
      try {
        found = document.querySelectorAll(cmd.selector);
      } catch (error) {
        post({ type: 'query-result', call: cmd.call, error: String(/** @type {Error} */ (error).message || error) });
        return;
      }
      post({ type: 'query-result', call: cmd.call, ids: /** @type {number[]} */ (Array.prototype.map.call(found, idOf)) });
    },
    open_overlay: function (cmd) { openOverlay(cmd); },
    close_overlay: function (cmd) {
      // A closed checkout's late word must not close the next checkout's overlay.
      if (overlay && overlay.checkout === cmd.checkout) closeOverlay();
    },
    overlay_loaded: function () {
      if (!overlay) return;
      overlay.close.style.setProperty('display', 'none');
      overlay.loading.remove();
    },
    callback: function (cmd) {
      var callback = (checkouts[cmd.checkout] || {})[cmd.name];
      if (typeof callback !== 'function') return;
      try {
        callback.apply(null, cmd.args || []);
      } catch (error) {
        report('error', 'service: the ' + cmd.name + ' callback threw an error:', error);
      }
    },
    navigate: function (cmd) {
      var url;
      try {
        url = new URL(cmd.url);
      } catch (error) {
        url = null;
      }
      // The bridge already refused other schemes; this is a second lock on the same door.
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        report('error', 'service: refused to navigate to a non-http(s) URL.');
        return;
      }
      try {
        /** @type {Window} */ (window.top).location.assign(url.href);
      } catch (error) {
        window.location.assign(url.href);
      }
    },
    forget_checkout: function (cmd) { delete checkouts[cmd.checkout]; }
  };

  /** @param {ServiceProtocol.Command} cmd */
  function run(cmd) {
    // An op this loader does not know (a newer bridge) is left alone.
    var command = /** @type {((cmd: ServiceProtocol.Command) => void) | undefined} */ (COMMANDS[cmd.op]);
    if (!command) return;
    try {
      command(cmd);
    } catch (error) {
      report('error', 'service: SDK command ' + cmd.op + ' failed:', error);
    }
  }

  // ---- the merchant's elements ------------------------------------------------------------
  /** @param {Element} element */
  function idOf(element) {
    var id = elementIds.get(element);
    if (!id) {
      id = elements.length;
      elements.push(/** @type {Watched} */ (element));
      elementIds.set(element, id);
    }
    return id;
  }

  /**
   * [id, tag, value of each watched attribute or false when absent]: flat rows cross to
   * Python far faster than nested objects.
   * @param {Element} element
   * @returns {ServiceProtocol.Row}
   */
  function describe(element) {
    /** @type {ServiceProtocol.Row} */
    var row = [idOf(element), element.tagName];
    WATCH.attributes.forEach(function (name) {
      row.push(element.hasAttribute(name) ? /** @type {string} */ (element.getAttribute(name)) : false);
    });
    return row;
  }

  /** @param {Watched} element */
  function hide(element) {
    if (hidden.has(element)) return;
    /** @type {Saved} */
    var saved = {
      display: element.style.getPropertyValue('display'),
      priority: element.style.getPropertyPriority('display'),
      inputs: []
    };
    // `important` inline wins over any merchant stylesheet, `!important` rules included.
    element.style.setProperty('display', 'none', 'important');
    // Inputs, selects, text areas and buttons; only an input has `checked` (the others: undefined).
    /** @type {HTMLInputElement[]} */
    var inputs = Array.prototype.slice.call(element.querySelectorAll(INPUTS));
    if (element.matches(INPUTS)) inputs.unshift(/** @type {HTMLInputElement} */ (/** @type {unknown} */ (element)));
    inputs.forEach(function (input) {
      saved.inputs.push([input, input.disabled, input.checked]);
      input.disabled = true; // a hidden payment method cannot be submitted
      if (input.checked) input.checked = false;
    });
    hidden.set(element, saved);
  }

  /** @param {Watched} element */
  function show(element) {
    element.removeAttribute('hidden');
    var saved = hidden.get(element);
    if (!saved) return;
    hidden.delete(element);
    if (saved.display) element.style.setProperty('display', saved.display, saved.priority);
    else element.style.removeProperty('display');
    if (element.getAttribute('style') === '') element.removeAttribute('style');
    saved.inputs.forEach(function (entry) {
      entry[0].disabled = entry[1];
      if (entry[2]) entry[0].checked = true;
    });
  }

  function observe() {
    new MutationObserver(onMutations).observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: WATCH.attributes
    });
  }

  /** @param {MutationRecord[]} mutations */
  function onMutations(mutations) {
    /** @type {ServiceProtocol.Row[]} */
    var added = [];
    /** @type {ServiceProtocol.Row[]} */
    var changed = [];
    /** @type {number[]} */
    var removed = [];
    var seen = new Set();
    /**
     * @param {Element} element
     * @param {ServiceProtocol.Row[]} list
     */
    function consider(element, list) {
      if (seen.has(element)) return;
      seen.add(element);
      list.push(describe(element));
    }
    mutations.forEach(function (mutation) {
      if (mutation.type === 'attributes') {
        var element = /** @type {Element} */ (mutation.target);
        if (element.matches(WATCH.selector)) consider(element, elementIds.has(element) ? changed : added);
        else if (elementIds.has(element)) consider(element, changed);
        return;
      }
      Array.prototype.forEach.call(mutation.addedNodes, /** @param {Element} node */ function (node) {
        if (node.nodeType !== 1) return;
        if (node.matches(WATCH.selector)) consider(node, added);
        Array.prototype.forEach.call(node.querySelectorAll(WATCH.selector), /** @param {Element} child */ function (child) {
          consider(child, added);
        });
      });
      Array.prototype.forEach.call(mutation.removedNodes, /** @param {Element} node */ function (node) {
        if (node.nodeType !== 1) return;
        /** @type {Element[]} */
        var gone = [node].concat(Array.prototype.slice.call(node.querySelectorAll(WATCH.selector)));
        gone.forEach(function (left) {
          var id = elementIds.get(left);
          if (id && !left.isConnected) {
            removed.push(id);
            elements[id] = null;
            elementIds.delete(left);
          }
        });
      });
    });
    if (firstPending) {
      changed.forEach(function (row) { movedSinceFirst.add(row[0]); });
      removed.forEach(function (id) { movedSinceFirst.add(id); });
    }
    if (added.length || changed.length || removed.length) {
      post({ type: 'elements', added: added, changed: changed, removed: removed });
    }
  }

  // ---- the checkout overlay ---------------------------------------------------------------
  /**
   * The checkout's overlay: at once, in its loading state, when checkout() is called; the hosted
   * page goes into it when the bridge has found the checkout (`cmd.url`).
   * @param {ServiceProtocol.CommandOpenOverlay} cmd
   */
  function openOverlay(cmd) {
    if (overlay && overlay.checkout === cmd.checkout) {
      if (cmd.url) overlay.frame.src = cmd.url;
      return;
    }
    closeOverlay();
    var previousFocus = /** @type {HTMLElement | null} */ (document.activeElement);
    var dialog = document.createElement('dialog');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', cmd.label);
    dialog.setAttribute('data-service-overlay', '');
    setStyles(dialog, {
      position: 'fixed', inset: '0', width: '100%', height: '100%', 'max-width': '100%',
      'max-height': '100%', margin: '0', padding: '0', border: '0',
      background: 'rgba(15, 23, 42, 0.55)', overflow: 'hidden'
    });
    var loading = document.createElement('p');
    loading.setAttribute('role', 'status');
    loading.textContent = 'Loading\u2026';
    setStyles(loading, {
      position: 'absolute', top: '50%', left: '0', right: '0', margin: '0', 'text-align': 'center',
      color: '#ffffff', font: '16px/1.5 system-ui, sans-serif'
    });
    var frame = document.createElement('iframe');
    if (cmd.url) frame.src = cmd.url;
    frame.title = cmd.label;
    setStyles(frame, {
      position: 'absolute', inset: '0', width: '100%', height: '100%', border: '0',
      background: 'transparent'
    });
    var close = document.createElement('button');
    close.type = 'button';
    close.textContent = '\u00d7';
    close.setAttribute('aria-label', cmd.close_label);
    close.setAttribute('data-service-overlay-close', '');
    setStyles(close, {
      position: 'absolute', top: '12px', right: '12px', width: '44px', height: '44px',
      'border-radius': '22px', border: '0', background: '#ffffff', color: '#111827',
      font: '28px/44px system-ui, sans-serif', cursor: 'pointer', 'z-index': '1',
      'box-shadow': '0 1px 4px rgba(0, 0, 0, 0.3)'
    });
    dialog.appendChild(loading);
    dialog.appendChild(frame);
    dialog.appendChild(close);
    var root = document.documentElement;
    overlay = {
      checkout: cmd.checkout, dialog: dialog, frame: frame, close: close, loading: loading, previousFocus: previousFocus,
      overflow: [root.style.getPropertyValue('overflow'), root.style.getPropertyPriority('overflow')]
    };
    /** @param {Event} [event] */
    function userClose(event) {
      if (event) event.preventDefault();
      // The bridge decides the status; the overlay goes at once, whether the bridge is up or not.
      closeOverlay();
      post({ type: 'checkout-event', checkout: cmd.checkout, event: { type: 'close' } });
    }
    close.addEventListener('click', function () { userClose(); });
    dialog.addEventListener('cancel', userClose); // Escape while focus is outside the frame
    dialog.addEventListener('close', function () {
      // The browser may close a modal on Escape by itself; the bridge still decides the status.
      if (overlay && overlay.dialog === dialog) userClose();
    });
    root.style.setProperty('overflow', 'hidden', 'important'); // the page behind stays put
    (document.body || document.documentElement).appendChild(dialog); // a checkout asked from the head
    dialog.showModal();
    frame.focus();
  }

  function closeOverlay() {
    if (!overlay) return;
    var current = overlay;
    overlay = null;
    var root = document.documentElement;
    if (current.overflow[0]) root.style.setProperty('overflow', current.overflow[0], current.overflow[1]);
    else root.style.removeProperty('overflow');
    if (current.dialog.open) current.dialog.close();
    current.dialog.remove();
    if (current.previousFocus && typeof current.previousFocus.focus === 'function') {
      current.previousFocus.focus();
    }
  }

  /**
   * @param {ElementCSSInlineStyle} element
   * @param {Record<string, string>} styles
   */
  function setStyles(element, styles) {
    Object.keys(styles).forEach(function (name) {
      element.style.setProperty(name, styles[name]);
    });
  }

  // ---- the public object --------------------------------------------------------------------

  /** @param {unknown} fn */
  function runQueued(fn) {
    if (typeof fn !== 'function') {
      report('error', 'service: push() takes a function, got ' + typeof fn + '.');
      return;
    }
    try {
      fn(service);
    } catch (error) {
      report('error', 'service: a function pushed to the queue threw an error:', error);
    }
  }

  /** @param {unknown} value */
  function toPlain(value) {
    // Messages carry data only: functions and DOM nodes cannot cross to the bridge.
    return value === undefined ? null : JSON.parse(JSON.stringify(value));
  }

  /** @type {ServiceSDK.Service} */
  var service = {
    ready: ready,
    // Usable as soon as the loader has run: what it is asked before the bridge is up waits in
    // the outbox, and a checkout shows its overlay at once.
    push: function (fn) { runQueued(fn); },
    /** @param {Partial<ServiceSDK.InitOptions>} [options] a page in JavaScript may pass nothing */
    init: function (options) {
      options = options || {};
      var origin = scriptUrl ? scriptUrl.origin : window.location.origin;
      if (options.api_url) {
        try {
          origin = new URL(options.api_url, window.location.href).origin;
        } catch (error) {
          report('error', 'service: init() option api_url is not a URL: ' + options.api_url);
          return;
        }
      }
      start({
        'public-key': options.public_key,
        sandbox: options.sandbox,
        checkout_timeout: options.checkout_timeout
      }, origin);
    },
    button: function (options) {
      if (failure) return Promise.reject(failure);
      var id = nextCall++;
      var promise = new Promise(function (resolve, reject) {
        calls[id] = { resolve: resolve, reject: reject };
      });
      var plain;
      try {
        plain = toPlain(options);
      } catch (error) {
        delete calls[id];
        // Whatever a toJSON throws, an Error or not.
        var why = error instanceof Error ? error.message : String(error);
        return Promise.reject(new Error('service.button: options must be plain data: ' + why));
      }
      post({ type: 'button', call: id, options: plain });
      return promise;
    },
    checkout: function (checkoutId, callbacks) {
      var given = /** @type {Record<string, unknown>} */ (callbacks || {});
      var id = nextCheckout++;
      checkouts[id] = given;
      if (failure) { // said once already, when it failed
        endWithFailure(id);
        return;
      }
      if (overlay && !isReady) {
        // The bridge's rule (sdk/checkout.py), said for it while it is not up: a double click
        // before the start must not end twice if the SDK then cannot start.
        report('warn', 'service: a checkout is already open; this checkout() call is ignored.');
        delete checkouts[id];
        return;
      }
      if (!overlay) openOverlay({ op: 'open_overlay', checkout: id, url: '', label: 'Checkout', close_label: 'Close checkout' });
      var names = Object.keys(given).filter(function (name) {
        return typeof given[name] === 'function';
      });
      post({
        type: 'checkout',
        checkout: id,
        checkout_id: checkoutId === undefined ? null : toPlain(checkoutId),
        callbacks: names
      });
    }
  };

  // Module loaders get the same object; the global is set in every case.
  if (typeof window.define === 'function' && window.define.amd) {
    window.define(function () { return service; });
  } else if (typeof module === 'object' && module && typeof module.exports === 'object') {
    /* global module -- CommonJS's, on a page that bundles its scripts with one */
    module.exports = service;
  }
  // A second copy of the loader asks which key is in use (not part of the public object).
  Object.defineProperty(service, 'keyInUse', {
    value: function () { return config ? config.settings['public-key'] || null : null; }
  });
  window.service = service;

  if (scriptUrl && scriptUrl.search) {
    var params = scriptUrl.searchParams;
    start({ 'public-key': params.get('public-key'), sandbox: params.get('sandbox') }, scriptUrl.origin);
  }
  // The queue the page filled before the loader ran: now, in order, before any button shows.
  queued.splice(0).forEach(runQueued);
})(window, document);
