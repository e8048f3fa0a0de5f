/**
 * Availability search (GET /rcapi/item/avail/search) for every unit: a 7-night stay, and the same
 * over a 28-day flexible window (29 arrivals), p50/p95 server-side.
 *
 * Run: `node --expose-gc --import tsx bench/availability.ts` (BENCH_ITERATIONS=200 sets the measured
 * iterations; BENCH_SIZES=300 skips the 10 000 units; BENCH_FLEX_MAX_UNITS=300 skips the flexible
 * window above 300 units). With --expose-gc the heap is collected
 * before each timed request, so one request's garbage is not charged to the next.
 *
 *  - "route, demo": the real route on the demo database (PGlite, 320 units, the demo calendar),
 *    through Fastify's inject: query parsing, validation, pricing, JSON serialisation. The model
 *    is cached (see server/pricing/pricing-service.ts), as it is between requests in production;
 *    the time of one model load from the database is reported separately.
 *  - "engine, N units": parse + price + JSON.stringify on an in-memory model of N generated units
 *    (the demo's 320 units cloned with shifted calendars, the same seasons, fees and specials).
 *    Each also with the server-side reduction (reduce=low, low_day, first) and one page of 30 units
 *    (per_page=30&page=3), what a results page asks for; and the occupancy check alone.
 * Arrivals vary per iteration over the next six months (a seeded sequence), so no answer repeats.
 * Prints a table and writes bench/results/availability.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { toQueryString } from '../src/domain/pricing/query.ts';
import { loadSiteSettings } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { DEFAULT_SEED, ensureDemoContent, generateDemoContent } from '../server/demo/seed.ts';
import { searchAvailability, stayProblem } from '../server/pricing/engine.ts';
import { buildPricingData, dayOf, type PricingRows } from '../server/pricing/model.ts';
import { createPricingService, loadPricingRows } from '../server/pricing/pricing-service.ts';
import { registerPricingRoutes } from '../server/pricing/routes.ts';
import { parseSearchQuery } from '../server/pricing/validate.ts';
import { seededRandom } from '../src/domain/search/seeded-random.ts';

const root = path.resolve(import.meta.dirname, '..');
const ITERATIONS = Math.max(50, Number(process.env.BENCH_ITERATIONS ?? 200));
const WARMUP = 20;
const SIZES = (process.env.BENCH_SIZES ?? '300,10000').split(',').map(Number);
/** The flexible window's whole answer is 27 MiB at 10 000 units: BENCH_FLEX_MAX_UNITS=300 leaves it out there. */
const FLEX_MAX_UNITS = Number(process.env.BENCH_FLEX_MAX_UNITS ?? Infinity);
const gc = (globalThis as { gc?: () => void }).gc;
const settings = loadSiteSettings(path.join(root, 'config/site.json'));
const today = new Date().toISOString().slice(0, 10);
const todayDay = dayOf(today) as number;

const isoOfDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * The search of iteration i: an arrival 1–180 days ahead, 2 adults and a child; `extra` adds the
 * server-side reduction or paging (e.g. 'reduce=low', 'per_page=30&page=3').
 */
function queries(kind: 'stay' | 'flex', count: number, extra = ''): string[] {
  const random = seededRandom(kind === 'stay' ? 7 : 28);
  return Array.from({ length: count }, () => {
    const begin = isoOfDay(todayDay + 1 + Math.floor(random() * 180));
    const query = toQueryString({ rcav: { begin, nights: 7, adult: 2, child: 1, ...(kind === 'flex' ? { flex: 28 } : {}) } });
    return extra ? `${query}&${extra}` : query;
  });
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 1000) / 1000;
}

interface Figures {
  p50: number;
  p95: number;
  mean: number;
  prices: number;
  bytes: number;
}

