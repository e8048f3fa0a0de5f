import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { toQueryString } from '../src/domain/pricing/query.ts';
import { expect, rcavHash, test } from './fixtures';

/**
 * Heading structure of every page type (issue 22): one h1, and no level skipped on the way down
 * (axe's heading-order and page-has-heading-one, which are best practices, not WCAG tags, so the
 * pages' accessibility checks leave them out).
 */
async function headingProblems(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const results = await new AxeBuilder({ page }).withRules(['heading-order', 'page-has-heading-one', 'empty-heading']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`);
}

/** The levels of the page's headings in document order, for the failure message. */
const outline = (page: Page) => page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((h) => `${h.tagName.toLowerCase()} ${(h.textContent ?? '').trim().slice(0, 40)}`));

test.describe('heading order', () => {
  for (const path of ['/', '/search', '/search/map', '/events', '/things-to-do', '/favourites', '/mytrip', '/rescms/order/checkout', '/inquiry', '/contact', '/statecharts', '/about-us']) {
    test(`${path} has one h1 and skips no heading level`, async ({ page }) => {
      await page.goto(path);
      expect(await headingProblems(page), (await outline(page)).join('\n')).toEqual([]);
    });
  }

  test('a listing, an event, a thing to do, a buy page and the pages not found skip no heading level', async ({ page, stays }) => {
    test.slow();
    const stay = stays.bookable;
    const paths = [`/listing/${stay.slug}`, `/listing/${stay.slug}?dates=1${rcavHash(stay)}`, `/rescms/item/${stay.eid}/buy?${toQueryString({ rcav: { begin: stay.begin, end: stay.end, adult: 2, child: 0 } })}`];
    await page.goto('/events');
    paths.push((await page.locator('.event-card__title a').first().getAttribute('href')) ?? '');
    await page.goto('/things-to-do');
    paths.push((await page.locator('.event-card__title a').first().getAttribute('href')) ?? '');
    paths.push('/listing/no-such-rental-here', '/no-such-page-here');
    for (const path of paths) {
      await page.goto(path);
      if (/^\/(events|things-to-do)\//.test(path)) {
        // The related events below the fold come when scrolled to: their heading counts too.
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        // The placeholder is replaced by the list as it comes: scroll again if it went in between.
        await expect(async () => {
          await page.locator('.lazy-placeholder, .related-events').last().scrollIntoViewIfNeeded({ timeout: 2_000 });
          await expect(page.locator('.related-events')).toBeVisible({ timeout: 2_000 });
        }).toPass({ timeout: 20_000 });
      }
      expect(await headingProblems(page), `${path}\n${(await outline(page)).join('\n')}`).toEqual([]);
    }
  });

  test('the checkout with a stay to book skips no heading level', async ({ page, stays }) => {
    const stay = stays.bookable;
    await page.goto(`/listing/${stay.slug}?dates=1${rcavHash(stay)}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByRole('button', { name: /^Add .* to Trips Collection$/ }).first().click();
    await page.getByRole('dialog', { name: 'Your Trips Collection' }).getByRole('link', { name: 'Checkout' }).click();
    await expect(page.locator('.checkout-check')).toContainText('Prices checked: they are up to date.');
    expect(await headingProblems(page), (await outline(page)).join('\n')).toEqual([]);
  });
});
