/**
 * Interaction to Next Paint in Chromium (issue 10 goal <= 100 ms), from the Event Timing API
 * ('event' entries, durationThreshold 16 ms, grouped by interactionId; an interaction lasts as
 * long as its longest event, from input to the next paint):
 *  - a facet click on /search (the click and its pending paint; the results arrive later);
 *  - on a listing: the first press of the calendar button (it loads the date picker's code; also
 *    timed from the press to the calendar on screen, which INP does not see) and a date choice.
 * Real input (Playwright's mouse), at 1280 px, without and with 4× CPU slowdown (a phone).
 * Prints p50/p90/max per kind and writes bench/results/inp.json.
 *   npx tsx bench/inp.ts        (BENCH_SAMPLES, BENCH_PORT)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { withSiteInChromium } from './browser-support.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4394);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);

/** Records every interaction's duration (the longest of its events) from before the page's scripts. */
const OBSERVE = () => {
  const store = window as unknown as { interactions: Map<number, number> };
  store.interactions = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { interactionId?: number }>) {
      if (!entry.interactionId) continue;
      store.interactions.set(entry.interactionId, Math.max(store.interactions.get(entry.interactionId) ?? 0, entry.duration));
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
};

/** The duration of the interaction the last input made (0 when it stayed under 16 ms). */
async function lastInteraction(page: Page, before: number): Promise<number> {
  // Event entries are delivered after the next paint: give them a frame or two.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
  return page.evaluate((known) => {
    const entries = [...(window as unknown as { interactions: Map<number, number> }).interactions.entries()];
    const fresh = entries.filter(([id]) => id > known);
    return fresh.length === 0 ? 0 : Math.max(...fresh.map(([, duration]) => duration));
  }, before);
}

const lastId = (page: Page) =>
  page.evaluate(() => Math.max(0, ...(window as unknown as { interactions: Map<number, number> }).interactions.keys()));

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

function figures(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN);
  return { samples: sorted.length, p50: at(0.5), p90: at(0.9), max: at(1) };
}

async function measure(browser: Browser, origin: string, cpuSlowdown: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

  // Facet clicks: one Area value on and off.
  await page.goto(`${origin}/search`);
  await hydrated(page);
  const facet = page.locator('.facet[data-field="ss_area"] .facet__item').first();
  const facetClicks: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const before = await lastId(page);
    await facet.click();
    facetClicks.push(await lastInteraction(page, before));
    await page.waitForFunction(() => !document.querySelector('.search[data-pending]'));
  }

  // The calendar on a listing: the first press (its code loads) and a date choice, on fresh pages.
  const listing = await page.locator('.search .listing-card__title a').first().getAttribute('href');
  const calendarOpens: number[] = [];
  const calendarShown: number[] = [];
  const dateChoices: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    await page.goto(`${origin}${listing}`);
    await hydrated(page);
    const box = page.locator('.booking-box');
    let before = await lastId(page);
    // From the press to the calendar on screen (its code loads first): the wait INP does not see.
    const shown = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let pressed = 0;
          document.addEventListener('pointerdown', () => (pressed = performance.now()), { capture: true, once: true });
          const observer = new MutationObserver(() => {
            if (!document.querySelector('.range-calendar')) return;
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - pressed), 0));
          });
          observer.observe(document.body, { childList: true, subtree: true });
        }),
    );
    await box.getByRole('button', { name: 'Open calendar' }).click();
    await page.locator('.range-calendar').waitFor();
    calendarShown.push(await shown);
    calendarOpens.push(await lastInteraction(page, before));
    await page.getByRole('button', { name: 'Next month' }).click();
    const day = page.locator('.range-calendar__cell:not([data-disabled]):not([data-unavailable]):not([data-outside-month])').nth(10);
    before = await lastId(page);
    await day.click();
    dateChoices.push(await lastInteraction(page, before));
  }
  await context.close();
  return { cpuSlowdown, facetClick: figures(facetClicks), calendarOpen: figures(calendarOpens), calendarShown: figures(calendarShown), dateChoice: figures(dateChoices) };
}

await withSiteInChromium('inp', port, async (browser) => {
  const origin = `http://127.0.0.1:${port}`;
  const results = [await measure(browser, origin, 1), await measure(browser, origin, 4)];
  console.log(`Interaction to next paint, ms (load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}):`);
  for (const result of results) {
    console.log(`  CPU ×${result.cpuSlowdown}:`);
    for (const kind of ['facetClick', 'calendarOpen', 'calendarShown', 'dateChoice'] as const) {
      const f = result[kind];
      console.log(`    ${kind.padEnd(12)} p50 ${f.p50}, p90 ${f.p90}, max ${f.max} (${f.samples})`);
    }
  }
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench', 'results', 'inp.json'),
    JSON.stringify({ date: new Date().toISOString(), goalMs: 100, loadAverage: os.loadavg(), cpus: os.cpus().length, results }, null, 2) + '\n',
  );
});