/** Times `run` (the server's work) only; `summarise` counts the answer afterwards. */
async function measure<R>(run: (query: string) => Promise<R> | R, summarise: (result: R) => { prices: number; bytes: number }, kind: 'stay' | 'flex', extra = ''): Promise<Figures> {
  const list = queries(kind, WARMUP + ITERATIONS, extra);
  const times: number[] = [];
  let prices = 0;
  let bytes = 0;
  for (let i = 0; i < list.length; i++) {
    gc?.();
    const started = performance.now();
    const result = await run(list[i] as string);
    const elapsed = performance.now() - started;
    if (i >= WARMUP) {
      times.push(elapsed);
      const summary = summarise(result);
      prices += summary.prices;
      bytes += summary.bytes;
    }
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    mean: Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 1000) / 1000,
    prices: Math.round(prices / ITERATIONS),
    bytes: Math.round(bytes / ITERATIONS),
  };
}

/** The demo's units cloned to `count`, each clone's calendar shifted by a few days. */
function scaledRows(base: PricingRows, count: number): PricingRows {
  const units: PricingRows['units'] = [];
  const unitRates: PricingRows['unitRates'] = [];
  const bookings: PricingRows['bookings'] = [];
  const groupBy = <T,>(rows: T[], key: (row: T) => number) => {
    const map = new Map<number, T[]>();
    for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
    return map;
  };
  const ratesOf = groupBy(base.unitRates ?? [], (r) => r.unitEid);
  const bookingsOf = groupBy(base.bookings, (b) => b.unitEid);
  const specialUnits = base.specials.map((s) => new Set(s.units));
  const specials = base.specials.map((s) => ({ ...s, units: [] as string[] }));
  const shift = (iso: string, days: number) => isoOfDay((dayOf(iso) as number) + days);
  for (let i = 0; i < count; i++) {
    const source = base.units[i % base.units.length];
    if (!source) break;
    const eid = i < base.units.length ? source.eid : 100_000 + i;
    const days = Math.floor(i / base.units.length) % 9;
    units.push({ ...source, eid, name: `${source.name} ${i}` });
    for (const rate of ratesOf.get(source.eid) ?? []) unitRates.push({ ...rate, unitEid: eid });
    for (const booking of bookingsOf.get(source.eid) ?? []) bookings.push({ unitEid: eid, beginDate: shift(booking.beginDate, days), endDate: shift(booking.endDate, days) });
    specialUnits.forEach((set, s) => {
      if (set.has(String(source.eid))) specials[s]?.units.push(String(eid));
    });
  }
  return { ...base, units, unitRates, bookings, specials };
}

const results: Record<string, unknown>[] = [];
const table: string[] = [];
const report = (name: string, units: number, kind: 'stay' | 'flex', figures: Figures, asked = '') => {
  results.push({ name, units, kind, asked, ...figures });
  table.push(
    `${name.padEnd(14)} ${String(units).padStart(6)} units  ${kind === 'stay' ? '7 nights        ' : '7 nights, flex 28'}  ${asked.padEnd(22)} p50 ${figures.p50.toFixed(2).padStart(7)} ms  p95 ${figures.p95.toFixed(2).padStart(7)} ms  ` +
      `${figures.prices} prices, ${(figures.bytes / 1024).toFixed(0)} KiB`,
  );
  console.log(table[table.length - 1]);
};

// 1. The real route on the demo database.
const database = await openDatabase({ dataDir: '', memory: true });
await ensureDemoContent(database.db, fs.mkdtempSync(path.join(os.tmpdir(), 'bench-media-')));
const loadStarted = performance.now();
const demoRows = await loadPricingRows(database.db);
const demoData = buildPricingData(demoRows, { currency: 'USD', offerBy: settings.site.name, coupons: settings.pricing.coupons ?? [] });
const modelLoadMs = Math.round((performance.now() - loadStarted) * 10) / 10;
console.log(`Model load from the demo database (${demoData.unitList.length} units, ${demoRows.bookings.length} bookings): ${modelLoadMs} ms`);
const pricing = createPricingService({ db: database.db, settings, freshMs: 3_600_000, staleMs: 3_600_000 });
const app = Fastify();
await registerPricingRoutes(app, pricing, settings);
await app.ready();
for (const kind of ['stay', 'flex'] as const) {
  const run = (query: string) => app.inject({ url: `/rcapi/item/avail/search?${query}` });
  const summarise = (response: Awaited<ReturnType<typeof run>>) => {
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    const items = response.json() as { prices: unknown[] }[];
    return { prices: items.reduce((n, item) => n + item.prices.length, 0), bytes: response.rawPayload.length };
  };
  report('route, demo', demoData.unitList.length, kind, await measure(run, summarise, kind));
}
await app.close();
await database.close();

