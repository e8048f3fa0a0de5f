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
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { Database } from '../db/client.ts';
import { buildSearchDocuments, searchDocumentId } from './documents.ts';
import { registerSearchProxy, type SearchProxyLimits } from './proxy.ts';
import type { SearchBackend, SearchDocument } from './types.ts';

export interface SearchServiceOptions {
  db: Database;
  settings: SiteSettings;
  backend: SearchBackend;
  limits?: Partial<SearchProxyLimits>;
  /**
   * A snapshot of the documents, so a restart does not read every listing from the database
   * again: `file` (in the data directory) and the content version it was made from
   * (content-version.ts). rebuild() uses the snapshot while the version is the same, and writes
   * a new one after reading the database.
   */
  snapshot?: { file: string; version: () => Promise<string> };
}

/** Changes whenever what buildSearchDocuments makes may change: its code and the search settings. */
function snapshotKey(settings: SiteSettings, contentVersion: string): string {
  const code = crypto.createHash('sha256').update(buildSearchDocuments.toString()).update(JSON.stringify(settings.search)).digest('hex').slice(0, 16);
  return `${SNAPSHOT_FORMAT}|${code}|${contentVersion}`;
}
const SNAPSHOT_FORMAT = 2;

/*
 * The snapshot file: a first line `{"key": …}`, then one document per line as JSON. Line by line,
 * because the documents of a large site do not fit one string (V8 strings stop near 512 MiB:
 * a million listings are more than a GiB of JSON).
 */

/** The snapshot's documents when it was made from this key, else null (missing, stale or unreadable: the database is read instead). */
export function readSnapshot(file: string, key: string): SearchDocument[] | null {
  try {
    const data = fs.readFileSync(file);
    let end = data.indexOf(10);
    if (end < 0) return null;
    const header = JSON.parse(data.toString('utf8', 0, end)) as { key?: unknown; documents?: unknown };
    if (header.key !== key || header.documents !== undefined) return null;
    const documents: SearchDocument[] = [];
    for (let start = end + 1; start < data.length; start = end + 1) {
      end = data.indexOf(10, start);
      if (end < 0) return null; // cut short: every line, the last one too, ends with a newline
      const doc = JSON.parse(data.toString('utf8', start, end)) as unknown;
      if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return null;
      documents.push(doc as SearchDocument);
    }
    return documents;
  } catch {
    return null;
  }
}

/** The embedded engine's index image beside the snapshot (engine/image.ts). */
export function indexImageFile(snapshotFile: string): string {
  return `${snapshotFile.replace(/\.json$/, '')}-index.bin`;
}

export function writeSnapshot(file: string, key: string, documents: readonly SearchDocument[]): void {
  // Written aside and renamed, so a crash never leaves half a snapshot.
  const partial = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(partial, 'w');
  try {
    let chunk = `${JSON.stringify({ key })}\n`;
    for (const doc of documents) {
      chunk += `${JSON.stringify(doc)}\n`;
      if (chunk.length >= 1 << 20) {
        fs.writeSync(fd, chunk);
        chunk = '';
      }
    }
    fs.writeSync(fd, chunk);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
}

export interface SearchService {
  readonly backend: SearchBackend;
  /** Counts the index's changes (rebuilds and refreshes): what was derived from search answers is current while it stays. */
  readonly generation: number;
  /** Replaces the whole index with the database's listings (from the snapshot while the content is unchanged). */
  rebuild(): Promise<{ documents: number; ms: number; fromSnapshot?: boolean; fromImage?: boolean }>;
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
        const { snapshot } = options;
        const key = snapshot ? snapshotKey(settings, await snapshot.version()) : '';
        const saved = snapshot ? readSnapshot(snapshot.file, key) : null;
        const documents = saved ?? (await buildSearchDocuments(db, settings));
        // The embedded engine's built index is saved beside the snapshot and loaded with it.
        const image = snapshot && backend.loadImage ? indexImageFile(snapshot.file) : null;
        const fromImage = saved && image ? await backend.loadImage!(image, key, saved) : false;
        if (!fromImage) await backend.replaceAll(documents);
        generation++;
        try {
          if (snapshot && !saved) writeSnapshot(snapshot.file, key, documents);
          if (image && !fromImage) await backend.saveImage?.(image, key);
        } catch {
          // No snapshot or image (a read-only data directory): the next start reads or builds again.
        }
        return { documents: documents.length, ms: Math.round(performance.now() - started), fromSnapshot: saved !== null, fromImage };
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
      await registerSearchProxy(app, { backend, url: settings.search.url, limits: options.limits });
    },

    async close() {
      await queue;
      await backend.close();
    },
  };
}
