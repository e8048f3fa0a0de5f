/**
 * The search proxy against a real SolrCloud and against the embedded engine, in one run (issue 25
 * item 5). Starts the 2-node SolrCloud of `npm run solr:cluster` (2 shards × 2 replicas, through the
 * harness of `npm run test:solr`), fills it with the demo listings through the real indexer
 * (`npm run solr:index`) and the embedded engine from the same database, then serves the proxy from
 * a child process inside the site's own server (buildServer, as bench/proxy-throughput.ts: logging
 * as in production, security headers, rate limits with loopback exempt, compression) twice, wired
 * as server/site.ts wires it: the embedded engine behind the site's result cache, Solr with
 * `SOLR_URL` naming the collection on both nodes (Solr keeps its own caches); and a third time with
 * the embedded engine alone, without the result cache, so that it answers every request itself.
 *
 * autocannon loads each at 16 and 50 connections with the site's query mix, taken in turn: the
 * requests its search pages build (src/domain/search/search-params.ts) — the first page with every
 * facet and spellcheck, each sort of the sort menu, the next pages, each area and property type as a
 * filter, two areas multi-selected ({!tag}/{!ex}), typed text from listing names and towns — and
 * the full-documents fetch by ids the results list makes. Prints the figures with the load average
 * (the machine is shared: figures taken while it is busy are noisy), writes
 * bench/results/solr-proxy.json, and stops the cluster (no JVM left) and both servers.
 *
 *   npx tsx bench/solr-proxy.ts        (BENCH_SECONDS=10 per figure, after a 5 s warm-up)
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildDocumentsParams, buildSearchParams } from '../src/domain/search/search-params.ts';
import { filterQuery } from '../src/domain/search/filter-value.ts';
import type { SearchState } from '../src/domain/search/search-state.ts';
import { SORT_OPTIONS } from '../src/views/search/sort-options.ts';
import { createEmbeddedEngine } from '../server/search/engine/engine.ts';
import { registerSearchProxy } from '../server/search/proxy.ts';
import { withResultCache } from '../server/search/result-cache.ts';
import { createSolrBackend } from '../server/search/solr-backend.ts';
import type { SearchBackend, SearchDocument } from '../server/search/types.ts';
import { startSolrCluster } from '../solr/test/cluster.ts';
import { demoDataDir, MAX_ROWS, readDocuments, runIndexer, settings } from '../solr/test/harness.ts';
import { apiServer, cpuSeconds } from './server-process.ts';

const CONNECTIONS = [16, 50];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** This bench's own ports (4560-4569): the embedded server, the Solr one, the embedded one without the result cache. */
const PORTS = { embedded: 4560, solr: 4561, engineAlone: 4562 } as const;
type Engine = keyof typeof PORTS;

if (process.argv[2] === '--serve') {
  // The child: `--serve embedded|engineAlone <documents.json>` or `--serve solr <SOLR_URL>`.
  const [, , , kind, source] = process.argv as [string, string, string, Engine, string];
  let backend: SearchBackend;
  if (kind !== 'solr') {
    const engine = createEmbeddedEngine({ maxRows: MAX_ROWS });
    await engine.replaceAll(JSON.parse(fs.readFileSync(source, 'utf8')) as SearchDocument[]);
    backend = kind === 'embedded' ? withResultCache(engine) : engine;
  } else {
    backend = createSolrBackend({ url: source, timeoutMs: 5000, indexId: settings.search.index });
  }
  const app = await apiServer({
    settings,
    cookieSecret: 'solr-proxy-bench-secret-0123456789abcdef',
    search: { registerRoutes: (scope) => registerSearchProxy(scope, { backend, url: settings.search.url, limits: { maxRows: MAX_ROWS } }) },
  });
  await app.listen({ port: PORTS[kind], host: '127.0.0.1' });
  process.send?.('ready');
} else {
  await main();
}