// 2. The engine alone on generated models.
const generated = generateDemoContent(DEFAULT_SEED, today);
const generatedRows: PricingRows = {
  seasons: generated.seasons,
  units: generated.units.map((u) => ({ eid: u.eid, name: u.name, sleeps: u.sleeps, cleaningFeeCents: u.cleaningFeeCents ?? 0, ratePlan: u.ratePlan ?? null })),
  unitRates: generated.unitRates,
  bookings: generated.bookings,
  fees: generated.fees.map((f) => ({ ...f, optional: f.optional ?? false, description: f.description ?? '', position: f.position ?? 0 })),
  activities: generated.activities,
  packages: generated.packages,
  specials: generated.specials.map((s) => ({ ...s, position: s.position ?? 0, minGuests: s.minGuests ?? 0, maxGuests: s.maxGuests ?? 0, minNights: s.minNights ?? 0, maxNights: s.maxNights ?? 0 })),
};
const context = { today: todayDay, nowSeconds: Math.floor(Date.now() / 1000), alternateWindowDays: settings.pricing.alternate_window_days };
const builds: Record<string, number> = {};
const occupancy: Record<string, { p50: number; p95: number; freeShare: number }> = {};
for (const count of SIZES) {
  const started = performance.now();
  const data = buildPricingData(scaledRows(generatedRows, count), { currency: 'USD', offerBy: settings.site.name, coupons: [] });
  builds[count] = Math.round((performance.now() - started) * 10) / 10;
  const run = (query: string) => {
    const items = searchAvailability(data, parseSearchQuery(query, { data, today: todayDay, maxFlexDays: settings.pricing.max_flex_days }), context);
    return { items, body: JSON.stringify(items) };
  };
  const summarise = ({ items, body }: ReturnType<typeof run>) => ({ prices: items.reduce((n, item) => n + item.prices.length, 0), bytes: body.length });
  for (const kind of ['stay', 'flex'] as const) {
    if (kind === 'flex' && count > FLEX_MAX_UNITS) continue;
    // Every offer of every unit (the spec's answer), then what a page asks for: one price per
    // unit (reduce=low), the lowest per arrival day, or the 30 units of one results page.
    for (const extra of ['', 'reduce=low', 'reduce=low_day', 'reduce=first', 'per_page=30&page=3']) {
      report('engine', count, kind, await measure(run, summarise, kind, extra), extra);
    }
  }
  // The occupancy check alone: is each unit free for 7 nights from each arrival (what the precomputed occupancy answers).
  const arrivals = queries('stay', WARMUP + ITERATIONS).map((q) => parseSearchQuery(q, { data, today: todayDay, maxFlexDays: 28 }).begin);
  const checkTimes: number[] = [];
  let free = 0;
  for (const [i, begin] of arrivals.entries()) {
    const started = performance.now();
    for (const unit of data.unitList) if (stayProblem(data, unit, begin, 7, 3, todayDay) === null) free++;
    if (i >= WARMUP) checkTimes.push(performance.now() - started);
  }
  checkTimes.sort((a, b) => a - b);
  occupancy[count] = { p50: percentile(checkTimes, 50), p95: percentile(checkTimes, 95), freeShare: Math.round((free / arrivals.length / data.unitList.length) * 100) / 100 };
  console.log(`occupancy check  ${String(count).padStart(6)} units  7 nights  p50 ${occupancy[count].p50.toFixed(3)} ms  p95 ${occupancy[count].p95.toFixed(3)} ms`);
}

fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(import.meta.dirname, 'results', 'availability.json'),
  JSON.stringify(
    { date: new Date().toISOString(), cpus: os.cpus().length, loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10), node: process.version, gcForced: Boolean(gc), iterations: ITERATIONS, warmup: WARMUP, modelLoadMs, modelBuildMs: builds, occupancyCheckMs: occupancy, results },
    null,
    2,
  ) + '\n',
);
