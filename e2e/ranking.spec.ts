import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** A full document as the proxy returns it, with the fields this spec reads. */
interface Doc {
  id: string;
  ss_name: string;
  ss_vrfusion_site_property_code: string;
}

const cardTitles = (page: Page) => page.locator('.search .listing-card h3');

/** Counts the window's 'sortOrderUpdated' events (spec §9), from before the page's own scripts run. */
async function countSortOrderUpdates(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { sortOrderUpdates: number };
    counted.sortOrderUpdates = 0;
    window.addEventListener('sortOrderUpdated', () => {
      counted.sortOrderUpdates += 1;
    });
  });
}
const sortOrderUpdates = (page: Page) => page.evaluate(() => (window as unknown as { sortOrderUpdates: number }).sortOrderUpdates);

interface ServedSearch {
  /** The default search's documents in the search's own order (as the proxy returned its ids). */
  searchOrder: Doc[];
  /** The same documents in the order the page showed them. */
  shown: Doc[];
}

/**
 * The default search the server ran for the page (issue 10: complete server HTML), read from the
 * route data in the page's HTML: its documents in the search's order and as shown.
 */
function servedSearch(page: Page): Promise<ServedSearch> {
  return page
    .waitForResponse((response) => new URL(response.url()).pathname === '/search' && response.request().resourceType() === 'document')
    .then(async (response) => {
      const json = /<script id="route-data" type="application\/json">([^<]*)<\/script>/.exec(await response.text())?.[1] ?? 'null';
      const data = JSON.parse(json) as { loaderData: Record<string, { initialSearch?: { result: { ids: string[] }; documents: Doc[] } | null }> };
      const initial = Object.values(data.loaderData).find((entry) => entry?.initialSearch)?.initialSearch;
      if (!initial) throw new Error('The server did not render the default search');
      const byId = new Map(initial.documents.map((doc) => [doc.id, doc]));
      return { searchOrder: initial.result.ids.flatMap((id) => byId.get(id) ?? []), shown: initial.documents };
    });
}

async function openSearch(page: Page) {
  await page.goto('/search');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(page.locator('.search')).not.toHaveAttribute('data-pending');
}

