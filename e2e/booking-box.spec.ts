import type { Page } from '@playwright/test';
import { expect, rcavHash, test } from './fixtures';

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
const box = (page: Page) => page.locator('.booking-box');
const dateGroup = (page: Page) => box(page).getByRole('group', { name: 'Arrival and departure' });
/** MM/DD/YYYY, the other date form of spec §9. */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

test.describe('the listing booking box', () => {
  test("'Clear dates' removes #rcav from the address, and a reload brings no dates or prices back", async ({ page, consoleErrors, stays }) => {
    const stay = stays.bookable;
    await page.goto(`/listing/${stay.slug}${rcavHash(stay)}`);
    await hydrated(page);
    await expect(box(page).locator('.pricing-alternates .offer').first()).toBeVisible();
    await box(page).getByRole('button', { name: 'Clear dates' }).click();
    await expect(box(page).locator('.pricing-alternates')).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    await expect(dateGroup(page).getByRole('spinbutton').first()).toHaveAttribute('data-placeholder', 'true');

    let searched = false;
    page.on('request', (request) => {
      if (request.url().includes('/rcapi/item/avail/search')) searched = true;
    });
    await page.reload();
    await hydrated(page);
    await expect(box(page).getByRole('button', { name: 'Check availability' })).toBeVisible();
    await expect(dateGroup(page).getByRole('spinbutton').first()).toHaveAttribute('data-placeholder', 'true');
    await expect(box(page).locator('.pricing-alternates')).toHaveCount(0);
    expect(searched).toBe(false);
    expect(consoleErrors).toEqual([]);
  });

  test('an item link with MM/DD/YYYY dates and no child count fills the date field, counts no children and shows the offers', async ({ page, consoleErrors, stays }) => {
    const { eid, slug, begin, end } = stays.bookable;
    const answer = page.waitForResponse((response) => response.url().includes('/rcapi/item/avail/search'));
    await page.goto(`/listing/${slug}#rcav=${encodeURIComponent(JSON.stringify({ begin: usDate(begin), end: usDate(end), adult: 2 }))}`);
    const sent = Object.fromEntries(new URL((await answer).url()).searchParams);
    expect(sent).toEqual({ 'rcav[begin]': usDate(begin), 'rcav[end]': usDate(end), 'rcav[adult]': '2', 'rcav[child]': '0', 'rcav[IDs][]': String(eid) });
    await expect(box(page).locator('.pricing-alternates .offer').first()).toBeVisible();
    await expect(box(page).getByRole('textbox', { name: 'Children' })).toHaveValue('0');
    // The date field shows the stay: month, day and year of the arrival and of the departure.
    const segments = dateGroup(page).getByRole('spinbutton');
    const values = async () => (await segments.allInnerTexts()).map((text) => text.trim());
    await expect.poll(values).toEqual([...usDate(begin).split('/'), ...usDate(end).split('/')].map((part, i) => (i % 3 === 2 ? part : String(Number(part)))));
    expect(consoleErrors).toEqual([]);
  });
});
