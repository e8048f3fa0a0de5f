import type { Locator, Page } from '@playwright/test';
import type { FixtureStay } from '../server/demo/fixture-stays.ts';
import { standardOffer } from './calendar-support';
import { expect, rcavHash, test } from './fixtures';
import { MOMENTS, open, slowCpu } from './page-support';

/**
 * Focus comes back to the opener whenever a dialog or panel closes, at any moment of the page's
 * start (parts rendered again meanwhile, code that comes on intent), with the CPU slowed 4× as a
 * phone's. Focus is checked as soon as the dialog is gone, not a frame later.
 */

const CYCLES = 50;
/** What has focus, for the message of a failure. */
const focused = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? 'BODY' : (document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing')));

async function expectFocusOn(page: Page, opener: Locator, what: string) {
  const on = await opener.evaluate((element) => element === document.activeElement);
  expect(on ? 'the opener' : await focused(page), what).toBe('the opener');
}

/** The dialogs and panels opened and closed over and over on one page: where, the opener, the dialog and its Close button's name. */
const OPENED_AND_CLOSED: ReadonlyArray<{ what: string; path: (stay: FixtureStay) => string; opener: (page: Page) => Locator; dialog: (page: Page) => Locator; close: string }> = [
  {
    what: 'the search panel',
    path: () => '/search/map',
    opener: (page) => page.locator('header.site-header').getByRole('button', { name: 'Search' }),
    dialog: (page) => page.locator('#search-panel'),
    close: 'Close search',
  },
  {
    what: "the quote's pricing options dialog",
    path: (stay) => `/listing/${stay.slug}${rcavHash(stay)}`,
    opener: (page) => page.locator('.booking-box').getByRole('button', { name: 'More pricing options' }),
    dialog: (page) => page.getByRole('dialog', { name: /^More pricing options/ }),
    close: 'Close',
  },
];

test.describe('focus comes back to the opener', () => {
  for (const moment of MOMENTS) {
    for (const { what, path, opener, dialog, close } of OPENED_AND_CLOSED) {
      test(`${what}, opened and closed ${CYCLES} times, ${moment}`, async ({ page, stays }) => {
        test.setTimeout(180_000);
        await slowCpu(page);
        await open(page, path(stays.bookable), moment);
        const trigger = opener(page);
        const shown = dialog(page);
        for (let cycle = 0; cycle < CYCLES; cycle++) {
          await trigger.click();
          await expect(shown).toBeVisible();
          // Escape, wherever focus is in it (also before its code has come), or its Close button.
          if (cycle % 2 === 0) await page.keyboard.press('Escape');
          else await shown.getByRole('button', { name: close }).click();
          await expect(shown, `closed, cycle ${cycle}`).toBeHidden();
          await expectFocusOn(page, trigger, `cycle ${cycle}`);
        }
      });
    }
  }

  test('the damage protection decline at checkout: each answer, on many page loads, straight after load and once idle', async ({ page, request, stays }) => {
    test.setTimeout(150_000);
    // The dialog asks once per page, so each cycle is a page load.
    const offer = await standardOffer(request, stays.bookable);
    if (!offer) throw new Error(`The demo has a standard offer for ${stays.bookable.name} from ${stays.bookable.begin}`);
    await page.addInitScript((seeded) => localStorage.setItem('rcriotorder', JSON.stringify(seeded)), { lict: 1, lis: { 'ind-0': offer }, litot: offer.p });
    await slowCpu(page);
    const dp = page.getByRole('checkbox', { name: /^Damage protection for/ });
    const dialog = page.getByRole('alertdialog', { name: 'Damage protection' });
    const answers = ['Escape', 'Add damage protection', 'Decline damage protection'] as const;
    for (let cycle = 0; cycle < 12; cycle++) {
      await open(page, '/rescms/order/checkout', MOMENTS[cycle % 2] ?? 'once idle', { reload: cycle > 0 });
      await expect(dp).toBeChecked();
      await dp.click();
      await expect(dialog).toBeVisible();
      const answer = answers[cycle % answers.length] ?? 'Escape';
      if (answer === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: answer }).click();
      await expect(dialog, `closed, cycle ${cycle}`).toBeHidden();
      await expectFocusOn(page, dp, `${answer}, cycle ${cycle}`);
      await expect(dp).toBeChecked({ checked: answer !== 'Decline damage protection' });
    }
  });
});
