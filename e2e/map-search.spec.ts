import type { Locator, Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';

/** The map search page (spec §2): results as a list and as pins on a map, filters that move at 768px. */
class MapSearchArea {
  readonly resultCount: Locator;
  readonly cards: Locator;
  readonly canvas: Locator;
  readonly pins: Locator;
  readonly popup: Locator;
  readonly filters: Locator;
  readonly results: Locator;
  readonly searchBox: Locator;
  readonly mapTab: Locator;
  readonly listTab: Locator;
  constructor(readonly page: Page) {
    this.resultCount = page.locator('#result-count');
    this.cards = page.locator('.map-results .listing-card');
    this.canvas = page.getByRole('region', { name: 'Map of the results' });
    this.pins = this.canvas.locator('.map-pin');
    this.popup = this.canvas.locator('.leaflet-popup');
    this.filters = page.locator('aside.search-layout__filters');
    this.results = page.locator('section.search-layout__results');
    this.searchBox = page.getByRole('combobox', { name: 'Search rentals' });
    this.mapTab = page.getByRole('tab', { name: 'Map' });
    this.listTab = page.getByRole('tab', { name: 'List' });
  }

  get narrow(): boolean {
    return (this.page.viewportSize()?.width ?? 1280) < 1024;
  }

  async open() {
    await this.page.goto('/search/map');
    await this.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(this.page.locator('.search')).not.toHaveAttribute('data-pending');
    await expect(this.page.locator('.facet__item').first()).toBeVisible();
    await expect(this.page.locator('.result-map')).toHaveAttribute('data-ready', 'true');
  }

  /** Opens the Map tab where the tabs show (below 1024px); beside the list it is always shown. */
  async showMap() {
    if (this.narrow) await this.mapTab.click();
    await expect(this.canvas).toBeVisible();
  }

  async eids(of: Locator): Promise<string[]> {
    return (await of.evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.eid ?? ''))).sort();
  }

  /** Pins that lie outside the map's box (after a refit there are none). */
  async pinsOutsideTheMap(): Promise<number> {
    return this.canvas.evaluate((canvas) => {
      const box = canvas.getBoundingClientRect();
      return [...canvas.querySelectorAll('.map-pin')].filter((pin) => {
        const at = pin.getBoundingClientRect();
        return at.left < box.left || at.left > box.right || at.top < box.top || at.top > box.bottom;
      }).length;
    });
  }

  /** The eid of a pin whose price tag is not covered by another pin, so a pointer can hit it. */
  async uncoveredPinEid(): Promise<string> {
    const eid = await this.canvas.evaluate((canvas) => {
      for (const tag of canvas.querySelectorAll<HTMLElement>('.map-pin__tag')) {
        const box = tag.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (hit && tag.contains(hit)) return tag.closest<HTMLElement>('.map-pin')?.dataset.eid ?? null;
      }
      return null;
    });
    expect(eid, 'a pin that is not covered by another').toBeTruthy();
    return eid as string;
  }
}

const countOf = async (area: MapSearchArea) => Number(((await area.resultCount.innerText()).match(/[\d,]+/)?.[0] ?? '0').replace(/,/g, ''));

