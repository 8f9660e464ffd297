// The fixtures of the shop's tests: the sandbox server over HTTP (reset before each test, its
// request journal, its orders), the checkout overlay driven as a shopper drives it, and the
// page's console, which must stay free of errors (the shop runs under Trusted Types: a script
// address made without a policy would be an error there).
import { test as base, expect } from '@playwright/test';

class Sandbox {
  constructor(url) {
    this.url = url;
  }

  /** A /_sandbox/ control, or an API call with the private key when `key` is given. */
  async send(method, path, { body, key } = {}) {
    const headers = key ? { Authorization: `Bearer ${key}` } : {};
    if (process.env.SANDBOX_TOKEN && !key) headers['X-Sandbox-Token'] = process.env.SANDBOX_TOKEN;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const answer = await fetch(this.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path} -> ${answer.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  }

  /** One order of the Demo Shop. */
  async order(id) {
    const found = await this.send('GET', `/orders?${new URLSearchParams({ id })}`, { key: 'sk_test_demo' });
    expect(found.results, `order ${id}`).toHaveLength(1);
    return found.results[0];
  }
}

/** The hosted checkout in the SDK's overlay, moved by its controls' test ids as a shopper does. */
function checkoutOverlay(page) {
  const dialog = page.locator('[data-service-overlay]');
  const control = (id) => page.frameLocator('[data-service-overlay] iframe').getByTestId(id);
  return {
    dialog,
    /** The hosted checkout is up: its controls are wired. */
    shown: () => expect(control('checkout-approve')).toBeVisible(),
    /** Approve (`success`) or deny (`ko`), then back to the shop: the overlay goes. */
    async decideAndReturn(status) {
      await control(status === 'success' ? 'checkout-approve' : 'checkout-deny').click();
      await control('checkout-return').click();
      await expect(dialog).toHaveCount(0);
    },
    /** Closed by the shopper before deciding. */
    async close() {
      await control('checkout-close').click();
      await expect(dialog).toHaveCount(0);
    },
  };
}

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  sandbox: async ({}, use) => {
    const sandbox = new Sandbox(process.env.SANDBOX_URL);
    await sandbox.send('POST', '/_sandbox/reset');
    await use(sandbox);
  },
  overlay: async ({ page }, use) => {
    await use(checkoutOverlay(page));
  },
  // Every test's page: an error on its console, or one thrown, fails the test.
  page: async ({ page }, use) => {
    const errors = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(String(error)));
    await use(page);
    expect(errors, 'errors on the page').toEqual([]);
  },
});

/** The SDK's answer for an amount, which the page's buttons of that amount share: once it is in,
 * they have been shown or hidden. */
export function sdkAnswer(page, amount, type = 'instalments') {
  return page.evaluate(
    ([amount, type]) =>
      new Promise((resolve) => {
        (window.service = window.service || []).push((service) => {
          resolve(service.button({ amount, currency: 'EUR', product: { type } }));
        });
      }),
    [amount, type],
  );
}

export { expect };
