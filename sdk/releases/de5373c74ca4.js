/*! service SDK loader. It hosts the bridge (Python, on the service origin) and carries out
 * the DOM commands the bridge sends. The rules live in the bridge; here only what keeps the
 * page safe without it: start timeouts, http(s) navigation, no input left in a hidden button,
 * and what a checkout gets when the SDK cannot start. */
(function (window, document) {
  'use strict';
  var START_MOVES = {
  loaded: ['configured'],
  configured: ['opening', 'failed'],
  opening: ['spoken', 'failed'],
  spoken: ['up', 'failed'],
  up: ['verified', 'failed'],
  verified: [],
  failed: ['up']
};
var FIRST_MOVES = {
  none: ['fetching', 'with_bridge'],
  fetching: ['fetched', 'with_bridge'],
  fetched: ['adopted'],
  with_bridge: [],
  adopted: []
};
var ELEMENT_MOVES = {
  found: ['checking', 'shown', 'hidden', 'gone'],
  checking: ['shown', 'hidden', 'gone'],
  shown: ['hidden', 'gone'],
  hidden: ['shown', 'gone'],
  gone: []
};
function transition(machine, moves, from, to) {
  if (moves[from].indexOf(to) < 0) {
    throw new Error('illegal ' + machine + ' transition: ' + from + ' -> ' + to);
  }
  return to;
}
var BRIDGE_PATH = '/sdk/bridge.html';
var CHANNEL = 'service-sdk';
var CHECKOUT_CHANNEL = 'service-checkout';
var START_TIMEOUT_MS = 15000;
var WORKER_TIMEOUT_MS = 60000;
var AFTER_LOAD_MS = 3000;
var URL_ELEMENTS = 50;
var URL_BUDGET = 4096;
var FIRST_PATH = '/sdk/first';
var phase = 'loaded';
var first = 'none';
var config = null;
var bridge = null;
var phaseTimers = [];
var firstRows = [];
var adopt = null;
var movedSinceFirst = new Set();
var failure = null;
var outbox = [];
var connectBlocked = false;
var resolveReady;
var rejectReady;
var ready = new Promise(function (resolve, reject) {
  resolveReady = resolve;
  rejectReady = reject;
});
ready.catch(function () {});
function enter(next) {
  phase = transition('start', START_MOVES, phase, next);
  phaseTimers.splice(0).forEach(function (timer) { window.clearTimeout(timer); });
}
function phaseTimer(task, ms) {
  phaseTimers.push(window.setTimeout(task, ms));
}
function firstTo(next) {
  first = transition('first answers', FIRST_MOVES, first, next);
}
function mayRecover() {
  return phase === 'failed' && !!failure && (failure.code === 'timeout' || failure.code === 'unreachable');
}
function post(message) {
  if (phase === 'failed' && !mayRecover()) return;
  message.channel = CHANNEL;
  if (phase === 'up' || phase === 'verified') {
    var target = (bridge);
    (target.frame.contentWindow).postMessage(message, target.origin);
  } else {
    outbox.push(message);
    openBridgeIfDue();
  }
}
function handOver() {
  if (first === 'fetching') {
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
function openBridgeIfDue() {
  if (phase !== 'configured') return;
  if (first === 'fetching' && !outbox.length) return;
  openBridge();
}
function openBridge() {
  var origin = (config).origin;
  var rows = first === 'with_bridge' ? firstRows : [];
  var inUrl = urlRows(rows);
  var frame = document.createElement('iframe');
  frame.src = origin + BRIDGE_PATH + '?' + startQuery(inUrl);
  frame.title = 'service SDK';
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
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
  phaseTimer(function () { probe(origin); }, AFTER_LOAD_MS);
  (document.body || document.documentElement).appendChild(frame);
  var rest = rows.slice(inUrl.length);
  if (rest.length) outbox.unshift({ type: 'elements', added: rest, changed: [], removed: [] });
}
function fail(reason) {
  if (phase === 'verified' || phase === 'failed') return;
  var error = failure = (new Error(reason.message));
  error.code = (reason.code);
  enter('failed');
  report('error', reason.message);
  hideAll();
  rejectReady(error);
  rejectCalls(error);
  var held = outbox;
  outbox = held.filter(function (message) { return message.type !== 'checkout'; });
  held.forEach(function (message) {
    if (message.type === 'checkout') endWithFailure(message.checkout);
  });
}
function cannotStart(code, why) {
  fail({ code: code, message: 'service SDK cannot start: ' + why });
}
function recover() {
  failure = null;
  var rows = rowsOnPage();
  var ids = rows.map(function (row) { return row[0]; });
  outbox.push({ type: 'elements', added: rows, changed: [], removed: ids });
}
function urlRows(rows) {
  var count = 0;
  while (count < rows.length && count < URL_ELEMENTS &&
    encodeURIComponent(JSON.stringify(rows.slice(0, count + 1))).length <= URL_BUDGET) {
    count++;
  }
  return rows.slice(0, count);
}
function startQuery(rows) {
  var query = new URLSearchParams({ origin: window.location.origin });
  var settings = (config).settings;
  Object.keys(settings).forEach(function (name) { query.set(name, settings[name]); });
  if (rows.length) query.set('elements', JSON.stringify(rows));
  return query.toString();
}
function start(settings, origin) {
  if (phase !== 'loaded') {
    report('warn', 'service: the SDK is already initialised; init() ignored.');
    return;
  }
  var given = {};
  Object.keys(settings).forEach(function (name) {
    if (settings[name] !== null && settings[name] !== undefined) given[name] = String(settings[name]);
  });
  config = { origin: origin, settings: given };
  enter('configured');
  document.addEventListener('securitypolicyviolation', onViolation);
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', findElements, { once: true });
  } else {
    findElements();
  }
}
function findElements() {
  var rows = rowsOnPage();
  var inRequest = urlRows(rows);
  observe();
  if (inRequest.length && typeof window.fetch === 'function') {
    fetchFirst(inRequest, rows);
  } else if (rows.length) {
    firstTo('with_bridge');
    firstRows = rows;
    if (bridge) post({ type: 'elements', added: rows, changed: [], removed: [] });
    else openBridgeIfDue();
  } else {
    whenIdle(openBridgeIfDue);
  }
}
function fetchFirst(inRequest, rows) {
  var origin = (config).origin;
  firstTo('fetching');
  firstRows = rows;
  window.fetch(origin + FIRST_PATH + '?' + startQuery(inRequest), { credentials: 'omit' }).then(function (response) {
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  }).then(function ( answers) {
    if (first !== 'fetching') return;
    firstTo('fetched');
    if (answers.failed) {
      fail(answers.failed);
      return;
    }
    var applied = phase === 'failed' ? { shown: [], hidden: [] } : applyFirst(answers.commands);
    var settled = answers.elements.filter(function (row) { return !movedSinceFirst.has(row[0]); });
    movedSinceFirst.clear();
    adopt = { type: 'adopt', elements: settled, answers: answers.answers, shown: applied.shown, hidden: applied.hidden };
    var rest = rows.slice(answers.taken);
    if (rest.length) outbox.unshift({ type: 'elements', added: rest, changed: [], removed: [] });
    window.setTimeout(openBridgeIfDue, 0);
  }, function () {
    if (first !== 'fetching') return;
    firstTo('with_bridge');
    movedSinceFirst.clear();
    if (bridge) outbox.unshift({ type: 'elements', added: rows, changed: [], removed: [] });
    else openBridgeIfDue();
  });
}
function movedWhileFirst(ids) {
  if (first === 'fetching') ids.forEach(function (id) { movedSinceFirst.add(id); });
}
function applyFirst(commands) {
  var left = new Map();
  commands.forEach(function (cmd) {
    if (cmd.op === 'show' || cmd.op === 'hide') {
      if (cmd.op === 'show') cmd.ids = cmd.ids.filter(function (id) { return !movedSinceFirst.has(id); });
      cmd.ids.forEach(function (id) { left.set(id, cmd.op === 'show'); });
    }
    run(cmd);
  });
  var applied = { shown: [], hidden: [] };
  left.forEach(function (isShown, id) { (isShown ? applied.shown : applied.hidden).push(id); });
  return applied;
}
function whenIdle(task) {
  var idle = (
    (window)).requestIdleCallback;
  if (typeof idle === 'function') idle.call(window, task, { timeout: 1000 });
  else window.setTimeout(task, 0);
}
function probe(origin) {
  if (phase !== 'opening' || connectBlocked || typeof window.fetch !== 'function') return;
  window.fetch(origin + '/sdk.js', { method: 'HEAD', mode: 'no-cors', credentials: 'omit', cache: 'no-store' }).then(
    function () {},
    function () {
      window.setTimeout(function () {
        if (phase === 'opening' && !connectBlocked) cannotStart('unreachable', origin + ' is unreachable.');
      }, 0);
    }
  );
}
function onViolation(event) {
  if (event.disposition === 'report') return;
  var origin = (config).origin;
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
function onBridgeMessage(data) {
  switch (data.type) {
    case 'first':
      if (phase !== 'opening') return;
      enter('spoken');
      phaseTimer(function () {
        cannotStart('timeout', 'its worker did not start within ' + WORKER_TIMEOUT_MS / 1000 + ' s.');
      }, WORKER_TIMEOUT_MS);
      data.commands.forEach(run);
      break;
    case 'ready':
      if (mayRecover()) recover();
      else if (phase !== 'spoken') return;
      enter('up');
      handOver();
      break;
    case 'verified':
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
function listen() {
  window.addEventListener('message', function (event) {
    if (!bridge || event.origin !== bridge.origin) return;
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (event.source === bridge.frame.contentWindow && data.channel === CHANNEL) {
      onBridgeMessage( (data));
    } else if (overlay && event.source === overlay.frame.contentWindow && data.channel === CHECKOUT_CHANNEL) {
      post({ type: 'checkout-event', checkout: overlay.checkout, event: data });
    }
  });
}
var WATCH = {"selector": "[data-service-button],[data-service-payment-info]", "attributes": ["data-service-button", "data-service-payment-info", "data-amount", "data-currency", "data-product-type"], "button": "data-service-button", "checked": ["data-amount", "data-currency", "data-product-type"]};
var tracked = [null];
var elementIds = new WeakMap();
var available = new Set();
function elementTo(record, next) {
  record.state = transition('element', ELEMENT_MOVES, record.state, next);
}
function elementOf(id) {
  var record = tracked[id];
  return record ? record.element : null;
}
function idOf(element) {
  var id = elementIds.get(element);
  if (!id) {
    id = tracked.length;
    var record = { element: (element), state: 'found', values: null, key: null };
    tracked.push(record);
    elementIds.set(element, id);
    if (isCovered(record.element)) elementTo(record, 'hidden');
  }
  return id;
}
function rowOf(id, element) {
  var row = [id, element.tagName];
  WATCH.attributes.forEach(function (name) {
    row.push(element.hasAttribute(name) ? (element.getAttribute(name)) : false);
  });
  return row;
}
function remember(record, row) {
  record.values = JSON.stringify(row.slice(2));
  var element = record.element;
  record.key = element.hasAttribute(WATCH.button)
    ? JSON.stringify(WATCH.checked.map(function (name) { return element.getAttribute(name); }))
    : null;
}
function describe(element) {
  var id = idOf(element);
  var record = (tracked[id]);
  if (record.state === 'found') elementTo(record, 'checking');
  var row = rowOf(id, element);
  remember(record, row);
  return row;
}
function renew(element, oldId) {
  var wasShown = (tracked[oldId]).state === 'shown';
  forget(element, oldId);
  var id = idOf(element);
  var record = (tracked[id]);
  var row = rowOf(id, element);
  remember(record, row);
  if (record.key !== null && available.has(record.key) && phase !== 'failed') show(record);
  else if (wasShown && record.key !== null) hide(record, 'checking');
  else if (wasShown) elementTo(record, 'shown');
  if (record.state === 'found') elementTo(record, 'checking');
  return row;
}
function forget(element, id) {
  elementTo( (tracked[id]), 'gone');
  tracked[id] = null;
  elementIds.delete(element);
}
function rowsOnPage() {
  return (Array.prototype.map.call(document.querySelectorAll(WATCH.selector), describe));
}
function hide(record, reason) {
  if (record.state !== 'hidden') {
    cover(record.element);
    elementTo(record, 'hidden');
  }
  announce(record.element, false, reason);
}
function show(record) {
  var element = record.element;
  element.removeAttribute('hidden');
  if (record.key !== null) available.add(record.key);
  if (record.state !== 'shown') {
    elementTo(record, 'shown');
    uncover(element);
  }
  announce(element, true, null);
}
function hideIds(ids, reason) {
  ids.forEach(function (id) {
    var record = tracked[id];
    if (record) hide(record, reason);
  });
}
function showIds(ids) {
  ids.forEach(function (id) {
    var record = tracked[id];
    if (record) show(record);
  });
}
function hideAll() {
  tracked.forEach(function (record) { if (record) hide(record, 'cannot_start'); });
}
function observe() {
  new MutationObserver(onMutations).observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: WATCH.attributes
  });
}
function onMutations(mutations) {
  var added = [];
  var removed = [];
  var seen = new Set();
  function consider(element) {
    if (seen.has(element)) return;
    seen.add(element);
    var id = elementIds.get(element);
    var record = id ? tracked[id] : null;
    if (!id || !record) {
      added.push(describe(element));
    } else if (record.values !== JSON.stringify(rowOf(id, element).slice(2))) {
      removed.push(id);
      added.push(renew(element, id));
    }
  }
  mutations.forEach(function (mutation) {
    if (mutation.type === 'attributes') {
      var element = (mutation.target);
      if (element.matches(WATCH.selector) || elementIds.has(element)) consider(element);
      return;
    }
    Array.prototype.forEach.call(mutation.addedNodes, function (node) {
      if (node.nodeType !== 1) return;
      if (node.matches(WATCH.selector)) consider(node);
      Array.prototype.forEach.call(node.querySelectorAll(WATCH.selector), consider);
    });
    Array.prototype.forEach.call(mutation.removedNodes, function (node) {
      if (node.nodeType !== 1) return;
      var gone = [node].concat(Array.prototype.slice.call(node.querySelectorAll(WATCH.selector)));
      gone.forEach(function (left) {
        var id = elementIds.get(left);
        if (id && !left.isConnected) {
          removed.push(id);
          forget(left, id);
        }
      });
    });
  });
  added = added.filter(function (row) { return removed.indexOf(row[0]) < 0; });
  movedWhileFirst(removed);
  if (added.length || removed.length) {
    post({ type: 'elements', added: added, changed: [], removed: removed });
  }
}
var INPUTS = 'input, select, textarea, button';
var AVAILABILITY = 'service:availability';
var GUARDED = { attributes: true, attributeFilter: ['style', 'disabled'], subtree: true };
var covers = new WeakMap();
var disabledBySdk = new WeakSet();
var announced = new WeakMap();
var guard = new MutationObserver(onGuarded);
function inlineDisplay(element) {
  return ([element.style.getPropertyValue('display'),
    element.style.getPropertyPriority('display')]);
}
function isCovered(element) {
  return covers.has(element);
}
function cover(element) {
  ownChanges();
  var added = { display: inlineDisplay(element), disabled: [] };
  element.style.setProperty('display', 'none', 'important');
  var inputs = Array.prototype.slice.call(element.querySelectorAll(INPUTS));
  if (element.matches(INPUTS)) inputs.unshift( ( (element)));
  var unchecked = [];
  inputs.forEach(function (input) {
    if (!input.disabled) {
      input.disabled = true;
      disabledBySdk.add(input);
      added.disabled.push(input);
    }
    if (input.checked) {
      input.checked = false;
      unchecked.push(input);
    }
  });
  guard.takeRecords();
  guard.observe(element, GUARDED);
  covers.set(element, added);
  unchecked.forEach(function (input) { input.dispatchEvent(new Event('change', { bubbles: true })); });
}
function uncover(element) {
  ownChanges();
  var added = covers.get(element);
  if (!added) return;
  covers.delete(element);
  if (added.display[0]) element.style.setProperty('display', added.display[0], added.display[1]);
  else element.style.removeProperty('display');
  if (element.getAttribute('style') === '') element.removeAttribute('style');
  added.disabled.forEach(function (input) {
    if (!disabledBySdk.has(input)) return;
    disabledBySdk.delete(input);
    input.disabled = false;
  });
  guard.takeRecords();
}
function ownChanges() {
  onGuarded(guard.takeRecords());
}
function onGuarded(mutations) {
  mutations.forEach(function (mutation) {
    var target = (mutation.target);
    if (mutation.attributeName === 'disabled') {
      disabledBySdk.delete(target);
      return;
    }
    var added = covers.get(target);
    var display = inlineDisplay(target);
    if (!added || (display[0] === 'none' && display[1] === 'important')) return;
    added.display = display;
    target.style.setProperty('display', 'none', 'important');
  });
  guard.takeRecords();
}
function announce(element, isAvailable, reason) {
  var said = isAvailable ? '' : String(reason);
  if (announced.get(element) === said) return;
  announced.set(element, said);
  var detail = { available: isAvailable, reason: isAvailable ? null : reason };
  element.dispatchEvent(new CustomEvent(AVAILABILITY, { bubbles: true, detail: detail }));
}
var COMMANDS = {
  console: function (cmd) {
    report(cmd.level, cmd.message, (cmd.id && elementOf(cmd.id)) || undefined);
  },
  hide: function (cmd) { hideIds(cmd.ids, (cmd.reason)); },
  show: function (cmd) { showIds(cmd.ids); },
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
      post({ type: 'query-result', call: cmd.call, error: String( (error).message || error) });
      return;
    }
    post({ type: 'query-result', call: cmd.call, ids: (Array.prototype.map.call(found, idOf)) });
  },
  open_overlay: function (cmd) { openOverlay(cmd); },
  close_overlay: function (cmd) {
    checkoutEnding(cmd.checkout);
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
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      report('error', 'service: refused to navigate to a non-http(s) URL.');
      return;
    }
    try {
      (window.top).location.assign(url.href);
    } catch (error) {
      window.location.assign(url.href);
    }
  },
  forget_checkout: function (cmd) { delete checkouts[cmd.checkout]; }
};
function run(cmd) {
  var command = (COMMANDS[cmd.op]);
  if (!command) return;
  try {
    command(cmd);
  } catch (error) {
    report('error', 'service: SDK command ' + cmd.op + ' failed:', error);
  }
}
var overlay = null;
var closing = new Set();
function openOverlay(cmd) {
  if (overlay && overlay.checkout === cmd.checkout) {
    if (cmd.url) overlay.frame.src = cmd.url;
    return;
  }
  closeOverlay();
  var previousFocus = (document.activeElement);
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
  function userClose(event) {
    if (event) event.preventDefault();
    closeCheckout(cmd.checkout);
  }
  close.addEventListener('click', function () { userClose(); });
  dialog.addEventListener('cancel', userClose);
  dialog.addEventListener('close', function () {
    if (overlay && overlay.dialog === dialog) userClose();
  });
  root.style.setProperty('overflow', 'hidden', 'important');
  (document.body || document.documentElement).appendChild(dialog);
  dialog.showModal();
  frame.focus();
}
function closeCheckout(handle) {
  if (closing.has(handle)) return;
  checkoutEnding(handle);
  if (overlay && overlay.checkout === handle) closeOverlay();
  post({ type: 'checkout-event', checkout: handle, event: { type: 'close' } });
}
function checkoutEnding(handle) {
  closing.add(handle);
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
function setStyles(element, styles) {
  Object.keys(styles).forEach(function (name) {
    element.style.setProperty(name, styles[name]);
  });
}
var calls = {};
var nextCall = 1;
var checkouts = {};
var nextCheckout = 1;
function report(level, message, detail) {
  var log = window.console && (window.console)[level];
  if (!log) return;
  if (detail === undefined) log.call(window.console, message);
  else log.call(window.console, message, detail);
}
function rejectCalls(error) {
  Object.keys(calls).forEach(function (id) {
    calls[id].reject(error);
    delete calls[id];
  });
}
function endWithFailure(handle) {
  if (!failure) return;
  var reason = { code: failure.code, message: failure.message };
  if (overlay && overlay.checkout === handle) closeOverlay();
  run({ op: 'callback', checkout: handle, name: 'onClose', args: ['error', reason] });
  run({ op: 'callback', checkout: handle, name: 'onError', args: [reason] });
  delete checkouts[handle];
}
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
function toPlain(value) {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}
var sdk = {
  ready: ready,
  push: function (fn) { runQueued(fn); },
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
      var why = error instanceof Error ? error.message : String(error);
      return Promise.reject(new Error('service.button: options must be plain data: ' + why));
    }
    post({ type: 'button', call: id, options: plain });
    return promise;
  },
  checkout: function (checkoutId, callbacks) {
    var given = (callbacks || {});
    var id = nextCheckout++;
    checkouts[id] = given;
    var handle = {
      close: function () {
        if (checkouts[id]) closeCheckout(id);
      }
    };
    if (failure) {
      endWithFailure(id);
      return handle;
    }
    if (overlay && phase !== 'up' && phase !== 'verified') {
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
function sayIgnored(params) {
  var ignored = [];
  params.forEach(function (value, name) {
    if (TAG_SETTINGS.indexOf(name) < 0 && ignored.indexOf(name) < 0) ignored.push(name);
  });
  ignored.forEach(function (name) {
    report('warn', 'service: sdk.js ignores the parameter ' + name + ' of its script tag, which sets ' +
      TAG_SETTINGS.join(' and ') + ' only: give other settings to service.init(), on a tag without a query string.');
  });
}
function exportTo(commonjs) {
  commonjs.exports = sdk;
}
var TAG_SETTINGS = ['public-key', 'sandbox'];
var script = (document.currentScript);
var scriptUrl = script && script.src ? new URL(script.src, window.location.href) : null;
var tagKey = scriptUrl ? scriptUrl.searchParams.get('public-key') : null;
var existing = (window.service);
if (existing && typeof existing.checkout === 'function') {
  var firstKey = typeof existing.keyInUse === 'function' ? existing.keyInUse() : null;
  if (tagKey && firstKey && tagKey !== firstKey) {
    report('warn', 'service: two SDK script tags with different public keys: ' + firstKey +
      ' is used and ' + tagKey + ' is ignored; keep one tag.');
  }
} else {
  var queued = Array.isArray(existing) ? existing.slice() : [];
  if (typeof window.define === 'function' && window.define.amd) {
    window.define(function () { return sdk; });
  } else if (typeof module === 'object' && module && typeof module.exports === 'object') {
    exportTo(module);
  }
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
  queued.splice(0).forEach(runQueued);
}
})(window, document);
