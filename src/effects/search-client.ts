import { from, map, of, switchMap, type Observable } from 'rxjs';
import { docCacheLifetime, type DocumentStore, type StoredDocument } from '@/domain/search/document-store';
import { requestJson } from './http-client';
import { SerialQueue } from './serial-queue';

/** A full search document as the proxy returns it (fields of spec §3; values are untrusted). */
export type SearchDoc = StoredDocument;

export interface SearchClient {
  /** POSTs a search to the proxy through the search queue; yields the raw JSON response. */
  search(params: ReadonlyArray<readonly [string, string]>): Observable<unknown>;
  /** Full documents by id through the documents queue, cached per id, in the order asked. */
  documents(
    ids: readonly string[],
    extraParams?: ReadonlyArray<readonly [string, string]>,
    options?: DocumentsOptions,
  ): Observable<SearchDoc[]>;
  /**
   * The documents of these ids already kept (in memory or in the page's store), in the order asked;
   * never the network. The store's read gives up after its timeout unless `patient` (work no one
   * waits for may wait for a slow store; a lookup the guest waits for must not).
   */
  cachedDocuments(ids: readonly string[], options?: { patient?: boolean }): Observable<SearchDoc[]>;
  dispose(): void;
}

export interface DocumentsOptions {
  /**
   * false: the store was just asked for these ids (cachedDocuments) and lacked them, so only
   * memory and the network are asked (reading the store again would only wait for it twice).
   */
  store?: boolean;
}

function isDoc(value: unknown): value is SearchDoc {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/**
 * The search effects (spec §7 Search): two named queues, each running one request at a time,
 * and a per-id document cache of `docCacheMs`: in memory for the page, and in `store` (kept
 * across pages) when one is given. Documents are read from memory, then the store, then the
 * network, and what the network answers is written to both.
 */
export function createSearchClient(options: {
  url: string;
  docCacheMs?: number;
  now?: () => number;
  /** Documents the page already has (the server's results), cached from the start. */
  documents?: readonly SearchDoc[];
  /** Documents kept across pages (src/persistence/doc-cache.ts). */
  store?: DocumentStore;
}): SearchClient {
  const { url, now = Date.now, store } = options;
  const docCacheMs = docCacheLifetime(options.docCacheMs);
  const searchQueue = new SerialQueue('search');
  const documentsQueue = new SerialQueue('documents');
  const cache = new Map<string, { doc: SearchDoc; expires: number }>();
  for (const doc of options.documents ?? []) if (isDoc(doc)) cache.set(doc.id, { doc, expires: now() + docCacheMs });

  const post = (params: ReadonlyArray<readonly [string, string]>) =>
    requestJson<unknown>(url, {
      method: 'POST',
      body: new URLSearchParams(params.map(([k, v]) => [k, v] as [string, string])).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    });

  const cached = (id: string): SearchDoc | undefined => {
    const entry = cache.get(id);
    if (!entry) return undefined;
    if (entry.expires <= now()) {
      cache.delete(id);
      return undefined;
    }
    return entry.doc;
  };

  const inOrder = (ids: readonly string[]) => ids.map(cached).filter((doc): doc is SearchDoc => doc !== undefined);

  /** Memory, then the store: the ids neither has are left for the network. */
  const kept = (ids: readonly string[], patient = false, fromStore = true): Observable<string[]> => {
    const missing = ids.filter((id) => !cached(id));
    if (missing.length === 0 || !store || !fromStore) return of(missing);
    return from(store.read(missing, { patient })).pipe(
      map((found) => {
        for (const [id, entry] of found) cache.set(id, entry);
        return missing.filter((id) => !cached(id));
      }),
    );
  };

  return {
    search: (params) => searchQueue.run(() => post(params)),
    documents: (ids, extraParams = [], { store: fromStore = true } = {}) =>
      kept(ids, false, fromStore).pipe(
        switchMap((missing) => {
          if (missing.length === 0) return of(inOrder(ids));
          return documentsQueue.run(() =>
            post([['ids', missing.join(',')], ['wt', 'json'], ...extraParams]).pipe(
              map((body) => {
                const docs = (body as { response?: { docs?: unknown } }).response?.docs;
                const expires = now() + docCacheMs;
                const fetched = Array.isArray(docs) ? docs.filter(isDoc) : [];
                for (const doc of fetched) cache.set(doc.id, { doc, expires });
                if (fetched.length > 0) store?.write(fetched);
                return inOrder(ids);
              }),
            ),
          );
        }),
      ),
    cachedDocuments: (ids, { patient = false } = {}) => kept(ids, patient).pipe(map(() => inOrder(ids))),
    dispose: () => {
      searchQueue.dispose();
      documentsQueue.dispose();
    },
  };
}
