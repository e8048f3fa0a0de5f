/**
 * `npm run test:solr`: the search proxy on a SolrCloud that loses nodes (2 nodes, 2 shards x 2
 * replicas; SOLR_URL lists the collection on both nodes).
 *
 * - One node stopped while searches run: every search still answers, from the other node's
 *   replicas (0 failures); the p99 of the run is printed.
 * - Every replica of the shards down (both nodes): the proxy answers 503 "The search service is not
 *   available just now" with Retry-After promptly, never a hang or a 500 (a visitor sees the
 *   search page's "not available" message with its retry); when the nodes return, searches
 *   answer again without restarting anything.
 * - Both replicas of one shard down while the other shard's are up (a second collection laid out
 *   one shard per node): the same prompt 503, not half of the listings presented as all of them;
 *   when the node returns, every listing is found again.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchParams } from '../../src/domain/search/search-params.ts';
import type { SearchState } from '../../src/domain/search/search-state.ts';
import { percentile } from '../../bench/checkout-support.ts';
import { SEARCH_UNAVAILABLE } from '../../server/search/proxy.ts';
import { startSolrCluster, type SolrCluster } from './cluster.ts';
import { demoDataDir, proxyApp, runIndexer, select, settings, solrBackend, type Pairs } from './harness.ts';

let cluster: SolrCluster;
let dataDir: string | undefined;
let app: FastifyInstance;

beforeAll(async () => {
  const [started, demo] = await Promise.all([startSolrCluster(), demoDataDir()]);
  cluster = started;
  dataDir = demo;
  await runIndexer(dataDir, cluster.urls.join(','));
  app = await proxyApp(solrBackend(cluster.urls.join(','), 5000));
}, 900_000);

afterAll(async () => {
  await app?.close();
  await cluster?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The site's query mix: first page, a facet filter, a text query, a sort and a second page. */
const MIX: Pairs[] = [
  {},
  { fq: ['ss_type:House'] },
  { q: 'beach' },
  { q: 'ocean view', sort: 'is_price_min asc' },
  { start: 30, sort: 'fs_rating desc' },
].map((state) => buildSearchParams(settings.search, { fq: [], start: 0, ...state } as SearchState)!);

/** Runs the mix with `workers` at a time until `until` resolves; returns each answer's status and time. */
async function load(workers: number, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  // With the message, so a failed search says why (status alone cannot tell a node's 5xx from the proxy's 503).
  const results: { status: number; ms: number; message?: string }[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = w; !done; i++) {
        const started = performance.now();
        const answer = await select(app, MIX[i % MIX.length]!);
        results.push({ status: answer.status, ms: performance.now() - started, ...(answer.status === 200 ? {} : { message: answer.body.message }) });
      }
    }),
  );
  return results;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The proxy's answer while the back end cannot answer: a prompt 503 with the message, never a 500 or a hang. */
async function expectPromptUnavailable(proxy: FastifyInstance, pairs: Pairs) {
  const started = performance.now();
  const down = await select(proxy, pairs);
  expect(down.status).toBe(503);
  expect(down.body.message).toBe(SEARCH_UNAVAILABLE);
  expect(performance.now() - started).toBeLessThan(6000);
}

/** The first answer once nodes are back (no restart of anything): tried for up to 10 s while replicas recover. */
async function answerOnceBack(proxy: FastifyInstance, pairs: Pairs) {
  let answer = await select(proxy, pairs);
  for (let i = 0; i < 20 && answer.status !== 200; i++) {
    await wait(500);
    answer = await select(proxy, pairs);
  }
  return answer;
}

describe('search on a SolrCloud that loses nodes', () => {
  it('one node stopped while searches run: no search fails', async () => {
    const results = await load(
      4,
      (async () => {
        await wait(2000);
        await cluster.stopNode(0); // the node SOLR_URL names first
        await wait(5000);
      })(),
    );
    const failed = results.filter((r) => r.status !== 200);
    const times = results.map((r) => r.ms).sort((a, b) => a - b);
    console.log(`node lost mid-run: ${results.length} searches, ${failed.length} failed, p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms`);
    expect(results.length).toBeGreaterThan(20);
    expect(failed).toEqual([]);
    await cluster.startNode(0);
    const back = await select(app, MIX[0]!);
    expect(back.status).toBe(200);
  });

  it('every replica down: a prompt 503 with the message, and search recovers by itself', async () => {
    await cluster.stopNode(0);
    await cluster.stopNode(1);
    await expectPromptUnavailable(app, MIX[2]!);
    await cluster.startNode(1);
    await cluster.startNode(0);
    const answer = await answerOnceBack(app, MIX[2]!);
    expect(answer.status).toBe(200);
    expect(answer.body.response!.numFound).toBeGreaterThan(0);
  });

  it('both replicas of one shard down, the other shard up: a prompt 503, then every listing again', async () => {
    const name = 'rentals_one_shard_per_node';
    await cluster.oneShardPerNode(name);
    const urls = cluster.collectionUrls(name).join(',');
    await runIndexer(dataDir!, urls);
    const lopsided = await proxyApp(solrBackend(urls, 5000));
    try {
      const all = await select(lopsided, MIX[0]!);
      expect(all.status).toBe(200);
      const total = all.body.response!.numFound;
      expect(total).toBeGreaterThan(100);

      await cluster.stopNode(0); // shard1's two replicas; shard2's are on node 1
      // The other shard is really up: node 1 alone, asked to tolerate a missing shard, has part of the listings.
      const node1 = cluster.collectionUrls(name)[1]!;
      const partial = (await (await fetch(`${node1}/select?q=*:*&rows=0&shards.tolerant=true&wt=json`)).json()) as {
        responseHeader: { partialResults?: boolean };
        response: { numFound: number };
      };
      expect(partial.responseHeader.partialResults).toBe(true);
      expect(partial.response.numFound).toBeGreaterThan(0);
      expect(partial.response.numFound).toBeLessThan(total);
      for (const pairs of MIX) await expectPromptUnavailable(lopsided, pairs);

      await cluster.startNode(0);
      const back = await answerOnceBack(lopsided, MIX[0]!);
      expect(back.status).toBe(200);
      expect(back.body.response!.numFound).toBe(total);
    } finally {
      await lopsided.close();
    }
  });
});
