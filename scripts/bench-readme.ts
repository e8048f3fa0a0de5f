/**
 * The figures of the README and of docs/, written from the benchmarks' saved results
 * (bench/results/*.json) and nowhere typed by hand. `npm run bench:readme` rewrites every block
 * between
 *
 *   <!-- bench:NAME -->            and            <!-- /bench:NAME -->
 *
 * in README.md and the markdown files under docs/ (each block has one place, in whichever of them
 * its section lives), and scripts/bench-readme.test.ts (part of `npm test`) fails while one of
 * them differs from what this script would write, while a results file has no entry below, or
 * while a block has no place.
 *
 * Adding a benchmark (a few lines): have it write bench/results/{name}.json, then add an entry to
 * BENCHES with
 *   - `file`: 'name.json';
 *   - `command` and `measures`: its row of the Benchmarks table (docs/benchmarks.md);
 *   - `figures(result)`: the 'Last figures' cell, read from the JSON it saved;
 *   - optionally `blocks: { name: (result) => markdown }` for a section of its own, with the two
 *     marker comments placed in the page where the section goes.
 * A link in a block names a section by its anchor alone (`[Server load](#server-load)`): it is
 * written as it resolves from the page the block is in. Then run the benchmark and
 * `npm run bench:readme`, and commit the JSON with the pages.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const RESULTS_DIR = path.join(root, 'bench', 'results');
export const README = path.join(root, 'README.md');

// ---------------------------------------------------------------------------------------------
// Number formats, the same everywhere in the README and docs/.

/** `0.401` → '0.4 ms', `9.794` → '9.8 ms', `42.244` → '42 ms', `0.008` → '0.008 ms'. */
export function ms(value: number): string {
  const digits = value >= 10 ? 0 : value >= 1 ? 1 : value >= 0.1 ? 2 : 3;
  return `${Number(value.toFixed(digits))} ms`;
}
/** `12823` (ms) → '12.8 s'. */
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;
/** `10000` → '10 000' (a space between thousands, as elsewhere in the docs). */
const count = (value: number) => String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const kib = (bytes: number) => `${count(bytes / 1024)} KiB`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;
const percent = (share: number) => `${Math.round(share * 100)}%`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/**
 * The lowest to the highest of some figures, each written by `format`, the unit once:
 * `[4, 96]` with `ms` → '4–96 ms'; one figure when they are all the same.
 */
function range(values: readonly number[], format: (value: number) => string = String): string {
  const [low, high] = [format(Math.min(...values)), format(Math.max(...values))];
  if (low === high) return low;
  const unit = / (ms|s|MiB|KiB|kB)$/.exec(high)?.[0] ?? '';
  return `${unit && low.endsWith(unit) ? low.slice(0, -unit.length) : low}–${high}`;
}
/** Lighthouse's scores of a run's pages: '99–100', or '100 on every page'. */
const scoresOf = (pages: ReadonlyArray<{ performance: number }>) => {
  const scores = range(pages.map((row) => row.performance));
  return scores.includes('–') ? scores : `${scores} on every page`;
};

/** When and where a result was measured: '2026-11-22, 2 CPUs, load 2.7'. */
function measured(result: Dated): string {
  const raw = result.loadAverage;
  const load = Array.isArray(raw) ? raw[0] : typeof raw === 'object' ? raw.before[0] : raw;
  return [result.date.slice(0, 10), result.cpus ? `${result.cpus} CPUs` : null, load !== undefined ? `load ${load}` : null].filter(Boolean).join(', ');
}

function find<T>(items: T[], predicate: (item: T) => boolean, what: string): T {
  const item = items.find(predicate);
  if (item === undefined) throw new Error(`No ${what} in the results`);
  return item;
}

// ---------------------------------------------------------------------------------------------
// The result files as the benchmarks write them (only the fields read here).

interface Dated {
  date: string;
  cpus?: number;
  /** One figure, the 1/5/15-minute averages, or those before and after the run. */
  loadAverage?: number | number[] | { before: number[]; after: number[] };
}
type Percentiles = { p50: number; p95: number; max?: number };
interface ColdStart extends Dated {
  results: Array<{ label: string; ms: number }>;
}
interface BundleSize extends Dated {
  gzipLevel: number;
  pages: Array<{ page: string; path: string; jsGzip: number; jsBudget: number; cssGzip: number; ok: boolean }>;
}
interface Lighthouse extends Dated {
  lighthouse: string;
  runs: number;
  goals: { performance: number; lcpMs: number; tbtMs: number; cls: number };
  pages: Array<{ page: string; performance: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number; benchmarkIndex?: number; loadAverage1m?: number }>;
}
/** A Lighthouse run's rows per page; with each page's benchmarkIndex when the run was at Lighthouse's own slow-down. */
function lighthouseTable(r: Lighthouse, withIndex: boolean): string[] {
  const index = (text: string) => (withIndex ? text : '');
  return [
    `| Page | Score | FCP | LCP | TBT | CLS |${index(' benchmarkIndex |')} Load |`,
    `|---|---|---|---|---|---|${index('---|')}---|`,
    ...r.pages.map(
      (row) =>
        `| ${row.page} | ${row.performance} | ${seconds(row.fcpMs)} | ${seconds(row.lcpMs)} | ${ms(row.tbtMs)} | ${row.cls.toFixed(3)} |${index(` ${row.benchmarkIndex ?? '—'} |`)} ${row.loadAverage1m?.toFixed(1) ?? '—'} |`,
    ),
  ];
}

