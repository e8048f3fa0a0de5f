import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';

const COOKIE = 'riot_solr_flag_items';

async function firstListingPath(page: Page): Promise<string> {
  await page.goto('/search');
  const href = await page.locator('.listing-card__title a').first().getAttribute('href');
  expect(href).toMatch(/^\/listing\//);
  return href as string;
}

test.describe('favourites flags', () => {
  test('flagging a listing updates every button of the item and the header counter, and survives a reload', async ({
    page,
    header,
    flags,
    context,
    consoleErrors,
  }) => {
    const path = await firstListingPath(page);
    await page.goto(path);
    await flags.ready();
    const buttons = page.locator('button.flag-button');
    await expect(buttons).toHaveCount(2);
    const itemId = (await buttons.first().getAttribute('data-item-id')) as string;
    const both = flags.buttonsFor(itemId);
    await expect(both.first()).toHaveText('Flag');
    await header.expectFavourites(0);

    await both.first().click();
    await expect(both.nth(0)).toHaveText('Unflag');
    await expect(both.nth(1)).toHaveText('Unflag');
    await expect(both.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await header.expectFavourites(1);
    const cookie = (await context.cookies()).find((c) => c.name === COOKIE);
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? ''))).toEqual([itemId]);
    expect(cookie?.path).toBe('/');

    await page.reload();
    await flags.ready();
    await expect(flags.buttonsFor(itemId).first()).toHaveText('Unflag');
    await header.expectFavourites(1);

    // Unflag from the other button: the first follows.
    await flags.buttonsFor(itemId).nth(1).click();
    await expect(flags.buttonsFor(itemId).nth(0)).toHaveText('Flag');
    await header.expectFavourites(0);
    expect(consoleErrors).toEqual([]);
  });

  test('the server renders the flagged label from the cookie, before any script runs', async ({ page, context, request }) => {
    const path = await firstListingPath(page);
    await page.goto(path);
    const itemId = (await page.locator('button.flag-button').first().getAttribute('data-item-id')) as string;
    const response = await request.get(path, { headers: { cookie: `${COOKIE}=${encodeURIComponent(JSON.stringify([itemId]))}` } });
    const html = await response.text();
    expect(html).toContain('aria-pressed="true"');
    expect(html).toMatch(/favourites-counter__count[^>]*>1</);
    await context.clearCookies();
  });

  test('a tampered cookie counts as no favourites and is rewritten', async ({ page, context, header, flags, consoleErrors }) => {
    await context.addCookies([{ name: COOKIE, value: '%7Bnot-json%5B', url: 'http://127.0.0.1' }]);
    await page.goto('/search');
    await flags.ready();
    await header.expectFavourites(0);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === COOKIE)?.value).toMatch(/^(\[\]|%5B%5D)$/);
    expect(consoleErrors).toEqual([]);
  });

  test('the favourites dropdown and view list the flagged rentals; an unflagged one goes at Refresh', async ({ page, header, flags, consoleErrors }, testInfo) => {
    await page.goto('/search');
    await flags.ready();
    // The search's own answer replaces the server's first page: read the names once it is in.
    await expect(page.locator('.search .result-summary')).toBeVisible();
    const cards = page.locator('.listing-card');
    const names = [await cards.nth(0).locator('h3').innerText(), await cards.nth(1).locator('h3').innerText()];
    await cards.nth(0).locator('button.flag-button').click();
    await cards.nth(1).locator('button.flag-button').click();
    await header.expectFavourites(2);
    const counter = header.root.locator('a.favourites-counter');
    await expect(counter).toHaveAttribute('href', /^\/favourites#q=id:\(chc1-listings-\d+%20OR%20chc1-listings-\d+\)$/);

    const dropdown = page.locator('#favourites-dropdown');
    if (testInfo.project.name === 'phone') {
      // Spec §9: the dropdown is always hidden at 64em or below.
      await header.root.locator('.favourites-block').hover();
      await expect(dropdown).toBeHidden();
      await expect(header.root.locator('.favourites-block__toggle')).toBeHidden();
    } else {
      await header.root.locator('.favourites-block').hover();
      await expect(dropdown.locator('h4')).toHaveText([...names].reverse());
      await expect(dropdown.getByRole('link', { name: `more about ${names[0]}` })).toHaveAttribute('href', /^\/listing\//);
      expect((await dropdown.boundingBox())?.width).toBeGreaterThanOrEqual(300);
      expect(await axeViolations(page)).toEqual([]);
      await page.mouse.move(5, 600);
      await expect(dropdown).toBeHidden();
      // Keyboard: the toggle opens it, Escape closes it and focus returns to the toggle.
      const toggle = header.root.getByRole('button', { name: 'Show the list of favourites' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(dropdown.locator('h4')).toHaveCount(2);
      await page.keyboard.press('Escape');
      await expect(dropdown).toBeHidden();
      await expect(toggle).toBeFocused();
    }

    await counter.click();
    await expect(page).toHaveURL(/\/favourites#q=id:/);
    await flags.ready();
    await expect(page.locator('.search .result-summary')).toHaveText('2 rentals');
    // In the search's order: the built-in ranking's, which the visits of other tests move (the collector feeds it).
    await expect.poll(async () => (await page.locator('.listing-card h3').allInnerTexts()).sort()).toEqual([...names].sort());
    const shown = await page.locator('.listing-card h3').allInnerTexts();
    await expect(counter.locator('.favourites-counter__label')).toHaveText('Refresh');
    expect(await axeViolations(page)).toEqual([]);

    // Unflagged here, the rental stays (it can be flagged again) until Refresh runs the search again.
    await page.locator('.listing-card').first().locator('button.flag-button').click();
    await header.expectFavourites(1);
    await expect(page.locator('.listing-card h3')).toHaveText(shown);
    await counter.click();
    await expect(page.locator('.listing-card h3')).toHaveText([shown[1] as string]);
    await expect(page.locator('.search .result-summary')).toHaveText('1 rental');
    expect(consoleErrors).toEqual([]);
  });
});
