/**
 * Helpers shared by the specs that drive a page as a guest does: dates typed into the date
 * fields, the header's search panel, and a page opened at a chosen moment of its start on a CPU
 * slowed as a phone's.
 */
import type { Page, Response } from '@playwright/test';
import type { FixtureStay } from '../server/demo/fixture-stays.ts';

/** The date fields want MMDDYYYY typed: MM, DD and YYYY of a YYYY-MM-DD date. */
export const typed = (iso: string): string => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;

/**
 * Dates (and, when given, guests) in the header's search panel, then Check availability; answers
 * the availability search's response.
 */
export async function searchStay(page: Page, stay: FixtureStay, guests: { adults?: number; children?: number } = {}): Promise<Response> {
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const form = page.locator('#search-panel').getByRole('form', { name: 'Dates and guests' });
  const segments = form.getByRole('group', { name: 'Arrival and departure' }).getByRole('spinbutton');
  await segments.nth(0).click();
  await page.keyboard.type(typed(stay.begin));
  await segments.nth(3).click();
  await page.keyboard.type(typed(stay.end));
  for (const [label, value] of [['Adults', guests.adults], ['Children', guests.children]] as const) {
    if (value === undefined) continue;
    await form.getByRole('textbox', { name: label }).fill(String(value));
    await page.keyboard.press('Tab');
  }
  const answer = page.waitForResponse((response) => response.url().includes('/rcapi/item/avail/search'));
  await form.getByRole('button', { name: 'Check availability' }).click();
  return answer;
}

/** Two moments of a page's start: the first key may come before any script has run, or once the page has long been live. */
export const MOMENTS = ['straight after load', 'once idle'] as const;
export type Moment = (typeof MOMENTS)[number];

/** The CPU slowed 4× as a phone's (it stays slowed across the page's loads), which widens every window of the start. */
export async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Opens (or, with `reload`, loads again) `path` at the moment asked. */
export async function open(page: Page, path: string, moment: Moment, { reload = false }: { reload?: boolean } = {}): Promise<void> {
  const waitUntil = moment === 'straight after load' ? 'commit' : 'load';
  if (reload) await page.reload({ waitUntil });
  else await page.goto(path, { waitUntil });
  if (moment === 'straight after load') return;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  // Idle: nothing of the page's start is left running (code that comes on intent still waits for it).
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
}