interface LighthouseReference extends Lighthouse {
  reference: { benchmarkIndex: number; hostIndex: number; cpuSlowdownMultiplier: number };
}
interface MainThread extends Dated {
  cpuSlowdown: number;
  runs: number;
  afterHydrationMs: number;
  pages: Array<{
    page: string;
    busyMs: number;
    blockingMs: number;
    longTasks: number;
    longestTaskMs: number;
    hydratedAtMs: number;
    cpuUnits: number;
    budgetCpuUnits: number;
    typical: { js: { byPackage: Array<{ name: string; ms: number }> } };
  }>;
}
type Spread = { samples: number; p50: number; p90: number };
interface Inp extends Dated {
  goalMs: number;
  results: Array<{ cpuSlowdown: number; facetClick: Spread; calendarOpen: Spread; calendarShown: Spread; dateChoice: Spread }>;
}
interface SearchEngine extends Dated {
  results: Array<{ size: number; engine: string; latency: Record<'faceted' | 'text' | 'multi', Percentiles> }>;
}
type ScaleKind = 'text' | 'faceted' | 'multi' | 'deep' | 'phrase' | 'wildcard';
interface SearchEngineScale extends Dated {
  iterations: number;
  runs: Array<{
    label: string;
    listings: number;
    buildMs: number;
    indexHeapMB: number;
    heapMB: number;
    rssMB: number;
    snapshot: { writeMs: number; bytes: number; restartMs: number; readMs?: number; heapMB?: number; rssMB?: number; image?: { writeMs: number; bytes: number } } | { error: string };
    kinds: Record<ScaleKind, { wall: { p50: number; p95: number }; cpu: { p50: number; p95: number } }>;
  }>;
}
interface ProxyThroughput extends Dated {
  listings: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  /** The same search with a changing filter: the engine answers every request (not in results saved before it). */
  everyQueryDifferent?: { requestsPerSecond: number; latencyMs: { p50: number; p99: number } };
}
/** One row of bench/solr-proxy.ts: one back end at one number of connections. */
interface SolrProxyRow {
  connections: number;
  loadAverage: number[];
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface SolrProxy extends Dated {
  listings: number;
  mix: number;
  seconds: number;
  cluster: { nodes: number; shards: number; replicas: number };
  embedded: SolrProxyRow[];
  solr: SolrProxyRow[];
  /** The embedded engine without the result cache (not in results saved before it). */
  engineAlone?: SolrProxyRow[];
}
interface FacetPaint extends Dated {
  newValue: Spread & { p95: number };
  toggle: Spread & { p95: number };
}
type Repaint = Percentiles & { samples: number; withinOneFrame: number };
interface OrderRepaint extends Dated {
  frameMs: number;
  add: Repaint;
  remove: Repaint;
  widgetAlone: Repaint;
}
interface Availability extends Dated {
  iterations: number;
  modelLoadMs: number;
  modelBuildMs: Record<string, number>;
  /** The occupancy check alone (is each unit free for the 7 nights), by catalogue size. */
  occupancyCheckMs?: Record<string, { p50: number; p95: number }>;
  /** `asked`: the optional server-side reduction or page ('' for the spec's every offer). */
  results: Array<{ name: string; units: number; kind: 'stay' | 'flex'; asked?: string; p50: number; p95: number; prices: number; bytes: number }>;
}
interface HostileQueries extends Dated {
  parse: Percentiles & { samples: number };
  select: Percentiles & { samples: number };
  pathological: Array<{ name: string; growth8x: number | null }>;
}

interface Checkout extends Dated {
  clients: number;
  checkouts: number;
  ms: { p50: number; p95: number; p99: number };
  goalP95Ms: number;
  serverCpuMsPerCheckout: number;
  throughputPerSecond: number;
}
interface CheckoutDurability extends Dated {
  kills: number;
  totals: { acknowledged: number; cutOff: number; cutOffThatHadBooked: number };
  retriedAfterRestart: { bookedNow: number; sameBooking: number; failed: number; wrong: number };
  checks: { acknowledgedMissing: number; halfWritten: Record<string, number> };
}

interface ServerLoad extends Dated {
  pages: Array<{ url: string; pageCache: boolean; cpuMs: { p50: number; p95: number }; pagesPerCpuSecond: number }>;
  loads: Array<{
    name: string;
    requestsPerSecond: number;
    latencyMs: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    requestsPerServerCpuSecond: number;
    rssMiB: { before: number; peak: number; after: number | null; afterSeconds: number };
  }>;
}
interface AnalyticsIngest extends Dated {
  connections: number;
  batch: number;
  eventsPerSecond: number;
  goalEventsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  non2xx: number;
  acknowledgedEvents: number;
  storedEvents: number;
  serverCpuMsPerBatch: number;
}
interface EventLoop extends Dated {
  repeat: number;
  goalMs: number;
  dashboardGoalMs: number;
  worstEventLoopDelayMs: number;
  worstHoldCpuMs: number;
  worstHoldCpuKind: string | null;
  worstCpuMs: number;
  analyticsHealthzSlowestMs: number;
  analyticsHoldCpuMs: number;
  dashboardYearHoldCpuMs: number;
  dashboardYearMs: number;
  caps: { termsPerDay: number; errorsPerDay: number; rawEventsPerDay: number; rawRetentionDays: number; listingItemsPerBatch: number };
  storage: { days: number; listings: number; dailyTablesBytes: Record<string, number>; dailyBytesPerDay: number; rawBytesPerEvent: number; rawBytesPerDayAtCap: number };
  requests: Array<{ group: string; name: string; status: string; answerMsMax: number; eventLoopDelayMaxMs: number; holdCpuMaxMs: number; cpuMaxMs: number; healthzSlowestMs: number }>;
}
interface PublishToSearchable extends Dated {
  runs: number;
  listings: number;
  goalMs: number;
  publishMs: { median: number; p95: number; max: number };
  searchableMs: { median: number; p95: number; max: number };
  shownMs: { median: number; p95: number; max: number };
}

interface PhotoProcessing extends Dated {
  runs: number;
  original: { width: number; height: number; bytes: number };
  pipeline: { wallMs: { median: number; max: number }; cpuMs: { median: number }; loopWaitMs: { max: number }; files: number; writtenBytes: number; rssMiB: { before: number; peak: number } };
  decodeMs: number;
  sizes: Array<{ format: string; width: number; medianMs: number; bytes: number }>;
  totalsMs: { webp: number; jpeg: number; avif: number; avifFast: number };
}
interface Kill9 extends Dated {
  kills: number;
  acknowledged: number;
  byKind: Record<string, number>;
  lost: number;
  cycles: Array<{ restartMs: number }>;
}
interface BookingSpace extends Dated {
  minimumStay: number | string;
  arrivals: { first: string; last: string; days: number };
  lengths: { tried: [number, number]; booked: [number, number]; bookedCount: number };
  stays: { tried: number; booked: number; refused: number; notAllowedByEngine: Record<string, number> };
  guests: { countries: number; phoneNumbers: number; realFormats: number };
  seconds: number;
}
interface ShareStorage extends Dated {
  shares: number;
  real: { lineItems: number; bytesPerShare: number };
  randomTexts: { bytesPerShare: number };
}

// ---------------------------------------------------------------------------------------------
// One entry per results file.

interface Bench<T> {
  file: string;
  command: string;
  measures: string;
  figures: (result: T) => string;
  blocks?: Record<string, (result: T) => string>;
}

/** Keeps each entry's own result type while the list holds them all. */
const bench = <T extends Dated>(entry: Bench<T>) => entry as unknown as Bench<Dated>;

/** The availability search's p95 goal for every unit of the demo database (20 ms). */
const AVAILABILITY_P95_GOAL_MS = 20;

export const BENCHES: Array<Bench<Dated>> = [
  bench<ColdStart>({
    file: 'cold-start.json',
    command: '`npx tsx bench/cold-start.ts`',
    measures: '`npm start` to the first page',
    figures: (r) => r.results.map((row) => `${row.label.replace(/ \(.*\)$/, '')} ${seconds(row.ms)}`).join(', '),
    blocks: {
      'cold-start': (r) =>
        [
          `Measured with \`npx tsx bench/cold-start.ts\` (${measured(r)}; figures saved in`,
          '`bench/results/cold-start.json`), from `npm start` to the first page served:',
          '',
          '| Start | Time |',
          '|---|---|',
          ...r.results.map((row) => `| ${capitalised(row.label)} | ${seconds(row.ms)} |`),
        ].join('\n'),
    },
  }),
  bench<BundleSize>({
    file: 'bundle-size.json',
    command: '`npx tsx bench/bundle-size.ts --save` (the check alone: `npm run check:budgets`)',
    measures: "each page's first-visit JS and CSS (gzip) against its budget; part of `npm test`, which fails when a page is over",
    figures: (r) => {
      const over = r.pages.filter((row) => !row.ok);
      const largest = r.pages.reduce((a, b) => (b.jsGzip > a.jsGzip ? b : a));
      return `${r.pages.length} pages, ${over.length === 0 ? 'all within budget' : `over budget: ${over.map((row) => row.page).join(', ')}`}; largest ${largest.page} ${kb(largest.jsGzip)} JS gzip (see [Page weight and speed](#page-weight-and-speed))`;
    },
    blocks: {
      'page-weight': (r) =>
        [
          `First-visit code per page (\`npx tsx bench/bundle-size.ts --save\`, gzip level ${r.gzipLevel}; ${measured(r)}): the entry and the modules the page's HTML preloads, with their static imports.`,
          '',
          '| Page | JS | Budget | CSS |',
          '|---|---|---|---|',
          ...r.pages.map((row) => `| ${row.page} (\`${row.path.length > 30 ? `${row.path.slice(0, 28)}…` : row.path}\`) | ${kb(row.jsGzip)} | ${kb(row.jsBudget)} | ${kb(row.cssGzip)} |`),
        ].join('\n'),
    },
  }),
  bench<Lighthouse>({
    file: 'lighthouse.json',
    command: '`npx tsx bench/lighthouse.ts`',
    measures: 'Lighthouse mobile (the default throttling) on /, /search, a listing, /mytrip and checkout, median of 3',
    figures: (r) => `performance ${scoresOf(r.pages)} (goal ${r.goals.performance}); see [Page weight and speed](#page-weight-and-speed)`,
    blocks: {
      // The README's one line on speed: the run's range, with the host's speed beside it (issue 24).
      speed: (r) => {
        const indexes = r.pages.map((row) => row.benchmarkIndex).filter((index): index is number => index !== undefined);
        return (
          `On a phone (Lighthouse ${r.lighthouse}'s mobile preset, median of ${r.runs}, \`npx tsx bench/lighthouse.ts\`; ${measured(r)}): ` +
          `performance ${scoresOf(r.pages)}, TBT ${range(r.pages.map((row) => row.tbtMs), ms)}, ` +
          `LCP ${range(r.pages.map((row) => row.lcpMs), seconds)}, CLS ${range(r.pages.map((row) => row.cls))}` +
          (indexes.length > 0 ? `, on a host of benchmarkIndex ${range(indexes, count)}` : '') +
          `. Lighthouse scales the main-thread work it sees by the host's speed, so a slower host reports more: ` +
          `[Page weight and speed](#page-weight-and-speed) has each page, and the same pages as the slowest of these machines sees them.`
        );
      },
      lighthouse: (r) =>
        [
          `Lighthouse ${r.lighthouse}, mobile preset, median of ${r.runs} (\`npx tsx bench/lighthouse.ts\`; ${measured(r)}; goals ${r.goals.performance}, LCP ${seconds(r.goals.lcpMs)}, TBT ${r.goals.tbtMs} ms, CLS ${r.goals.cls}):`,
          '',
          ...lighthouseTable(r, true),
        ].join('\n'),
    },
  }),
  bench<LighthouseReference>({
    file: 'lighthouse-reference.json',
    command: '`BENCH_REFERENCE_INDEX=1130 npx tsx bench/lighthouse.ts`',
    measures: "the same, as a slower host would see it: the CPU slow-down scaled by this host's benchmarkIndex over the reference's",
    figures: (r) => `as a host of benchmarkIndex ${r.reference.benchmarkIndex}: TBT ${range(r.pages.map((row) => row.tbtMs), ms)} (goal ${r.goals.tbtMs}); see [Page weight and speed](#page-weight-and-speed)`,
    blocks: {
      'lighthouse-reference': (r) =>
        [
          `The same pages as a host of benchmarkIndex ${r.reference.benchmarkIndex} sees them (the slowest of the shared 2-core machines this site is measured on): this host's index was ${r.reference.hostIndex}, so the CPU slow-down was ${r.reference.cpuSlowdownMultiplier}× instead of 4× (\`BENCH_REFERENCE_INDEX=${r.reference.benchmarkIndex} npx tsx bench/lighthouse.ts\`; ${measured(r)}):`,
          '',
          ...lighthouseTable(r, false),
        ].join('\n'),
    },
  }),
  bench<MainThread>({
    file: 'main-thread.json',
    command: '`npx tsx bench/main-thread.ts` (the budget alone: `npm run check:budgets`)',
    measures: "the main thread at each page's start as a phone (×4 CPU): busy and blocking time, long tasks, the JavaScript by package; the budget part of `npm test`",
    figures: (r) => `blocking ${range(r.pages.map((row) => row.blockingMs), ms)}; see [Page weight and speed](#page-weight-and-speed)`,
    blocks: {
      'main-thread': (r) =>
        [
          `The main thread at each page's start, as a phone: 412×823, CPU ×${r.cpuSlowdown}, from the navigation to ${seconds(r.afterHydrationMs)} after hydration, median of ${r.runs} (\`npx tsx bench/main-thread.ts\`; ${measured(r)}). Blocking is what each task holds beyond 50 ms; units are the main thread's script time over the CPU calibration's (the budget):`,
          '',
          '| Page | Busy | Blocking | Long tasks | Longest | Hydrated at | Units / budget | Most JavaScript |',
          '|---|---|---|---|---|---|---|---|',
          ...r.pages.map(
            (row) =>
              `| ${row.page} | ${ms(row.busyMs)} | ${ms(row.blockingMs)} | ${row.longTasks} | ${ms(row.longestTaskMs)} | ${seconds(row.hydratedAtMs)} | ${row.cpuUnits.toFixed(1)} / ${row.budgetCpuUnits} | ${row.typical.js.byPackage
                .filter((entry) => !entry.name.startsWith('('))
                .slice(0, 3)
                .map((entry) => `${entry.name} ${ms(entry.ms)}`)
                .join(', ')} |`,
          ),
        ].join('\n'),
    },
  }),
  bench<Inp>({
    file: 'inp.json',
    command: '`npx tsx bench/inp.ts`',
    measures: 'in Chromium, interaction to next paint of a facet click, the first calendar press and a date choice, at CPU ×1 and ×4',
    figures: (r) => r.results.map((row) => `×${row.cpuSlowdown}: facet click p50 ${ms(row.facetClick.p50)}, date choice p50 ${ms(row.dateChoice.p50)}`).join('; '),
    blocks: {
      inp: (r) =>
        [
          `Interaction to next paint in Chromium (\`npx tsx bench/inp.ts\`; ${measured(r)}; goal ${r.goalMs} ms):`,
          '',
          '| CPU | Facet click p50 / p90 | Date choice p50 / p90 | First calendar press (INP) / to the calendar on screen |',
          '|---|---|---|---|',
          ...r.results.map(
            (row) =>
              `| ×${row.cpuSlowdown} | ${ms(row.facetClick.p50)} / ${ms(row.facetClick.p90)} | ${ms(row.dateChoice.p50)} / ${ms(row.dateChoice.p90)} | ${ms(row.calendarOpen.p50)} / ${ms(row.calendarShown.p50)} |`,
          ),
        ].join('\n'),
    },
  }),
  bench<SearchEngine>({
    file: 'search-engine.json',
    command: '`node --expose-gc --import tsx bench/search-engine.ts`',
    measures: 'embedded engine against Orama and MiniSearch, p50/p95 per query kind',
    figures: (r) =>
      [...new Set(r.results.map((row) => row.size))]
        .map((size) => {
          const p95 = (engine: string) => find(r.results, (row) => row.size === size && row.engine === engine, `${engine} at ${size}`).latency.faceted.p95;
          return `${count(size)} listings: faceted p95 ${ms(p95('embedded'))} (Orama ${ms(p95('orama'))}, MiniSearch ${ms(p95('minisearch'))})`;
        })
        .join('; '),
  }),
  bench<SearchEngineScale>({
    file: 'search-engine-scale.json',
    command: '`node --expose-gc --import tsx bench/search-engine.ts --sizes 10000,100000,1000000 --before DIR`',
    measures: 'embedded engine on generated listings up to 1 000 000, this version against an older one (DIR) in one run: build, heap, restart from the snapshot, p50/p95 wall and CPU per query kind',
    figures: (r) => {
      const big = Math.max(...r.runs.map((run) => run.listings));
      const after = find(r.runs, (run) => run.listings === big && run.label === 'after', `the run at ${big}`);
      return `${count(big)} listings: build ${seconds(after.buildMs)}, index heap ${count(after.indexHeapMB)} MiB, phrase p95 ${ms(after.kinds.phrase.wall.p95)} (CPU ${ms(after.kinds.phrase.cpu.p95)})`;
    },
    blocks: {
      'search-scale': (r) => {
        const big = Math.max(...r.runs.map((run) => run.listings));
        const after = find(r.runs, (run) => run.listings === big && run.label === 'after', `the run at ${big}`);
        const hundred = r.runs.find((run) => run.listings === 100_000 && run.label === 'after');
        const before = r.runs.find((run) => run.listings === big && run.label === 'before');
        return [
          `The embedded engine at ${count(big)} generated listings (\`bench/search-engine.ts --listings ${big}\`; ${measured(r)}): index built in ${seconds(after.buildMs)}` +
            (before ? ` (${seconds(before.buildMs)} with the previous engine)` : '') +
            `, ${count(after.indexHeapMB)} MiB of index heap, phrase queries with filters p95 ${ms(after.kinds.phrase.wall.p95)}` +
            (before ? ` (${ms(before.kinds.phrase.wall.p95)} before)` : '') +
            ('restartMs' in after.snapshot ? `, a restart from the snapshot in ${seconds(after.snapshot.restartMs)}` : '') +
            // The marginal process heap per 100 000 listings (documents and index) between 100 000 and the largest run.
            (hundred && big > 100_000 ? `; about ${count(((after.heapMB - hundred.heapMB) / (big - 100_000)) * 100_000)} MiB per 100 000 listings, documents included` : '') +
            '. Every figure: [Search: memory](docs/search.md#memory).',
        ].join('\n');
      },
      'search-scale-table': (r) => {
        const restart = (run: SearchEngineScale['runs'][number]) =>
          'restartMs' in run.snapshot
            ? seconds(run.snapshot.restartMs) +
              (run.snapshot.image ? ` (index image, ${count(run.snapshot.image.bytes / 1048576)} MiB)` : ' (rebuilt)') +
              (run.snapshot.heapMB !== undefined && run.snapshot.rssMB !== undefined ? `, then ${count(run.snapshot.heapMB)} / ${count(run.snapshot.rssMB)} MiB` : '')
            : `fails (${run.snapshot.error})`;
        const kinds: [ScaleKind, string][] = [['text', 'text + facets'], ['faceted', 'filters + facets'], ['multi', 'multi-select'], ['deep', 'deep page'], ['phrase', 'phrase + filters'], ['wildcard', 'wildcards at the caps']];
        return [
          `Measured with \`node --expose-gc --import tsx bench/search-engine.ts --sizes 10000,100000,1000000 --before DIR\` (${measured(r)} at the start` +
            `${r.loadAverage && typeof r.loadAverage === 'object' && !Array.isArray(r.loadAverage) ? `, ${r.loadAverage.after[0]} at the end` : ''}; ` +
            `${r.iterations} requests per kind; figures in \`bench/results/search-engine-scale.json\`). "before" is the previous engine (the commit given to \`--before\`), measured in the same run. Query times are wall p95 with CPU p95 in brackets; on a loaded machine the CPU time is the steadier figure.`,
          '',
          `| Listings | Engine | Build | Index heap | Process heap / RSS | Restart from snapshot (process heap / RSS after it) | ${kinds.map(([, name]) => name).join(' | ')} |`,
          `|---:|---|---:|---:|---:|---:|${kinds.map(() => '---:').join('|')}|`,
          ...r.runs.map(
            (run) =>
              `| ${count(run.listings)} | ${run.label} | ${seconds(run.buildMs)} | ${count(run.indexHeapMB)} MiB | ${count(run.heapMB)} / ${count(run.rssMB)} MiB | ${restart(run)} | ` +
              kinds.map(([k]) => `${ms(run.kinds[k].wall.p95)} (${ms(run.kinds[k].cpu.p95)})`).join(' | ') +
              ' |',
          ),
        ].join('\n');
      },
    },
  }),
  bench<ProxyThroughput>({
    file: 'proxy-throughput.json',
    command: '`npx tsx bench/proxy-throughput.ts`',
    measures: 'search proxy on loopback with autocannon at 50 connections, one faceted search repeated (answered from the result cache) and the same search with a price floor that changes on every request (the engine every time)',
    figures: (r) =>
      `${count(r.listings)} listings: repeated ${count(r.requestsPerSecond)} req/s, p50 ${ms(r.latencyMs.p50)}, p99 ${ms(r.latencyMs.p99)}` +
      (r.everyQueryDifferent
        ? `; every query different ${count(r.everyQueryDifferent.requestsPerSecond)} req/s, p50 ${ms(r.everyQueryDifferent.latencyMs.p50)}, p99 ${ms(r.everyQueryDifferent.latencyMs.p99)}`
        : ''),
  }),
  bench<SolrProxy>({
    file: 'solr-proxy.json',
    command: '`npx tsx bench/solr-proxy.ts` (Java 17 and Maven)',
    measures:
      "search proxy in the site's server against a 2-node SolrCloud (2 shards × 2 replicas) and against the embedded engine in the same run, the site's query mix over the demo listings, 16 and 50 connections",
    figures: (r) => {
      const at = (kind: 'embedded' | 'solr', connections: number) => find(r[kind], (row) => row.connections === connections, `${kind} at ${connections} connections`);
      const top = Math.max(...r.solr.map((row) => row.connections));
      return `${top} connections: SolrCloud ${count(at('solr', top).requestsPerSecond)} req/s, p99 ${ms(at('solr', top).latencyMs.p99)}; embedded ${count(at('embedded', top).requestsPerSecond)} req/s, p99 ${ms(at('embedded', top).latencyMs.p99)} (see [Tested on a real SolrCloud](#tested-on-a-real-solrcloud))`;
    },
    blocks: {
      'solr-proxy': (r) =>
        [
          `Throughput through the proxy, \`npx tsx bench/solr-proxy.ts\` (${measured(r)}${Array.isArray(r.loadAverage) && r.loadAverage[0]! > (r.cpus ?? 2) ? '; the machine was busy, so the figures are noisy' : ''};`,
          `saved in \`bench/results/solr-proxy.json\`): ${count(r.listings)} demo listings, the site's query mix (${r.mix} different requests taken in turn:`,
          'the first page with every facet, each sort, the next page, each area and type as a filter, a multi-select, typed text,',
          'the full-documents fetch), the server wired as `server/site.ts` wires it: the embedded engine behind the result cache,',
          'which after the warm-up answers the whole mix; SolrCloud with both nodes in `SOLR_URL`, answering from its own caches',
          `over HTTP (${r.cluster.shards} shards × ${r.cluster.replicas} replicas, its JVM on the same ${r.cpus ?? 2} cores)${r.engineAlone ? '; and the embedded engine alone, without the result cache, answering every request itself' : ''}. ${r.seconds} s per row:`,
          '',
          '| Back end | Connections | Requests/s | p50 | p99 | Errors | Load average |',
          '|---|---|---|---|---|---|---|',
          ...(['solr', 'embedded', 'engineAlone'] as const).flatMap((kind) =>
            (r[kind] ?? []).map(
              (row) =>
                `| ${{ solr: 'SolrCloud', embedded: 'Embedded', engineAlone: 'Embedded, no result cache' }[kind]} | ${row.connections} | ${count(row.requestsPerSecond)} | ${ms(row.latencyMs.p50)} | ${ms(row.latencyMs.p99)} | ${row.errors + row.timeouts + row.non2xx} | ${row.loadAverage[0]} |`,
            ),
          ),
        ].join('\n'),
    },
  }),
  bench<FacetPaint>({
    file: 'facet-paint.json',
    command: '`npx tsx bench/facet-paint.ts`',
    measures: 'in Chromium, a facet click to the new results painted: a value not clicked before on a fresh page, and a value toggled (documents cached)',
    figures: (r) =>
      `new value p50 ${ms(r.newValue.p50)}, p90 ${ms(r.newValue.p90)} (${r.newValue.samples} clicks); toggled p50 ${ms(r.toggle.p50)}, p90 ${ms(r.toggle.p90)} (goal 100 ms)`,
  }),
  bench<OrderRepaint>({
    file: 'order-repaint.json',
    command: '`npx tsx bench/order-repaint.ts`',
    measures:
      'in Chromium, local mode: Add (the detail opens) and Remove (in the detail) to the header widget repainted, as the order grows and empties; the detail opens and updates one painted frame after the widget',
    figures: (r) => {
      const part = (name: string, f: Repaint) => `${name} p50 ${ms(f.p50)}, p95 ${ms(f.p95)} (${percent(f.withinOneFrame)} within a ${r.frameMs} ms frame)`;
      return [part('add', r.add), part('remove', r.remove), part('the widget alone', r.widgetAlone)].join('; ');
    },
  }),
  bench<Availability>({
    file: 'availability.json',
    command: '`node --expose-gc --import tsx bench/availability.ts`',
    measures: 'availability search for every unit, 7 nights and a 28-day flexible window: the route on the demo database and the engine alone, p50/p95',
    figures: () => 'see [Availability search](#availability-search-figures)',
    blocks: {
      availability: (r) => {
        type Row = Availability['results'][number];
        const cell = (x: Row | undefined, sizes: boolean) =>
          x ? `p50 ${ms(x.p50)}, p95 ${ms(x.p95)}${sizes ? ` (${count(x.prices)} prices, ${x.bytes >= 1048576 ? mib(x.bytes) : kib(x.bytes)})` : ''}` : '—';
        const keys = [...new Set(r.results.map((x) => `${x.name}|${x.units}|${x.asked ?? ''}`))];
        const lines = keys.map((key) => {
          const [name = '', units = '0', asked = ''] = key.split('|');
          const of = (kind: 'stay' | 'flex') => r.results.find((x) => x.name === name && x.units === Number(units) && (x.asked ?? '') === asked && x.kind === kind);
          const sizes = name.startsWith('route') || Number(units) > 1000 || asked !== '';
          return `| ${name}, ${count(Number(units))} units${asked ? `, \`${asked}\`` : ', every offer'} | ${cell(of('stay'), sizes)} | ${cell(of('flex'), sizes)} |`;
        });
        const route = r.results.filter((x) => x.name.startsWith('route'));
        const goal = (x: Row) => (x.p95 <= AVAILABILITY_P95_GOAL_MS ? 'meets' : 'does not meet');
        const stay = find(route, (x) => x.kind === 'stay', 'route stay');
        const flex = find(route, (x) => x.kind === 'flex', 'route flex');
        const builds = Object.entries(r.modelBuildMs).map(([units, took]) => `${count(Number(units))} units ${took >= 1000 ? seconds(took) : ms(took)}`);
        const occupancy = Object.entries(r.occupancyCheckMs ?? {}).map(([units, took]) => `${count(Number(units))} units p50 ${ms(took.p50)}, p95 ${ms(took.p95)}`);
        return [
          `<a id="availability-search-figures"></a>Availability search figures (\`bench/results/availability.json\`, ${r.iterations} searches each, arrivals`,
          `spread over six months; measured ${measured(r)}):`,
          '',
          '| Search | 7 nights | 7 nights, 28-day flexible window |',
          '|---|---|---|',
          ...lines,
          '',
          `On the demo database (${count(stay.units)} units) the 7-night search ${goal(stay)} the ${AVAILABILITY_P95_GOAL_MS} ms p95 goal (p95 ${ms(stay.p95)}) and the`,
          `flexible window ${goal(flex)} it (p95 ${ms(flex.p95)}, an answer of ${kib(flex.bytes)}: one offer per unit, arrival day and rate).`,
          `Loading the pricing model from the demo database took ${ms(r.modelLoadMs)}; building one in memory: ${builds.join(', ')}.`,
          ...(occupancy.length > 0 ? [`The occupancy check alone (which units are free for the 7 nights): ${occupancy.join('; ')}.`] : []),
        ].join('\n');
      },
    },
  }),
  bench<HostileQueries>({
    file: 'hostile-queries.json',
    command: '`npx tsx bench/hostile-queries.ts`',
    measures: 'generated hostile queries (the fuzz test’s inputs) through the parser and whole requests through the engine; pathological queries at 1 000–8 000 characters',
    figures: (r) => {
      const growth = r.pathological.map((x) => x.growth8x ?? 0);
      return (
        `parse p95 ${ms(r.parse.p95)}, max ${ms(r.parse.max ?? r.parse.p95)} (${count(r.parse.samples)} queries); ` +
        `select p95 ${ms(r.select.p95)}, max ${ms(r.select.max ?? r.select.p95)} (${count(r.select.samples)} requests); ` +
        `8× longer pathological queries take ${range(growth)}× as long`
      );
    },
  }),
  bench<Checkout>({
    file: 'checkout.json',
    command: '`npx tsx bench/checkout.ts`',
    measures: '`POST /rescms/order/checkout` with concurrent clients booking different free stays on PGlite with the demo content (half pay later, half by test card, with TI and DP)',
    figures: (r) =>
      `${r.clients} clients, ${count(r.checkouts)} bookings: p50 ${ms(r.ms.p50)}, p95 ${ms(r.ms.p95)} (goal ${ms(r.goalP95Ms)}, ${r.ms.p95 <= r.goalP95Ms ? 'met' : 'not met'}), ${count(r.throughputPerSecond)} bookings/s; server CPU ${ms(r.serverCpuMsPerCheckout)} per checkout`,
  }),
  bench<CheckoutDurability>({
    file: 'checkout-durability.json',
    command: '`npx tsx bench/checkout-durability.ts`',
    measures: 'a stream of checkouts, the server killed with SIGKILL and restarted; every acknowledged booking then checked in the database (whole, nothing half-written) and the cut-off requests retried with their keys',
    figures: (r) => {
      const halfWritten = Object.values(r.checks.halfWritten).reduce((sum, n) => sum + n, 0);
      return `${r.kills} kills: ${count(r.totals.acknowledged)} acknowledged, ${count(r.checks.acknowledgedMissing)} lost, ${count(halfWritten)} half-written; ${count(r.totals.cutOff)} cut off (${count(r.totals.cutOffThatHadBooked)} had booked), ${count(r.retriedAfterRestart.bookedNow + r.retriedAfterRestart.sameBooking)} booked once on retry`;
    },
  }),
  bench<BookingSpace>({
    file: 'booking-space.json',
    command: '`npx tsx bench/booking-space.ts`',
    measures: 'every free stay of the next 730 days × 1–35 nights booked through the search, the Trips Collection arithmetic, the checkout route and the pricing engine, by guests of many countries and scripts (see [Tests on any day](#tests-on-any-day)): every one must book',
    figures: (r) => `${count(r.stays.tried)} stays: ${count(r.stays.booked)} booked, ${count(r.stays.refused)} refused; ${count(Object.values(r.stays.notAllowedByEngine).reduce((sum, n) => sum + n, 0))} not offered (minimum stay)`,
    blocks: {
      'booking-space': (r) => {
        const notAllowed = Object.entries(r.stays.notAllowedByEngine).map(([reason, n]) => `${count(n)} ${reason === 'min-stay' ? "shorter than the season's minimum stay" : reason}`);
        return [
          `Last full run (${measured(r)}; \`bench/results/booking-space.json\`): arrivals ${r.arrivals.first} to ${r.arrivals.last} (${count(r.arrivals.days)} days) × ${r.lengths.tried[0]}–${r.lengths.tried[1]} nights, seasons' minimum stay ${typeof r.minimumStay === 'number' ? `set to ${r.minimumStay} night${r.minimumStay === 1 ? '' : 's'}` : `as the ${r.minimumStay}`},`,
          `${count(r.stays.tried)} stays: **${count(r.stays.booked)} booked, ${count(r.stays.refused)} refused**${notAllowed.length > 0 ? `; not offered by the engine: ${notAllowed.join(', ')}` : ''}.`,
          `Lengths booked: ${r.lengths.booked[0]}–${r.lengths.booked[1]} nights; guests of ${count(r.guests.countries)} countries with ${count(r.guests.phoneNumbers)} different phone numbers (the ${r.guests.realFormats} real formats first); ${count(r.seconds)} s.`,
        ].join('\n');
      },
    },
  }),
  bench<EventLoop>({
    file: 'event-loop.json',
    command: '`npx tsx bench/event-loop.ts`',
    measures:
      'the whole site as `npm start` opens it, with a year of analytics at the caps: the largest request each heavy route allows (analytics batches, the dashboard, the search proxy, availability, the ranking, order add/verify/share, checkout, the lead form, page renders) while `/healthz` is polled every 10 ms: the server\'s event-loop delay (perf_hooks), the CPU time of one request, the slowest `/healthz`',
    figures: (r) =>
      `${count(r.requests.length)} kinds: longest hold of the loop ${ms(r.worstHoldCpuMs)} of CPU (goal ≤ ${ms(r.goalMs)}, ${r.worstHoldCpuMs <= r.goalMs ? 'met' : `not met: ${r.worstHoldCpuKind}`}), at most ${ms(r.worstEventLoopDelayMs)} of delay at the load of the last column; /healthz during the analytics posts ${ms(r.analyticsHealthzSlowestMs)}; dashboard over a year at the caps ${ms(r.dashboardYearMs)} (goal ≤ ${ms(r.dashboardGoalMs)}, ${r.dashboardYearMs <= r.dashboardGoalMs ? 'met' : 'not met'}); see [Event loop](#event-loop-figures)`,
    blocks: {
      'event-loop': (r) =>
        [
          `<a id="event-loop-figures"></a>Event loop (\`bench/results/event-loop.json\`, each kind sent ${r.repeat} times after one unmeasured; measured ${measured(r)}).`,
          `Goal: no request holds the loop more than ${ms(r.goalMs)}. The longest hold is given as the CPU the server used in it (between two ticks of a 1 ms timer) and as the`,
          'delay of the loop, which on a shared machine also counts the time the server waited for a CPU; the CPU of one request is all of it, in however many turns of the loop.',
          'Answers are asked uncompressed (compression runs on the thread pool, outside the loop).',
          '',
          '| Route | Request | Status | Answer (max) | Longest hold: CPU | Longest hold: delay | CPU of one request (max) | Slowest `/healthz` meanwhile |',
          '|---|---|---|---|---|---|---|---|',
          ...r.requests.map((row) => `| ${row.group} | ${row.name} | ${row.status} | ${ms(row.answerMsMax)} | ${ms(row.holdCpuMaxMs)} | ${ms(row.eventLoopDelayMaxMs)} | ${ms(row.cpuMaxMs)} | ${ms(row.healthzSlowestMs)} |`),
        ].join('\n'),
      'analytics-storage': (r) => {
        const s = r.storage;
        const daily = Object.values(s.dailyTablesBytes).reduce((sum, bytes) => sum + bytes, 0);
        const bound = s.dailyBytesPerDay * 400 + s.rawBytesPerDayAtCap * (r.caps.rawRetentionDays + 1);
        return [
          `A year at the caps (\`bench/event-loop.ts\`, measured ${measured(r)}: ${count(s.days)} days of ${count(s.listings)} listings each seen and clicked, and every day more zero-result terms and error messages than kept, each as long as allowed)`,
          `takes ${mib(daily)} of daily figures, ${kib(s.dailyBytesPerDay)} a day (${Object.entries(s.dailyTablesBytes).map(([table, bytes]) => `\`${table}\` ${mib(bytes)}`).join(', ')}),`,
          `and the log at its cap of ${count(r.caps.rawEventsPerDay)} events of the largest size a post allows ${mib(s.rawBytesPerDayAtCap)} a day (${count(s.rawBytesPerEvent)} B an event).`,
          `With the default retention (400 days of figures, ${r.caps.rawRetentionDays} of log, ${r.caps.rawRetentionDays + 1} at most between two sweeps) analytics take at most about ${mib(bound)},`,
          'whatever is posted; the listings\' share grows with the number of listings.',
        ].join('\n');
      },
    },
  }),
  bench<Kill9>({
    file: 'kill9.json',
    command: '`npx tsx bench/kill9.ts`',
    measures: '`npm start` on a fresh data directory, clients streaming session-mode order adds and share links, SIGKILL mid-stream, restart, every acknowledged (2xx) write looked up again',
    figures: (r) => {
      const kinds = Object.entries(r.byKind).map(([kind, n]) => `${count(n)} ${kind}`).join(', ');
      const restarts = r.cycles.map((cycle) => cycle.restartMs);
      return `${r.kills} kills: ${count(r.acknowledged)} acknowledged writes (${kinds}), ${count(r.lost)} lost; restart ${range(restarts, seconds)}`;
    },
  }),
  bench<ShareStorage>({
    file: 'share-storage.json',
    command: '`npx tsx bench/share-storage.ts`',
    measures: 'growth of `shared_orders` per share (`pg_total_relation_size`): a full Trips Collection of real offers, and shares whose texts are random',
    figures: (r) =>
      `${count(r.shares)} shares of ${r.real.lineItems} line items: ${count(r.real.bytesPerShare)} B per share (random texts: ${count(r.randomTexts.bytesPerShare)} B)`,
  }),
  bench<ServerLoad>({
    file: 'server-load.json',
    command: '`npx tsx bench/server-load.ts`',
    measures: 'server CPU per page in-process (/, /search, a listing, /mytrip), then the production server at 50 connections on /search and on the availability route: req/s, p99, errors, timeouts, memory before, at the peak and 60 s after',
    figures: () => 'see [Server load](#server-load)',
    blocks: {
      'server-load': (r) =>
        [
          `Server load (\`bench/results/server-load.json\`; measured ${measured(r)}). CPU per page, rendered in-process:`,
          '',
          '| Page | CPU p50 | CPU p95 | Pages per CPU-second |',
          '|---|---|---|---|',
          ...r.pages.map((page) => `| ${page.url}${page.pageCache ? '' : ' (every page rendered)'} | ${ms(page.cpuMs.p50)} | ${ms(page.cpuMs.p95)} | ${count(page.pagesPerCpuSecond)} |`),
          '',
          'At 50 connections:',
          '',
          '| Load | Requests/s | p50 | p99 | Errors | Timeouts | Requests per server CPU-second | Memory (RSS) |',
          '|---|---|---|---|---|---|---|---|',
          ...r.loads.map(
            (load) =>
              `| ${load.name} | ${count(load.requestsPerSecond)} | ${ms(load.latencyMs.p50)} | ${ms(load.latencyMs.p99)} | ${load.errors} | ${load.timeouts} | ${count(load.requestsPerServerCpuSecond)} | ${count(load.rssMiB.before)} → ${count(load.rssMiB.peak)} MiB at the peak${load.rssMiB.after === null ? '' : ` → ${count(load.rssMiB.after)} MiB ${load.rssMiB.afterSeconds} s later`} |`,
          ),
        ].join('\n'),
    },
  }),
  bench<PhotoProcessing>({
    file: 'photo-processing.json',
    command: '`npx tsx bench/photo-processing.ts`',
    measures: "a 12-megapixel JPEG uploaded (`processPhoto`, one at a time, one libvips thread): every width in WebP and JPEG written atomically, median of N, the event loop's longest wait, peak RSS; then each size and format alone, AVIF included",
    figures: (r) =>
      `${r.original.width} × ${r.original.height} (${mib(r.original.bytes)}) to ${r.pipeline.files} files: median ${ms(r.pipeline.wallMs.median)}, CPU ${ms(r.pipeline.cpuMs.median)}, event loop waited ≤ ${ms(r.pipeline.loopWaitMs.max)}, RSS ${count(r.pipeline.rssMiB.before)} → ${count(r.pipeline.rssMiB.peak)} MiB; AVIF would add ${seconds(r.totalsMs.avif)}; see [Photo processing](#photo-processing)`,
    blocks: {
      'photo-processing': (r) => {
        const formats = [...new Set(r.sizes.map((row) => row.format))];
        const widths = [...new Set(r.sizes.map((row) => row.width))];
        const cell = (format: string, width: number) => {
          const row = find(r.sizes, (item) => item.format === format && item.width === width, `${format} at ${width}`);
          return `${ms(row.medianMs)}, ${kib(row.bytes)}`;
        };
        const label: Record<string, string> = { webp: 'WebP', jpeg: 'JPEG', avif: 'AVIF (effort 4)', 'avif-fast': 'AVIF (effort 1)' };
        return [
          `Photo processing (\`bench/results/photo-processing.json\`; measured ${measured(r)}; median of ${r.runs} runs). One upload of a ${r.original.width} × ${r.original.height} JPEG of ${mib(r.original.bytes)}`,
          `(\`processPhoto\`: the header read, decoded once upright at 1920 px, each width encoded and written atomically) takes **${ms(r.pipeline.wallMs.median)}** (slowest ${ms(r.pipeline.wallMs.max)}),`,
          `${ms(r.pipeline.cpuMs.median)} of CPU, and writes ${r.pipeline.files} files of ${kib(r.pipeline.writtenBytes)} in all; meanwhile the event loop waited at most ${ms(r.pipeline.loopWaitMs.max)}`,
          `(the work runs in libuv's pool). Resident memory went from ${count(r.pipeline.rssMiB.before)} to ${count(r.pipeline.rssMiB.peak)} MiB at the peak. Each step alone, from the pixels decoded in ${ms(r.decodeMs)}:`,
          '',
          `| Format | ${widths.map((width) => `${width} px`).join(' | ')} | Every width |`,
          `|---|${widths.map(() => '---|').join('')}---|`,
          ...formats.map((format) => `| ${label[format] ?? format} | ${widths.map((width) => cell(format, width)).join(' | ')} | ${ms(r.sizes.filter((row) => row.format === format).reduce((sum, row) => sum + row.medianMs, 0))} |`),
          '',
          `AVIF is not written: every width would cost ${seconds(r.totalsMs.avif)} at sharp's default effort (${seconds(r.totalsMs.avifFast)} at effort 1), against ${ms(r.totalsMs.webp)} for WebP (which the listing slider offers beside the JPEG sizes).`,
        ].join('\n');
      },
    },
  }),
  bench<PublishToSearchable>({
    file: 'publish-to-searchable.json',
    command: '`npx tsx bench/publish-to-searchable.ts`',
    measures: "the owner renames a demo home and publishes it, on the embedded database and search engine with the demo's homes: the publish request, and the delay from its start until search and the listing page show the new name (the same instance)",
    figures: (r) =>
      `${r.runs} publications among ${count(r.listings)} homes: searchable p50 ${ms(r.searchableMs.median)}, p95 ${ms(r.searchableMs.p95)}; on the page p95 ${ms(r.shownMs.p95)} (goal ≤ ${ms(r.goalMs)}, ${Math.max(r.searchableMs.p95, r.shownMs.p95) <= r.goalMs ? 'met' : 'not met'}); publish request p50 ${ms(r.publishMs.median)}`,
  }),
  bench<AnalyticsIngest>({
    file: 'analytics-ingest.json',
    command: '`npx tsx bench/analytics-ingest.ts`',
    measures: 'the analytics collector (`POST /analytics/collect`) on PGlite with the demo listings: batches of 10 events posted as sendBeacon does, every acknowledged event then counted in the daily figures',
    figures: (r) =>
      `${count(r.connections)} connections: ${count(r.eventsPerSecond)} events/s (goal ${count(r.goalEventsPerSecond)}, ${r.eventsPerSecond >= r.goalEventsPerSecond ? 'met' : 'not met'}), p50 ${ms(r.latencyMs.p50)}, p99 ${ms(r.latencyMs.p99)}; ${count(r.acknowledgedEvents)} acknowledged, all stored; server CPU ${ms(r.serverCpuMsPerBatch)} per batch`,
  }),
];

// ---------------------------------------------------------------------------------------------

/** The Benchmarks table, one row per entry. */
function benchmarksTable(results: Map<string, Dated | null>): string {
  return [
    'Benchmarks print their figures and save them in `bench/results/`; this table and the other',
    'figures blocks of the README and `docs/` are written from those files by `npm run bench:readme`.',
    '',
    '| Command | What it measures | Last figures | Measured |',
    '|---|---|---|---|',
    ...BENCHES.map((entry) => {
      const result = results.get(entry.file) ?? null;
      return `| ${entry.command} | ${entry.measures} | ${result ? entry.figures(result) : 'not measured yet'} | ${result ? measured(result) : '—'} |`;
    }),
  ].join('\n');
}

/** Every results file, parsed; null for an entry whose benchmark has not saved any yet. */
export function readResults(dir = RESULTS_DIR): Map<string, Dated | null> {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.json')) : [];
  const unknown = files.filter((file) => !BENCHES.some((entry) => entry.file === file));
  if (unknown.length > 0) throw new Error(`No README entry for ${unknown.map((file) => `bench/results/${file}`).join(', ')}: add one to BENCHES in scripts/bench-readme.ts`);
  return new Map(BENCHES.map((entry) => [entry.file, files.includes(entry.file) ? (JSON.parse(fs.readFileSync(path.join(dir, entry.file), 'utf8')) as Dated) : null]));
}

/** Every generated block by name. */
function blocks(results: Map<string, Dated | null>): Map<string, string> {
  const all = new Map<string, string>([['table', benchmarksTable(results)]]);
  for (const entry of BENCHES) {
    for (const [name, render] of Object.entries(entry.blocks ?? {})) {
      const result = results.get(entry.file) ?? null;
      all.set(name, result ? render(result) : `Not measured yet: run ${entry.command}, then \`npm run bench:readme\`.`);
    }
  }
  return all;
}

// ---------------------------------------------------------------------------------------------
// The markdown files and their anchors.

/** README.md and every markdown file under docs/, in that order: the files whose blocks are written. */
export function markdownFiles(rootDir = root): string[] {
  const docs = path.join(rootDir, 'docs');
  const found = fs.existsSync(docs) ? (fs.readdirSync(docs, { recursive: true }) as string[]).filter((name) => name.endsWith('.md')).map((name) => path.join(docs, name)).sort() : [];
  return [path.join(rootDir, 'README.md'), ...found];
}

/** The text of each of `files` (markdownFiles() by default), by path. */
export function readMarkdown(files = markdownFiles()): Map<string, string> {
  return new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8')]));
}

/** A heading's anchor as GitHub makes it: the text without markup, lower-cased, punctuation dropped, spaces to hyphens. */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a link may name in this markdown: its headings' (a repeated one gets -1, -2 …) and each `<a id>` / `<a name>`. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const used = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1];
    if (fenceMark) fence = fence === null ? fenceMark : fence === fenceMark ? null : fence;
    if (fence !== null || fenceMark) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = githubSlug(heading[1] ?? '');
      const times = used.get(slug) ?? 0;
      used.set(slug, times + 1);
      anchors.add(times === 0 ? slug : `${slug}-${times}`);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  }
  return anchors;
}

