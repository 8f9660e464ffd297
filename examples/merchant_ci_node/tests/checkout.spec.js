// Paying for the lamp: the checkout outcomes, driven in the overlay like a shopper, checked on
// the shop's pages and in the sandbox.
import { test, expect } from './sandbox.js';

const RESULT = {
  success: 'Thank you! Your order is confirmed.',
  ko: 'Your payment was declined. Please choose another way to pay.',
};
const ORDER_STATUS = { success: 'confirmed', ko: 'denied' };

/** From the product page to the checkout page, then the pay button. */
async function startPayment(page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Pay in instalments' }).click();
  await page.getByRole('button', { name: 'Pay 900.00 EUR' }).click();
}

for (const status of ['success', 'ko']) {
  test(`a checkout closed with ${status} lands on its result page`, async ({ page, sandbox, checkoutOverlay }) => {
    await startPayment(page);
    await checkoutOverlay.decideAndReturn(status);
    await expect(page).toHaveURL(new RegExp(`/result/${status}\\?order=lamp-`));
    await expect(page.getByRole('heading')).toHaveText(RESULT[status]);
    const orderId = new URL(page.url()).searchParams.get('order');
    expect((await sandbox.order(orderId)).status).toBe(ORDER_STATUS[status]);
    // The shop's server created the checkout with its private key; the page never held it.
    const [created] = await sandbox.requests({ method: 'POST', path: '/checkout' });
    expect(created.key).toEqual({ merchant: 'demo-shop', kind: 'private' });
  });
}

test('a dismissed checkout keeps the shopper on the checkout page', async ({ page, checkoutOverlay }) => {
  await startPayment(page);
  await checkoutOverlay.close();
  await expect(page.getByRole('status')).toHaveText('Payment cancelled. Your lamp is still here when you are ready.');
  await expect(page).toHaveURL(/\/checkout\?product=instalments$/);
});
