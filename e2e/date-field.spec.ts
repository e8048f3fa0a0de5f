import type { Locator, Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';

/**
 * The booking box's date field (issue 22 items 6 and 7): the server renders it in full and its code
 * (react-aria) comes on intent (src/bindings/island.tsx), so what a screen reader hears and what the
 * visitor types must hold before that code has come as well as after.
 */

const box = (page: Page) => page.locator('.booking-box');
const part = (page: Page) => box(page).locator('[data-island="stay-search-form"]');
const dateGroup = (page: Page) => box(page).getByRole('group', { name: 'Arrival and departure' });
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

const SEGMENT_NAMES = ['Arrival', 'Departure'].flatMap((end) => ['month', 'day', 'year'].map((unit) => `${unit}, ${end}, Arrival and departure`));

/** Every id an aria-labelledby, aria-describedby or aria-controls within `scope` names that is not in the page. */
async function danglingReferences(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll('[aria-labelledby], [aria-describedby], [aria-controls]')].flatMap((element) =>
      ['aria-labelledby', 'aria-describedby', 'aria-controls'].flatMap((attribute) =>
        (element.getAttribute(attribute) ?? '')
          .split(/\s+/)
          .filter((id) => id !== '' && !document.getElementById(id))
          .map((id) => `${element.className} ${attribute} → ${id}`),
      ),
    ),
  );
}

/** The six segments, each found by its own accessible name (Chromium's accessibility tree, through Playwright). */
async function expectDistinctNames(page: Page) {
  const segments = dateGroup(page).getByRole('spinbutton');
  await expect(segments).toHaveCount(6);
  for (const [index, name] of SEGMENT_NAMES.entries()) await expect(segments.nth(index)).toHaveAccessibleName(name);
}

/** MM, DD and YYYY of a YYYY-MM-DD date, as typed into the segments. */
const typedDigits = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;
/** What the segments show for a date: month and day without a leading zero. */
const shown = (iso: string) => [String(Number(iso.slice(5, 7))), String(Number(iso.slice(8, 10))), iso.slice(0, 4)];
const segmentTexts = async (page: Page) => (await dateGroup(page).getByRole('spinbutton').allInnerTexts()).map((text) => text.trim());

test.describe('the date field of the booking box', () => {
  test('each of its six segments has a name of its own, and every id they refer to is in the page, before and after its code comes', async ({ page, stays }) => {
    await page.goto(`/listing/${stays.bookable.slug}`);
    await hydrated(page);
    // The server's HTML: the part's code has not come (nothing showed intent).
    await expect(part(page)).not.toHaveAttribute('data-live');
    await expectDistinctNames(page);
    expect(await danglingReferences(box(page))).toEqual([]);
    expect(await axeViolations(page, '.booking-box')).toEqual([]);
    // Live: the same names, and still no id that is not there.
    await dateGroup(page).getByRole('spinbutton').first().hover();
    await expect(part(page)).toHaveAttribute('data-live', 'true');
    await dateGroup(page).getByRole('spinbutton').first().click();
    await expectDistinctNames(page);
    expect(await danglingReferences(box(page))).toEqual([]);
    expect(await axeViolations(page, '.booking-box')).toEqual([]);
    // Sent without dates: the error message is named by the segments and is there.
    await box(page).getByRole('button', { name: 'Check availability' }).click();
    await expect(box(page).getByText('Choose your arrival and departure dates.')).toBeVisible();
    await expect(dateGroup(page).getByRole('spinbutton').first()).toHaveAccessibleDescription(/Choose your arrival and departure dates\./);
    expect(await danglingReferences(box(page))).toEqual([]);
  });

  test('the whole page: no aria reference names an id that is not there, on the pages with parts that wake on intent', async ({ page, stays }) => {
    for (const path of [`/listing/${stays.bookable.slug}`, '/search', '/inquiry']) {
      await page.goto(path);
      await hydrated(page);
      expect(await danglingReferences(page.locator('body')), path).toEqual([]);
    }
  });

  test('digits typed into the date field while its code is still loading end up in it', async ({ page, stays }) => {
    const { begin, end } = stays.bookable;
    // The date field's code is held back until the digits have been typed.
    let release: () => void = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/stay-search-form-live-[^/]*\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(`/listing/${stays.bookable.slug}`);
    await hydrated(page);
    const month = dateGroup(page).getByRole('spinbutton', { name: SEGMENT_NAMES[0] });
    await month.click();
    await page.keyboard.type(typedDigits(begin) + typedDigits(end));
    await expect(part(page)).not.toHaveAttribute('data-live');
    // Nothing typed has changed the server's HTML meanwhile (React would find it out of date).
    expect(await segmentTexts(page)).toEqual(['mm', 'dd', 'yyyy', 'mm', 'dd', 'yyyy']);
    release();
    await expect(part(page)).toHaveAttribute('data-live', 'true');
    await expect.poll(() => segmentTexts(page)).toEqual([...shown(begin), ...shown(end)]);
    // They are the field's value: checking availability searches those dates.
    const search = page.waitForRequest((request) => request.url().includes('/rcapi/item/avail/search'));
    await box(page).getByRole('button', { name: 'Check availability' }).click();
    const sent = new URL((await search).url()).searchParams;
    expect([sent.get('rcav[begin]'), sent.get('rcav[end]')]).toEqual([begin, end]);
  });

  test('digits typed before the page is live end up in the date field', async ({ page, stays }) => {
    const { begin, end } = stays.bookable;
    // The page's scripts are held back until the digits have been typed (as e2e/early-taps.spec.ts does).
    let requested: () => void = () => {};
    const asked = new Promise<void>((resolve) => (requested = resolve));
    let release: () => void = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry-client-[^/]*\.js$/, async (route) => {
      requested();
      await typed;
      await route.continue();
    });
    await page.goto(`/listing/${stays.bookable.slug}`, { waitUntil: 'domcontentloaded' });
    await asked;
    await dateGroup(page).getByRole('spinbutton', { name: SEGMENT_NAMES[0] }).click();
    await page.keyboard.type(typedDigits(begin) + typedDigits(end));
    expect(await segmentTexts(page)).toEqual(['mm', 'dd', 'yyyy', 'mm', 'dd', 'yyyy']);
    release();
    await hydrated(page);
    await expect(part(page)).toHaveAttribute('data-live', 'true');
    await expect.poll(() => segmentTexts(page)).toEqual([...shown(begin), ...shown(end)]);
  });
});
