// A checkout opened by a component: its callbacks move the app's router, and it ends with the
// component that opened it.
import { test, expect } from './shop.js';

/** From the lamp's page to its checkout page (by the router), then the pay button. */
async function startPayment(page) {
  await page.goto('/products/lamp');
  await page.getByRole('button', { name: 'Pay in instalments' }).click();
  await expect(page).toHaveURL(/\/checkout\/lamp\?quantity=1&type=instalments$/);
  await page.getByRole('button', { name: 'Pay 900.00 EUR' }).click();
}

test('a checkout from a component: success moves the router to the thank-you page', async ({ page, sandbox, overlay }) => {
  await startPayment(page);
  await page.evaluate(() => {
    window.sameDocument = true; // gone if anything loaded a new page
  });
  await overlay.decideAndReturn('success');
  await expect(page).toHaveURL(/\/thank-you\?order=lamp-[\w-]+$/);
  await expect(page.getByRole('heading')).toHaveText('Thank you! Your order is confirmed.');
  expect(await page.evaluate(() => window.sameDocument)).toBe(true);
  const order = new URL(page.url()).searchParams.get('order');
  expect((await sandbox.order(order)).status).toBe('confirmed');
});

test('a checkout from a component: dismissed, the shopper stays on the page', async ({ page, overlay }) => {
  await startPayment(page);
  await overlay.close();
  await expect(page.getByRole('status')).toHaveText('Payment cancelled. Your order is still here when you are ready.');
  await expect(page.getByRole('button', { name: 'Pay 900.00 EUR' })).toBeEnabled();
});

test('leaving the page during a checkout closes its overlay', async ({ page, overlay }) => {
  await startPayment(page);
  await overlay.shown();
  await page.goBack(); // the router unmounts the checkout page: its cleanup closes the checkout
  await expect(page).toHaveURL(/\/products\/lamp$/);
  await expect(overlay.dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay in instalments' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
});
