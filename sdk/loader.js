/*! service SDK loader. It hosts the bridge (Python, on the service origin) and carries out
 * the DOM commands the bridge sends. The rules live in the bridge; here only what keeps the
 * page safe without it: start timeouts, http(s) navigation, no input left in a hidden button. */
(function (window, document) {
  'use strict';

  var BRIDGE_PATH = '__BRIDGE_PATH__'; // set by the build: the versioned bridge page
  // What to report to the bridge: written by the build from the SDK's Python (backend_stub/sdk_rules/attributes.py).
  var WATCH = __WATCH__;
  /** @type {ServiceProtocol.SdkChannel} */
  var CHANNEL = 'service-sdk';
  /** @type {ServiceProtocol.CheckoutChannel} */
  var CHECKOUT_CHANNEL = 'service-checkout';
  var START_TIMEOUT_MS = 15000; // the bridge must be up by then
  var AFTER_LOAD_MS = 3000; // a loaded bridge page that says nothing has failed
  // Elements found at start travel in the bridge's URL, so that the server renders their answers
  // into the bridge page: at most this many, in at most this many characters of the URL. The
  // rest go by message once the bridge is ready.
  var URL_ELEMENTS = 50;
  var URL_BUDGET = 4096;
  var INPUTS = 'input, select, textarea, button';

  // Whatever the page holds there: the queue, this SDK loaded already, or anything else.
  var existing = /** @type {{checkout?: unknown} | undefined} */ (window.service);
  if (existing && typeof existing.checkout === 'function') {
    return; // loaded twice: the first copy stays in charge
  }
  /** @type {unknown[]} */
  var queued = Array.isArray(existing) ? existing.slice() : [];

  // An SVG <script> has no `src`: read as none.
  var script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  var scriptUrl = script && script.src ? new URL(script.src, window.location.href) : null;

  /**
   * @typedef {Element & ElementCSSInlineStyle} Watched an element the SDK shows and hides
   * @typedef {{display: string, priority: string, inputs: [HTMLInputElement, boolean, boolean][]}} Saved
   * @typedef {{resolve: (value: boolean) => void, reject: (error: Error) => void}} Call
   * @typedef {{checkout: number, dialog: HTMLDialogElement, frame: HTMLIFrameElement,
   *   close: HTMLButtonElement, previousFocus: HTMLElement | null, overflow: [string, string]}} Overlay
   */

  /** @type {{frame: HTMLIFrameElement, origin: string} | null} */
  var bridge = null;
  var isReady = false; // the bridge takes messages
  var isSettled = false; // `ready` resolved: the queue runs
  /** @type {Error | null} */
  var failure = null;
  /** @type {ServiceProtocol.PageMessage[]} messages for the bridge, held until it is ready */
  var outbox = [];
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
  /** @type {(error: Error) => void} */
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
    var log = window.console && window.console[level];
    if (!log) return;
    if (detail === undefined) log.call(window.console, message);
    else log.call(window.console, message, detail);
  }

  // ---- talking to the bridge --------------------------------------------------------------
  /** @param {ServiceProtocol.PageMessage} message */
  function post(message) {
    message.channel = CHANNEL;
    if (isReady) {
      // Ready means started: the bridge is there (its window, unless the page removed the frame).
      var target = /** @type {NonNullable<typeof bridge>} */ (bridge);
      /** @type {Window} */ (target.frame.contentWindow).postMessage(message, target.origin);
    } else {
      outbox.push(message);
    }
  }

  /** @param {string} message */
  function fail(message) {
    if (isSettled || failure) return;
    var error = failure = new Error(message);
    timers.concat(lateChecks).forEach(window.clearTimeout);
    report('error', message);
    // The bridge page may have shown buttons before its worker failed: without the SDK they
    // cannot pay, so every element the SDK watches is hidden.
    elements.forEach(function (element) { if (element) hide(element); });
    rejectReady(error);
    Object.keys(calls).forEach(function (id) {
      calls[id].reject(error);
      delete calls[id];
    });
  }

  /**
   * The rows that fit in the bridge's URL, from the start of `rows`.
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
   * @param {Record<string, unknown>} settings
   * @param {string} origin
   */
  function start(settings, origin) {
    if (bridge) {
      report('warn', 'service: the SDK is already initialised; init() ignored.');
      return;
    }
    var frame = document.createElement('iframe');
    var query = new URLSearchParams({ origin: window.location.origin });
    // The bridge reads its settings from its URL and validates them: no round trip to start.
    Object.keys(settings).forEach(function (name) {
      if (settings[name] !== null && settings[name] !== undefined) query.set(name, String(settings[name]));
    });
    // And the elements found so far, whose answers the server renders into the bridge page.
    var rows = /** @type {ServiceProtocol.Row[]} */ (Array.prototype.map.call(document.querySelectorAll(WATCH.selector), describe));
    var first = urlRows(rows);
    if (first.length) query.set('elements', JSON.stringify(first));
    frame.src = origin + BRIDGE_PATH + '?' + query.toString();
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
      fail('service SDK cannot start: ' + origin + ' did not answer within ' + START_TIMEOUT_MS / 1000 + ' s.');
    }, START_TIMEOUT_MS));
    frame.addEventListener('load', function () {
      if (!alive) lateChecks.push(window.setTimeout(function () { unreachable(origin); }, AFTER_LOAD_MS));
    });
    // Firefox and WebKit fire no load event on a frame whose server cannot be reached (Chromium
    // loads an error page in it). A script does fire `error` in every engine: if the bridge is
    // late, ask that origin for the loader, which does nothing when it runs a second time.
    lateChecks.push(window.setTimeout(function () { probe(origin); }, AFTER_LOAD_MS));
    (document.body || document.documentElement).appendChild(frame);
    observe(rows.slice(first.length)); // reports wait in the outbox until the bridge is ready
  }

  /** @param {string} origin */
  function unreachable(origin) {
    fail('service SDK cannot start: ' + origin + ' is unreachable.');
  }

  /** @param {string} origin */
  function probe(origin) {
    var tag = document.createElement('script');
    tag.async = true;
    tag.src = origin + '/sdk.js';
    tag.addEventListener('load', function () { tag.remove(); });
    tag.addEventListener('error', function () {
      tag.remove();
      unreachable(origin);
    });
    (document.head || document.documentElement).appendChild(tag);
  }

  /** @param {ServiceProtocol.BridgeMessage} data */
  function onBridgeMessage(data) {
    switch (data.type) {
      case 'first':
        // The bridge page is up, with the answers for the elements in its URL: all of them are
        // applied in this one task. Its worker has until the start timeout to be ready.
        alive = true;
        lateChecks.forEach(window.clearTimeout);
        data.commands.forEach(run);
        break;
      case 'ready': // the worker is up: hand it what waited, then say so
        timers.forEach(window.clearTimeout);
        isReady = true;
        outbox.splice(0).forEach(post);
        post({ type: 'started' });
        break;
      case 'verified': // the service knows the key (or the page checks nothing yet)
        isSettled = true;
        resolveReady(service);
        runQueue();
        break;
      case 'failed':
        fail(data.message);
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
    close_overlay: function () { closeOverlay(); },
    overlay_loaded: function () {
      if (overlay) overlay.close.style.setProperty('display', 'none');
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

  /** @param {ServiceProtocol.Row[]} rest */
  function observe(rest) {
    if (rest.length) post({ type: 'elements', added: rest, changed: [], removed: [] });
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
    if (added.length || changed.length || removed.length) {
      post({ type: 'elements', added: added, changed: changed, removed: removed });
    }
  }

  // ---- the checkout overlay ---------------------------------------------------------------
  /** @param {ServiceProtocol.CommandOpenOverlay} cmd */
  function openOverlay(cmd) {
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
    var frame = document.createElement('iframe');
    frame.src = cmd.url;
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
    dialog.appendChild(frame);
    dialog.appendChild(close);
    var root = document.documentElement;
    overlay = {
      checkout: cmd.checkout, dialog: dialog, frame: frame, close: close, previousFocus: previousFocus,
      overflow: [root.style.getPropertyValue('overflow'), root.style.getPropertyPriority('overflow')]
    };
    /** @param {Event} [event] */
    function userClose(event) {
      if (event) event.preventDefault();
      post({ type: 'checkout-event', checkout: cmd.checkout, event: { type: 'close' } });
    }
    close.addEventListener('click', function () { userClose(); });
    dialog.addEventListener('cancel', userClose); // Escape while focus is outside the frame
    dialog.addEventListener('close', function () {
      // The browser may close a modal on Escape by itself; the bridge still decides the status.
      if (overlay && overlay.dialog === dialog) userClose();
    });
    root.style.setProperty('overflow', 'hidden', 'important'); // the page behind stays put
    document.body.appendChild(dialog);
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
  function runQueue() {
    queued.splice(0).forEach(runQueued);
  }

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
    push: function (fn) {
      if (isSettled) runQueued(fn);
      else queued.push(fn);
    },
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
      if (failure) {
        report('error', failure.message);
        return;
      }
      var given = /** @type {Record<string, unknown>} */ (callbacks || {});
      var id = nextCheckout++;
      checkouts[id] = given;
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
  window.service = service;

  if (scriptUrl && scriptUrl.search) {
    var params = scriptUrl.searchParams;
    start({ 'public-key': params.get('public-key'), sandbox: params.get('sandbox') }, scriptUrl.origin);
  }
})(window, document);