/** The link from `from` to `anchor` in `to`: `#anchor` on the same page, else the path relative to `from`'s folder. */
function linkTo(from: string, to: string, anchor: string): string {
  if (from === to) return `#${anchor}`;
  return `${path.relative(path.dirname(from), to).split(path.sep).join('/')}#${anchor}`;
}

// ---------------------------------------------------------------------------------------------

const BLOCK = /<!-- bench:([\w-]+) -->\n[\s\S]*?<!-- \/bench:\1 -->/g;

/**
 * The markdown files (by path) with every `<!-- bench:NAME -->` block rewritten from the results.
 * Each block has exactly one place among the files: a block no benchmark writes, a block in no
 * file and a block in two are refused. A generated block names its sections by anchor alone
 * (`[Event loop](#event-loop-figures)`); each such link is written as it resolves from the file
 * the block is in: `#anchor` when the anchor is on that page, else the page that has it
 * (`testing.md#tests-on-any-day`, `docs/benchmarks.md#server-load`). An anchor no page has, or
 * that several other pages have, is refused.
 */
export function renderMarkdown(files: Map<string, string>, results: Map<string, Dated | null>): Map<string, string> {
  const generated = blocks(results);
  const placed = new Map<string, string>();
  const name = (file: string) => path.relative(root, file) || file;
  const fill = (resolve: (file: string, content: string) => string) =>
    new Map(
      [...files].map(([file, text]) => [
        file,
        text.replace(BLOCK, (_block, block: string) => {
          const content = generated.get(block);
          if (content === undefined) throw new Error(`${name(file)} has a block <!-- bench:${block} --> that no benchmark writes`);
          const other = placed.get(block);
          if (other !== undefined && other !== file) throw new Error(`<!-- bench:${block} --> is in both ${name(other)} and ${name(file)}: a block has one place`);
          placed.set(block, file);
          return `<!-- bench:${block} -->\n${resolve(file, content)}\n<!-- /bench:${block} -->`;
        }),
      ]),
    );
  // First the blocks as they are, for the anchors they bring (`<a id="event-loop-figures">`) …
  const anchors = new Map([...fill((_file, content) => content)].map(([file, text]) => [file, anchorsOf(text)]));
  const missing = [...generated.keys()].filter((block) => !placed.has(block));
  if (missing.length > 0) {
    throw new Error(`${[...files.keys()].map(name).join(', ')} ha${files.size === 1 ? 's' : 've'} no place for ${missing.map((block) => `<!-- bench:${block} --> … <!-- /bench:${block} -->`).join(', ')}`);
  }
  // … then with their links written from the file each block is in.
  return fill((file, content) =>
    content.replace(/\]\(#([^)\s]+)\)/g, (_link, anchor: string) => {
      if (anchors.get(file)?.has(anchor)) return `](${linkTo(file, file, anchor)})`;
      const pages = [...anchors].filter(([, set]) => set.has(anchor)).map(([page]) => page);
      if (pages.length !== 1) throw new Error(`A figures block in ${name(file)} links to #${anchor}, which ${pages.length === 0 ? 'no page has' : `several pages have (${pages.map(name).join(', ')})`}`);
      return `](${linkTo(file, pages[0] ?? file, anchor)})`;
    }),
  );
}

/** One markdown text (README.md, which then holds every block) with its blocks rewritten; see renderMarkdown. */
export function renderReadme(readme: string, results: Map<string, Dated | null>): string {
  return renderMarkdown(new Map([[README, readme]]), results).get(README) ?? readme;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const before = readMarkdown();
  const after = renderMarkdown(before, readResults());
  const changed = [...after].filter(([file, text]) => before.get(file) !== text);
  for (const [file, text] of changed) fs.writeFileSync(file, text);
  console.log(
    changed.length === 0
      ? 'README.md and docs/ already have the figures of bench/results/.'
      : `Rewritten from bench/results/: ${changed.map(([file]) => path.relative(root, file)).join(', ')}.`,
  );
}
