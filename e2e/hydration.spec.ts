import { expect, test } from './fixtures';

/**
 * Run against the development server: React's development build reports every difference
 * between the server's HTML and the first client render (ids that label controls included),
 * which the production build silently leaves in place.
 */
const PATHS = ['/', '/search', '/search/map', '/events', '/things-to-do', '/favourites', '/mytrip', '/rescms/order/checkout', '/inquiry', '/statecharts', '/about-us', '/no-such-page'];

test('every screen hydrates without a mismatch', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto('/search');
  const listing = await page.locator('.listing-card__title a').first().getAttribute('href');
  const event = await (await page.request.get('/events')).text();
  const eventPath = /href="(\/events\/[a-z0-9-]+)"/.exec(event)?.[1];
  for (const path of [...PATHS, listing as string, eventPath as string]) {
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(consoleErrors.filter((e) => !e.includes('404 (Not Found)')), path).toEqual([]);
  }
});

test('parts whose code comes on intent hydrate against the server HTML without a mismatch', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto('/search');
  const listing = await page.locator('.listing-card__title a').first().getAttribute('href');
  for (const [path, names] of [
    ['/search', ['search-box', 'sort-select', 'jump-menu']],
    [listing as string, ['stay-search-form']],
    ['/inquiry', ['jump-menu']],
  ] as const) {
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    for (const name of names) {
      const part = page.locator(`[data-island="${name}"]`).first();
      // The pointer over it is the intent that brings its code.
      await part.locator('button:visible, input:visible').first().hover();
      await expect(part).toHaveAttribute('data-live', 'true');
    }
    expect(consoleErrors, path).toEqual([]);
  }
});
