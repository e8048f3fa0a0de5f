import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

interface Offer {
  eid: number;
  p: number;
  b: string;
  e: string;
  n?: string;
  og?: string;
  qp: { rcav: Record<string, unknown> };
}

/** A real offer from the pricing engine for a week in March next year. */
async function standardOffer(request: APIRequestContext): Promise<Offer> {
  const query = 'rcav[begin]=2027-03-08&rcav[end]=2027-03-15&rcav[adult]=2&rcav[child]=0&rcav[IDs][]=1002';
  const items = (await (await request.get(`/rcapi/item/avail/search?${query}`)).json()) as Array<{ prices: Offer[] }>;
  const offer = items[0]?.prices.find((price) => price.og === 'standard');
  if (!offer) throw new Error('The demo has a standard offer for 1002 in March');
  return offer;
}

const orderOf = (...items: Offer[]) => ({
  lict: items.length,
  lis: Object.fromEntries(items.map((item, i) => [`ind-${i}`, item])),
  litot: items.reduce((sum, item) => sum + Math.round(item.p * 100), 0) / 100,
});

test.describe('checkout', () => {
  test('prices are checked with the server: a tampered price is corrected, a booked stay taken out, the total follows', async ({ page, request, consoleErrors }) => {
    const offer = await standardOffer(request);
    const tampered = { ...offer, p: 1 };
    // Dates long past cannot be booked any more.
    const gone = { ...offer, b: '2020-03-08', e: '2020-03-15', qp: { rcav: { ...offer.qp.rcav, begin: '2020-03-08', end: '2020-03-15' } } };
    await page.addInitScript((order) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('rcriotorder', JSON.stringify(order));
        sessionStorage.setItem('seeded', '1');
      }
    }, orderOf(offer, tampered, gone));
    await page.goto('/rescms/order/checkout');
    const status = page.locator('.checkout-check');
    await expect(status).toContainText('Some prices changed since you added them:');
    const money = (amount: number) => `$${amount.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect(status).toContainText(`is now ${money(offer.p)} (was $1.00).`);
    await expect(status).toContainText('can no longer be booked for these dates');
    await expect(page.locator('.checkout-order__table tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('checkout-total')).toHaveText(money(Math.round(offer.p * 200) / 100));
    // The corrected Trips Collection is the visitor's from now on.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('rcriotorder') ?? '{}') as { lict: number });
    expect(stored.lict).toBe(2);
    await page.reload();
    await expect(page.locator('.checkout-check')).toContainText('Prices checked: they are up to date.');
    expect(consoleErrors).toEqual([]);
  });

  test('a failing check says so and leaves the Trips Collection as it was', async ({ page, request }) => {
    const offer = await standardOffer(request);
    await page.addInitScript((order) => localStorage.setItem('rcriotorder', JSON.stringify(order)), orderOf(offer));
    await page.route('**/rcapi/order/verify', (route) => route.fulfill({ status: 503, body: '{"message":"down"}', contentType: 'application/json' }));
    await page.goto('/rescms/order/checkout');
    await expect(page.locator('.checkout-check')).toContainText('We could not check your prices just now.');
    await expect(page.locator('.checkout-order__table tbody tr')).toHaveCount(1);
  });
});
