import type { Page } from '@playwright/test';
import { axeViolations, expect, rcavHash, test } from './fixtures';

/*
 * Spec §5 Insurance state check on the listing page: the booking box's Book and Quote (and the
 * Detailed Quote's buy link) wait for the guest's insurance state when the site lists states
 * (config/site.json does) and no rcstate cookie holds one; afterwards they carry &province=.
 */
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
const box = (page: Page) => page.locator('.booking-box');
const CHOOSER = 'Where do you live?';

test.describe('insurance state check before booking', () => {
  test('Book without rcstate opens the state chooser; confirming saves rcstate and the buy page opens with &province=', async ({ page, context, consoleErrors, stays }) => {
    const stay = stays.bookable;
    await page.goto(`/listing/${stay.slug}${rcavHash(stay)}`);
    await hydrated(page);
    const book = box(page).getByRole('button', { name: /^Book / }).first();
    await expect(book).toBeVisible();

    // Every buy window the page opens (spec §2: Book opens the buy page in a new window).
    await page.evaluate(() => {
      const open = window.open.bind(window);
      const opened: string[] = [];
      (window as unknown as { opened: string[] }).opened = opened;
      window.open = (url, ...rest) => {
        opened.push(String(url));
        return open(url, ...rest);
      };
    });
    const opened = () => page.evaluate(() => (window as unknown as { opened: string[] }).opened);
    await book.click();
    const chooser = page.getByRole('dialog', { name: CHOOSER });
    await expect(chooser).toBeVisible();
    expect(await opened()).toEqual([]);
    // Spec §9: the state dialog is at least 280 px wide; the confirm button shows only after a choice.
    expect((await chooser.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(280);
    await expect(chooser.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    const select = chooser.getByRole('combobox', { name: 'Select your state' });
    // Focus is inside the modal (spec: keyboard use; the dialog contains it).
    await expect.poll(() => chooser.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    expect(await axeViolations(page, '.modal')).toEqual([]);

    await select.selectOption('FL');
    const popup = context.waitForEvent('page');
    await chooser.getByRole('button', { name: 'Continue' }).click();
    const buy = await popup;
    await buy.waitForLoadState();
    // The original click went ahead, once, now with the state.
    const url = new URL(buy.url());
    expect(url.pathname).toBe(`/rescms/item/${stay.eid}/buy`);
    expect(url.searchParams.get('province')).toBe('FL');
    expect(url.searchParams.get('rcav[begin]')).toBe(stay.begin);
    await expect(buy.getByRole('heading', { level: 1 })).toBeVisible();
    await buy.close();
    await expect(chooser).toBeHidden();
    expect(await opened()).toEqual([buy.url()]);
    expect((await context.cookies()).find((cookie) => cookie.name === 'rcstate')).toMatchObject({ value: 'FL', path: '/' });
    expect(consoleErrors).toEqual([]);
  });

  test('with rcstate no chooser: the quote and its buy link go with &province=', async ({ page, context, baseURL, consoleErrors, stays }) => {
    await context.addCookies([{ name: 'rcstate', value: 'TX', url: `${baseURL}/` }]);
    const stay = stays.bookable;
    await page.goto(`/listing/${stay.slug}${rcavHash(stay)}`);
    await hydrated(page);
    const asked = page.waitForRequest((request) => request.url().includes('/rescms/ajax/item/pricing/quote'));
    await box(page).getByRole('button', { name: /^Quote / }).first().click();
    expect(new URL((await asked).url()).searchParams.get('province')).toBe('TX');
    const quote = page.getByRole('dialog', { name: 'Detailed Quote' });
    await expect(quote).toBeVisible();
    await expect(page.getByRole('dialog', { name: CHOOSER })).toHaveCount(0);

    await quote.locator('a.rc-quote__buy').click();
    await page.waitForURL((url) => url.pathname === `/rescms/item/${stay.eid}/buy`);
    expect(new URL(page.url()).searchParams.get('province')).toBe('TX');
    expect(consoleErrors).toEqual([]);
  });

  test('a dismissed chooser drops the Quote click: nothing is asked, and the next click asks again', async ({ page, consoleErrors, stays }) => {
    const stay = stays.bookable;
    await page.goto(`/listing/${stay.slug}${rcavHash(stay)}`);
    await hydrated(page);
    let quotes = 0;
    page.on('request', (request) => {
      if (request.url().includes('/rescms/ajax/item/pricing/quote')) quotes++;
    });
    const quoteButton = box(page).getByRole('button', { name: /^Quote / }).first();
    await quoteButton.click();
    const chooser = page.getByRole('dialog', { name: CHOOSER });
    await expect(chooser).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chooser).toBeHidden();
    // Focus goes back to the button that asked.
    await expect(quoteButton).toBeFocused();
    expect(quotes).toBe(0);
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'rcstate')).toBe(false);

    await quoteButton.click();
    await expect(chooser).toBeVisible();
    await chooser.getByRole('combobox', { name: 'Select your state' }).selectOption('none');
    const asked = page.waitForRequest((request) => request.url().includes('/rescms/ajax/item/pricing/quote'));
    await chooser.getByRole('button', { name: 'Continue' }).click();
    expect(new URL((await asked).url()).searchParams.get('province')).toBe('none');
    await expect(page.getByRole('dialog', { name: 'Detailed Quote' })).toBeVisible();
    expect(quotes).toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  test("the Trips Collection's Buy waits for the chooser too, then opens the buy page with &province=", async ({ page, context, consoleErrors, stays }) => {
    const stay = stays.bookable;
    await page.goto(`/listing/${stay.slug}${rcavHash(stay)}`);
    await hydrated(page);
    await box(page).getByRole('button', { name: /^Add .* to Trips Collection$/ }).first().click();
    const detail = page.getByRole('dialog', { name: 'Your Trips Collection' });
    await expect(detail).toBeVisible();
    await detail.getByRole('button', { name: /^Buy / }).first().click();
    const chooser = page.getByRole('dialog', { name: CHOOSER });
    await expect(chooser).toBeVisible();
    expect(await axeViolations(page, '.modal:has(.checkout-dialog)')).toEqual([]);
    await chooser.getByRole('combobox', { name: 'Select your state' }).selectOption('CA');
    const popup = context.waitForEvent('page');
    await chooser.getByRole('button', { name: 'Continue' }).click();
    const buy = await popup;
    await buy.waitForLoadState();
    expect(new URL(buy.url()).pathname).toBe(`/rescms/item/${stay.eid}/buy`);
    expect(new URL(buy.url()).searchParams.get('province')).toBe('CA');
    await buy.close();
    expect(consoleErrors).toEqual([]);
  });
});
