import type { Page } from '@playwright/test';
import { axeViolations, expect, rcavHash, test } from './fixtures';

/**
 * A fetch that fails once is not kept as the answer (issue 11 item 6): the visitor sees the
 * failure, presses 'Try again', and sees what the second, successful attempt brought.
 */
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

/** Answers the first request to `pattern` with a 503, and lets every later one through; returns how many were made. */
async function failFirst(page: Page, pattern: string | RegExp): Promise<() => number> {
  let calls = 0;
  await page.route(pattern, async (route) => {
    calls += 1;
    if (calls === 1) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Busy' }) });
    else await route.continue();
  });
  return () => calls;
}

test.describe('a failed fetch is said, and Try again brings the data', () => {
  test('the map of results: the map comes after Try again', async ({ page }) => {
    // The map's code fails (its preload and its import) until the visitor tries again.
    let allowed = false;
    await page.route(/\/assets\/leaflet-[^/]*\.js$/, (route) => (allowed ? route.continue() : route.fulfill({ status: 503, body: 'Busy' })));
    await page.goto('/search/map');
    await hydrated(page);
    const map = page.locator('.result-map');
    if (await page.getByRole('tab', { name: 'Map' }).isVisible()) await page.getByRole('tab', { name: 'Map' }).click();
    const problem = map.getByRole('alert');
    await expect(problem).toContainText('The map could not be loaded.');
    await expect(problem).toBeInViewport();
    expect(await axeViolations(page, '.result-map')).toEqual([]);
    allowed = true;
    await problem.getByRole('button', { name: 'Try again' }).click();
    await expect(map).toHaveAttribute('data-ready', 'true');
    await expect(problem).toHaveCount(0);
    await expect(map.locator('.map-pin').first()).toBeAttached();
  });

  test('the listing’s booked dates: the calendar disables booked nights after Try again', async ({ page, stays }) => {
    const { booked } = stays;
    const calls = await failFirst(page, /\/rcapi\/item\/\d+\/calendar/);
    // The console warns of the failed call: that is expected here, so consoleErrors is not checked.
    await page.goto(`/listing/${booked.slug}${rcavHash(booked)}`);
    await hydrated(page);
    const box = page.locator('.booking-box');
    const problem = box.getByRole('alert');
    await expect(problem).toContainText('The booked dates could not be loaded');
    expect(await axeViolations(page)).toEqual([]);
    await problem.getByRole('button', { name: 'Try again' }).click();
    await expect(problem).toHaveCount(0);
    // The second call reaches the route handler a moment after the page has left the failure.
    await expect.poll(calls).toBe(2);
    // The stay's nights are booked: with the calendar known, they are disabled.
    await box.getByRole('button', { name: 'Open calendar' }).click();
    await expect(page.locator('.range-calendar')).toBeVisible();
    await expect(page.locator('.range-calendar__cell[data-unavailable]').first()).toHaveAttribute('aria-disabled', 'true');
  });

  test('the Trips Collection’s stays: their links come after Try again', async ({ page, stays }) => {
    const { bookable } = stays;
    await page.goto(`/listing/${bookable.slug}${rcavHash(bookable)}`);
    await hydrated(page);
    await page.getByRole('button', { name: /^Add .* to Trips Collection$/ }).first().click();
    const detail = page.getByRole('dialog', { name: 'Your Trips Collection' });
    await expect(detail).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).click();

    const calls = await failFirst(page, /\/api\/content\/item\?/);
    await page.goto('/mytrip');
    await hydrated(page);
    const main = page.locator('main');
    const problem = main.getByRole('alert');
    await expect(problem).toContainText('Some details of your stays could not be loaded.');
    await expect(main.locator('.order-item__name a')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await problem.getByRole('button', { name: 'Try again' }).click();
    await expect(problem).toHaveCount(0);
    const link = main.locator('.order-item__name a');
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute('href', new RegExp(`^/listing/${bookable.slug}#rcav=`));
    expect(calls()).toBe(2);
  });
});
