// The sandbox server seen from the tests: its controls and API over HTTP, as documented in the
// service's docs/sandbox-server.md ("Sandbox controls"). Plain fetch: no Python here.
import { test as base, expect } from '@playwright/test';

export class Sandbox {
  constructor(url, { privateKey = 'sk_test_demo', token = process.env.SANDBOX_TOKEN } = {}) {
    this.url = url;
    this.privateKey = privateKey;
    this.token = token; // for a server started with --admin-token
  }

  /** A /_sandbox/ control; its JSON answer. */
  async control(method, path, body) {
    const headers = body === undefined ? {} : { 'Content-Type': 'application/json' };
    if (this.token) headers['X-Sandbox-Token'] = this.token;
    return this.#send(method, path, headers, body);
  }

  /** An API call with the merchant's private key, as the shop's server makes them. */
  async call(method, path, body) {
    const headers = { Authorization: `Bearer ${this.privateKey}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return this.#send(method, path, headers, body);
  }

  async #send(method, path, headers, body) {
    const answer = await fetch(this.url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path} -> ${answer.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  }

  /** Back to the fixture: no order, checkout, fault or journal entry of another test. */
  reset() {
    return this.control('POST', '/_sandbox/reset');
  }

  /** Every API request answers 503 until turned off (the SDK's files keep answering). */
  maintenance(enabled = true) {
    return this.control('POST', '/_sandbox/maintenance', { enabled });
  }

  /** What reached the server, oldest first, filtered by method and path: the whole journal.
   *  The server answers a page at a time (1,000 requests or about 1 MiB); `next_since` asks for
   *  the next page with the same filters, and is null on the last. */
  async requests(filters = {}) {
    const found = [];
    let since = filters.since;
    for (;;) {
      const query = new URLSearchParams({ ...filters, ...(since === undefined ? {} : { since }) });
      const page = await this.control('GET', `/_sandbox/requests?${query}`);
      found.push(...page.requests);
      if (page.next_since === null || page.next_since === undefined) return found;
      since = page.next_since;
    }
  }

  /** One order of the merchant (GET /orders?id=...). */
  async order(id) {
    const found = await this.call('GET', `/orders?${new URLSearchParams({ id })}`);
    expect(found.results, `order ${id}`).toHaveLength(1);
    return found.results[0];
  }
}

/** The hosted checkout in the SDK's overlay, driven as a shopper does (its controls' test ids). */
export class CheckoutOverlay {
  constructor(page) {
    this.dialog = page.locator('[data-service-overlay]');
    this.frame = page.frameLocator('[data-service-overlay] iframe');
  }

  /** Approve (`success`) or deny (`ko`), then go back to the shop: the checkout closes. */
  async decideAndReturn(status) {
    const control = { success: 'checkout-approve', pending: 'checkout-pending', ko: 'checkout-deny' }[status];
    await this.frame.getByTestId(control).click(); // waits until the page has wired it
    await this.frame.getByTestId('checkout-return').click();
    await expect(this.dialog).toHaveCount(0);
  }

  /** Close the checkout before deciding: `dismiss`. */
  async close() {
    await this.frame.getByTestId('checkout-close').click();
    await expect(this.dialog).toHaveCount(0);
  }
}

/** Playwright Test with a `sandbox` reset before each test, and the page's `checkoutOverlay`. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  sandbox: async ({}, use) => {
    const sandbox = new Sandbox(process.env.SANDBOX_URL);
    await sandbox.reset();
    await use(sandbox);
  },
  checkoutOverlay: async ({ page }, use) => {
    await use(new CheckoutOverlay(page));
  },
});

export { expect };
