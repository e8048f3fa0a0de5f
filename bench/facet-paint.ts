/**
 * In Chromium: from a facet click to the new results painted (issue 10 goal <= 100 ms).
 * Starts the production server on a fresh data directory and opens /search. Two kinds of click:
 *  - "new value": on a freshly loaded page, a facet value not clicked before (its results' full
 *    documents are not in the page's document cache: the search and the documents fetch);
 *  - "toggle": one Area value on and off again (documents cached after the first round).
 * Each sample ends at the first animation frame after the result count and cards have changed
 * and the search is no longer pending. Prints p50/p90/p95 and writes bench/results/facet-paint.json.
 *   npx tsx bench/facet-paint.ts        (BENCH_SAMPLES, BENCH_PORT)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { withSiteInChromium } from './browser-support.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4391);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
/** Clicks the facet button at `index` (in page order) and resolves with the ms to the painted results. */
const CLICK_AND_WAIT_FOR_PAINT = (index: number) => `new Promise((resolve) => {
  const root = document.querySelector('.search');
  const before = document.querySelector('#result-count')?.textContent;
  const firstCard = document.querySelector('.search .listing-card')?.getAttribute('data-eid');
  const button = document.querySelectorAll('.facet .facet__item')[${index}];
  const done = () => !root.hasAttribute('data-pending') && (document.querySelector('#result-count')?.textContent !== before || document.querySelector('.search .listing-card')?.getAttribute('data-eid') !== firstCard);
  const started = performance.now();
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  button.click();
})`;

const ready = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' && !document.querySelector('.search[data-pending]') && !!document.querySelector('.facet__item'));

function figures(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 10) / 10;
  return { samples: sorted.length, p50: at(0.5), p90: at(0.9), p95: at(0.95), max: at(1) };
}

await withSiteInChromium('facet-paint', port, async (browser) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const url = `http://127.0.0.1:${port}/search`;

  // A value not clicked before, each on a fresh page (a cold document cache).
  await page.goto(url);
  await ready(page);
  // Values that change the results (not those every listing has).
  const total = await page.locator('#result-count').innerText();
  const counts = await page.locator('.facet .facet__item .facet__count').allInnerTexts();
  const eligible = counts.flatMap((count, index) => (`${count} rentals` === total ? [] : [index]));
  const fresh: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    await page.goto(url);
    await ready(page);
    await page.waitForTimeout(300);
    // A string, not a function: tsx would add helpers the page does not have.
    fresh.push((await page.evaluate(CLICK_AND_WAIT_FOR_PAINT(eligible[(i * 7) % eligible.length]!))) as number);
  }

  // One Area value on and off: its documents are cached after the first clicks.
  await page.goto(url);
  await ready(page);
  const toggle: number[] = [];
  for (let i = 0; i < SAMPLES + 5; i++) {
    const ms = (await page.evaluate(CLICK_AND_WAIT_FOR_PAINT(0))) as number;
    if (i >= 5) toggle.push(ms);
  }

  const result = { newValue: figures(fresh), toggle: figures(toggle) };
  console.log(`Facet click to results painted (${os.loadavg()[0]!.toFixed(1)} load average):`);
  console.log(`  new value: p50 ${result.newValue.p50} ms, p90 ${result.newValue.p90} ms, p95 ${result.newValue.p95} ms, max ${result.newValue.max} ms (${result.newValue.samples} clicks)`);
  console.log(`  toggle:    p50 ${result.toggle.p50} ms, p90 ${result.toggle.p90} ms, p95 ${result.toggle.p95} ms, max ${result.toggle.max} ms (${result.toggle.samples} clicks)`);
  fs.writeFileSync(
    path.join(root, 'bench', 'results', 'facet-paint.json'),
    JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, loadAverage: os.loadavg(), ...result }, null, 2) + '\n',
  );
});
