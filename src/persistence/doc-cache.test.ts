import { describe, expect, it, vi } from 'vitest';
import type { StoredDocument } from '@/domain/search/document-store';
import { createDocumentCache, DOC_CACHE_META_KEY, DOC_CACHE_SCHEMA, docCacheKey, indexedDbPort, type KeyValuePort } from './doc-cache';

/**
 * An in-memory stand-in for IndexedDB behind the cache's port: one Map shared by every "page"
 * (cache) made on it, as the browser's database is shared by the pages of a site. `fail` makes
 * an operation throw the way IndexedDB does (a DOMException by name), `hang` never answers.
 */
function fakeDatabase() {
  const data = new Map<string, unknown>();
  const calls = { setMany: 0, clear: 0 };
  const trouble: Partial<Record<keyof KeyValuePort, 'fail' | 'hang' | 'quota'>> = {};
  const run = <T,>(op: keyof KeyValuePort, work: () => T): Promise<T> => {
    const mode = trouble[op];
    if (mode === 'hang') return new Promise<T>(() => {});
    if (mode === 'fail') return Promise.reject(new DOMException('The operation failed for reasons unrelated to the database itself', 'UnknownError'));
    if (mode === 'quota') return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    return Promise.resolve(work());
  };
  const port: KeyValuePort = {
    getMany: (keys) => run('getMany', () => keys.map((key) => structuredClone(data.get(key)))),
    setMany: (entries) =>
      run('setMany', () => {
        calls.setMany++;
        for (const [key, value] of entries) data.set(key, structuredClone(value));
      }),
    delMany: (keys) => run('delMany', () => keys.forEach((key) => data.delete(key))),
    clear: () =>
      run('clear', () => {
        calls.clear++;
        data.clear();
      }),
  };
  return { data, port, calls, trouble };
}

