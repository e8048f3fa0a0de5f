/**
 * The two engines side by side for the SolrCloud tests: a data directory with the demo content,
 * the real indexer (`npm run solr:index`) filling the cluster, the embedded engine filled from the
 * same database, and the site's search proxy in front of each (Fastify inject).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { parseSiteSettings, type SiteSettings } from '../../src/domain/settings.ts';
import { openDatabase } from '../../server/db/client.ts';
import { ensureDemoContent } from '../../server/demo/seed.ts';
import { buildSearchDocuments } from '../../server/search/documents.ts';
import { createEmbeddedEngine } from '../../server/search/engine/engine.ts';
import { registerSearchProxy } from '../../server/search/proxy.ts';
import { createSolrBackend } from '../../server/search/solr-backend.ts';
import type { SearchBackend, SearchDocument } from '../../server/search/types.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const settings: SiteSettings = parseSiteSettings(JSON.parse(fs.readFileSync(path.join(ROOT, 'config/site.json'), 'utf8')));
/** The proxy's row cap in these tests: the favourites maximum, as the server's default SEARCH_MAX_ROWS. */
export const MAX_ROWS = 100;

/** A data directory with the demo content (its embedded database closed again, for the indexer). */
export async function demoDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solr-test-data-'));
  const database = await openDatabase({ dataDir });
  try {
    await ensureDemoContent(database.db, path.join(dataDir, 'media'));
  } finally {
    await database.close();
  }
  return dataDir;
}

/** Runs `npm run solr:index` against the cluster, as a site owner would. */
export async function runIndexer(dataDir: string, solrUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'solr:index'], {
      cwd: ROOT,
      env: { ...process.env, SOLR_URL: solrUrl, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`npm run solr:index exited ${code}: ${out}`))));
  });
}

export async function readDocuments(dataDir: string): Promise<SearchDocument[]> {
  const database = await openDatabase({ dataDir });
  try {
    return await buildSearchDocuments(database.db, settings);
  } finally {
    await database.close();
  }
}

export async function embeddedBackend(documents: SearchDocument[]): Promise<SearchBackend> {
  const engine = createEmbeddedEngine({ maxRows: MAX_ROWS });
  await engine.replaceAll(documents);
  return engine;
}

export function solrBackend(url: string, timeoutMs = 5000): SearchBackend {
  return createSolrBackend({ url, timeoutMs, indexId: settings.search.index });
}

/** The site's proxy (spec §7) in front of a back end. */
export async function proxyApp(backend: SearchBackend): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await registerSearchProxy(app, { backend, url: settings.search.url, limits: { maxRows: MAX_ROWS } });
  await app.ready();
  return app;
}

export type Pairs = [string, string][];

export interface ProxyAnswer {
  status: number;
  body: Record<string, unknown> & {
    response?: { numFound: number; start: number; docs: Record<string, unknown>[] };
    facet_counts?: { facet_fields?: Record<string, Record<string, number>>; facet_queries?: Record<string, number>; facet_ranges?: Record<string, unknown> };
    spellcheck?: { suggestions?: unknown; collations?: unknown; correctlySpelled?: unknown };
    message?: string;
  };
}

export async function select(app: FastifyInstance, pairs: Pairs): Promise<ProxyAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: settings.search.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(pairs).toString(),
  });
  return { status: response.statusCode, body: response.json() };
}

export async function autocomplete(app: FastifyInstance, q: string): Promise<{ status: number; suggestions: string[] }> {
  const base = settings.search.url.replace(/\/select$/, '');
  const response = await app.inject({ method: 'GET', url: `${base}/autocomplete?${new URLSearchParams({ q })}` });
  return { status: response.statusCode, suggestions: (response.json() as { suggestions?: string[] }).suggestions ?? [] };
}
