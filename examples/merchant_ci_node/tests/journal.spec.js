// The request journal answers a page at a time; `sandbox.requests()` reads it to its end, so a
// test that makes many requests still finds the last of them.
import { test, expect } from './sandbox.js';

test('the journal is read past its first page', async ({ sandbox }) => {
  // A page holds at most 1,000 requests or about 1 MiB: long URLs fill one with a hundred.
  const note = 'x'.repeat(7000);
  const check = (amount) =>
    fetch(`${sandbox.url}/checkout/button?amount=${amount}&currency=EUR&note=${note}`, {
      headers: { Authorization: 'Bearer pk_test_demo' },
    });
  for (let n = 0; n < 100; n += 1) await check(12000);
  await check(12345);

  const first = await sandbox.control('GET', '/_sandbox/requests?path=/checkout/button');
  expect(first.next_since, 'the journal has more than one page').not.toBeNull();
  const checks = await sandbox.requests({ path: '/checkout/button' });
  expect(checks).toHaveLength(101);
  expect(checks.at(-1).query.amount).toBe('12345');
});
