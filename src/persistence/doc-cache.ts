import { clear, createStore, delMany, getMany, setMany } from 'idb-keyval';
import { docCacheLifetime, type DocumentStore, type KeptDocument, type StoredDocument } from '@/domain/search/document-store';

/**
 * Full search documents kept in IndexedDB (through idb-keyval) for their lifetime (spec §9
 * `doc_cache`), so the next page reads them before the network. One entry per document,
 * `doc:{id}` → `{ v, content, expires, doc }`, and one `meta` entry `{ v, content }`:
 *
 * - `v` is the shape of what is kept. A build that keeps another shape bumps DOC_CACHE_SCHEMA,
 *   and its first page finds a `meta` of another version and clears the store.
 * - `content` is the server's content version the page came with: a page of new content clears
 *   the store too, so no listing is shown as it was before the owner changed it.
 * - Every entry read is checked (shape, version, content, lifetime, id); a bad one is dropped.
 *
 * Nothing here ever reaches the guest as an error: without IndexedDB (a private window, a
 * browser that blocks it), when it throws, is full or does not answer within `timeoutMs`, the
 * documents live in memory for the page and the network is asked as before (a warning is logged
 * once). This module is loaded on first use, so idb-keyval is not part of any page's first script.
 */
export const DOC_CACHE_SCHEMA = 1;
export const DOC_CACHE_DATABASE = 'rcdoccache';
export const DOC_CACHE_STORE = 'documents';
export const DOC_CACHE_META_KEY = 'meta';

/** The key of a document's entry. */
export const docCacheKey = (id: string): string => `doc:${id}`;

/** The key-value operations the cache uses: idb-keyval's on one store, or a stand-in in tests. */
export interface KeyValuePort {
  getMany(keys: string[]): Promise<unknown[]>;
  setMany(entries: Array<[string, unknown]>): Promise<void>;
  delMany(keys: string[]): Promise<void>;
  clear(): Promise<void>;
}

/** idb-keyval on the cache's own database, or null where IndexedDB is missing or refuses to open. */
export function indexedDbPort(): KeyValuePort | null {
  try {
    if (typeof indexedDB === 'undefined' || indexedDB === null) return null;
    const store = createStore(DOC_CACHE_DATABASE, DOC_CACHE_STORE);
    return {
      getMany: (keys) => getMany(keys, store),
      setMany: (entries) => setMany(entries, store),
      delMany: (keys) => delMany(keys, store),
      clear: () => clear(store),
    };
  } catch {
    return null;
  }
}

export interface DocumentCache extends DocumentStore {
  /** Stops a pending write; what was written stays. */
  dispose(): void;
}

export interface DocumentCacheOptions {
  /** `doc_cache` (ms; 0: the spec's hour). */
  lifetimeMs: number;
  /** The page's content version ('' : nothing is read from or written to IndexedDB). */
  contentVersion: string;
  /** Made when the cache is first used; null: memory only. */
  port?: () => KeyValuePort | null;
  now?: () => number;
  /** How long a read waits for IndexedDB before the network is asked instead. */
  timeoutMs?: number;
  warn?: (message: string) => void;
}

interface Entry {
  v: number;
  content: string;
  expires: number;
  doc: StoredDocument;
}

