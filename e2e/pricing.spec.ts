import type { Page } from '@playwright/test';
import { axeViolations, expect, rcavHash, test } from './fixtures';
import { searchStay } from './page-support';

/** 'Tue, Dec 1, 2026', as the offers show a date (Intl with the options of the domain's formatStayDate). */
const stayDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${iso}T00:00:00Z`));

const summaries = (page: Page) => page.locator('.result-card .pricing-summary');

async function openSearch(page: Page) {
  await page.goto('/search');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(page.locator('.search')).not.toHaveAttribute('data-pending');
  await expect(page.locator('.result-card').first()).toBeVisible();
}

test.describe('availability pricing', () => {
  test('dates and guests from the search panel show price summaries on the results, kept in local storage', async ({ page, consoleErrors, stays }) => {
    await openSearch(page);
    await expect(summaries(page)).toHaveCount(0);
    const response = await searchStay(page, stays.bookable, { adults: 3, children: 1 });
    // Spec §7: the search params in the jQuery.param form.
    const query = decodeURIComponent(new URL(response.url()).search);
    const { begin, end } = stays.bookable;
    expect(query).toBe(`?rcav[begin]=${begin}&rcav[end]=${end}&rcav[adult]=3&rcav[child]=1`);
    await expect(page.locator('#search-panel')).toBeHidden();
    await expect(summaries(page).first()).toBeVisible();
    await expect(page.locator('.pricing-summary__range').first()).toHaveText(/^Price for your dates: \$[\d,]+( - \$[\d,]+)?$/);
    // Spec §4: the searching mark is cleared once the answer is in.
    await expect(page.locator('body')).not.toHaveClass(/rc-avail-searching/);
    await expect(page.locator('body')).not.toHaveAttribute('aria-busy');
    const stored = await page.evaluate(() => [localStorage.getItem('rcriotavailpricingparams'), localStorage.getItem('rcriotavailpricingpricing')]);
    expect(JSON.parse(stored[0] ?? 'null')).toEqual({ v: 1, params: { rcav: { begin, end, adult: 3, child: 1 } } });
    expect(JSON.parse(stored[1] ?? 'null').items.length).toBeGreaterThan(300);

    // Restored on the next page load.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.locator('.pricing-summary__range').first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the detail modal shows the offers; a Detailed Quote shows the itemised quote; Book opens the buy page', async ({ page, context, baseURL, consoleErrors, stays }) => {
    // The guest's insurance state is known (spec §5; the chooser itself: insurance-state.spec.ts): Quote and Book go at once, with it.
    await context.addCookies([{ name: 'rcstate', value: 'FL', url: `${baseURL}/` }]);
    await openSearch(page);
    await searchStay(page, stays.bookable);
    const trigger = page.locator('.result-card').filter({ has: page.locator('.pricing-summary__trigger') }).first().locator('.pricing-summary__trigger');
    await trigger.click();
    const detail = page.getByRole('dialog', { name: /^Offers: / });
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(detail.locator('.offer').first()).toContainText('$');
    expect(await axeViolations(page)).toEqual([]);

    const quoteButton = detail.getByRole('button', { name: /^Quote / }).first();
    await quoteButton.click();
    const quote = page.getByRole('dialog', { name: 'Detailed Quote' });
    await expect(quote).toBeVisible();
    await expect(quote.getByRole('table')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await expect(quote).toContainText('Total');
    await expect(quote.getByRole('button', { name: 'Add to Trips Collection' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(quote).toBeHidden();
    // Spec §4 Quote button: enabled again after the call.
    await expect(quoteButton).not.toHaveAttribute('data-pending');
    await expect(quoteButton).toBeEnabled();

    const popup = context.waitForEvent('page');
    await detail.getByRole('button', { name: /^Book / }).first().click();
    const buy = await popup;
    await buy.waitForLoadState();
    expect(new URL(buy.url()).pathname).toMatch(/^\/rescms\/item\/\d+\/buy$/);
    expect(decodeURIComponent(new URL(buy.url()).search)).toMatch(/rcav\[begin\]=\d{4}-\d{2}-\d{2}/);
    expect(new URL(buy.url()).searchParams.get('province')).toBe('FL');
    await buy.close();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test('the listing page reads #rcav=, pre-fills dates and guests and shows its offers and alternates', async ({ page, consoleErrors, stays }) => {
    // The fixture rental's bookable week, as many guests as it sleeps (not the form's default 2 + 0).
    const { eid, slug, begin, end } = stays.bookable;
    const href = `/listing/${slug}`;
    const rcav = { begin, end, adult: 3, child: 1 };
    const answer = page.waitForResponse((response) => response.url().includes('/rcapi/item/avail/search'));
    await page.goto(`${href}#rcav=${encodeURIComponent(JSON.stringify(rcav))}`);
    const response = await answer;
    const sent = Object.fromEntries(new URL(response.url()).searchParams);
    expect(sent).toEqual({ 'rcav[begin]': begin, 'rcav[end]': end, 'rcav[adult]': '3', 'rcav[child]': '1', 'rcav[IDs][]': String(eid) });
    const box = page.locator('.booking-box');
    await expect(box.getByRole('textbox', { name: 'Adults' })).toHaveValue('3');
    await expect(box.getByRole('textbox', { name: 'Children' })).toHaveValue('1');
    await expect(box.getByRole('group', { name: 'Arrival and departure' })).toContainText(String(Number(begin.slice(8, 10))));
    // Alternates display: the primary offer of each featured group (the standard rate), for these very dates.
    await expect(box.locator('.pricing-alternates .offer').first()).toBeVisible();
    await expect(box.locator('.pricing-alternates__none')).toHaveCount(0);
    await box.getByRole('button', { name: 'More pricing options' }).click();
    const options = page.getByRole('dialog', { name: /^More pricing options/ });
    await expect(options).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(options).toBeHidden();

    // Booked nights are disabled in the calendar.
    await box.getByRole('button', { name: 'Open calendar' }).click();
    await expect(page.locator('.range-calendar')).toBeVisible();
    const unavailable = page.locator('.range-calendar__cell[data-unavailable]');
    for (let month = 0; month < 6 && (await unavailable.count()) === 0; month++) await page.getByRole('button', { name: 'Next month' }).click();
    await expect(unavailable.first()).toHaveAttribute('aria-disabled', 'true');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // A hostile hash is ignored.
    await page.goto(`${href}#rcav=${encodeURIComponent('{"begin":"<img src=x onerror=alert(1)>","adult":2,"child":0}')}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(box.getByRole('textbox', { name: 'Adults' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('booked dates give alternates: the Alternates display and the other-dates modal', async ({ page, consoleErrors, stays }) => {
    const { booked } = stays;
    await page.goto(`/listing/${booked.slug}${rcavHash(booked)}`);
    const box = page.locator('.booking-box');
    // Spec §8: the asked-for arrival is not available; the nearest arrivals are offered instead.
    await expect(box.locator('.pricing-alternates__none')).toHaveText(`Not available for ${stayDate(booked.begin)}. Try the dates below or change your search.`);
    await box.getByRole('button', { name: 'See other dates' }).click();
    const other = page.getByRole('dialog', { name: /^Other dates: / });
    await expect(other).toBeVisible();
    // Each alternate offer says its own dates: the engine's nearest free arrivals, never the asked-for one.
    const dates = other.locator('.offer__dates');
    await expect(dates.first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const shown = await dates.allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(booked.alternates.some((day) => text.startsWith(stayDate(day)))).toBe(true);
    expect(booked.alternates.every((day) => shown.some((text) => text.startsWith(stayDate(day))))).toBe(true);
    await other.getByRole('button', { name: 'Close' }).click();
    await expect(other).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test('a failed availability call keeps the previous prices and clears the searching mark', async ({ page, consoleErrors, stays }) => {
    await openSearch(page);
    await searchStay(page, stays.bookable);
    const range = page.locator('.pricing-summary__range').first();
    await expect(range).toBeVisible();
    const before = await range.innerText();
    await page.route('**/rcapi/item/avail/search**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }));
    const failed = await searchStay(page, stays.bookable, { adults: 5 });
    expect(failed.status()).toBe(500);
    await expect(page.locator('body')).not.toHaveClass(/rc-avail-searching/);
    await expect(page.locator('body')).not.toHaveAttribute('aria-busy');
    await expect(range).toHaveText(before);
    // The failure is logged (a warning) and the browser reports the 500; nothing else.
    expect(consoleErrors.filter((text) => !/status of 500/.test(text))).toEqual([]);
  });

  test('corrupt or old stored pricing is dropped', async ({ page, consoleErrors }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('rcriotavailpricingparams', '{"rcav":{"begin":');
      localStorage.setItem('rcriotavailpricingpricing', JSON.stringify({ v: 0, items: [{ eid: 1001, prices: [{ p: '<script>' }] }] }));
    });
    await openSearch(page);
    await expect(summaries(page)).toHaveCount(0);
    const stored = await page.evaluate(() => [localStorage.getItem('rcriotavailpricingparams'), localStorage.getItem('rcriotavailpricingpricing')]);
    expect(stored).toEqual([null, null]);
    expect(consoleErrors).toEqual([]);
  });
  test('with dates chosen, the price sorts follow the prices of those dates (spec §9, issue 11)', async ({ page, consoleErrors, stays }) => {
    await openSearch(page);
    await searchStay(page, stays.bookable);
    await expect(page.locator('.pricing-summary__range').first()).toBeVisible();
    /** Each shown card's range for the dates ([0, 0] without pricing), in the order shown. */
    const ranges = async () =>
      page.locator('.result-card').evaluateAll((cards) =>
        cards.map((card) => {
          const text = card.querySelector('.pricing-summary__range')?.textContent ?? '';
          const amounts = [...text.matchAll(/\$([\d,]+)/g)].map((m) => Number((m[1] ?? '0').replace(/,/g, '')));
          return (amounts.length === 0 ? [0, 0] : [amounts[0], amounts.at(-1)]) as [number, number];
        }),
      );
    const sortBy = async (label: string, sort: string) => {
      await page.getByRole('button', { name: /Sort by/ }).click();
      await page.getByRole('option', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`sort=${encodeURIComponent(sort).replace(/%20/g, '(%20|\\+)')}`));
      await expect(page.locator('.search')).toHaveAttribute('aria-busy', 'false');
    };

    // High to low: by each rental's highest price for the dates; those without pricing (0) last.
    await sortBy('Price: high to low', 'is_price_max desc');
    await expect(page.locator('.result-card').first().locator('.pricing-summary__range')).toBeVisible();
    const down = (await ranges()).map(([, max]) => max);
    expect(down.filter((max) => max > 0).length).toBeGreaterThan(1);
    expect(down).toEqual([...down].sort((a, b) => b - a));

    // Low to high: by the lowest price for the dates; a rental without pricing counts 0 (spec §9).
    await sortBy('Price: low to high', 'is_price_min asc');
    const up = (await ranges()).map(([min]) => min);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(consoleErrors).toEqual([]);
  });
});
