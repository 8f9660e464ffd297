// The product page's payment buttons: the SDK shows what the service offers for 900.00 EUR.
import { test, expect } from './sandbox.js';

/** The SDK's own answer for the lamp; it shares the page's request, so once it is in, the
 *  page's buttons of that product have been shown or hidden. */
function sdkAnswer(page, type) {
  return page.evaluate(
    (type) =>
      new Promise((resolve) => {
        (window.service = window.service || []).push((service) => {
          resolve(service.button({ amount: 90000, currency: 'EUR', product: { type } }));
        });
      }),
    type,
  );
}

test('instalments are offered, with their information', async ({ page, sandbox }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Pay in instalments' })).toBeVisible();
  await expect(page.getByText('Spread the cost over monthly instalments.')).toBeVisible();
});

test('pay in 15 days stays hidden above its limit', async ({ page, sandbox }) => {
  await page.goto('/');
  expect(await sdkAnswer(page, 'instalments')).toBe(true);
  expect(await sdkAnswer(page, 'pay_later')).toBe(false); // its limit is 800.00 EUR
  await expect(page.getByRole('button', { name: 'Pay in 15 days' })).toBeHidden();
  await expect(page.getByText('Nothing to pay today.')).toBeHidden();
  const checks = await sandbox.requests({ method: 'GET', path: '/checkout/button' });
  const answers = checks.map((check) => [check.query['product[type]'] || 'instalments', check.status]);
  expect(answers.sort()).toEqual([['instalments', 201], ['pay_later', 403]]); // one request each
});

test('every button stays hidden while the service is down', async ({ page, sandbox }) => {
  await sandbox.maintenance(true);
  await page.goto('/');
  expect(await sdkAnswer(page, 'instalments')).toBe(false);
  await expect(page.getByRole('button', { name: 'Pay in instalments' })).toBeHidden();
  const checks = await sandbox.requests({ path: '/checkout/button' });
  expect(new Set(checks.map((check) => check.status))).toEqual(new Set([503]));
});