test.describe('search ordering by ranking (spec §7 Ranking, §9)', () => {
  // The built-in ranking learns from its signed tracker links alone (issue 23: the analytics
  // collector's events feed the owner's analytics only), so the stand-in service's pages below,
  // whose trackers are answered here, leave the built-in order that the other tests follow as it is.

  test('the results follow the ranking service, sortOrderUpdated is raised, and cards call their trackers', async ({ page, context, consoleErrors }) => {
    await context.addCookies([{ name: '_ga', value: 'GA1.2.1234567890.1700000000', url: test.info().project.use.baseURL ?? 'http://127.0.0.1' }]);
    await countSortOrderUpdates(page);
    const served = servedSearch(page);
    const trackers: string[] = [];
    await page.route('**/api/v2/*/track/**', async (route) => {
      trackers.push(new URL(route.request().url()).pathname);
      await route.fulfill({ status: 204 });
    });
    // The ranking answers with the page's documents (the search's order) reversed, every fourth one left out.
    let rankingUrl: URL | null = null;
    let ranked: Doc[] = [];
    await page.route('**/api/v2/*/ranking?*', async (route) => {
      rankingUrl = new URL(route.request().url());
      ranked = [...(await served).searchOrder].reverse().filter((_, i) => i % 4 !== 3);
      await route.fulfill({
        json: {
          entities: ranked.map((doc) => ({
            id: doc.ss_vrfusion_site_property_code,
            impression_tracker_url: `/api/v2/coralhaven/track/impression/${doc.ss_vrfusion_site_property_code}?t=1&sig=test`,
            landing_page_click_tracker_url: `/api/v2/coralhaven/track/click/${doc.ss_vrfusion_site_property_code}?t=1&sig=test`,
          })),
        },
      });
    });

    await openSearch(page);
    await expect.poll(() => sortOrderUpdates(page)).toBe(1);
    expect(ranked.length).toBeGreaterThan(10);
    await expect(cardTitles(page)).toHaveText(ranked.slice(0, 10).map((doc) => doc.ss_name));

    // Spec §7: cid, host_name, full_url and usage=search, and ga_id from the _ga cookie's 3rd and 4th parts.
    const query = (rankingUrl as URL | null)?.searchParams;
    expect(query?.get('cid')).toBe('chc-web');
    expect(query?.get('host_name')).toBe('coralhaven.example');
    expect(query?.get('usage')).toBe('search');
    expect(query?.get('full_url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/search$/);
    expect(query?.get('ga_id')).toBe('1234567890.1700000000');

    // The first card comes into view (on a phone the filters are above it): its impression tracker is called, once.
    const first = ranked[0] as Doc;
    await page.locator('.search .listing-card').first().scrollIntoViewIfNeeded();
    const impression = `/api/v2/coralhaven/track/impression/${first.ss_vrfusion_site_property_code}`;
    await expect.poll(() => trackers.filter((path) => path === impression).length).toBe(1);
    // The next batch keeps the ranked order.
    await page.locator('.search .listing-card').last().scrollIntoViewIfNeeded();
    await expect(cardTitles(page)).toHaveText(ranked.slice(0, 20).map((doc) => doc.ss_name));
    // A click on the card's link calls its landing-page click tracker on the way to the listing.
    await page.locator('.search .listing-card').first().getByRole('link', { name: first.ss_name }).click();
    await expect(page).toHaveURL(/\/listing\//);
    await expect.poll(() => trackers).toContain(`/api/v2/coralhaven/track/click/${first.ss_vrfusion_site_property_code}`);
    expect(trackers.filter((path) => path === impression)).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });

  test('a failing ranking service leaves the results as the page showed them', async ({ page }) => {
    await countSortOrderUpdates(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const served = servedSearch(page);
    let asked = 0;
    await page.route('**/api/v2/*/ranking?*', async (route) => {
      asked += 1;
      await route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'Ranking is down' } });
    });
    await openSearch(page);
    const { shown } = await served;
    await expect(cardTitles(page)).toHaveText(shown.slice(0, 10).map((doc) => doc.ss_name));
    await expect.poll(() => warnings.some((text) => text.includes('Ranking not loaded') && text.includes('Ranking is down'))).toBe(true);
    expect(asked).toBe(1);
    expect(await sortOrderUpdates(page)).toBe(0);
    // The page stays usable: a facet still filters (below 768 px from the Filters dialog).
    if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: /^Filters/ }).click();
    const area = page.locator('.facet[data-field="ss_area"] .facet__item:visible').first();
    const count = Number(await area.locator('.facet__count').innerText());
    await area.click();
    await expect(page.locator('#result-count')).toHaveText(`${count} rentals`);
  });

  test("the built-in ranking service orders the page's results", async ({ page, consoleErrors }) => {
    await countSortOrderUpdates(page);
    const served = servedSearch(page);
    const ranking = page.waitForResponse((response) => /\/api\/v2\/coralhaven\/ranking\?/.test(response.url()));
    // A card's impression tracker, called once the card is in view (at once on a wide screen).
    const impression = page.waitForResponse((response) => /\/api\/v2\/coralhaven\/track\/impression\//.test(response.url()));
    await openSearch(page);
    const answer = await ranking;
    expect(answer.status()).toBe(200);
    const { entities } = (await answer.json()) as { entities: Array<{ id: string }> };
    const position = new Map(entities.map((entity, i) => [entity.id, i]));
    const docs = (await served).searchOrder;
    const expected = [...docs].sort(
      (a, b) => (position.get(a.ss_vrfusion_site_property_code) ?? entities.length) - (position.get(b.ss_vrfusion_site_property_code) ?? entities.length),
    );
    await expect.poll(() => sortOrderUpdates(page)).toBe(1);
    // Every listing is ranked by the built-in service, so no tie is left to chance.
    expect(docs.every((doc) => position.has(doc.ss_vrfusion_site_property_code))).toBe(true);
    await expect(cardTitles(page)).toHaveText(expected.slice(0, 10).map((doc) => doc.ss_name));
    // The cards call the service's own signed trackers, what the ranking learns from: an
    // impression when a card is in view, a click on the way to the listing, each accepted.
    const first = expected[0] as Doc;
    await page.locator('.search .listing-card').first().scrollIntoViewIfNeeded();
    expect((await impression).status()).toBe(204);
    // The click tracker goes as a beacon while the page is left: its request is seen, its answer may
    // come after the page has gone, so the test sends the same signed URL again and sees it accepted.
    const click = page.waitForRequest((request) => request.url().includes(`/api/v2/coralhaven/track/click/${first.ss_vrfusion_site_property_code}?`));
    await page.locator('.search .listing-card').first().getByRole('link', { name: first.ss_name }).click();
    const clickUrl = (await click).url();
    await expect(page).toHaveURL(/\/listing\//);
    expect((await page.request.post(clickUrl, { maxRedirects: 0 })).status()).toBe(204);
    expect(consoleErrors).toEqual([]);
  });
});
