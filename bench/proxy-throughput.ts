/**
 * Search proxy throughput on loopback (issue 10 goal: >= 2,000 req/s and p99 <= 25 ms at 50
 * connections, 10,000 listings, on this 2-core machine). The proxy runs with the embedded engine
 * in a child process, inside the site's own server (buildServer: logging as in production,
 * security headers, rate limits with loopback exempt, compression as a browser asks for it, and
 * the site's result cache in front of the engine); autocannon loads it from this one, twice:
 *  - "repeated": one faceted search over and over, as a site's common searches come (the
 *    default search, popular filters): answered from the result cache after the first;
 *  - "every query different": the same search with a price floor that changes on every
 *    request, so each is matched, counted and sorted by the engine. Prints the figures, with the load average (the machine is
 * shared: figures taken while it is busy are noisy), and writes bench/results/proxy-throughput.json.
 *
 *   npx tsx bench/proxy-throughput.ts        (BENCH_CONNECTIONS=50, BENCH_SECONDS=10)
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadSiteSettings } from '../server/config.ts';
import { apiServer, cpuSeconds } from './server-process.ts';
import { createEmbeddedEngine } from '../server/search/engine/engine.ts';
import { registerSearchProxy } from '../server/search/proxy.ts';
import { withResultCache } from '../server/search/result-cache.ts';
import type { SearchDocument } from '../server/search/types.ts';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TOWNS = ['Coral Haven', 'Pelican Point', 'Seagrass Bay', 'Sandpiper Shores', 'Lighthouse Cove', 'Driftwood Key'];
const TYPES = ['Condo', 'House', 'Cottage', 'Villa', 'Townhome', 'Bungalow'];
const AMENITIES = ['Pool', 'Hot tub', 'Wi-Fi', 'Ocean view', 'Pet friendly', 'Grill', 'Kayaks', 'Bikes', 'Washer', 'Fireplace', 'Elevator', 'Dock'];

function documents(count: number): SearchDocument[] {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: count }, (_, i) => {
    const bedrooms = 1 + Math.floor(random() * 6);
    return {
      id: `chc1-listings-${1000 + i}`,
      index_id: 'listings',
      ss_name: `${TOWNS[i % 6]} ${TYPES[(i * 7) % 6]} ${i}`,
      ts_name: `${TOWNS[i % 6]} ${TYPES[(i * 7) % 6]} ${i}`,
      ss_area: TOWNS[Math.floor(random() * 6)] as string,
      ss_type: TYPES[Math.floor(random() * 6)] as string,
      is_bedrooms: bedrooms,
      is_sleeps: bedrooms * 2,
      sm_amenities: AMENITIES.filter(() => random() < 0.4),
      fs_rating: Math.round((3 + random() * 2) * 10) / 10,
      is_price_min: 9000 + Math.floor(random() * 30000),
      tm_summary: 'Bright rental a short walk from the beach with a deck and ocean breezes.',
    };
  });
}

const FACETED = new URLSearchParams([
  ['q', '*:*'], ['fq', 'index_id:listings'], ['fq', '{!tag=ss_area}ss_area:("Pelican Point" OR "Seagrass Bay")'], ['fq', 'is_bedrooms:[2 TO *]'],
  ['facet', 'true'], ['facet.mincount', '1'], ['json.nl', 'map'], ['rows', '30'], ['start', '0'], ['fl', 'id'], ['wt', 'json'],
  ['facet.field', '{!ex=ss_area}ss_area'], ['facet.field', 'ss_type'], ['facet.field', 'is_bedrooms'], ['facet.field', 'sm_amenities'],
  ['sort', 'is_price_min asc'],
]).toString();

if (process.argv.includes('--serve')) {
  const engine = createEmbeddedEngine({ maxRows: 100 });
  await engine.replaceAll(documents(LISTINGS));
  const settings = loadSiteSettings(path.resolve(import.meta.dirname, '..', 'config', 'site.json'));
  const app = await apiServer({
    settings,
    cookieSecret: 'proxy-throughput-bench-secret-0123456789',
    search: { registerRoutes: (scope) => registerSearchProxy(scope, { backend: withResultCache(engine), url: '/solr/select' }) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
} else {
  const child = fork(import.meta.filename, ['--serve'], { execArgv: ['--import', 'tsx'], env: { MALLOC_ARENA_MAX: '2', ...process.env } });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve((m as { port: number }).port)));
  let floor = 0;
  // The faceted search with a price floor of its own, inside the catalogue's prices (9,000–39,000, so
  // every search matches listings): a floor comes back only after 20,000 others, long after the
  // result cache (256 answers) has dropped it, so the engine answers every request.
  const varied = () => `${FACETED}&fq=${encodeURIComponent(`is_price_min:[${9000 + (floor++ % 20_000)} TO *]`)}`;
  const run = (title: string, body: string | (() => string)) =>
    autocannon({
      url: `http://127.0.0.1:${port}/solr/select`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'br, gzip, deflate' },
      ...(typeof body === 'string' ? { body } : { requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }] }),
      connections: CONNECTIONS,
      duration: Number(process.env.BENCH_SECONDS ?? 10),
      title,
    });
  const measure = async (title: string, body: string | (() => string)) => {
    await run('warm-up', body);
    const load = os.loadavg().map((n) => Math.round(n * 100) / 100);
    const cpuBefore = cpuSeconds(child.pid!);
    const result = await run(title, body);
    const serverCpuSeconds = Math.round((cpuSeconds(child.pid!) - cpuBefore) * 100) / 100;
    const figures = {
      loadAverage: load,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      serverCpuSeconds,
      requestsPerServerCpuSecond: serverCpuSeconds > 0 ? Math.round(result.requests.total / serverCpuSeconds) : null,
    };
    console.log(
      `Proxy at ${LISTINGS} listings, ${CONNECTIONS} connections, faceted query, ${title}: ${figures.requestsPerSecond} req/s, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms, ` +
        `errors ${figures.errors}, timeouts ${figures.timeouts}, non-2xx ${figures.non2xx}; ${figures.requestsPerServerCpuSecond} requests per server CPU-second; load average ${load.join(' ')}`,
    );
    return figures;
  };
  const repeated = await measure('repeated', FACETED);
  const different = await measure('every query different', varied);
  child.kill();
  const figures = { listings: LISTINGS, connections: CONNECTIONS, ...repeated, everyQueryDifferent: different };
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(import.meta.dirname, 'results', 'proxy-throughput.json'),
    JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, node: process.version, ...figures }, null, 2) + '\n',
  );
}
