/**
 * How long the costliest search requests the proxy allows hold the server's event loop (issue 12:
 * one 16 KB wildcard search stalled every other request for 0.5–0.95 s). Goal: no request blocks
 * the loop for more than 50 ms.
 *
 * The server (the real search proxy and the embedded engine over the demo database, plus
 * /healthz) runs in a child process that records its own event-loop delay with
 * perf_hooks.monitorEventLoopDelay. This process sends each kind of costly search in turn (the
 * largest the proxy's caps let through) while it polls /healthz every 10 ms, and reports per kind:
 * the answer status and time, the server's largest event-loop delay, and the slowest /healthz.
 *
 * Run: `npx tsx bench/event-loop.ts` (BENCH_REPEAT=5 sets how often each kind is sent).
 * Prints a table and writes bench/results/event-loop.json.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SEARCH_QUERY_CAPS } from '../server/search/query-caps.ts';

const root = path.resolve(import.meta.dirname, '..');
const self = fileURLToPath(import.meta.url);
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 5));

/** The costliest request of each kind the caps allow (a longer or wider one is refused with 400). */
function costlyRequests(): Array<{ name: string; body: string }> {
  const caps = SEARCH_QUERY_CAPS;
  const letters = 'aeiounrstl';
  // A wildcard pattern as long as allowed, with as many wildcards as allowed, that matches almost nothing (the glob backtracks most).
  const pattern = (i: number) => {
    let p = '';
    for (let w = 0; w < caps.maxWildcardsPerTerm && p.length < caps.maxPatternLength - 2; w++) p += `*${letters[(i + w) % letters.length]}`;
    return `${p}q`.slice(0, caps.maxPatternLength);
  };
  const wildcards = (n: number, offset = 0) => Array.from({ length: n }, (_, i) => pattern(i + offset)).join(' ');
  const fuzzy = (n: number) => Array.from({ length: n }, (_, i) => `${letters.slice(i % 5, (i % 5) + 5)}tion~2`).join(' ');
  const form = (params: Array<[string, string]>) => params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const facets: Array<[string, string]> = ['ss_area', 'ss_type', 'sm_amenities', 'is_bedrooms', 'fs_bathrooms', 'is_sleeps', 'fs_rating', 'ss_name'].map((f) => ['facet.field', f]);
  return [
    { name: 'wildcards in q (all text fields)', body: form([['q', wildcards(caps.maxExpansions)], ['rows', '100'], ['facet', 'true'], ...facets, ['facet.limit', '-1']]) },
    { name: 'wildcards in fq', body: form([['q', '*:*'], ...Array.from({ length: caps.maxExpansions }, (_, i): [string, string] => ['fq', `ts_name:${pattern(i)} OR tm_description:${pattern(i + 3)}`]).slice(0, caps.maxExpansions / 2), ['rows', '100']]) },
    { name: 'fuzzy terms, edismax', body: form([['q', fuzzy(caps.maxExpansions)], ['defType', 'edismax'], ['qf', 'ts_name tm_summary tm_description'], ['rows', '100'], ['spellcheck', 'true'], ['spellcheck.count', '50']]) },
    { name: 'many plain clauses', body: form([['q', Array.from({ length: caps.maxClauses }, (_, i) => `${letters[i % 10]}${letters[(i * 3) % 10]}${letters[(i * 7) % 10]}`).join(' OR ')], ['rows', '100'], ['sort', 'is_price_min desc']]) },
    { name: 'every facet, no limit', body: form([['q', '*:*'], ['rows', '100'], ['start', '0'], ['facet', 'true'], ...facets, ['facet.limit', '-1'], ['facet.mincount', '0']]) },
    // What the issue sent (0.3-0.8 s of blocked loop before the caps): now refused with 400 before the engine sees it.
    {
      name: "the issue's 14 KB wildcard search",
      body: form([
        ['q', Array.from({ length: 500 }, (_, i) => `*${letters[i % 10]}${letters[(i * 3) % 10]}*`).join(' ').slice(0, 1990)],
        ...Array.from({ length: 4 }, (_, k): [string, string] => ['fq', Array.from({ length: 500 }, (_, i) => `*${letters[(i + k) % 10]}${letters[(i * 7) % 10]}*`).join(' OR ').slice(0, 1990)]),
        ['rows', '10'],
      ]),
    },
  ];
}

