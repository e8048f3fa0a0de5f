/**
 * Analytics collector ingest on PGlite (issue 16 goal: >= 5 000 events/s with batches of 10).
 * The site's own server (buildServer with the collector, the embedded database in a temporary
 * directory, logging as in production, loopback exempt from the rate limit) runs in a child
 * process, with the demo content (its 320 listings); autocannon posts batches of 10
 * `view_item_list` events of one listing each as the browser does (text/plain, as
 * navigator.sendBeacon sends them, with Sec-Fetch-Site: same-origin). Every
 * answer must be 204; the events counted in the daily figures (analytics_daily_events, what the
 * dashboard reads: the raw log keeps only RAW_EVENTS_PER_DAY a day) are summed in the database
 * afterwards. Prints the figures and writes bench/results/analytics-ingest.json.
 *
 *   npx tsx bench/analytics-ingest.ts        (BENCH_CONNECTIONS=10, BENCH_SECONDS=10)
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createAnalyticsCollector } from '../server/analytics/collector.ts';
import { loadSiteSettings } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { ensureDemoContent } from '../server/demo/seed.ts';
import { analyticsDailyEvents } from '../server/db/schema.ts';
import { apiServer, cpuSeconds } from './server-process.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BATCH = 10;
const GOAL_EVENTS_PER_SECOND = 5_000;

const batch = JSON.stringify({
  events: Array.from({ length: BATCH }, (_, i) => ({
    name: 'view_item_list',
    page: '/search',
    at: Date.now(),
    params: { items: [{ item_id: `CHC-${1001 + i}`, index: i, item_list_name: 'Search results', price: 175 }] },
  })),
});

if (process.argv.includes('--serve')) {
  const dataDir = process.argv[process.argv.indexOf('--serve') + 1]!;
  const database = await openDatabase({ dataDir });
  // The demo's listings: impressions of the site's own listings are counted per listing, as in production.
  await ensureDemoContent(database.db, fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-media-')));
  const settings = loadSiteSettings(path.resolve(import.meta.dirname, '..', 'config', 'site.json'));
  const app = await apiServer({
    settings,
    cookieSecret: 'analytics-ingest-bench-secret-0123456789',
    analytics: createAnalyticsCollector({ db: database.db, secret: 'analytics-ingest-bench-secret' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const counted = async () => ((await database.db.execute(sql`select coalesce(sum(events), 0)::int as n from ${analyticsDailyEvents}`)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
  // The demo's own history is counted there too: only what the runs add is theirs.
  const before = await counted();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async (message) => {
    if (message !== 'count') return;
    process.send?.({ rows: (await counted()) - before });
  });
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-'));
  const child = fork(import.meta.filename, ['--serve', dataDir], { execArgv: ['--import', 'tsx'], env: { MALLOC_ARENA_MAX: '2', ...process.env } });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve((m as { port: number }).port)));
  const run = (title: string, seconds: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}/analytics/collect`,
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin' },
      body: batch,
      connections: CONNECTIONS,
      duration: seconds,
      title,
    });
  const warm = await run('warm-up', 3);
  const load = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const cpuBefore = cpuSeconds(child.pid!);
  const result = await run('ingest', Number(process.env.BENCH_SECONDS ?? 10));
  const serverCpuSeconds = Math.round((cpuSeconds(child.pid!) - cpuBefore) * 100) / 100;
  child.send('count');
  const rows = await new Promise<number>((resolve) => child.on('message', (m) => typeof m === 'object' && m && 'rows' in m && resolve(Number((m as { rows: number }).rows))));
  child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const acknowledged = (warm['2xx'] + result['2xx']) * BATCH;
  const figures = {
    connections: CONNECTIONS,
    batch: BATCH,
    loadAverage: load,
    batchesPerSecond: Math.round(result.requests.average),
    eventsPerSecond: Math.round(result.requests.average * BATCH),
    goalEventsPerSecond: GOAL_EVENTS_PER_SECOND,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    acknowledgedEvents: acknowledged,
    storedEvents: rows,
    serverCpuMsPerBatch: result.requests.total > 0 ? Math.round((serverCpuSeconds * 1000 * 100) / result.requests.total) / 100 : null,
  };
  console.log(
    `Analytics ingest on PGlite, ${CONNECTIONS} connections, batches of ${BATCH}: ${figures.eventsPerSecond} events/s (goal ${GOAL_EVENTS_PER_SECOND}), p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}; ${acknowledged} acknowledged, ${rows} stored; server CPU ${figures.serverCpuMsPerBatch} ms per batch; load average ${load.join(' ')}`,
  );
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(import.meta.dirname, 'results', 'analytics-ingest.json'),
    JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, node: process.version, ...figures }, null, 2) + '\n',
  );
  // Requests still in flight when autocannon stops are stored but not counted as answered: more events than acknowledged is fine, fewer is a lost write.
  if (rows < acknowledged || figures.non2xx > 0) process.exitCode = 1;
}
