import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations, expect, rcavHash, test } from './fixtures';

/** A stored analytics event, as GET /__e2e/analytics-events (E2E_TEST_ROUTES=1) gives it. */
interface StoredEvent {
  id: number;
  name: string;
  page: string | null;
  params: {
    items?: Array<{ item_id: string; index?: number; item_list_name?: string; price?: number }>;
    from?: string;
    step?: number;
    search_term?: string;
    results?: number;
  };
}

const GTAG = 'https://www.googletagmanager.com/**';
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

async function eventsAfter(request: APIRequestContext, after: number): Promise<StoredEvent[]> {
  const response = await request.get(`/__e2e/analytics-events?after=${after}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredEvent[];
}

async function lastEventId(request: APIRequestContext): Promise<number> {
  return (await eventsAfter(request, 0)).reduce((last, event) => Math.max(last, event.id), 0);
}

/** Whether `wanted` occur in `events` in this order (other events may come between). */
function inOrder(events: StoredEvent[], wanted: Array<(event: StoredEvent) => boolean>): boolean {
  let next = 0;
  for (const event of events) if (next < wanted.length && wanted[next]?.(event)) next++;
  return next === wanted.length;
}

test.describe('analytics', () => {
  test("a visitor's path (search, product click, detail view, add to cart, checkout) leaves its events in the database", async ({ page, request, stays, consoleErrors }, testInfo) => {
    test.slow();
    const stay = stays.bookable;
    // Each width's own searches tell its events from the other's (both run against one server).
    const nothing = `zz${testInfo.project.name}qq`;
    const after = await lastEventId(request);
    const gtag: string[] = [];
    await page.route(GTAG, (route) => {
      gtag.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    });

    await page.goto('/search');
    await hydrated(page);
    await expect(page.locator('.search')).not.toHaveAttribute('data-pending');
    await expect(page.locator('.listing-card').first()).toBeVisible();
    const box = page.getByRole('combobox', { name: 'Search rentals' });
    const search = async (text: string) => {
      // The page's own first search may still set the box: type again until the search is the visitor's.
      await expect(async () => {
        // A trailing space asks for no suggestions (spec §5), so no listbox covers the results.
        await box.fill(`${text} `);
        await box.press('Enter');
        await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '(%20|\\+)')}`), { timeout: 1000 });
      }).toPass();
    };
    await search(nothing);
    await expect(page.locator('.no-results')).toContainText('No rentals match your search');
    await search(stay.name);
    const card = page.locator('.listing-card', { has: page.getByRole('heading', { name: stay.name, exact: true }) }).first();
    await expect(card).toBeVisible();
    // The product click: select_item goes first, then the listing opens.
    await card.getByRole('link', { name: stay.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/listing/${stay.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(stay.name);
    const code = ((await page.locator('text=/^Property code /').first().textContent()) ?? '').replace('Property code ', '').trim();
    expect(code).not.toBe('');

    // The detail page with dates: add to the Trips Collection, then check out.
    await page.goto(`/listing/${stay.slug}?dates=1${rcavHash(stay)}`);
    await hydrated(page);
    await page.getByRole('button', { name: /^Add .* to Trips Collection$/ }).first().click();
    const detail = page.getByRole('dialog', { name: 'Your Trips Collection' });
    await detail.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/rescms\/order\/checkout$/);
    await expect(page.locator('.checkout-check')).toContainText('Prices checked: they are up to date.');

    const isItem = (event: StoredEvent, id: string) => event.params.items?.some((item) => item.item_id === id) ?? false;
    const wanted: Array<(event: StoredEvent) => boolean> = [
      (event) => event.name === 'search' && event.params.search_term === nothing && event.params.results === 0 && event.page === '/search',
      (event) => event.name === 'search' && event.params.search_term === stay.name && (event.params.results ?? 0) >= 1,
      (event) => event.name === 'select_item' && isItem(event, code) && event.params.items?.[0]?.item_list_name === 'Search results',
      (event) => event.name === 'view_item' && isItem(event, code) && event.page === `/listing/${stay.slug}`,
      (event) => event.name === 'add_to_cart' && event.params.from === 'details' && isItem(event, String(stay.eid)),
      (event) => event.name === 'begin_checkout' && event.params.step === 1 && isItem(event, String(stay.eid)) && event.page === '/rescms/order/checkout',
    ];
    await expect.poll(async () => inOrder(await eventsAfter(request, after), wanted), { timeout: 10_000 }).toBe(true);
    // The impression of the card went out when the search page was left (the remainder of a batch of 10, on pagehide).
    const events = await eventsAfter(request, after);
    const impression = events.find((event) => event.name === 'view_item_list' && isItem(event, code));
    expect(impression?.params.items?.find((item) => item.item_id === code)).toMatchObject({ item_list_name: 'Search results', index: expect.any(Number) });
    // The visitor had rejected the cookies: nothing was asked of Google.
    expect(gtag).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test.describe('with no cookie choice yet', () => {
    test.use({ cookieChoice: null });

    test('the banner blocks GA4 until accepted, is accessible and shifts nothing; the choice is kept and can be changed from the footer', async ({ page }) => {
      const gtag: string[] = [];
      await page.route(GTAG, (route) => {
        gtag.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
      });
      await page.addInitScript(() => {
        (window as unknown as { shifts: number }).shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/');
      await hydrated(page);
      const banner = page.getByRole('region', { name: 'Cookies on this site' });
      await expect(banner).toBeVisible();
      // Consent Mode v2: every signal denied until chosen; no third-party script before consent.
      const consentDefault = await page.evaluate(() => Array.from((window as unknown as { dataLayer: IArguments[] }).dataLayer[0] ?? []));
      expect(consentDefault).toEqual(['consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', wait_for_update: 500 }]);
      expect(gtag).toEqual([]);
      // Overlaid at the bottom: the page does not move when it appears.
      expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThanOrEqual(0.02);
      expect(await axeViolations(page, '.consent-banner')).toEqual([]);

      // Choose: the categories take the focus; Escape leaves them without a choice (the banner stays).
      await banner.getByRole('button', { name: 'Choose' }).click();
      const analyticsBox = banner.getByRole('checkbox', { name: /Analytics cookies/ });
      await expect(analyticsBox).toBeFocused();
      expect(await axeViolations(page, '.consent-banner')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(banner.getByRole('checkbox')).toHaveCount(0);
      expect(gtag).toEqual([]);

      const script = page.waitForRequest(GTAG);
      await banner.getByRole('button', { name: 'Accept all' }).click();
      expect((await script).url()).toBe('https://www.googletagmanager.com/gtag/js?id=G-E2ETEST00');
      await expect(banner).toHaveCount(0);

      // Kept: the next page asks nothing and loads GA4 at once.
      await page.reload();
      await hydrated(page);
      await expect.poll(() => gtag.length).toBe(2);
      await expect(banner).toHaveCount(0);

      // Changed from the footer: reject advertising and analytics; the next page loads nothing from Google.
      await page.getByRole('button', { name: 'Cookie settings' }).click();
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('checkbox', { name: /Analytics cookies/ })).toBeChecked();
      await banner.getByRole('button', { name: 'Reject all' }).click();
      await expect(banner).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Cookie settings' })).toBeFocused();
      await page.reload();
      await hydrated(page);
      await expect(page.getByRole('button', { name: 'Cookie settings' })).toBeVisible();
      expect(gtag).toHaveLength(2);
    });

    test('a corrupt stored choice shows the banner again, never an error', async ({ page, consoleErrors }) => {
      await page.addInitScript(() => window.localStorage.setItem('rcconsent', '{"v":1,"analytics":tr'));
      await page.route(GTAG, (route) => route.abort());
      await page.goto('/');
      await hydrated(page);
      await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeVisible();
      await page.getByRole('button', { name: 'Reject all' }).click();
      expect(await page.evaluate(() => window.localStorage.getItem('rcconsent'))).toBe('{"v":1,"analytics":false,"ads":false}');
      expect(consoleErrors).toEqual([]);
    });
  });
});
