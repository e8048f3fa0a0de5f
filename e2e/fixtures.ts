import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** The page header: favourites counter, search trigger, menu toggle. */
export class HeaderArea {
  readonly root: Locator;
  readonly favouritesCount: Locator;
  readonly searchTrigger: Locator;
  readonly menuToggle: Locator;
  constructor(readonly page: Page) {
    this.root = page.locator('header.site-header');
    this.favouritesCount = this.root.locator('.favourites-counter__count');
    this.searchTrigger = this.root.getByRole('button', { name: 'Search' });
    this.menuToggle = this.root.getByRole('button', { name: 'Menu' });
  }
  async expectFavourites(count: number) {
    await expect(this.favouritesCount).toHaveText(String(count));
  }
}

/** The flag buttons of one item (every copy on the page). */
export class FlagArea {
  constructor(readonly page: Page) {}
  buttonsFor(itemId: string): Locator {
    return this.page.locator(`button.flag-button[data-item-id="${itemId}"]`);
  }
  /** Waits until hydration has registered the buttons, so a click reaches the machine. */
  async ready() {
    await this.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  }
}

export const test = base.extend<{ header: HeaderArea; flags: FlagArea; consoleErrors: string[] }>({
  header: async ({ page }, use) => use(new HeaderArea(page)),
  flags: async ({ page }, use) => use(new FlagArea(page)),
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
