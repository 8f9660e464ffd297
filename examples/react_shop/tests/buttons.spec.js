// The payment buttons of a React app: rendered when the prices come, re-rendered with a new
// quantity, swapped by the router. The SDK checks what each render leaves in the page.
import { test, expect, sdkAnswer } from './shop.js';

const card = (page, name) => page.getByRole('listitem', { name });

test('prices loaded late: the buttons they bring are checked, with one pinned SDK tag', async ({ page }) => {
  let release;
  const prices = new Promise((resolve) => {
    release = resolve;
  });
  await page.route('**/api/products', async (route) => {
    await prices;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('status')).toHaveText('Loading prices…');
  // The SDK is up before any price has come: the buttons arrive with a later render.
  await page.evaluate(() => new Promise((resolve) => (window.service = window.service || []).push((s) => s.ready.then(resolve))));
  release();

  for (const name of ['Oak desk lamp', 'Ash reading chair']) {
    await expect(card(page, name).getByRole('button', { name: 'Pay in instalments' })).toBeVisible();
    await expect(card(page, name).getByText('Spread the cost over monthly instalments.')).toBeVisible();
    await expect(card(page, name).getByText('Finance available')).toBeVisible(); // service:availability
  }
  // 3,500.00 EUR is above the instalments limit: the sofa's button and its information stay
  // hidden, though the other cards' information shows (each card's offer has a group of its own).
  expect(await sdkAnswer(page, 350000)).toBe(false);
  const sofa = card(page, 'Walnut sofa');
  await expect(sofa.getByRole('button', { name: 'Pay in instalments' })).toBeHidden();
  await expect(sofa.getByText('Spread the cost over monthly instalments.')).toBeHidden();
  await expect(sofa.getByText('Finance available')).toHaveCount(0);

  // StrictMode ran the app's effects twice: still one tag, the pinned loader with its integrity.
  const tags = page.locator('script[src*="/sdk"]');
  await expect(tags).toHaveCount(1);
  await expect(tags).toHaveAttribute('src', /\/sdk\/[0-9a-f]{12}\/sdk\.js\?public-key=pk_test_demo&sandbox=true$/);
  await expect(tags).toHaveAttribute('integrity', /^sha384-/);
});

test('a quantity change: the buttons follow the total, pay in 15 days hidden above its limit', async ({ page }) => {
  await page.goto('/products/chair');
  const instalments = page.getByRole('button', { name: 'Pay in instalments' });
  const later = page.getByRole('button', { name: 'Pay in 15 days' });
  await expect(instalments).toBeVisible();
  await expect(later).toBeVisible();
  // Every frame from now on: pay in 15 days (up to 800.00 EUR) is never painted at more.
  await page.evaluate(() => {
    window.framesAboveLimit = [];
    const watch = () => {
      for (const button of document.querySelectorAll('[data-product-type="pay_later"]')) {
        if (button.checkVisibility() && Number(button.dataset.amount) > 80000) window.framesAboveLimit.push(button.dataset.amount);
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });

  await page.getByRole('button', { name: 'One more' }).click();
  await expect(page.getByText('Total: 900.00 EUR')).toBeVisible();
  expect(await sdkAnswer(page, 90000, 'pay_later')).toBe(false);
  await expect(later).toBeHidden();
  await expect(page.getByText('Nothing to pay today.')).toBeHidden();
  await expect(instalments).toBeVisible();
  await expect(instalments).toHaveAttribute('data-amount', '90000');

  await page.getByRole('button', { name: 'One fewer' }).click();
  await expect(later).toBeVisible();
  await expect(later).toHaveAttribute('data-amount', '45000');
  await expect(page.getByText('Nothing to pay today.')).toBeVisible();
  expect(await page.evaluate(() => window.framesAboveLimit)).toEqual([]);
});

test('a route change: the new route\'s buttons are checked and none of the old are left', async ({ page }) => {
  await page.goto('/');
  await expect(card(page, 'Oak desk lamp').getByRole('button', { name: 'Pay in instalments' })).toBeVisible();
  await page.getByRole('link', { name: 'Ash reading chair' }).click();
  await expect(page).toHaveURL(/\/products\/chair$/);
  await expect(page.getByRole('button', { name: 'Pay in instalments' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay in 15 days' })).toBeVisible();
  await expect(page.locator('[data-service-button]')).toHaveCount(2);
  await expect(page.locator('[data-service-payment-info]:visible')).toHaveCount(2);

  await page.goBack();
  await expect(card(page, 'Ash reading chair').getByRole('button', { name: 'Pay in instalments' })).toBeVisible();
  await expect(page.locator('[data-service-button]')).toHaveCount(3);
  await expect(page.locator('[data-service-button]:visible')).toHaveCount(2);
});
