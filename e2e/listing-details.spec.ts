import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';

const LISTING = '/listing/cove-commons-42';

async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

test.describe('listing details (issue 15)', () => {
  test('property information tabs share the width and follow the ARIA tabs keys', async ({ page, consoleErrors }) => {
    await page.goto(LISTING);
    await hydrated(page);
    const tabs = page.getByRole('tablist', { name: 'Property information' }).getByRole('tab');
    const count = await tabs.count();
    expect(count).toBeGreaterThanOrEqual(3);
    const widths = await tabs.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().width));
    for (const width of widths) expect(Math.abs(width - (widths[0] as number))).toBeLessThanOrEqual(1);

    const about = page.getByRole('tab', { name: 'About' });
    const amenities = page.getByRole('tab', { name: 'Amenities' });
    await expect(about).toHaveAttribute('aria-selected', 'true');
    await about.focus();
    await page.keyboard.press('ArrowRight');
    await expect(amenities).toBeFocused();
    await expect(amenities).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Amenities' })).toBeVisible();
    await expect(page.getByText('Dozens of boats')).toHaveCount(0);
    await page.keyboard.press('End');
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(about).toHaveAttribute('aria-selected', 'true');
    // Tab moves into the open panel's content, not along the tab titles.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'About' })).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test('amenity info icons open their popup by hover, focus and tap', async ({ page, isMobile }) => {
    await page.goto(LISTING);
    await hydrated(page);
    await page.getByRole('tab', { name: 'Amenities' }).click();
    const icon = page.locator('button.amenity-info').first();
    const id = await icon.getAttribute('data-category');
    const popup = page.locator(`#amenity-detail-${id}`);
    await expect(popup).toBeHidden();
    if (isMobile) {
      await icon.tap();
      await expect(popup).toBeVisible();
      await page.getByRole('heading', { name: 'Property information' }).tap();
      await expect(popup).toBeHidden();
    } else {
      await icon.hover();
      await expect(popup).toBeVisible();
      await expect(icon).toHaveAttribute('aria-describedby', `amenity-detail-${id}`);
      await page.mouse.move(0, 0);
      await expect(popup).toBeHidden();
      await icon.focus();
      await expect(popup).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(popup).toBeHidden();
      await page.keyboard.press('Tab');
      const next = page.locator('button.amenity-info').nth(1);
      await expect(next).toBeFocused();
      await expect(page.locator(`#amenity-detail-${await next.getAttribute('data-category')}`)).toBeVisible();
    }
  });

  test('gallery: a thumbnail swaps the main image and its caption', async ({ page, isMobile }) => {
    await page.goto(LISTING);
    await hydrated(page);
    await page.getByRole('tab', { name: 'Gallery' }).click();
    const gallery = page.getByRole('group', { name: 'Photo gallery' });
    const main = gallery.locator('.photo-gallery__main img');
    const caption = gallery.locator('figcaption');
    const first = await main.getAttribute('src');
    const thumb = gallery.locator('.photo-gallery__thumb').nth(2);
    const label = (await thumb.getAttribute('aria-label')) as string;
    if (isMobile) await thumb.tap();
    else await thumb.hover();
    await expect(main).not.toHaveAttribute('src', first as string);
    await expect(caption).toHaveText(label.replace(/^Show photo \d+: /, ''));
    await expect(main).toHaveAttribute('alt', label.replace(/^Show photo \d+: /, ''));
  });

  test('the location map loads only when its section opens, and draws the site tiles', async ({ page, consoleErrors }) => {
    const tiles: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/tiles/')) tiles.push(request.url());
    });
    await page.goto(LISTING);
    await hydrated(page);
    const toggle = page.getByRole('button', { name: /^Location/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    expect(tiles).toEqual([]);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const map = page.getByRole('region', { name: 'Map: Cove Commons 42' });
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);
    // Closed and opened again, the map is redrawn at its size: its tiles fill the box.
    await toggle.click();
    await expect(map).toBeHidden();
    await toggle.click();
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    const box = await map.boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(tiles.length).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
  });

  test('reviews are a paged list', async ({ page }) => {
    await page.goto(LISTING);
    await hydrated(page);
    const pager = page.getByRole('navigation', { name: 'Reviews pages' });
    const prev = pager.getByRole('button', { name: '<< Prev' });
    const next = pager.getByRole('button', { name: 'Next >>' });
    const title = pager.locator('.paged-list__title');
    const shownTitles = () => page.locator('.paged-list__page:not([hidden]) .review__title').allTextContents();
    await expect(prev).toHaveAttribute('aria-disabled', 'true');
    let titles = await shownTitles();
    await expect(title).toContainText(`${titles[0]} – ${titles.at(-1)}`);
    const pages = Number(/of (\d+)/.exec((await title.textContent()) ?? '')?.[1]);
    expect(pages).toBeGreaterThan(1);
    for (let i = 1; i < pages; i++) {
      await next.click();
      titles = await shownTitles();
      const expected = titles.length === 1 ? `${titles[0]}` : `${titles[0]} – ${titles.at(-1)}`;
      await expect(title).toContainText(`${expected}, page ${i + 1} of ${pages}`);
    }
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await expect(prev).toHaveAttribute('aria-disabled', 'false');
    // A press on the disabled control changes nothing.
    await next.click({ force: true });
    await expect(title).toContainText(`page ${pages} of ${pages}`);
  });

  test('axe: the listing page with the amenities tab and a popup open', async ({ page }) => {
    await page.goto(LISTING);
    await hydrated(page);
    await page.getByRole('tab', { name: 'Amenities' }).click();
    await page.locator('button.amenity-info').first().focus();
    await page.getByRole('button', { name: /^Location/ }).click();
    await expect(page.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('events (issue 15)', () => {
  test('the events list is paged and an event page draws its map in the featured area', async ({ page, consoleErrors }) => {
    await page.goto('/things-to-do');
    await hydrated(page);
    const pager = page.getByRole('navigation', { name: 'Things to do pages' });
    const next = pager.getByRole('button', { name: 'Next >>' });
    const first = await page.locator('.paged-list__page:not([hidden]) .event-card__title').first().textContent();
    await next.click();
    await expect(pager.getByRole('button', { name: '<< Prev' })).toHaveAttribute('aria-disabled', 'false');
    await expect(page.locator('.paged-list__page:not([hidden]) .event-card__title').first()).not.toHaveText(first as string);
    // The cards of the new page get their background pictures once in view.
    await expect(page.locator('.paged-list__page:not([hidden]) .lazy-background[data-state="shown"]').first()).toBeVisible();
    const cards = page.locator('.paged-list__page:not([hidden]) .event-card');
    const heights = await cards.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().height)));
    expect(new Set(heights).size).toBe(1);

    await page.locator('.paged-list__page:not([hidden]) .event-card a').first().click();
    await hydrated(page);
    const featured = page.locator('.event-featured');
    await expect(featured.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
