/**
 * Two builds of the site compared in Lighthouse, interleaved (issue 24). Lighthouse's TBT at a
 * slow host's CPU slow-down spreads by up to twice between runs of one build, so a change to the
 * start is read here from the traces Lighthouse records as well: the main thread's tasks after
 * the observed first contentful paint, each counted for what it holds beyond 50 ms once scaled by
 * the slow-down ("held"), which leaves out Lantern's re-ordering of the page's work.
 *
 *   npx tsx bench/lighthouse-compare.ts /path/to/other/checkout
 *       (BENCH_ROUNDS: rounds, default 6; BENCH_PAGES: comma-separated paths, "listing" for the
 *        first listing of /search, default "/,/search,listing"; BENCH_CPU: slow-down, default 12.7,
 *        Lighthouse's 4× as a host of benchmarkIndex 1130 on one of about 3 600)
 *
 * Each build is brought up to date first, as `npm start` does (a git worktree can share this
 * checkout's node_modules through a symlink). Both production servers run at once, each on a fresh
 * data directory, and each round audits every page on both, in alternating order. Prints each audit
 * and, per page and build, the mean and median of Lighthouse's TBT and of the held time; writes
 * nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startSite } from './browser-support.ts';

const other = process.argv[2];
if (!other || !fs.existsSync(path.join(other, 'package.json'))) {
  console.error('Usage: npx tsx bench/lighthouse-compare.ts /path/to/other/checkout (its node_modules installed or linked)');
  process.exit(2);
}
const builds = [path.resolve(import.meta.dirname, '..'), path.resolve(other)];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CPU = Number(process.env.BENCH_CPU ?? 12.7);
const PAGES = (process.env.BENCH_PAGES ?? '/,/search,listing').split(',');
const BLOCKING_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/** What the page's main-thread tasks after its first contentful paint hold beyond 50 ms at the slow-down. */
function heldAfterFirstPaint(events: TraceEvent[]): number | null {
  const navigation = events.find((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame && event.args.data.documentLoaderURL?.startsWith('http'));
  if (!navigation) return null;
  const paint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === navigation.pid);
  if (!paint) return null;
  return events
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === navigation.pid && event.tid === navigation.tid && event.ts >= paint.ts)
    .reduce((sum, task) => sum + Math.max(0, ((task.dur ?? 0) / 1000) * CPU - BLOCKING_MS), 0);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

const sites: Array<Awaited<ReturnType<typeof startSite>>> = [];
let chrome: chromeLauncher.LaunchedChrome | null = null;
const figures = new Map<string, { tbt: number[]; held: number[] }>();
try {
  for (const [index, checkout] of builds.entries()) sites.push(await startSite('lighthouse-compare', 4461 + index, checkout));
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  const searchHtml = await (await fetch(`${sites[0]!.origin}/search`)).text();
  const listing = /href="(\/listing\/[^"#]+)"/.exec(searchHtml)?.[1];
  const paths = PAGES.map((page) => (page === 'listing' ? listing : page)).filter((page): page is string => page !== undefined);
  // A first load warms each server's caches, as a running site has them.
  for (const site of sites) for (const page of paths) await fetch(site.origin + page);
  console.log(`${ROUNDS} rounds at ${CPU}× CPU: A ${builds[0]}, B ${builds[1]}`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of paths) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const name = index === 0 ? 'A' : 'B';
        const result = await lighthouse(sites[index]!.origin + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttling: { cpuSlowdownMultiplier: CPU } });
        const lhr = result?.lhr;
        const trace = (result?.artifacts as { Trace?: { traceEvents: TraceEvent[] } } | undefined)?.Trace;
        const held = trace ? heldAfterFirstPaint(trace.traceEvents) : null;
        const tbt = lhr?.audits['total-blocking-time']?.numericValue;
        if (!lhr || lhr.runtimeError || tbt === undefined || held === null) {
          console.log(`round ${round + 1} ${page} ${name}: no figures (${lhr?.runtimeError?.code ?? 'no trace'})`);
          continue;
        }
        const entry = figures.get(`${page} ${name}`) ?? { tbt: [], held: [] };
        entry.tbt.push(Math.round(tbt));
        entry.held.push(Math.round(held));
        figures.set(`${page} ${name}`, entry);
        console.log(`round ${round + 1} ${page} ${name}: TBT ${Math.round(tbt)} ms, held ${Math.round(held)} ms (benchmarkIndex ${lhr.environment.benchmarkIndex})`);
      }
    }
  }
} finally {
  await chrome?.kill();
  await Promise.all(sites.map((site) => site.stop()));
}

console.log(`\n${'page and build'.padEnd(40)} ${'TBT mean'.padStart(9)} ${'median'.padStart(7)} ${'held mean'.padStart(10)} ${'median'.padStart(7)} audits`);
for (const [key, { tbt, held }] of figures) {
  console.log(`${key.padEnd(40)} ${Math.round(mean(tbt)).toString().padStart(9)} ${median(tbt).toString().padStart(7)} ${Math.round(mean(held)).toString().padStart(10)} ${median(held).toString().padStart(7)} ${tbt.length}`);
}
