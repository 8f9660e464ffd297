// A merchant page for the loader, without a server or a browser: jsdom's DOM, a fake bridge (its
// frame's window records what the loader posts; tests post the bridge's answers as the browser
// would deliver them, with an origin and a source) and a clock the test moves by hand.
//
// The loader is the one the service serves (comments stripped, placeholders filled): the pytest
// test tests/loader/test_loader.py writes it and names it in SERVICE_LOADER.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { JSDOM, VirtualConsole } from 'jsdom';

export const SERVICE = 'https://service.example';
export const MERCHANT = 'https://shop.example';
export const CHANNEL = 'service-sdk';
export const CHECKOUT_CHANNEL = 'service-checkout';

if (!process.env.SERVICE_LOADER) {
  throw new Error('SERVICE_LOADER names no loader: run these through pytest tests/loader');
}
const SOURCE = readFileSync(process.env.SERVICE_LOADER, 'utf8');
/** What the build wrote into the loader: the elements it reports and the attributes it reads. */
export const WATCH = JSON.parse(process.env.SERVICE_WATCH);

/** Timers of the page that run only when the test says how much time passes. */
function fakeClock(window) {
  let now = 0;
  let next = 1;
  const timers = new Map();
  window.setTimeout = (callback, delay) => {
    timers.set(next, { at: now + (delay || 0), callback });
    return next++;
  };
  window.clearTimeout = (id) => { timers.delete(id); };
  return {
    tick(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
  };
}

/**
 * A fetch the test answers by hand: each call is recorded with its URL and options, and waits
 * until the test calls `answer(json)` (a 200 with that body) or `refuse()` (a network error).
 */
export function fakeFetch() {
  const calls = [];
  const fetch = (url, options = {}) => new Promise((resolve, reject) => {
    calls.push({
      url: new URL(url),
      options,
      answer: (body, status = 200) => resolve({ ok: status < 300, status, json: async () => body }),
      refuse: () => reject(new TypeError('Failed to fetch')),
    });
  });
  fetch.calls = calls;
  return fetch;
}

/**
 * A merchant page holding `body`, with the loader run in it. `query`: the script tag's query
 * string (the loader then starts by itself); without it the test calls `service.init()`.
 * `before`: a script of the page that runs before the loader. `fetch`: the page's fetch (jsdom
 * has none: without it the loader takes the path of a page whose CSP blocks fetch).
 */
export function merchantPage(body = '', { query = null, before = '', fetch = null } = {}) {
  const console = [];
  const virtualConsole = new VirtualConsole();
  for (const level of ['error', 'warn', 'info', 'log']) {
    virtualConsole.on(level, (message, ...rest) => console.push({ level, message: String(message), rest }));
  }
  // An exception the loader let escape into the page (an illegal state move, a bug): noFaults().
  virtualConsole.on('jsdomError', (error) => console.push({ level: 'jsdom', message: error.message }));
  const dom = new JSDOM(`<!doctype html><html><head></head><body>${body}</body></html>`, {
    url: `${MERCHANT}/cart`,
    runScripts: 'outside-only',
    virtualConsole,
  });
  const { window } = dom;
  const clock = fakeClock(window);
  // jsdom has the element but not its modal behaviour: enough of it for the overlay's steps.
  window.HTMLDialogElement.prototype.showModal = function () { this.setAttribute('open', ''); };
  window.HTMLDialogElement.prototype.close = function () {
    this.removeAttribute('open');
    this.dispatchEvent(new window.Event('close'));
  };
  if (query !== null) {
    Object.defineProperty(window.document, 'currentScript', { value: { src: `${SERVICE}/sdk.js?${query}` }, configurable: true });
  }
  if (fetch) window.fetch = fetch;
  // jsdom has parsed the body already, and says 'loading' until a task later: a page whose
  // loader runs while it is parsed says so in `before`.
  Object.defineProperty(window.document, 'readyState', { value: 'complete', configurable: true });
  window.eval(before);
  window.eval(SOURCE);
  const page = new Page(window, clock, console);
  pages.push(page);
  return page;
}

const pages = [];

/** After each test: no page let an exception escape the loader (each file's afterEach). */
export function noFaults() {
  const faults = pages.splice(0).flatMap((page) => page.console.filter((entry) => entry.level === 'jsdom'));
  assert.deepEqual(faults.map((entry) => entry.message), [], 'the loader threw into the page');
}

export const BUTTON = '<button data-service-button data-amount="1250" data-currency="EUR">Pay later</button>';

/** Three elements a cart shows: two buttons at one amount, and their information. */
export const CART = `<button id="later" data-service-button data-amount="45000" data-currency="EUR" data-product-type="pay_later" hidden>Later</button>
  <button id="four" data-service-button data-amount="45000" data-currency="EUR" data-product-type="pay_in_4" hidden>In 4</button>
  <p id="info" data-service-payment-info hidden>Pay later or in 4</p>`;

/** The page with its bridge up: the bridge page spoke (`first`) and its worker is ready. */
export function started(body = BUTTON) {
  const page = merchantPage(body);
  page.init();
  page.fromBridge('first', { commands: [] });
  page.fromBridge('ready');
  return page;
}

/** A part of the loader as written (sdk/loader/<name>), for a part that stands alone. */
export function partSource(name) {
  return readFileSync(new URL(`../../sdk/loader/${name}`, import.meta.url), 'utf8');
}

class Page {
  constructor(window, clock, console) {
    this.window = window;
    this.document = window.document;
    this.clock = clock;
    this.console = console;
    this.sent = []; // what the loader posted to the bridge, in order
  }

  /** The merchant's page includes the loader a second time. */
  runLoaderAgain() {
    this.window.eval(SOURCE);
  }

  get service() {
    return this.window.service;
  }

  /** service.init() with the sandbox's settings, unless told others; the page then goes idle
   * (a page without buttons opens the bridge when idle). */
  init(options = {}) {
    this.service.init({ public_key: 'pk_test_demo', sandbox: true, api_url: SERVICE, ...options });
    this.clock.tick(0);
    return this.bridge();
  }

  /** The bridge's frame, its window set to record what the loader posts to it. */
  bridge() {
    const frame = this.document.querySelector('iframe[title="service SDK"]');
    if (frame && !frame.recording) {
      frame.recording = true;
      // Copied as postMessage would (and into this realm's objects, which assert compares).
      frame.contentWindow.postMessage = (message, origin) => this.sent.push({ message: plain(message), origin });
    }
    return frame;
  }

  /** The bridge's URL parameters. */
  bridgeQuery() {
    return new URL(this.bridge().src).searchParams;
  }

  /** A message as the browser delivers it to the page's window (from the bridge by default). */
  deliver(data, { origin = SERVICE, source = this.bridge().contentWindow } = {}) {
    this.window.dispatchEvent(new this.window.MessageEvent('message', { data, origin, source }));
  }

  /** The bridge says `type` on its channel. */
  fromBridge(type, fields = {}) {
    this.deliver({ channel: CHANNEL, type, ...fields });
  }

  /** The bridge's commands, as its worker sends them. */
  commands(...commands) {
    this.fromBridge('commands', { commands });
  }

  /** What the loader posted to the bridge, by message type. */
  posted(type) {
    return this.sent.map((entry) => entry.message).filter((message) => message.type === type);
  }

  errors() {
    return this.console.filter((entry) => entry.level === 'error').map((entry) => entry.message);
  }

  byId(id) {
    return this.document.getElementById(id);
  }

  /** Whether the loader has the element hidden (its inline `display: none !important`). */
  isHidden(element) {
    return element.style.getPropertyValue('display') === 'none'
      && element.style.getPropertyPriority('display') === 'important';
  }
}

/** `value` (data of the page's realm) as this realm's plain data. */
export function plain(value) {
  return JSON.parse(JSON.stringify(value));
}

/** Lets the page's microtasks run: MutationObserver callbacks, promise reactions. */
export function settle() {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A watched attribute's place in the loader's rows ([id, tag, attributes...]). */
export function column(attribute) {
  const index = WATCH.attributes.indexOf(attribute);
  if (index < 0) throw new Error(`the loader does not watch ${attribute}`);
  return 2 + index;
}
