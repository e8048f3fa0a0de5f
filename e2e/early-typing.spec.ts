import type { Page } from '@playwright/test';
import { toUsDate } from '../src/domain/pricing/dates.ts';
import { expect, test } from './fixtures';
import { MOMENTS, open, slowCpu, typed } from './page-support';

/**
 * What a guest types into a date field is what the field takes, at any typing speed and at any
 * moment of the page's start (the field's code, react-aria, comes on intent: keys typed before are
 * kept by the head script and played once it is live, and keys typed while they are played wait
 * behind them). The CPU is slowed 4× as a phone's, which widens every window of the start.
 */

const DELAYS = [5, 15, 40, 120];
/** What the segments show for a date: month and day without a leading zero. */
const shown = (iso: string) => [String(Number(iso.slice(5, 7))), String(Number(iso.slice(8, 10))), iso.slice(0, 4)];

const segmentTexts = async (page: Page, scope: string) =>
  (await page.locator(scope).getByRole('group', { name: 'Arrival and departure' }).getByRole('spinbutton').allInnerTexts()).map((text) => text.trim());

test.describe('digits typed into a date field land where they were typed', () => {
  for (const moment of MOMENTS) {
    for (const delay of DELAYS) {
      test(`the listing's booking box, ${delay} ms a key, ${moment}`, async ({ page, stays }) => {
        // A page load with the CPU slowed, on a shared machine.
        test.setTimeout(60_000);
        const { begin, end, eid, slug } = stays.bookable;
        await slowCpu(page);
        await open(page, `/listing/${slug}`, moment);
        const group = page.locator('.booking-box').getByRole('group', { name: 'Arrival and departure' });
        await group.getByRole('spinbutton', { name: 'month, Arrival, Arrival and departure' }).click();
        await page.keyboard.type(typed(begin) + typed(end), { delay });
        await expect.poll(() => segmentTexts(page, '.booking-box'), { timeout: 15_000 }).toEqual([...shown(begin), ...shown(end)]);
        // What the field holds is what it sends.
        const search = page.waitForRequest((request) => request.url().includes('/rcapi/item/avail/search'));
        await page.locator('.booking-box').getByRole('button', { name: 'Check availability' }).click();
        const sent = new URL((await search).url()).searchParams;
        expect([sent.get('rcav[begin]'), sent.get('rcav[end]'), sent.get('rcav[IDs][]')]).toEqual([begin, end, String(eid)]);
      });
    }

    for (const path of ['/search/map', '/rescms/order/checkout']) {
      // Each speed once per page, at one of the two moments (a page load each, with the CPU slowed).
      const speeds = moment === 'straight after load' ? [5, 120] : [15, 40];
      test(`the search panel on ${path}, ${speeds.join(' and ')} ms a key, ${moment}`, async ({ page, stays }) => {
        test.setTimeout(90_000);
        const { begin, end } = stays.bookable;
        await slowCpu(page);
        for (const delay of speeds) {
          await open(page, path, moment);
          await page.locator('header.site-header').getByRole('button', { name: 'Search' }).click();
          const month = page.locator('#search-panel').getByRole('spinbutton', { name: 'month, Arrival, Arrival and departure' });
          await month.click();
          await page.keyboard.type(typed(begin) + typed(end), { delay });
          await expect.poll(() => segmentTexts(page, '#search-panel'), { timeout: 15_000, message: `${delay} ms a key` }).toEqual([...shown(begin), ...shown(end)]);
          const search = page.waitForRequest((request) => request.url().includes('/rcapi/item/avail/search'));
          await page.locator('#search-panel').getByRole('button', { name: 'Check availability' }).click();
          const sent = new URL((await search).url()).searchParams;
          expect([sent.get('rcav[begin]'), sent.get('rcav[end]')], `${delay} ms a key`).toEqual([begin, end]);
          // Away from the search pages the panel's search goes on to /search: the next load of the
          // page waits for it, or the two navigations abort each other.
          if (!path.startsWith('/search')) await page.waitForURL((url) => url.pathname === '/search');
        }
      });
    }
  }
});

test.describe('a date pasted into a segment', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
  const us = (iso: string) => toUsDate(iso) ?? iso;
  for (const moment of MOMENTS) {
    test(`is taken as typed, ${moment}`, async ({ page, stays }) => {
      test.setTimeout(60_000);
      const { begin, end } = stays.bookable;
      await slowCpu(page);
      await open(page, `/listing/${stays.bookable.slug}`, moment);
      const group = page.locator('.booking-box').getByRole('group', { name: 'Arrival and departure' });
      const paste = async (segment: string, text: string) => {
        await group.getByRole('spinbutton', { name: segment }).click();
        await page.evaluate((pasted) => navigator.clipboard.writeText(pasted), text);
        await page.keyboard.press('ControlOrMeta+V');
      };
      await paste('month, Arrival, Arrival and departure', us(begin));
      await expect.poll(() => segmentTexts(page, '.booking-box'), { timeout: 15_000 }).toEqual([...shown(begin), 'mm', 'dd', 'yyyy']);
      await paste('month, Departure, Arrival and departure', us(end));
      await expect.poll(() => segmentTexts(page, '.booking-box'), { timeout: 15_000 }).toEqual([...shown(begin), ...shown(end)]);
      // Text that is not a date changes nothing (never another date).
      await paste('day, Arrival, Arrival and departure', 'next Friday');
      await expect.poll(() => segmentTexts(page, '.booking-box')).toEqual([...shown(begin), ...shown(end)]);
      const search = page.waitForRequest((request) => request.url().includes('/rcapi/item/avail/search'));
      await page.locator('.booking-box').getByRole('button', { name: 'Check availability' }).click();
      const sent = new URL((await search).url()).searchParams;
      expect([sent.get('rcav[begin]'), sent.get('rcav[end]')]).toEqual([begin, end]);
    });
  }
});