const HOUR = 3_600_000;
const doc = (n: number): StoredDocument => ({ id: `chc1-listings-${n}`, ss_name: `Rental ${n}`, is_price_min: 18_500 + n });
/** Lets the cache's batched write (a timer, then the store's promises) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

function page(db: ReturnType<typeof fakeDatabase>, options: { content?: string; now?: () => number; lifetimeMs?: number; warn?: (m: string) => void } = {}) {
  return createDocumentCache({
    lifetimeMs: options.lifetimeMs ?? HOUR,
    contentVersion: options.content ?? 'v-a',
    port: () => db.port,
    now: options.now ?? (() => 1_000_000),
    warn: options.warn ?? (() => {}),
    timeoutMs: 20,
  });
}

describe('document cache (spec §9 doc_cache, kept in IndexedDB)', () => {
  it('keeps documents for the next page of the same content, read without the network', async () => {
    const db = fakeDatabase();
    const first = page(db);
    first.write([doc(1), doc(2)]);
    await settle();
    const next = page(db);
    const found = await next.read([doc(2).id, doc(1).id, doc(3).id]);
    expect([...found.keys()].sort()).toEqual([doc(1).id, doc(2).id]);
    expect(found.get(doc(2).id)?.doc).toEqual(doc(2));
    expect(found.get(doc(1).id)?.expires).toBe(1_000_000 + HOUR);
  });

  it('forgets a document once doc_cache ms have passed since it was fetched (0 configured: the spec\'s hour)', async () => {
    const db = fakeDatabase();
    let clock = 5_000;
    page(db, { now: () => clock, lifetimeMs: 0 }).write([doc(1)]);
    await settle();
    clock = 5_000 + HOUR - 1;
    expect((await page(db, { now: () => clock }).read([doc(1).id])).size).toBe(1);
    clock = 5_000 + HOUR;
    expect((await page(db, { now: () => clock }).read([doc(1).id])).size).toBe(0);
    await settle();
    expect(db.data.has(docCacheKey(doc(1).id))).toBe(false);
  });

  it('a shorter doc_cache on a later page does not trust entries kept for longer', async () => {
    const db = fakeDatabase();
    page(db, { lifetimeMs: HOUR }).write([doc(1)]);
    await settle();
    expect((await page(db, { lifetimeMs: 60_000 }).read([doc(1).id])).size).toBe(0);
  });

  it('clears what an older build kept in another shape (schema version)', async () => {
    const db = fakeDatabase();
    db.data.set(DOC_CACHE_META_KEY, { v: DOC_CACHE_SCHEMA - 1, content: 'v-a' });
    db.data.set(docCacheKey(doc(1).id), { v: DOC_CACHE_SCHEMA - 1, content: 'v-a', expires: 1_000_000 + 60_000, doc: doc(1) });
    const cache = page(db);
    expect((await cache.read([doc(1).id])).size).toBe(0);
    expect(db.data.has(docCacheKey(doc(1).id))).toBe(false);
    expect(db.data.get(DOC_CACHE_META_KEY)).toEqual({ v: DOC_CACHE_SCHEMA, content: 'v-a' });
  });

  it('clears every kept document when a page of another content version comes', async () => {
    const db = fakeDatabase();
    page(db, { content: 'v-a' }).write([doc(1), doc(2)]);
    await settle();
    const changed = page(db, { content: 'v-b' });
    expect((await changed.read([doc(1).id, doc(2).id])).size).toBe(0);
    expect([...db.data.keys()]).toEqual([DOC_CACHE_META_KEY]);
    changed.write([doc(1)]);
    await settle();
    // An entry of another version is refused even without its meta entry being seen first.
    db.data.set(docCacheKey(doc(2).id), { v: DOC_CACHE_SCHEMA, content: 'v-a', expires: 1_000_000 + 60_000, doc: doc(2) });
    const found = await page(db, { content: 'v-b' }).read([doc(1).id, doc(2).id]);
    expect([...found.keys()]).toEqual([doc(1).id]);
  });

  it('drops corrupt entries and keeps the good ones', async () => {
    const db = fakeDatabase();
    page(db).write([doc(1)]);
    await settle();
    const entry = (n: number, patch: Record<string, unknown>) => ({ v: DOC_CACHE_SCHEMA, content: 'v-a', expires: 1_000_000 + 60_000, doc: doc(n), ...patch });
    db.data.set(docCacheKey(doc(2).id), 'not an entry');
    db.data.set(docCacheKey(doc(3).id), entry(3, { expires: 'soon' }));
    db.data.set(docCacheKey(doc(4).id), entry(4, { doc: doc(5) }));
    db.data.set(docCacheKey(doc(6).id), entry(6, { doc: null }));
    db.data.set(docCacheKey(doc(7).id), null);
    const ids = [1, 2, 3, 4, 6, 7].map((n) => doc(n).id);
    const found = await page(db).read(ids);
    expect([...found.keys()]).toEqual([doc(1).id]);
    await settle();
    expect([...db.data.keys()].sort()).toEqual([DOC_CACHE_META_KEY, docCacheKey(doc(1).id)].sort());
  });

  it('without IndexedDB (a private window) keeps documents in memory for the page only, silently', async () => {
    expect(indexedDbPort()).toBeNull(); // Node has no indexedDB, as some private windows have none
    const warn = vi.fn();
    const cache = createDocumentCache({ lifetimeMs: HOUR, contentVersion: 'v-a', warn });
    cache.write([doc(1)]);
    expect((await cache.read([doc(1).id])).get(doc(1).id)?.doc).toEqual(doc(1));
    expect((await createDocumentCache({ lifetimeMs: HOUR, contentVersion: 'v-a', warn }).read([doc(1).id])).size).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });

  it('when IndexedDB throws on open or on read, reads answer from memory and one warning is logged', async () => {
    const warn = vi.fn();
    const throwing = createDocumentCache({ lifetimeMs: HOUR, contentVersion: 'v-a', warn, port: () => { throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError'); } });
    throwing.write([doc(1)]);
    await settle();
    expect((await throwing.read([doc(1).id, doc(2).id])).size).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/InvalidStateError/);

    const db = fakeDatabase();
    page(db).write([doc(1)]);
    await settle();
    db.trouble.getMany = 'fail';
    const failing = vi.fn();
    const cache = page(db, { warn: failing });
    await expect(cache.read([doc(1).id])).resolves.toEqual(new Map());
    cache.write([doc(2)]);
    expect((await cache.read([doc(2).id])).size).toBe(1);
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('when IndexedDB is full, documents stay in memory for the page and no more writes are tried', async () => {
    const db = fakeDatabase();
    const warn = vi.fn();
    const cache = page(db, { warn });
    await cache.read([doc(9).id]); // opens the store (its meta entry is written)
    db.trouble.setMany = 'quota';
    cache.write([doc(1)]);
    await settle();
    cache.write([doc(2)]);
    await settle();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/QuotaExceededError/);
    expect([...(await cache.read([doc(1).id, doc(2).id])).keys()]).toEqual([doc(1).id, doc(2).id]);
    expect(db.data.has(docCacheKey(doc(1).id))).toBe(false);
  });

  it('a store that never answers (blocked) does not hold the page: the read gives up after its timeout', async () => {
    const db = fakeDatabase();
    db.trouble.getMany = 'hang';
    const cache = page(db);
    await expect(cache.read([doc(1).id])).resolves.toEqual(new Map());
  });

  it('a patient read (no network waits on it) waits for a slow store instead of giving up', async () => {
    const db = fakeDatabase();
    page(db).write([doc(1)]);
    await settle();
    const slow: KeyValuePort = { ...db.port, getMany: (keys) => new Promise((resolve) => setTimeout(() => resolve(db.port.getMany(keys)), 60)) };
    const cache = createDocumentCache({ lifetimeMs: HOUR, contentVersion: 'v-a', port: () => slow, now: () => 1_000_000, timeoutMs: 20 });
    expect((await cache.read([doc(1).id], { patient: true })).size).toBe(1);
    const hasty = createDocumentCache({ lifetimeMs: HOUR, contentVersion: 'v-a', port: () => slow, now: () => 1_000_000, timeoutMs: 20 });
    expect((await hasty.read([doc(1).id])).size).toBe(0);
  });

  it('a page that could not tell its content version keeps nothing in IndexedDB', async () => {
    const db = fakeDatabase();
    const cache = page(db, { content: '' });
    cache.write([doc(1)]);
    await settle();
    expect(db.data.size).toBe(0);
    expect((await cache.read([doc(1).id])).size).toBe(1);
  });
});
