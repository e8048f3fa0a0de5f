import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { FixtureStay } from '../server/demo/fixture-stays.ts';
import { toQueryString } from '../src/domain/pricing/query.ts';
import { expect, test } from './fixtures';

/**
 * Focus Not Obscured (WCAG 2.2 2.4.11; issue 22 item 5): the page's header sticks to the top of the
 * window, tiny once scrolled. Whatever moves focus (a refused form, Tab), the focused field shows
 * below it, with its label and its message, at both widths.
 */

/** Why `field` (with its label and the messages that describe it) is not fully in sight: under the header, out of the window, or covered. */
async function outOfSight(field: Locator): Promise<string[]> {
  return field.evaluate((element) => {
    const header = (document.querySelector('header.site-header') as HTMLElement).getBoundingClientRect();
    const parts: Element[] = [element, ...Array.from((element as HTMLInputElement).labels ?? [])];
    for (const id of (element.getAttribute('aria-describedby') ?? '').split(/\s+/)) {
      const message = id ? document.getElementById(id) : null;
      if (message) parts.push(message);
    }
    const problems: string[] = [];
    for (const part of parts) {
      const box = part.getBoundingClientRect();
      const name = `${part.tagName.toLowerCase()}${part.id ? `#${part.id}` : ''}`;
      if (box.top < header.bottom) problems.push(`${name} starts at ${Math.round(box.top)} px, under the header (to ${Math.round(header.bottom)} px)`);
      if (box.bottom > window.innerHeight) problems.push(`${name} ends at ${Math.round(box.bottom)} px, below the window (${window.innerHeight} px)`);
      const hit = document.elementFromPoint(box.left + Math.min(box.width / 2, 8), box.top + box.height / 2);
      if (hit && !part.contains(hit) && !hit.contains(part)) problems.push(`${name} is covered by ${hit.tagName.toLowerCase()}.${hit.className}`);
    }
    return problems;
  });
}

/** Scrolls the page so that `element` starts `under` px above the header's bottom edge (partly covered, yet in the window). */
async function tuckUnderHeader(page: Page, element: Locator, under: number) {
  await element.evaluate((target, by) => {
    const header = (document.querySelector('header.site-header') as HTMLElement).getBoundingClientRect();
    window.scrollBy(0, target.getBoundingClientRect().top - (header.bottom - by));
  }, under);
  // The header turns tiny 100 ms after scrolling stops (spec §9): measure again once it has.
  await expect(page.locator('header.site-header')).toHaveAttribute('data-tiny', 'true');
  await page.waitForTimeout(400);
  await element.evaluate((target, by) => {
    const header = (document.querySelector('header.site-header') as HTMLElement).getBoundingClientRect();
    window.scrollBy(0, target.getBoundingClientRect().top - (header.bottom - by));
  }, under);
  const covered = await element.evaluate((target) => (document.querySelector('header.site-header') as HTMLElement).getBoundingClientRect().bottom - target.getBoundingClientRect().top);
  expect(covered, 'the field starts under the header').toBeGreaterThan(0);
}

/** A real offer of the fixture rental's bookable week, as the pricing engine gives it. */
async function standardOffer(request: APIRequestContext, stay: FixtureStay): Promise<Record<string, unknown>> {
  const query = toQueryString({ rcav: { begin: stay.begin, end: stay.end, adult: 2, child: 0, IDs: [stay.eid] } });
  const items = (await (await request.get(`/rcapi/item/avail/search?${query}`)).json()) as Array<{ prices: Array<{ og?: string; b: string; p: number }> }>;
  const offer = items[0]?.prices.find((price) => price.og === 'standard' && price.b === stay.begin);
  if (!offer) throw new Error(`The demo has a standard offer for ${stay.name} from ${stay.begin}`);
  return offer;
}

/** The checkout with one stay in the Trips Collection; the guest's state is known ('not listed'), so Book asks nothing first. */
async function openCheckout(page: Page, request: APIRequestContext, stay: FixtureStay, baseURL: string) {
  const offer = await standardOffer(request, stay);
  await page.addInitScript((order) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('rcriotorder', JSON.stringify(order));
      sessionStorage.setItem('seeded', '1');
    }
  }, { lict: 1, lis: { 'ind-0': offer }, litot: offer.p });
  await page.context().addCookies([{ name: 'rcstate', value: 'none', url: `${baseURL}/` }]);
  await page.goto('/rescms/order/checkout');
  await expect(page.locator('.checkout-check')).toContainText('Prices checked: they are up to date.');
}

test.describe('focus is never under the sticky header', () => {
  test('Book with an empty form: focus goes to First name, which shows below the header with its label and message', async ({ page, request, stays, baseURL }) => {
    await openCheckout(page, request, stays.bookable, baseURL as string);
    const firstName = page.getByLabel('First name');
    // The visitor has scrolled down to Book: First name is partly under the header.
    await tuckUnderHeader(page, firstName, 25);
    await page.locator('button.checkout-submit').click();
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAccessibleDescription('Please enter your first name.');
    await expect.poll(() => outOfSight(firstName)).toEqual([]);
  });

  test('Shift+Tab onto a field under the header scrolls it out from under it', async ({ page, request, stays, baseURL }) => {
    await openCheckout(page, request, stays.bookable, baseURL as string);
    const firstName = page.getByLabel('First name');
    const lastName = page.getByLabel('Last name');
    const address = page.getByLabel('Address');
    await address.focus();
    // The first row of the form (First name, Last name…) is partly under the header; Address shows.
    await tuckUnderHeader(page, firstName, 20);
    await expect.poll(() => outOfSight(address)).toEqual([]);
    // Back through the first row: each field the browser focuses comes out from under the header.
    for (const field of [page.getByLabel('Phone'), page.getByLabel('Email'), lastName, firstName]) {
      await page.keyboard.press('Shift+Tab');
      await expect(field).toBeFocused();
      expect(await outOfSight(field)).toEqual([]);
    }
  });
});

test.describe('focus is never under the cookie banner', () => {
  // A first visit: the banner asks for the cookie choice at the bottom of the window.
  test.use({ cookieChoice: null });

  test('Tab through the checkout form: every field it reaches shows above the banner', async ({ page, request, stays, baseURL }) => {
    await openCheckout(page, request, stays.bookable, baseURL as string);
    const banner = page.locator('.consent-banner');
    await expect(banner).toBeVisible();
    await page.getByLabel('First name').focus();
    const seen: string[] = [];
    for (let step = 0; step < 40; step++) {
      const where = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement;
        if (!active.closest('.checkout-form')) return null;
        const box = active.getBoundingClientRect();
        const bannerTop = (document.querySelector('.consent-banner') as HTMLElement).getBoundingClientRect().top;
        return { name: active.getAttribute('name') ?? active.textContent?.trim() ?? active.tagName, bottom: box.bottom, bannerTop };
      });
      if (!where) break;
      seen.push(where.name);
      expect(where.bottom, `${where.name} ends above the banner`).toBeLessThanOrEqual(where.bannerTop);
      await page.keyboard.press('Tab');
    }
    expect(seen).toContain('postal_code');
    expect(seen).toContain('terms');
  });
});
