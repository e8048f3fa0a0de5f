import fs from 'node:fs/promises';
import { E2E_ADMIN_PASSWORD } from './admin-password';
import { axeViolations, expect, test } from './fixtures';

/**
 * The site owner's analytics dashboard (issue 16): the test server runs with ADMIN_PASSWORD, and
 * its fresh demo database holds the seeded analytics history of the 60 days before its day.
 */
test('the site owner logs in, sees the charts and tables of the seeded history, downloads a CSV and logs out', async ({ page, consoleErrors }) => {
  await page.goto('/admin/analytics');
  await expect(page).toHaveURL(/\/admin\/analytics\/login$/);
  await expect(page.getByRole('heading', { name: 'Analytics: log in' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A wrong password: the form again, with a message the field points to.
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('That password is not right. Please try again.');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

  // Four charts drawn (SVG with marks), each named, from the seeded history.
  for (const name of ['Searches per day', 'Top listings by impressions', 'Add to cart, checkout and booking funnel', 'Errors by message']) {
    const chart = page.locator(`svg[aria-label="${name}"]`);
    await expect(chart, name).toBeVisible();
    expect(await chart.locator('path, rect').count(), name).toBeGreaterThan(3);
  }
  // Their tables have rows: zero-result terms, listings, the funnel with bookings, errors.
  const rowsOf = (caption: string) => page.locator('table', { has: page.locator('caption', { hasText: caption }) }).locator('tbody tr');
  expect(await rowsOf('What visitors searched for and found nothing').count()).toBeGreaterThan(2);
  await expect(rowsOf('Listings by impressions')).toHaveCount(20);
  await expect(rowsOf('Funnel')).toHaveCount(3);
  await expect(rowsOf('Funnel').nth(2).locator('td').nth(1)).not.toHaveText('0');
  expect(await rowsOf('Errors by message').count()).toBeGreaterThan(0);
  expect(await rowsOf('Searches per day').count()).toBe(30);
  expect(await axeViolations(page)).toEqual([]);

  // CSV of the zero-result searches: a header and the rows of the table.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download zero-result searches as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^analytics-zero-results-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
  const csv = (await fs.readFile(await download.path(), 'utf8')).split('\r\n').filter((line) => line !== '');
  expect(csv[0]).toBe('search_term,searches,last_seen_utc');
  expect(csv.length).toBeGreaterThan(3);

  // A reversed range: a clear message, no figures.
  const [from, to] = [await page.getByLabel('From', { exact: true }).inputValue(), await page.getByLabel('To', { exact: true }).inputValue()];
  await page.getByLabel('From', { exact: true }).fill(to);
  await page.getByLabel('To', { exact: true }).fill(from);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert')).toContainText('must be on or before the end date');
  await expect(page.locator('svg[aria-label="Searches per day"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\/login$/);
  await page.goto('/admin/analytics');
  await expect(page).toHaveURL(/\/admin\/analytics\/login$/);
  // Only the answers the test asked for: 401 for the wrong password, 400 for the reversed range.
  expect(consoleErrors.filter((error) => !/status of (401|400) /.test(error))).toEqual([]);
});