test.describe('map search', () => {
  test('shows a pin for every result in the list, and a pin opens a popup that links to its listing', async ({ page, consoleErrors }) => {
    const area = new MapSearchArea(page);
    await area.open();
    await area.showMap();
    await expect(area.cards).toHaveCount(10);
    await expect(area.pins).toHaveCount(10);
    expect(await area.eids(area.pins)).toEqual(await area.eids(area.cards));
    expect(await area.pinsOutsideTheMap()).toBe(0);

    const eid = await area.uncoveredPinEid();
    const card = page.locator(`.map-results .listing-card[data-eid="${eid}"]`);
    const name = await card.locator('h3').innerText();
    const href = await card.locator('h3 a').getAttribute('href');
    await expect(page.locator(`.map-pin[data-eid="${eid}"]`)).toHaveAttribute('aria-label', new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, from \\$[\\d,]+ a night including fees and taxes(, based on a \\d+-night stay)?$`));
    await page.locator(`.map-pin[data-eid="${eid}"] .map-pin__tag`).click();
    await expect(area.popup).toBeVisible();
    const link = area.popup.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', href as string);
    await expect(area.popup).toContainText(/from \$[\d,]+\/night incl\. fees & taxes/);
    await expect(area.popup).toContainText(/sleeps \d+/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator('main h1')).toHaveText(name);
    expect(consoleErrors).toEqual([]);
  });

  test('a pin opens with Enter, its link takes focus, and Escape closes the popup back to the pin', async ({ page, consoleErrors }) => {
    const area = new MapSearchArea(page);
    await area.open();
    await area.showMap();
    const pin = area.pins.first();
    const label = (await pin.getAttribute('aria-label')) ?? '';
    await pin.focus();
    await page.keyboard.press('Enter');
    await expect(area.popup).toBeVisible();
    await expect(area.popup.getByRole('link')).toBeFocused();
    await expect(area.popup.getByRole('link')).toHaveText(label.replace(/, from .*$/, ''));
    // From the top of the page: scrolled down to the map, the filter chips under the sticky header
    // count as 'obscured' targets for axe, which no visitor can reach there anyway.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(area.popup).toHaveCount(0);
    await expect(pin).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });

  test('a facet click changes the pins to the new results, and the map fits them', async ({ page, consoleErrors }) => {
    const area = new MapSearchArea(page);
    await area.open();
    await area.showMap();
    await expect(area.pins).toHaveCount(10);
    const before = await area.eids(area.pins);

    // The smallest town: its results differ from the first page of all results.
    const towns = page.locator('.facet[data-field="ss_area"] .facet__item');
    const town = towns.last();
    const townName = await town.locator('.facet__value').innerText();
    const townCount = Number(await town.locator('.facet__count').innerText());
    await town.click();
    await expect(area.resultCount).toHaveText(`${townCount} rentals`);
    await expect(area.pins).toHaveCount(Math.min(10, townCount));
    const after = await area.eids(area.pins);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await area.eids(area.cards));
    for (const meta of await area.cards.locator('.listing-card__meta').allInnerTexts()) expect(meta).toContain(townName);
    await expect.poll(() => area.pinsOutsideTheMap()).toBe(0);

    await page.locator('.facet[data-field="ss_area"] .facet__item[aria-pressed="true"]').click();
    await expect.poll(() => countOf(area)).toBeGreaterThan(townCount);
    await expect(area.pins).toHaveCount(10);
    await expect.poll(async () => (await area.eids(area.pins)).join()).toBe((await area.eids(area.cards)).join());
    expect(await area.eids(area.pins)).not.toEqual(after);
    expect(consoleErrors).toEqual([]);
  });

  test('filters sit at the top of the main area below 768px and inside the results view from 768px', async ({ page, consoleErrors }) => {
    const area = new MapSearchArea(page);
    await area.open();
    const expectFiltersOnTop = async () => {
      const filters = (await area.filters.boundingBox())!;
      const search = (await area.searchBox.boundingBox())!;
      const results = (await area.results.boundingBox())!;
      const heading = (await page.locator('main h1').boundingBox())!;
      expect(filters.y).toBeGreaterThan(heading.y);
      expect(filters.y + filters.height).toBeLessThanOrEqual(search.y);
      expect(filters.y + filters.height).toBeLessThanOrEqual(results.y);
      expect(filters.width).toBeGreaterThan(results.width - 2);
    };
    const expectFiltersBesideResults = async () => {
      const filters = (await area.filters.boundingBox())!;
      const search = (await area.searchBox.boundingBox())!;
      const results = (await area.results.boundingBox())!;
      expect(filters.y).toBeGreaterThan(search.y + search.height);
      expect(filters.x + filters.width).toBeLessThanOrEqual(results.x);
      expect(Math.abs(filters.y - results.y)).toBeLessThan(4);
    };
    const width = page.viewportSize()!.width;
    if (width < 768) {
      await expectFiltersOnTop();
      await page.setViewportSize({ width: 768, height: 1000 });
      // The layout follows the new width within a frame or two (the results view measures itself).
      await expect(expectFiltersBesideResults).toPass({ timeout: 5000 });
    } else {
      await expectFiltersBesideResults();
      await page.setViewportSize({ width: 767, height: 1000 });
      await expect(expectFiltersOnTop).toPass({ timeout: 5000 });
    }
    expect(consoleErrors).toEqual([]);
  });

  test('list and map: side by side on wide screens, tabs below 1024px where opening the map tab refits it', async ({ page, consoleErrors }) => {
    const area = new MapSearchArea(page);
    await area.open();
    if (!area.narrow) {
      await expect(area.mapTab).toBeHidden();
      await expect(area.canvas).toBeVisible();
      await expect(area.cards.first()).toBeVisible();
      const list = (await area.cards.first().boundingBox())!;
      const map = (await area.canvas.boundingBox())!;
      expect(list.x + list.width).toBeLessThanOrEqual(map.x);
      expect(await area.pinsOutsideTheMap()).toBe(0);
      expect(consoleErrors).toEqual([]);
      return;
    }
    await expect(area.listTab).toHaveAttribute('aria-selected', 'true');
    await expect(area.cards.first()).toBeVisible();
    await expect(area.canvas).toBeHidden();

    await area.mapTab.click();
    await expect(area.canvas).toBeVisible();
    await expect(area.cards.first()).toBeHidden();
    await expect(area.pins).toHaveCount(10);
    await expect.poll(() => area.pinsOutsideTheMap()).toBe(0);

    // Zoomed in, some pins leave the view; opening the tab again fits them all.
    for (let i = 0; i < 3; i++) await area.canvas.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => area.pinsOutsideTheMap()).toBeGreaterThan(0);
    await area.listTab.click();
    await expect(area.canvas).toBeHidden();
    await area.mapTab.click();
    await expect.poll(() => area.pinsOutsideTheMap()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
