/**
 * Server cost of the pages and the site under load (issue 10, Cheap server renders):
 *
 *  1. Pages in-process: the site opened as `npm start` opens it (production build, demo data,
 *     logging as configured, compression as a browser asks for it), each page requested in turn
 *     through Fastify's inject; the process's CPU time (user + system, all threads) around each
 *     request gives CPU ms per page (p50, p95) and pages per server-CPU-second, for /, /search,
 *     a listing and /mytrip: as served (rendered pages cached until the content changes; a
 *     listing also a different one per request, each a first render) and with every page
 *     rendered (PAGE_CACHE_MB=0).
 *  2. /search under load: the production server in a child process, autocannon at 50
 *     connections; requests per second, p50/p99, errors and timeouts, the server's CPU seconds,
 *     and its resident memory before, at the peak and 60 s after the load.
 *  3. The availability route (every unit, 7 nights, arrivals spread over six months) at 50
 *     connections: requests per second, p99, errors and timeouts. The requests come as from many
 *     visitors behind a proxy the server trusts (TRUST_PROXY=loopback, a different X-Forwarded-For
 *     address each), so the per-visitor rate limit runs but does not refuse the load.
 *
 *   npx tsx bench/server-load.ts        (BENCH_SECONDS=20 per load, BENCH_SETTLE_SECONDS=60, BENCH_PAGES=200,
 *                                        BENCH_PORT=4721)
 *
 * Prints the figures and writes bench/results/server-load.json, with the load average: the
 * machine is shared, so figures taken while it is busy are noisy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import autocannon from 'autocannon';
import { toQueryString } from '../src/domain/pricing/query.ts';
import { cpuSeconds, loadAverage, root, rssMiB, startServer } from './server-process.ts';

// React and the renderer pick their build when first loaded: production, as `npm start` runs
// (BENCH_NODE_ENV=development shows what React's development build costs).
process.env.NODE_ENV = process.env.BENCH_NODE_ENV ?? 'production';
const { readServerConfig } = await import('../server/config.ts');
const { openSite } = await import('../server/site.ts');

const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const WARMUP = 30;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 4721);
const dataDir = path.join(root, '.tmp', 'bench-server-load');
const BROWSER_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip, deflate' };

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

// 1. Pages in-process: as served (the page cache on), and every page rendered (PAGE_CACHE_MB=0).
fs.rmSync(dataDir, { recursive: true, force: true });
const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
const pages: Record<string, unknown>[] = [];
for (const pageCache of ['64', '0']) {
  const config = readServerConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SOLR_URL: '', PAGE_CACHE_MB: pageCache });
  const site = await openSite(config, { root, logger: { level: config.logLevel, stream: quiet } });
  const searchHtml = (await site.app.inject({ url: '/search', headers: { accept: 'text/html' } })).body;
  const listings = [...new Set([...searchHtml.matchAll(/href="(\/listing\/[a-z0-9-]+)"/g)].map((m) => m[1] as string))];
  if (listings.length === 0) throw new Error('no listing link on /search');
  // A listing: the same one again and again, and (page cache on) a different one each time, as
  // visitors spread over the site would ask (each a first render).
  const allListings = (JSON.parse((await site.app.inject({ url: '/api/content/inquiry' })).body) as { properties: { value: string }[] }).properties
    .map((p) => /::(\/listing\/.+)$/.exec(p.value)?.[1])
    .filter((url): url is string => Boolean(url));
  let next = 0;
  const routes: Array<[string, () => string]> = [
    ['/', () => '/'],
    ['/search', () => '/search'],
    ['/listing/{slug}', () => listings[0] as string],
    ...(pageCache === '0' ? [] : ([['/listing/{slug}, a different one each time', () => allListings[next++ % allListings.length] as string]] as Array<[string, () => string]>)),
    ['/mytrip', () => '/mytrip'],
  ];
  const mode = pageCache === '0' ? 'every page rendered (PAGE_CACHE_MB=0)' : 'as served (page cache on)';
  console.log(`Pages in-process, ${mode}: ${PAGES} each after ${WARMUP} to warm up, load average ${loadAverage().join(' ')}`);
  for (const [name, url] of routes) {
    const cpu: number[] = [];
    const wall: number[] = [];
    let bytes = 0;
    for (let i = 0; i < WARMUP + PAGES; i++) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const response = await site.app.inject({ url: url(), headers: BROWSER_HEADERS });
      const elapsed = performance.now() - started;
      const used = process.cpuUsage(cpuBefore);
      if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode}`);
      if (i < WARMUP) continue;
      cpu.push((used.user + used.system) / 1000);
      wall.push(elapsed);
      bytes = response.rawPayload.length;
    }
    cpu.sort((a, b) => a - b);
    wall.sort((a, b) => a - b);
    const total = cpu.reduce((a, b) => a + b, 0);
    const figures = {
      url: name,
      pageCache: pageCache !== '0',
      cpuMs: { p50: round(percentile(cpu, 50)), p95: round(percentile(cpu, 95)), mean: round(total / cpu.length) },
      wallMs: { p50: round(percentile(wall, 50)), p95: round(percentile(wall, 95)) },
      pagesPerCpuSecond: Math.round((cpu.length / total) * 1000),
      bytesSent: bytes,
      encoding: 'br',
      loadAverage: loadAverage(),
    };
    pages.push(figures);
    console.log(
      `  ${figures.url.padEnd(44)} CPU p50 ${figures.cpuMs.p50.toFixed(1).padStart(6)} ms  p95 ${figures.cpuMs.p95.toFixed(1).padStart(6)} ms  ` +
        `${String(figures.pagesPerCpuSecond).padStart(5)} pages per CPU-second  wall p50 ${figures.wallMs.p50.toFixed(1)} ms  ${(bytes / 1024).toFixed(1)} KiB sent`,
    );
  }
  await site.close();
}

// 2. and 3. The production server under load.
const server = await startServer({ port: PORT, dataDir, env: { NODE_ENV: process.env.NODE_ENV, TRUST_PROXY: 'loopback' } });
const loads: Record<string, unknown>[] = [];
try {
  const today = Math.floor(Date.now() / 86_400_000);
  let arrival = 0;
  let visitor = 0;
  const visitorAddress = () => {
    visitor = (visitor + 1) % 65_536;
    return `10.9.${visitor >> 8}.${visitor & 255}`;
  };
  const availPath = () => {
    arrival = (arrival % 180) + 1;
    const begin = new Date((today + arrival) * 86_400_000).toISOString().slice(0, 10);
    return `/rcapi/item/avail/search?${toQueryString({ rcav: { begin, nights: 7, adult: 2 } })}`;
  };
  const load = async (name: string, options: { path?: string; next?: () => string; headers: Record<string, string> }) => {
    // A short warm-up, then the measured run.
    const run = (duration: number) =>
      autocannon({
        url: `${server.origin}${options.path ?? '/'}`,
        connections: 50,
        duration,
        timeout: 20,
        headers: options.headers,
        requests: options.next
          ? [{ setupRequest: (request) => ({ ...request, path: options.next!(), headers: { ...request.headers, 'x-forwarded-for': visitorAddress() } }) }]
          : undefined,
      });
    await run(3);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssBefore = rssMiB(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(server.pid))), 250);
    const cpuBefore = cpuSeconds(server.pid);
    const loadAvg = loadAverage();
    const result = await run(SECONDS);
    clearInterval(sampler);
    const cpu = round(cpuSeconds(server.pid) - cpuBefore);
    const figures = {
      name,
      connections: 50,
      seconds: SECONDS,
      requestsPerSecond: Math.round(result.requests.average),
      requests: result.requests.total,
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      serverCpuSeconds: cpu,
      requestsPerServerCpuSecond: cpu > 0 ? Math.round(result.requests.total / cpu) : null,
      rssMiB: { before: rssBefore, peak: rssPeak, after: null as number | null, afterSeconds: SETTLE_SECONDS },
      loadAverage: loadAvg,
    };
    console.log(
      `${name}: ${figures.requestsPerSecond} req/s, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms, errors ${figures.errors}, ` +
        `timeouts ${figures.timeouts}, non-2xx ${figures.non2xx}; server CPU ${cpu} s (${figures.requestsPerServerCpuSecond} requests per CPU-second); ` +
        `RSS before ${rssBefore} MiB, peak ${rssPeak} MiB; load average ${loadAvg.join(' ')}`,
    );
    return figures;
  };

  const search = await load('/search, 50 connections', { path: '/search', headers: BROWSER_HEADERS });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
  search.rssMiB.after = rssMiB(server.pid);
  const growth = round(((search.rssMiB.after - search.rssMiB.before) / search.rssMiB.before) * 100, 1);
  console.log(`  RSS ${SETTLE_SECONDS} s after the load: ${search.rssMiB.after} MiB (${growth >= 0 ? '+' : ''}${growth}% of before)`);
  loads.push({ ...search, rssGrowthPercent: growth });

  const avail = await load('availability, every unit, 7 nights, 50 connections', {
    next: availPath,
    headers: { accept: 'application/json', 'accept-encoding': 'br, gzip, deflate' },
  });
  loads.push(avail);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench', 'results', 'server-load.json'),
  JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, node: process.version, loadAverage: loadAverage(), pages, loads }, null, 2) + '\n',
);