async function serve(): Promise<void> {
  const Fastify = (await import('fastify')).default;
  const { loadSiteSettings } = await import('../server/config.ts');
  const { openDatabase } = await import('../server/db/client.ts');
  const { ensureDemoContent } = await import('../server/demo/seed.ts');
  const { createEmbeddedEngine } = await import('../server/search/engine/engine.ts');
  const { createSearchService } = await import('../server/search/search-service.ts');
  const settings = loadSiteSettings(path.join(root, 'config/site.json'));
  const database = await openDatabase({ dataDir: '', memory: true });
  await ensureDemoContent(database.db, fs.mkdtempSync(path.join(os.tmpdir(), 'bench-loop-media-')));
  const search = createSearchService({ db: database.db, settings, backend: createEmbeddedEngine({ maxRows: 100 }) });
  const { documents } = await search.rebuild();
  const app = Fastify({ bodyLimit: 64 * 1024 });
  app.get('/healthz', async () => ({ ok: true }));
  // CPU time of each search request, from its arrival to its answer: what it takes from everyone else.
  let searchCpuMaxMs = 0;
  app.addHook('onRequest', async (request) => {
    (request as unknown as { cpu: NodeJS.CpuUsage }).cpu = process.cpuUsage();
  });
  app.addHook('onResponse', async (request) => {
    if (!request.url.startsWith('/solr/')) return;
    const used = process.cpuUsage((request as unknown as { cpu: NodeJS.CpuUsage }).cpu);
    searchCpuMaxMs = Math.max(searchCpuMaxMs, (used.user + used.system) / 1000);
  });
  await search.registerRoutes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  process.on('message', (message: { type: string }) => {
    if (message.type === 'reset') {
      histogram.disable();
      histogram.reset();
      histogram.enable();
      searchCpuMaxMs = 0;
      process.send?.({ type: 'reset' });
    }
    if (message.type === 'read') process.send?.({ type: 'delay', maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, searchCpuMaxMs });
    if (message.type === 'stop') void app.close().then(() => database.close()).then(() => process.exit(0));
  });
  process.send?.({ type: 'ready', port: (app.server.address() as { port: number }).port, documents });
}

function ask<T>(child: ChildProcess, type: string, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const listen = (message: { type: string }) => {
      if (message.type !== answer) return;
      child.off('message', listen);
      resolve(message as T);
    };
    child.on('message', listen);
    child.send({ type });
  });
}

async function measure(): Promise<void> {
  const child = fork(self, ['serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port, documents } = await new Promise<{ port: number; documents: number }>((resolve) => child.on('message', (m: { type: string; port: number; documents: number }) => m.type === 'ready' && resolve(m)));
  const base = `http://127.0.0.1:${port}`;
  const rows: Array<Record<string, unknown>> = [];
  try {
    // The first request of each kind after start pays for compiling the code it runs: sent once, not counted.
    for (const { body } of costlyRequests()) await fetch(`${base}/solr/select`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }).then((r) => r.arrayBuffer());
    for (const { name, body } of costlyRequests()) {
      await ask(child, 'reset', 'reset');
      let polling = true;
      let slowestHealth = 0;
      const poll = (async () => {
        while (polling) {
          const started = performance.now();
          await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
          slowestHealth = Math.max(slowestHealth, performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      const times: number[] = [];
      const qtimes: number[] = [];
      let status = 0;
      let message = '';
      for (let i = 0; i < REPEAT; i++) {
        const started = performance.now();
        const response = await fetch(`${base}/solr/select`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
        status = response.status;
        const json = (await response.json()) as { message?: string; responseHeader?: { QTime?: number } };
        message = json.message ?? '';
        if (json.responseHeader?.QTime !== undefined) qtimes.push(json.responseHeader.QTime);
        times.push(performance.now() - started);
      }
      polling = false;
      await poll;
      const delay = await ask<{ maxMs: number; p99Ms: number; searchCpuMaxMs: number }>(child, 'read', 'delay');
      const row = {
        name,
        bodyBytes: body.length,
        status,
        ...(status !== 200 ? { message } : {}),
        answerMsMax: Math.round(Math.max(...times) * 10) / 10,
        engineMs: qtimes,
        eventLoopDelayMaxMs: Math.round(delay.maxMs * 10) / 10,
        searchCpuMaxMs: Math.round(delay.searchCpuMaxMs * 10) / 10,
        healthzSlowestMs: Math.round(slowestHealth * 10) / 10,
      };
      rows.push(row);
      console.log(
        `${name.padEnd(34)} ${String(body.length).padStart(6)} B  ${status}  answer max ${String(row.answerMsMax).padStart(6)} ms  event loop max ${String(row.eventLoopDelayMaxMs).padStart(6)} ms  CPU max ${String(row.searchCpuMaxMs).padStart(5)} ms  /healthz slowest ${String(row.healthzSlowestMs).padStart(6)} ms  engine ${qtimes.join('/')} ms${status !== 200 ? `  (${message})` : ''}`,
      );
    }
  } finally {
    child.send({ type: 'stop' });
  }
  const worst = Math.max(...rows.map((r) => Number(r.eventLoopDelayMaxMs)));
  const worstCpu = Math.max(...rows.map((r) => Number(r.searchCpuMaxMs)));
  // Measured on the build before the caps, on this machine (load average about 11): the issue's search answered 200 in 310-788 ms, /healthz waited up to 693 ms.
  const figures = { date: new Date().toISOString(), loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100), documents, repeat: REPEAT, caps: SEARCH_QUERY_CAPS, goalMs: 50, worstEventLoopDelayMs: worst, worstSearchCpuMs: worstCpu, requests: rows };
  console.log(`Worst event-loop delay ${worst} ms, worst CPU of one search ${worstCpu} ms (goal ≤ 50 ms), ${documents} documents, load average ${figures.loadAverage.join(' ')}`);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/event-loop.json'), `${JSON.stringify(figures, null, 2)}\n`);
}

if (process.argv[2] === 'serve') await serve();
else await measure();
