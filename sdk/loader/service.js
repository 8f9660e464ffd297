// The public object, `service`: usable as soon as the loader has run (what it is asked before the
// bridge is up waits for it, and a checkout shows its overlay at once), the queue, module
// loaders, and the loader's own start. Runs last: the other parts only declare.
/* exported sdk, report, calls, checkouts, rejectCalls, endWithFailure */
/* global phase, config, failure, ready, start, post, listen, run, overlay, openOverlay, closeOverlay,
   closeCheckout */

/**
 * @typedef {{resolve: (value: boolean) => void, reject: (error: Error) => void}} Call
 */

/** @type {Record<string, Call>} service.button() calls awaiting an answer, by id */
var calls = {};
var nextCall = 1;
/** @type {Record<string, Record<string, unknown>>} callbacks of checkouts, by id */
var checkouts = {};
var nextCheckout = 1;

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

/** @param {ServiceSDK.StartFailure} error every service.button() call waiting fails with it */
function rejectCalls(error) {
  Object.keys(calls).forEach(function (id) {
    calls[id].reject(error);
    delete calls[id];
  });
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

/** @param {unknown} fn */
function runQueued(fn) {
  if (typeof fn !== 'function') {
    report('error', 'service: push() takes a function, got ' + typeof fn + '.');
    return;
  }
  try {
    fn(sdk);
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
var sdk = {
  ready: ready,
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
    /** @type {ServiceSDK.CheckoutHandle} */
    var handle = {
      // A component that goes away ends what it started; once the checkout has ended (its
      // callbacks called, or it was ignored), or once it is closing, nothing.
      close: function () {
        if (checkouts[id]) closeCheckout(id);
      }
    };
    if (failure) { // said once already, when it failed
      endWithFailure(id);
      return handle;
    }
    if (overlay && phase !== 'up' && phase !== 'verified') {
      // The bridge's rule (sdk/checkout.py), said for it while it is not up: a double click
      // before the start must not end twice if the SDK then cannot start.
      report('warn', 'service: a checkout is already open; this checkout() call is ignored.');
      delete checkouts[id];
      return handle;
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
    return handle;
  }
};

/**
 * A parameter of the script tag that sets nothing would be silent: each one is named, once.
 * @param {URLSearchParams} params
 */
function sayIgnored(params) {
  /** @type {string[]} */
  var ignored = [];
  params.forEach(function (value, name) {
    if (TAG_SETTINGS.indexOf(name) < 0 && ignored.indexOf(name) < 0) ignored.push(name);
  });
  ignored.forEach(function (name) {
    report('warn', 'service: sdk.js ignores the parameter ' + name + ' of its script tag, which sets ' +
      TAG_SETTINGS.join(' and ') + ' only: give other settings to service.init(), on a tag without a query string.');
  });
}

/**
 * CommonJS's `module.exports`, set through a parameter: tsc reads an assignment to
 * `module.exports` itself as making this part a module, and its names then private to it.
 * @param {{exports: unknown}} commonjs
 */
function exportTo(commonjs) {
  commonjs.exports = sdk;
}

// ---- the loader's run -------------------------------------------------------------------------
// What the script tag's query string sets; the other settings are init()'s.
var TAG_SETTINGS = ['public-key', 'sandbox'];
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
} else {
  var queued = Array.isArray(existing) ? existing.slice() : [];
  // Module loaders get the same object; the global is set in every case.
  if (typeof window.define === 'function' && window.define.amd) {
    window.define(function () { return sdk; });
  } else if (typeof module === 'object' && module && typeof module.exports === 'object') {
    /* global module -- CommonJS's, on a page that bundles its scripts with one */
    exportTo(module);
  }
  // A second copy of the loader asks which key is in use (not part of the public object).
  Object.defineProperty(sdk, 'keyInUse', {
    value: function () { return config ? config.settings['public-key'] || null : null; }
  });
  window.service = sdk;
  listen();
  if (scriptUrl && scriptUrl.search) {
    var params = scriptUrl.searchParams;
    sayIgnored(params);
    start({ 'public-key': params.get('public-key'), sandbox: params.get('sandbox') }, scriptUrl.origin);
  }
  // The queue the page filled before the loader ran: now, in order, before any button shows.
  queued.splice(0).forEach(runQueued);
}
