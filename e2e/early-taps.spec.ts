import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A visitor's first tap must not be lost while a part of the page is still waking up: the code of a
 * part comes on intent (the pointer over it), and may arrive between the press and its release.
 */
test('a press that starts before a part is live and ends after opens it', async ({ page }) => {
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  // The jump menu's code is held back until the press has started.
  await page.route(/\/assets\/jump-menu-live-[^/]*\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const trigger = page.getByRole('button', { name: /Explore the coast/ });
  const part = page.locator('[data-island="jump-menu"]', { has: trigger });
  await trigger.scrollIntoViewIfNeeded();
  const box = await trigger.boundingBox();
  if (!box) throw new Error('the jump menu is not on the page');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(part).not.toHaveAttribute('data-live');
  release();
  await expect(part).toHaveAttribute('data-live', 'true');
  await page.mouse.up();
  await expect(page.getByRole('option', { name: 'Things to do' })).toBeVisible();
});

/**
 * The page's scripts start after its first paint (server/html.ts startScripts); until they run, a
 * tap is kept and played again once the page is live. The entry is held back here so that the taps
 * surely come first.
 */
async function holdTheEntry(page: Page): Promise<{ requested: Promise<void>; release: () => void; fail: () => void }> {
  let requested: () => void = () => {};
  const asked = new Promise<void>((resolve) => (requested = resolve));
  let answer: (ok: boolean) => void = () => {};
  const answered = new Promise<boolean>((resolve) => (answer = resolve));
  await page.route(/\/assets\/entry-client-[^/]*\.js$/, async (route) => {
    requested();
    if (await answered) await route.continue();
    else await route.abort();
  });
  return { requested: asked, release: () => answer(true), fail: () => answer(false) };
}

test('a tap before the scripts run is played once the page is live, once', async ({ page, header }) => {
  const entry = await holdTheEntry(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await entry.requested;
  // A toggle (the first card's favourite button) and a button that opens a panel.
  const flag = page.locator('.listing-card button.flag-button').first();
  await flag.click();
  await header.searchTrigger.click();
  await expect(page.locator('#search-panel')).toHaveClass(/hide-search/);
  entry.release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('#search-panel')).toHaveClass(/show-search/);
  await expect(flag).toHaveAttribute('aria-pressed', 'true');
  await header.expectFavourites(1);
});

test('a link tapped before the scripts run is followed at once', async ({ page }) => {
  const entry = await holdTheEntry(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await entry.requested;
  const card = page.locator('.listing-card__title a').first();
  const href = (await card.getAttribute('href')) as string;
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  entry.release();
});

test('when the scripts cannot load, a kept tap goes back to the browser', async ({ page }) => {
  const entry = await holdTheEntry(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await entry.requested;
  // The skip link (a link within the page) is kept like a button, then given back.
  await page.locator('a.skip-link').focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/#main$/);
  entry.fail();
  await expect(page).toHaveURL(/#main$/);
});

test('a search typed and sent before the scripts run is searched once the page is live', async ({ page }) => {
  const entry = await holdTheEntry(page);
  await page.goto('/search', { waitUntil: 'domcontentloaded' });
  await entry.requested;
  const box = page.getByRole('combobox', { name: 'Search rentals' });
  await box.fill('pelican');
  await box.press('Enter');
  entry.release();
  await expect(page).toHaveURL(/\/search#q=pelican$/);
  await expect(page.locator('#result-count')).toContainText('for “pelican”');
  await expect(box).toHaveValue('pelican');
});