/** The request bodies of the site's query mix over these documents. */
function queryMix(documents: SearchDocument[]): string[] {
  const search = (state: Partial<SearchState>) => buildSearchParams(settings.search, { fq: [], start: 0, ...state } as SearchState)!;
  const values = (field: 'ss_area' | 'ss_type') => [...new Set(documents.map((d) => d[field]).filter((v): v is string => typeof v === 'string'))].sort();
  const areas = values('ss_area');
  const words = [...new Set(documents.flatMap((d) => String(d.ss_name ?? '').split(/\s+/)).filter((w) => /^[A-Za-z]{4,}$/.test(w)))].sort().slice(0, 8);
  const first = documents.slice(0, settings.search.max_rows).map((d) => d.id);
  const pairs = [
    search({}),
    ...SORT_OPTIONS.filter((o) => o.id !== '').map((o) => search({ sort: o.id })),
    search({ start: settings.search.max_rows }),
    ...areas.map((v) => search({ fq: [filterQuery('ss_area', v)] })),
    ...values('ss_type').map((v) => search({ fq: [filterQuery('ss_type', v)] })),
    search({ fq: areas.slice(0, 2).map((v) => filterQuery('ss_area', v)) }),
    ...[...words, ...areas.slice(0, 2)].map((q) => search({ q })),
    buildDocumentsParams(settings.search, first)!,
  ];
  return pairs.map((p) => new URLSearchParams(p).toString());
}

function serve(kind: Engine, source: string): Promise<{ pid: number; stop: () => Promise<void> }> {
  const child = fork(import.meta.filename, ['--serve', kind, source], { execArgv: ['--import', 'tsx'], env: { MALLOC_ARENA_MAX: '2', ...process.env } });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve({ pid: child.pid!, stop }));
    child.once('exit', (code) => reject(new Error(`The ${kind} server exited (${code}) before listening`)));
  });
}

async function measure(kind: Engine, pid: number, bodies: string[], connections: number) {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${PORTS[kind]}${settings.search.url}`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'br, gzip, deflate' },
      requests: [{ setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
      connections,
      duration,
    });
  await run(5);
  const loadAverage = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const cpuBefore = cpuSeconds(pid);
  const result = await run(SECONDS);
  const serverCpuSeconds = Math.round((cpuSeconds(pid) - cpuBefore) * 100) / 100;
  const figures = {
    connections,
    loadAverage,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    /** The Node server's CPU time (not Solr's JVM, which runs beside it on the same 2 cores). */
    serverCpuSeconds,
  };
  console.log(
    `${kind}, ${connections} connections: ${figures.requestsPerSecond} req/s, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms, ` +
      `errors ${figures.errors}, timeouts ${figures.timeouts}, non-2xx ${figures.non2xx}; load average ${loadAverage.join(' ')}`,
  );
  return figures;
}

async function main() {
  const [cluster, dataDir] = await Promise.all([startSolrCluster(), demoDataDir()]);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'solr-proxy-bench-'));
  const servers: { stop: () => Promise<void> }[] = [];
  try {
    await runIndexer(dataDir, cluster.urls[0]!);
    const documents = await readDocuments(dataDir);
    const bodies = queryMix(documents);
    console.log(`SolrCloud ready in ${cluster.readyMs} ms (${cluster.shards} shards × ${cluster.replicas} replicas); ${documents.length} listings; ${bodies.length} requests in the mix`);
    const documentsFile = path.join(scratch, 'documents.json');
    fs.writeFileSync(documentsFile, JSON.stringify(documents));
    const results: Record<Engine, Awaited<ReturnType<typeof measure>>[]> = { embedded: [], solr: [], engineAlone: [] };
    for (const kind of ['embedded', 'solr', 'engineAlone'] as const) {
      const server = await serve(kind, kind === 'solr' ? cluster.urls.join(',') : documentsFile);
      servers.push(server);
      for (const connections of CONNECTIONS) results[kind].push(await measure(kind, server.pid, bodies, connections));
      await server.stop();
    }
    fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(import.meta.dirname, 'results', 'solr-proxy.json'),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          cpus: os.cpus().length,
          node: process.version,
          listings: documents.length,
          mix: bodies.length,
          cluster: { nodes: cluster.urls.length, shards: cluster.shards, replicas: cluster.replicas },
          seconds: SECONDS,
          loadAverage: results.embedded[0]!.loadAverage,
          ...results,
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    for (const server of servers) await server.stop();
    await cluster.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
