/**
 * Every price shown is the whole price a guest pays: without dates a listing's 'from' price per
 * night includes every mandatory fee and tax and says so (cards, the listing header, map pins);
 * with dates a card's main figure is the stay's total, the same number the Trips Collection and
 * checkout give, and the map pin shows it too.
 */
import type { Page } from '@playwright/test';
import type { FixtureStay } from '../server/demo/fixture-stays.ts';
import { formatMoney } from '../src/domain/money.ts';
import type { AvailItem } from '../src/domain/pricing/types.ts';
import { expect, test } from './fixtures';
import { searchStay } from './page-support';

/** Whole dollars as the widgets write them (the demo's precision 0): '$2,407'. */
const dollars = (amount: number) => formatMoney(amount, { currency: 'USD', precision: 0 });
const FROM_TEXT = /^from \$[\d,]+\/night incl\. fees & taxes(, based on a \d+-night stay)?$/;

async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Dates in the header's search panel, then Check availability; answers the availability search's items. */
async function searchedItems(page: Page, stay: FixtureStay): Promise<AvailItem[]> {
  return (await (await searchStay(page, stay)).json()) as AvailItem[];
}

test.describe('prices shown', () => {
  test("without dates, cards and the listing header show the 'from' price with fees and taxes, and say so", async ({ page, consoleErrors }) => {
    await page.goto('/search');
    await hydrated(page);
    const prices = page.locator('.result-card .listing-card__price');
    await expect(prices.first()).toBeVisible();
    const texts = (await prices.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) expect(text).toMatch(FROM_TEXT);
    // The listing page says the same figure as its card.
    const card = page.locator('.result-card').first();
    const cardPrice = (await card.locator('.listing-card__price').innerText()).replace(/\s+/g, ' ').trim();
    await card.locator('h3 a').click();
    await hydrated(page);
    await expect(page.locator('.listing-head__price')).toHaveText(cardPrice);
    expect(consoleErrors).toEqual([]);
  });

  test("with dates, a card's main figure is the stay's total, the same as the Trips Collection and checkout", async ({ page, consoleErrors, stays }) => {
    await page.goto('/search');
    await hydrated(page);
    await expect(page.locator('.result-card').first()).toBeVisible();
    const items = await searchedItems(page, stays.bookable);
    const card = page.locator('.result-card').filter({ has: page.locator('.pricing-summary__trigger') }).first();
    await expect(card.locator('.pricing-summary__range')).toBeVisible();
    const eid = Number(await card.locator('.listing-card').getAttribute('data-eid'));
    const prices = items.find((item) => item.eid === eid)?.prices ?? [];
    const low = Math.min(...prices.map((price) => price.p));
    const high = Math.max(...prices.map((price) => price.p));
    // The range is of the stays' totals, and says what they include; the rent-only or per-night figure is gone.
    await expect(card.locator('.pricing-summary__range')).toHaveText(`Price for your dates: ${low === high ? dollars(low) : `${dollars(low)} - ${dollars(high)}`}`);
    await expect(card.locator('.pricing-summary__includes')).toHaveText(/^total for \d+ nights, incl\. fees & taxes$/);
    await expect(card.locator('.listing-card__price')).toHaveCount(0);
    // The total is the most prominent price on the card.
    const sizes = await card.evaluate((root) => {
      const size = (el: Element | null) => (el ? parseFloat(getComputedStyle(el).fontSize) : 0);
      return { total: size(root.querySelector('.pricing-summary__range')), others: [...root.querySelectorAll('.price-note, .pricing-summary__savings')].map(size) };
    });
    for (const other of sizes.others) expect(sizes.total).toBeGreaterThan(other);

    // Add the lowest offer: the Trips Collection and checkout charge that very total.
    await card.locator('.pricing-summary__trigger').click();
    const detail = page.getByRole('dialog', { name: /^Offers: / });
    await expect(detail).toBeVisible();
    const offer = detail.locator('.offer').filter({ has: page.locator('.offer__amount', { hasText: new RegExp(`^\\${dollars(low)}$`) }) }).first();
    await expect(offer.locator('.offer__includes')).toHaveText(/^total for \d+ nights, incl\. fees & taxes$/);
    await offer.getByRole('button', { name: /^Add / }).click();
    const order = page.getByRole('dialog', { name: 'Your Trips Collection' });
    await expect(order).toBeVisible();
    const line = order.locator('.order-item__price').first();
    await expect(line).toContainText('incl. fees & taxes');
    expect(Number((await line.innerText()).replace(/incl\..*$/s, '').replace(/[^0-9.]/g, ''))).toBe(low);
    // What checkout re-prices and charges for the Trips Collection the browser keeps (as the checkout page asks).
    const checkout = await page.evaluate(async () => {
      const order: unknown = JSON.parse(localStorage.getItem('rcriotorder') ?? 'null');
      const response = await fetch('/rcapi/order/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order }) });
      return (await response.json()) as { checkout?: { total: number; items: { price: number }[] } };
    });
    expect(checkout.checkout?.items.map((item) => item.price)).toEqual([low]);
    expect(checkout.checkout?.total).toBe(low);
    expect(consoleErrors).toEqual([]);
  });

  test('on the map, pins show the from price with fees, then the stay total once dates are chosen', async ({ page, consoleErrors, stays }) => {
    await page.goto('/search/map');
    await hydrated(page);
    const mapTab = page.getByRole('tab', { name: 'Map' });
    if (await mapTab.isVisible()) await mapTab.click();
    const pin = page.locator('.map-pin').first();
    await expect(pin).toHaveAttribute('aria-label', /, from \$[\d,]+ a night including fees and taxes(, based on a \d+-night stay)?$/);
    const items = await searchedItems(page, stays.bookable);
    expect(items.some((item) => item.prices.length > 0)).toBe(true);
    // The pins of listings with prices for the dates show their lowest total.
    await expect.poll(() => page.locator('.map-pin[aria-label*=" for "]').count()).toBeGreaterThan(0);
    const labelled = page.locator('.map-pin[aria-label*=" for "]').first();
    const eid = Number(await labelled.getAttribute('data-eid'));
    const low = Math.min(...(items.find((item) => item.eid === eid)?.prices ?? []).map((price) => price.p));
    await expect(labelled.locator('.map-pin__tag')).toHaveText(dollars(low));
    await expect(labelled).toHaveAttribute('aria-label', new RegExp(`, \\${dollars(low)} for \\d+ nights including fees and taxes$`));
    expect(consoleErrors).toEqual([]);
  });
});
