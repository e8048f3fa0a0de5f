import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const resultCount = (page: Page) => page.locator('#result-count');
const countOf = async (page: Page) => Number(((await resultCount(page).innerText()).match(/[\d,]+/)?.[0] ?? '0').replace(/,/g, ''));

async function openSearch(page: Page) {
  await page.goto('/search');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(page.locator('.search')).not.toHaveAttribute('data-pending');
  await expect(page.locator('.search .listing-card').first()).toBeVisible();
}

test.describe('search filters (issue 11)', () => {
  test('a phone shows the results first and the facets in a Filters dialog; active filters are removable chips', async ({ page, consoleErrors }) => {
    await openSearch(page);
    const phone = (page.viewportSize()?.width ?? 1280) < 768;
    const filtersButton = page.getByRole('button', { name: /^Filters/ });
    const sidebar = page.getByRole('complementary', { name: 'Filters' });
    const all = await countOf(page);

    let areaName: string;
    let areaCount: number;
    if (phone) {
      // No facet button before the first result: the sidebar is not shown, a Filters button is.
      await expect(sidebar).toBeHidden();
      await expect(page.locator('.facet__item:visible')).toHaveCount(0);
      const firstCard = await page.locator('.search .listing-card').first().boundingBox();
      expect(firstCard?.y ?? Infinity).toBeLessThan(page.viewportSize()?.height ?? 0);
      await filtersButton.click();
      const dialog = page.getByRole('dialog', { name: 'Filters' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: `Show ${all.toLocaleString('en')} rentals` })).toBeVisible();
      const area = dialog.locator('.facet[data-field="ss_area"] .facet__item').first();
      areaName = await area.locator('.facet__value').innerText();
      areaCount = Number(await area.locator('.facet__count').innerText());
      await area.click();
      // The dialog stays open and says how many rentals the filters select.
      const show = dialog.getByRole('button', { name: `Show ${areaCount} rentals` });
      await expect(show).toBeVisible();
      await show.click();
      await expect(dialog).toHaveCount(0);
      await expect(filtersButton).toBeFocused();
      await expect(filtersButton).toHaveText('Filters (1)');
    } else {
      await expect(filtersButton).toBeHidden();
      await expect(sidebar).toBeVisible();
      const area = sidebar.locator('.facet[data-field="ss_area"] .facet__item').first();
      areaName = await area.locator('.facet__value').innerText();
      areaCount = Number(await area.locator('.facet__count').innerText());
      await area.click();
    }
    await expect(resultCount(page)).toHaveText(`${areaCount} rentals`);

    // The active filter is a chip on every width; removing it brings every rental back.
    const chip = page.getByRole('group', { name: 'Active filters' }).getByRole('button', { name: `Remove Area: ${areaName}` });
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(resultCount(page)).toHaveText(`${all} rentals`);
    await expect(page.getByRole('group', { name: 'Active filters' })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('the search page has no heading-order problem and the Filters dialog passes axe (WCAG 2.2 AA)', async ({ page }) => {
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    await openSearch(page);
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
    const headings = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
    expect(headings.violations).toEqual([]);
    if ((page.viewportSize()?.width ?? 1280) < 768) {
      await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
      const dialog = await new AxeBuilder({ page }).include('.modal').withTags(tags).analyze();
      expect(dialog.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  });
  test('closing the search panel with Escape or its Close button gives the focus back to the Search button', async ({ page, header }) => {
    await page.goto('/search');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const field = page.getByLabel('Town, property name or feature');
    await header.searchTrigger.click();
    await expect(field).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#search-panel')).toBeHidden();
    await expect(header.searchTrigger).toBeFocused();

    await header.searchTrigger.click();
    await expect(field).toBeFocused();
    await page.getByRole('button', { name: 'Close search' }).click();
    await expect(page.locator('#search-panel')).toBeHidden();
    await expect(header.searchTrigger).toBeFocused();
  });
});
