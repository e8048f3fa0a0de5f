import { map, of, type Observable } from 'rxjs';
import { requestJson } from './http-client';
import { SerialQueue } from './serial-queue';

/** A full search document as the proxy returns it (fields of spec §3; values are untrusted). */
export type SearchDoc = Record<string, unknown> & { id: string };

/** Spec §9: the in-memory document cache lives 1 hour when no lifetime is configured. */
export const DEFAULT_DOC_CACHE_MS = 3_600_000;

export interface SearchClient {
  /** POSTs a search to the proxy through the search queue; yields the raw JSON response. */
  search(params: ReadonlyArray<readonly [string, string]>): Observable<unknown>;
  /** Full documents by id through the documents queue, cached per id, in the order asked. */
  documents(ids: readonly string[], extraParams?: ReadonlyArray<readonly [string, string]>): Observable<SearchDoc[]>;
  dispose(): void;
}

function isDoc(value: unknown): value is SearchDoc {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/**
 * The search effects (spec §7 Search): two named queues, each running one request at a time,
 * and a per-id document cache of `docCacheMs`.
 */
export function createSearchClient(options: {
  url: string;
  docCacheMs?: number;
  now?: () => number;
  /** Documents the page already has (the server's results), cached from the start. */
  documents?: readonly SearchDoc[];
}): SearchClient {
  const { url, now = Date.now } = options;
  const docCacheMs = options.docCacheMs && options.docCacheMs > 0 ? options.docCacheMs : DEFAULT_DOC_CACHE_MS;
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

  return {
    search: (params) => searchQueue.run(() => post(params)),
    documents: (ids, extraParams = []) => {
      const missing = ids.filter((id) => !cached(id));
      if (missing.length === 0) return of(inOrder(ids));
      return documentsQueue.run(() =>
        post([['ids', missing.join(',')], ['wt', 'json'], ...extraParams]).pipe(
          map((body) => {
            const docs = (body as { response?: { docs?: unknown } }).response?.docs;
            const expires = now() + docCacheMs;
            if (Array.isArray(docs)) for (const doc of docs) if (isDoc(doc)) cache.set(doc.id, { doc, expires });
            return inOrder(ids);
          }),
        ),
      );
    },
    dispose: () => {
      searchQueue.dispose();
      documentsQueue.dispose();
    },
  };
}
