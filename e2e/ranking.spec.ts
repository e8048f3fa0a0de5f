import type { Page, Route } from '@playwright/test';
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

/**
 * Passes the full-documents request (a POST to the proxy with `ids`) through and keeps its
 * answer: the page's results in the search's own order, with their property codes.
 */
function recordDocuments(page: Page): Promise<Doc[]> {
  return new Promise((resolve) => {
    void page.route('**/solr/select', async (route: Route) => {
      if (!new URLSearchParams(route.request().postData() ?? '').has('ids')) return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as { response: { docs: Doc[] } };
      resolve(body.response.docs);
      await route.fulfill({ response, json: body });
    });
  });
}

async function openSearch(page: Page) {
  await page.goto('/search');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(page.locator('.search')).not.toHaveAttribute('data-pending');
}

test.describe('search ordering by ranking (spec §7 Ranking, §9)', () => {
  test('the results follow the ranking service, sortOrderUpdated is raised, and cards call their trackers', async ({ page, context, consoleErrors }) => {
    await context.addCookies([{ name: '_ga', value: 'GA1.2.1234567890.1700000000', url: test.info().project.use.baseURL ?? 'http://127.0.0.1' }]);
    await countSortOrderUpdates(page);
    const documents = recordDocuments(page);
    const trackers: string[] = [];
    await page.route('**/api/v2/*/track/**', async (route) => {
      trackers.push(new URL(route.request().url()).pathname);
      await route.fulfill({ status: 204 });
    });
    // The ranking answers once the page's documents are known: reversed, every fourth one left out.
    let rankingUrl: URL | null = null;
    let ranked: Doc[] = [];
    await page.route('**/api/v2/*/ranking?*', async (route) => {
      rankingUrl = new URL(route.request().url());
      ranked = [...(await documents)].reverse().filter((_, i) => i % 4 !== 3);
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

  test('a failing ranking service leaves the results in the search order', async ({ page }) => {
    await countSortOrderUpdates(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const documents = recordDocuments(page);
    let asked = 0;
    await page.route('**/api/v2/*/ranking?*', async (route) => {
      asked += 1;
      await route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'Ranking is down' } });
    });
    await openSearch(page);
    const docs = await documents;
    await expect(cardTitles(page)).toHaveText(docs.slice(0, 10).map((doc) => doc.ss_name));
    await expect.poll(() => warnings.some((text) => text.includes('Ranking not loaded') && text.includes('Ranking is down'))).toBe(true);
    expect(asked).toBe(1);
    expect(await sortOrderUpdates(page)).toBe(0);
    // The page stays usable: a facet still filters.
    const area = page.locator('.facet[data-field="ss_area"] .facet__item').first();
    const count = Number(await area.locator('.facet__count').innerText());
    await area.click();
    await expect(page.locator('#result-count')).toHaveText(`${count} rentals`);
  });

  test("the built-in ranking service orders the page's results", async ({ page, consoleErrors }) => {
    await countSortOrderUpdates(page);
    const documents = recordDocuments(page);
    const ranking = page.waitForResponse((response) => /\/api\/v2\/coralhaven\/ranking\?/.test(response.url()));
    await openSearch(page);
    const answer = await ranking;
    expect(answer.status()).toBe(200);
    const { entities } = (await answer.json()) as { entities: Array<{ id: string }> };
    const position = new Map(entities.map((entity, i) => [entity.id, i]));
    const docs = await documents;
    const expected = [...docs].sort(
      (a, b) => (position.get(a.ss_vrfusion_site_property_code) ?? entities.length) - (position.get(b.ss_vrfusion_site_property_code) ?? entities.length),
    );
    await expect.poll(() => sortOrderUpdates(page)).toBe(1);
    // Every listing is ranked by the built-in service, so no tie is left to chance.
    expect(docs.every((doc) => position.has(doc.ss_vrfusion_site_property_code))).toBe(true);
    await expect(cardTitles(page)).toHaveText(expected.slice(0, 10).map((doc) => doc.ss_name));
    expect(consoleErrors).toEqual([]);
  });
});
