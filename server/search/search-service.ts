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
import type { FastifyInstance } from 'fastify';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { Database } from '../db/client.ts';
import { DocumentLines, documentLine } from './document-lines.ts';
import { buildSearchDocuments, searchDocumentId } from './documents.ts';
import { crc32, readAll, writeAll, writeAside } from './files.ts';
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
const SNAPSHOT_FORMAT = 3;

/*
 * The snapshot file: a header line `{"key": …, "lines": n, "crc": …}` (padded with spaces to a
 * fixed width, as it is written last), then one document per line as JSON (document-lines.ts).
 * Line by line, because the documents of a large site do not fit one string (V8 strings stop near
 * 512 MiB: a million listings are more than a GiB of JSON), and so the embedded engine, loading
 * its index image, parses only the documents a search returns. The CRC-32 of the lines makes a
 * damaged file a stale one: every line of an intact file is a document JSON.stringify wrote.
 */

/** The snapshot's documents when it was made from this key, else null (missing, stale or damaged: the database is read instead). */
export function readSnapshot(file: string, key: string): DocumentLines | null {
  try {
    const data = readAll(file);
    const end = data.indexOf(10);
    if (end < 0) return null;
    const header = JSON.parse(data.toString('utf8', 0, end)) as { key?: unknown; lines?: unknown; crc?: unknown };
    if (header.key !== key || typeof header.lines !== 'number') return null;
    if (crc32(data.subarray(end + 1)) !== header.crc) return null;
    const lines = DocumentLines.fromBuffer(data, end + 1);
    return lines && lines.length === header.lines ? lines : null;
  } catch {
    return null;
  }
}

/** The embedded engine's index image beside the snapshot (engine/image.ts). */
export function indexImageFile(snapshotFile: string): string {
  return `${snapshotFile.replace(/\.json$/, '')}-index.bin`;
}

export function writeSnapshot(file: string, key: string, documents: readonly SearchDocument[]): void {
  // Written aside and renamed (files.ts); the header is written over its placeholder at the end,
  // when the lines' CRC is known.
  const header = (lines: number, crc: number) => Buffer.from(`${JSON.stringify({ key, lines, crc }).padEnd(JSON.stringify({ key, lines: 2 ** 53, crc: 2 ** 32 }).length)}\n`);
  writeAside(file, (fd) => {
    writeAll(fd, header(0, 0));
    let crc = 0;
    let chunk = '';
    const flush = () => {
      const bytes = Buffer.from(chunk);
      crc = crc32(bytes, crc);
      writeAll(fd, bytes);
      chunk = '';
    };
    for (const doc of documents) {
      chunk += documentLine(doc);
      if (chunk.length >= 1 << 20) flush();
    }
    flush();
    writeAll(fd, header(documents.length, crc), 0);
  });
}

/** What a rebuild did: the documents indexed, how long it took, and whether they came from the snapshot and the index from its image. */
export interface RebuildResult {
  documents: number;
  ms: number;
  fromSnapshot?: boolean;
  fromImage?: boolean;
}

export interface SearchService {
  readonly backend: SearchBackend;
  /** Counts the index's changes (rebuilds and refreshes): what was derived from search answers is current while it stays. */
  readonly generation: number;
  /** Replaces the whole index with the database's listings (from the snapshot while the content is unchanged). */
  rebuild(): Promise<RebuildResult>;
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
        // The embedded engine's built index is saved beside the snapshot and loaded with it.
        const image = snapshot && backend.loadImage ? indexImageFile(snapshot.file) : null;
        const fromImage = saved && image ? await backend.loadImage!(image, key, saved) : false;
        const documents = fromImage ? null : (saved?.toArray() ?? (await buildSearchDocuments(db, settings)));
        if (documents) await backend.replaceAll(documents);
        generation++;
        if (documents) {
          try {
            if (snapshot && !saved) writeSnapshot(snapshot.file, key, documents);
            if (image) await backend.saveImage?.(image, key);
          } catch {
            // No snapshot or image (a read-only data directory): the next start reads or builds again.
          }
        }
        return { documents: documents?.length ?? saved!.length, ms: Math.round(performance.now() - started), fromSnapshot: saved !== null, fromImage };
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
