import type { APIRequestContext } from '@playwright/test';
import type { FixtureStay } from '../server/demo/fixture-stays.ts';
import { toQueryString } from '../src/domain/pricing/query.ts';
import { axeViolations, expect, test } from './fixtures';

interface Offer {
  eid: number;
  p: number;
  b: string;
  e: string;
  n?: string;
  og?: string;
  qp: { rcav: Record<string, unknown> };
}

/** A real offer from the pricing engine: the standard rate of the fixture rental's bookable week, for two adults. */
async function standardOffer(request: APIRequestContext, stay: FixtureStay): Promise<Offer> {
  const query = toQueryString({ rcav: { begin: stay.begin, end: stay.end, adult: 2, child: 0, IDs: [stay.eid] } });
  const items = (await (await request.get(`/rcapi/item/avail/search?${query}`)).json()) as Array<{ prices: Offer[] }>;
  const offer = items[0]?.prices.find((price) => price.og === 'standard' && price.b === stay.begin);
  if (!offer) throw new Error(`The demo has a standard offer for ${stay.name} from ${stay.begin}`);
  return offer;
}

const orderOf = (...items: Offer[]) => ({
  lict: items.length,
  lis: Object.fromEntries(items.map((item, i) => [`ind-${i}`, item])),
  litot: items.reduce((sum, item) => sum + Math.round(item.p * 100), 0) / 100,
});

test.describe('checkout', () => {
  test('prices are checked with the server: a tampered price is corrected, a booked stay taken out, the total follows', async ({ page, request, consoleErrors, stays }) => {
    const offer = await standardOffer(request, stays.bookable);
    const tampered = { ...offer, p: 1 };
    // Dates that have passed cannot be booked any more.
    const { past } = stays;
    const gone = { ...offer, b: past.begin, e: past.end, qp: { rcav: { ...offer.qp.rcav, begin: past.begin, end: past.end } } };
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
    // The checkout page with a Trips Collection in it (its form, the order table) passes WCAG 2.2 AA.
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a failing check says so and leaves the Trips Collection as it was', async ({ page, request, stays }) => {
    const offer = await standardOffer(request, stays.bookable);
    await page.addInitScript((order) => localStorage.setItem('rcriotorder', JSON.stringify(order)), orderOf(offer));
    await page.route('**/rcapi/order/verify', (route) => route.fulfill({ status: 503, body: '{"message":"down"}', contentType: 'application/json' }));
    await page.goto('/rescms/order/checkout');
    await expect(page.locator('.checkout-check')).toContainText('We could not check your prices just now.');
    await expect(page.locator('.checkout-order__table tbody tr')).toHaveCount(1);
  });
});
