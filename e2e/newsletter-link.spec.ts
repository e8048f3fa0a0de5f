import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The footer's 'Newsletter' link (/contact#newsletter; issue 22 item 9) opens the newsletter form in
 * its modal, with focus in it: arriving from another page, and followed on the contact page itself.
 */

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
const newsletterDialog = (page: Page) => page.getByRole('dialog', { name: 'Newsletter' });
const footerLink = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Newsletter' });

async function expectOpenWithFocusInside(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('form', { name: 'Newsletter' })).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}

test.describe("the footer's Newsletter link", () => {
  test('arriving at /contact#newsletter opens the newsletter form with focus in it; closed, the address loses its fragment', async ({ page, consoleErrors }) => {
    await page.goto('/contact#newsletter');
    await hydrated(page);
    const dialog = newsletterDialog(page);
    await expectOpenWithFocusInside(dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(consoleErrors).toEqual([]);
  });

  test('followed from another page it goes to the contact page and opens the form', async ({ page }) => {
    await page.goto('/about-us');
    await hydrated(page);
    await footerLink(page).click();
    await expect(page).toHaveURL(/\/contact#newsletter$/);
    await expectOpenWithFocusInside(newsletterDialog(page));
  });

  test('followed on the contact page it opens the form, and again after it was closed', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    const dialog = newsletterDialog(page);
    for (const time of ['first', 'second']) {
      await footerLink(page).click();
      await expectOpenWithFocusInside(dialog);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect(dialog, `closed the ${time} time`).toHaveCount(0);
    }
  });
});
