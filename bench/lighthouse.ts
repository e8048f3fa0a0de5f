/**
 * Lighthouse (mobile preset: its default emulation and simulated throttling) on /, /search, a
 * listing, /mytrip and checkout, three runs each, in Debian's Chromium, offline: the production
 * server (NODE_ENV=production) is started on a fresh data directory. Prints the median
 * performance score, LCP, TBT and CLS per page (issue 10 goals: >= 95, <= 1.5 s, <= 100 ms,
 * <= 0.02) and writes bench/results/lighthouse.json with every run, each with Lighthouse's
 * benchmarkIndex (the machine's speed as Lighthouse measures it: its simulated throttling scales
 * the observed main-thread work by it, so a faster machine reports less TBT) and the load average
 * when it ran; the table shows their medians ("bench", "load"). Figures from a loaded machine are
 * not comparable with a quiet one's.
 *   npx tsx bench/lighthouse.ts        (BENCH_RUNS, BENCH_PORT, CHROMIUM_PATH)
 *
 * A fast host makes every page look light. BENCH_REFERENCE_INDEX=1130 runs the pages as a host of
 * that benchmarkIndex would see them (the slowest of the shared 2-core machines the site is measured on): a
 * first audit of / reads this host's index, and the CPU slow-down becomes 4 × index / 1130 (never
 * below Lighthouse's 4). Written to bench/results/lighthouse-reference.json instead.
 *   BENCH_REFERENCE_INDEX=1130 npx tsx bench/lighthouse.ts
 * Exits non-zero when a page misses a goal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startSite } from './browser-support.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 4393);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOALS = { performance: 95, lcpMs: 1500, tbtMs: 100, cls: 0.02 };
/** Lighthouse's mobile preset's CPU slow-down. */
const MOBILE_CPU_SLOWDOWN = 4;
const REFERENCE_INDEX = process.env.BENCH_REFERENCE_INDEX ? Number(process.env.BENCH_REFERENCE_INDEX) : null;
if (REFERENCE_INDEX !== null && !(REFERENCE_INDEX > 0)) throw new Error('BENCH_REFERENCE_INDEX must be a positive number (a benchmarkIndex such as 1130)');

interface Run {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement: string | null;
  /**
   * Lighthouse's measure of this machine's speed (its simulated throttling scales the main-thread
   * work it observes by it: a faster machine reports less TBT), and the load average then (issue 24).
   */
  benchmarkIndex: number | null;
  loadAverage: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

/** Lighthouse's own recording faults (NO_NAVSTART, NO_FCP on a busy machine) are retried; a third one fails the run. */
const ATTEMPTS = 3;

async function audit(url: string, chromePort: number, cpuSlowdownMultiplier = MOBILE_CPU_SLOWDOWN, attempt = 1): Promise<Run> {
  const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttling: { cpuSlowdownMultiplier } });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (attempt < ATTEMPTS) {
      console.warn(`${url}: ${lhr.runtimeError.code}, trying again`);
      return audit(url, chromePort, cpuSlowdownMultiplier, attempt + 1);
    }
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined)?.items;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(numeric('speed-index')),
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? null,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

const site = await startSite('lighthouse', port);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
const pages: Array<{ page: string; path: string; runs: Run[] }> = [];
/** With BENCH_REFERENCE_INDEX: this host's index (a first audit of /) and the slow-down that makes it the reference host. */
let reference: { benchmarkIndex: number; hostIndex: number; cpuSlowdownMultiplier: number } | null = null;
try {
  if (REFERENCE_INDEX !== null) {
    await fetch(`${site.origin}/`);
    const hostIndex = (await audit(`${site.origin}/`, chrome.port)).benchmarkIndex;
    if (!hostIndex) throw new Error('Lighthouse gave no benchmarkIndex for this host');
    const cpuSlowdownMultiplier = Math.max(MOBILE_CPU_SLOWDOWN, Math.round(((MOBILE_CPU_SLOWDOWN * hostIndex) / REFERENCE_INDEX) * 10) / 10);
    reference = { benchmarkIndex: REFERENCE_INDEX, hostIndex, cpuSlowdownMultiplier };
    console.log(`This host's benchmarkIndex ${hostIndex}: CPU slow-down ${cpuSlowdownMultiplier}× (a host of ${REFERENCE_INDEX} at Lighthouse's 4×)`);
  }
  const searchHtml = await (await fetch(`${site.origin}/search`)).text();
  const listing = /href="(\/listing\/[^"#]+)"/.exec(searchHtml)?.[1];
  if (!listing) throw new Error('No listing link on /search');
  for (const [page, pagePath] of [
    ['home', '/'],
    ['search', '/search'],
    ['listing', listing],
    ['my trip', '/mytrip'],
    ['checkout', '/rescms/order/checkout'],
  ] as const) {
    // A first load warms the server's caches (the pricing model, the ranking), as a running site has them.
    await fetch(site.origin + pagePath);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(site.origin + pagePath, chrome.port, reference?.cpuSlowdownMultiplier));
    pages.push({ page, path: pagePath, runs });
  }
} finally {
  await chrome.kill();
  await site.stop();
}

const summary = pages.map(({ page, path: pagePath, runs }) => {
  const figures = {
    performance: median(runs.map((run) => run.performance)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    speedIndexMs: median(runs.map((run) => run.speedIndexMs)),
    benchmarkIndex: median(runs.map((run) => run.benchmarkIndex ?? NaN)),
    loadAverage1m: median(runs.map((run) => run.loadAverage[0] ?? NaN)),
  };
  const ok = figures.performance >= GOALS.performance && figures.lcpMs <= GOALS.lcpMs && figures.tbtMs <= GOALS.tbtMs && figures.cls <= GOALS.cls;
  return { page, path: pagePath, ...figures, ok, lcpElement: runs[0]?.lcpElement ?? null, runs };
});

const load = os.loadavg();
const preset = reference ? `mobile preset as a host of benchmarkIndex ${reference.benchmarkIndex} (CPU ${reference.cpuSlowdownMultiplier}×)` : 'mobile preset';
console.log(`Lighthouse ${RUNS}× per page, ${preset}, median (load average ${load.map((n) => n.toFixed(1)).join(' ')}):`);
console.log(`${'page'.padEnd(10)} ${'score'.padStart(5)} ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'SI'.padStart(7)} ${'bench'.padStart(6)} ${'load'.padStart(5)}`);
for (const row of summary) {
  console.log(
    `${row.page.padEnd(10)} ${String(row.performance).padStart(5)} ${`${row.fcpMs} ms`.padStart(7)} ${`${row.lcpMs} ms`.padStart(7)} ${`${row.tbtMs} ms`.padStart(7)} ${row.cls.toFixed(3).padStart(6)} ${`${row.speedIndexMs} ms`.padStart(7)} ${String(row.benchmarkIndex).padStart(6)} ${row.loadAverage1m.toFixed(1).padStart(5)}  ${row.ok ? 'ok' : 'below goal'}`,
  );
}
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench', 'results', reference ? 'lighthouse-reference.json' : 'lighthouse.json'),
  JSON.stringify({ date: new Date().toISOString(), lighthouse: '13', preset: 'mobile', ...(reference && { reference }), runs: RUNS, loadAverage: load, cpus: os.cpus().length, goals: GOALS, pages: summary }, null, 2) + '\n',
);
if (summary.some((row) => !row.ok)) process.exitCode = 1;
