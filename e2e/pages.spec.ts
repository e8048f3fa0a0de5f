import { toQueryString } from '../src/domain/pricing/query.ts';
import { axeViolations, expect, rcavHash, test } from './fixtures';

test.describe('pages rendered on the server', () => {
  test('home and a listing page carry their content in the HTML itself', async ({ request }) => {
    const home = await request.get('/');
    expect(home.status()).toBe(200);
    const homeHtml = await home.text();
    expect(homeHtml).toContain('Community photos');
    expect(homeHtml).toMatch(/class="listing-card"/);
    expect(home.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-");

    const slug = /href="\/listing\/([a-z0-9-]+)"/.exec(homeHtml)?.[1];
    expect(slug).toBeTruthy();
    const listing = await request.get(`/listing/${slug}`);
    const html = await listing.text();
    expect(html).toContain('About this rental');
    expect(html).toContain('Amenities');
    expect(html).toMatch(/<title>[^<]+ \| Coral Haven Coast Rentals<\/title>/);
  });

  for (const path of ['/', '/search', '/search/map', '/events', '/things-to-do', '/favourites', '/mytrip', '/rescms/order/checkout', '/inquiry', '/statecharts', '/about-us']) {
    test(`${path} renders without errors and passes the accessibility checks`, async ({ page, consoleErrors }) => {
      // The state charts draw every machine of the site: axe walks thousands of nodes there, which
      // takes half a minute when the other specs share the two cores.
      if (path === '/statecharts') test.setTimeout(90_000);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      expect(await axeViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('a listing page with a stay chosen passes the accessibility checks', async ({ page, consoleErrors, stays }) => {
    const stay = stays.bookable;
    await page.goto(`/listing/${stay.slug}${rcavHash(stay)}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.locator('.booking-box .pricing-alternates .offer').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('event and buy pages render from the database', async ({ page, consoleErrors, stays }) => {
    await page.goto('/events');
    await page.locator('.event-card__title a').first().click();
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('.event-featured__location')).toContainText('Where');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await axeViolations(page)).toEqual([]);

    const { eid, begin, end } = stays.bookable;
    await page.goto(`/rescms/item/${eid}/buy?${toQueryString({ rcav: { begin, end, adult: 2, child: 1 } })}`);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('.facts')).toContainText('2 Adults, 1 Child');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown listing answers 404, no redirect, with a search box and similar rentals', async ({ page, consoleErrors, stays }) => {
    const word = stays.bookable.name.toLowerCase().split(/[^a-z0-9]+/).find((w) => w.length >= 3) ?? 'cove';
    const response = await page.goto(`/listing/${word}-sold-long-ago`);
    expect(response?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe(`/listing/${word}-sold-long-ago`);
    await expect(page.locator('main h1')).toHaveText('Rental not found');
    await expect(page).toHaveTitle(/Page not found/);
    const similar = page.getByRole('region', { name: 'Similar rentals' });
    await expect(similar.locator('.listing-card')).toHaveCount(4);
    await expect(similar.locator('.listing-card').first()).toContainText(new RegExp(word, 'i'));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await axeViolations(page)).toEqual([]);
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Town, property name or feature' });
    await expect(box).toHaveValue(`${word} sold long ago`);
    await box.fill(word);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search/);
    await expect(page.locator('main h1')).toBeVisible();
    expect(consoleErrors.filter((text) => !/status of 404/.test(text))).toEqual([]);
  });

  test('an unknown page answers 404 with a way back', async ({ page }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.locator('main h1')).toHaveText('Page not found');
    await expect(page).toHaveTitle(/Page not found/);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await axeViolations(page)).toEqual([]);
  });
});