export function createDocumentCache(options: DocumentCacheOptions): DocumentCache {
  const { contentVersion, port: makePort = indexedDbPort, now = Date.now, timeoutMs = 1000 } = options;
  const lifetimeMs = docCacheLifetime(options.lifetimeMs);
  const memory = new Map<string, KeptDocument>();
  const pending = new Map<string, Entry>();
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let warned = false;
  let port: KeyValuePort | null | undefined;
  let opened: Promise<KeyValuePort | null> | null = null;

  const giveUp = (what: string, error: unknown) => {
    port = null;
    opened = Promise.resolve(null);
    pending.clear();
    if (warned) return;
    warned = true;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    (options.warn ?? console.warn)(`Documents are kept for this page only: IndexedDB ${what} (${reason}).`);
  };

  /** The store, once its meta entry is this build's and this content's (else it is cleared first). */
  const open = (): Promise<KeyValuePort | null> => {
    if (opened) return opened;
    if (contentVersion === '') return (opened = Promise.resolve(null));
    try {
      port = makePort();
    } catch (error) {
      giveUp('could not be opened', error);
      return Promise.resolve(null);
    }
    const store = port;
    if (!store) return (opened = Promise.resolve(null));
    opened = (async () => {
      const [meta] = await store.getMany([DOC_CACHE_META_KEY]);
      const m = meta as Partial<Entry> | undefined;
      if (!m || typeof m !== 'object' || m.v !== DOC_CACHE_SCHEMA || m.content !== contentVersion) {
        await store.clear();
        await store.setMany([[DOC_CACHE_META_KEY, { v: DOC_CACHE_SCHEMA, content: contentVersion }]]);
      }
      return store;
    })().catch((error: unknown) => {
      giveUp('could not be opened', error);
      return null;
    });
    return opened;
  };

  const fresh = (id: string): KeptDocument | undefined => {
    const kept = memory.get(id);
    if (kept && kept.expires > now()) return kept;
    if (kept) memory.delete(id);
    return undefined;
  };

  /** A stored entry as it was written by this build for this content, still fresh; else null. */
  const valid = (id: string, value: unknown): KeptDocument | null => {
    if (typeof value !== 'object' || value === null) return null;
    const { v, content, expires, doc } = value as Partial<Entry>;
    if (v !== DOC_CACHE_SCHEMA || content !== contentVersion) return null;
    const left = typeof expires === 'number' ? expires - now() : Number.NaN;
    // A lifetime longer than this page's (another setting, a clock set back) is not trusted either.
    if (!(left > 0 && left <= lifetimeMs)) return null;
    if (typeof doc !== 'object' || doc === null || (doc as { id?: unknown }).id !== id) return null;
    return { doc: doc as StoredDocument, expires: expires as number };
  };

  const readStored = async (ids: string[], found: Map<string, KeptDocument>): Promise<void> => {
    const store = await open();
    if (!store) return;
    let values: unknown[];
    try {
      values = await store.getMany(ids.map(docCacheKey));
    } catch (error) {
      giveUp('could not be read', error);
      return;
    }
    const bad: string[] = [];
    ids.forEach((id, index) => {
      const value = values[index];
      if (value === undefined) return;
      const kept = valid(id, value);
      if (!kept) {
        bad.push(docCacheKey(id));
        return;
      }
      memory.set(id, kept);
      found.set(id, kept);
    });
    if (bad.length > 0) store.delMany(bad).catch((error: unknown) => giveUp('could not be written', error));
  };

  const flush = async () => {
    flushTimer = null;
    const store = await open();
    if (!store || pending.size === 0) return;
    const entries = [...pending].map(([id, entry]): [string, unknown] => [docCacheKey(id), entry]);
    pending.clear();
    try {
      await store.setMany(entries);
    } catch (error) {
      // Full (QuotaExceededError) or blocked: the documents stay in memory for this page.
      giveUp('could not be written', error);
    }
  };

  return {
    async read(ids, { patient = false } = {}) {
      const found = new Map<string, KeptDocument>();
      const missing: string[] = [];
      for (const id of new Set(ids)) {
        const kept = fresh(id);
        if (kept) found.set(id, kept);
        else missing.push(id);
      }
      if (missing.length === 0 || contentVersion === '' || port === null) return found;
      if (patient) {
        await readStored(missing, found);
        return new Map(found);
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      // A store that does not answer (blocked) must not hold the page: the network is asked instead.
      await Promise.race([readStored(missing, found), late]);
      clearTimeout(timer);
      return new Map(found);
    },
    write(docs) {
      const expires = now() + lifetimeMs;
      for (const doc of docs) {
        memory.set(doc.id, { doc, expires });
        if (contentVersion !== '' && port !== null) pending.set(doc.id, { v: DOC_CACHE_SCHEMA, content: contentVersion, expires, doc });
      }
      if (pending.size > 0 && flushTimer === null) flushTimer = setTimeout(() => void flush(), 0);
    },
    dispose() {
      if (flushTimer !== null) clearTimeout(flushTimer);
      flushTimer = null;
      pending.clear();
    },
  };
}

let shared: { key: string; cache: DocumentCache } | null = null;

/**
 * The page's one document cache, shared by the search page, the favourites dropdown and the
 * favourites view (each has its own search client).
 */
export function pageDocumentCache(options: Pick<DocumentCacheOptions, 'lifetimeMs' | 'contentVersion'>): DocumentCache {
  const key = `${options.lifetimeMs}|${options.contentVersion}`;
  if (shared?.key !== key) shared = { key, cache: createDocumentCache(options) };
  return shared.cache;
}
