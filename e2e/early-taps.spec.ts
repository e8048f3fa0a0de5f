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
