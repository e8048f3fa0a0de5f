/**
 * The search service: owns the back end (embedded engine or Solr), keeps its index in step
 * with the database, and registers the proxy routes.
 *
 *   const search = createSearchService({ db, settings, backend });
 *   await search.rebuild();                 // at start: every listing from the database
 *   await search.refresh([1001, 1002]);     // after content edits: re-read those units (gone ones are deleted)
 *   await buildServer({ ..., search });     // registers the proxy at settings.search.url
 *
 * Index changes run one at a time, in the order they were asked for, so a refresh never
 * interleaves with a rebuild.
 */
import type { FastifyInstance } from 'fastify';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { Database } from '../db/client.ts';
import { buildSearchDocuments, searchDocumentId } from './documents.ts';
import { registerSearchProxy, type SearchProxyLimits, type SearchProxyOptions } from './proxy.ts';
import type { SearchBackend } from './types.ts';

export interface SearchServiceOptions {
  db: Database;
  settings: SiteSettings;
  backend: SearchBackend;
  limits?: Partial<SearchProxyLimits>;
  rateLimit?: SearchProxyOptions['rateLimit'];
}

export interface SearchService {
  readonly backend: SearchBackend;
  /** Counts the index's changes (rebuilds and refreshes): what was derived from search answers is current while it stays. */
  readonly generation: number;
  /** Replaces the whole index with the database's listings. */
  rebuild(): Promise<{ documents: number; ms: number }>;
  /** Re-indexes the given units after a content change; units no longer in the database are removed. */
  refresh(eids: readonly number[]): Promise<{ updated: number; deleted: number }>;
  /** Registers the proxy routes (spec §7 Search) on the server. */
  registerRoutes(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

export function createSearchService(options: SearchServiceOptions): SearchService {
  const { db, settings, backend } = options;
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs index changes one after another; a failed one does not block the next. */
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  let generation = 0;

  return {
    backend,
    get generation() {
      return generation;
    },

    rebuild() {
      return serial(async () => {
        const started = performance.now();
        const documents = await buildSearchDocuments(db, settings);
        await backend.replaceAll(documents);
        generation++;
        return { documents: documents.length, ms: Math.round(performance.now() - started) };
      });
    },

    refresh(eids) {
      return serial(async () => {
        const wanted = [...new Set(eids)].filter((eid) => Number.isInteger(eid) && eid > 0 && eid <= 2_147_483_647);
        if (wanted.length === 0) return { updated: 0, deleted: 0 };
        const documents = await buildSearchDocuments(db, settings, { eids: wanted });
        const found = new Set(documents.map((d) => d.entity_id));
        const deleted = wanted.filter((eid) => !found.has(eid)).map((eid) => searchDocumentId(settings, eid));
        await backend.update(documents, deleted);
        generation++;
        return { updated: documents.length, deleted: deleted.length };
      });
    },

    async registerRoutes(app) {
      await registerSearchProxy(app, { backend, url: settings.search.url, limits: options.limits, rateLimit: options.rateLimit });
    },

    async close() {
      await queue;
      await backend.close();
    },
  };
}
