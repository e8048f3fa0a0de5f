/** A full search document as the proxy returns it (fields of spec §3; values are untrusted). */
export type StoredDocument = Record<string, unknown> & { id: string };

/** A kept document and the moment (ms since the epoch) its lifetime ends. */
export interface KeptDocument {
  doc: StoredDocument;
  expires: number;
}

/**
 * Where full documents are kept beyond one page (spec §9: `doc_cache`, 1 hour by default), so the
 * search page, the favourites dropdown and the favourites view read them before the network.
 * Neither method ever fails: a store that cannot keep anything answers with nothing.
 */
export interface DocumentStore {
  /**
   * The documents still fresh for these ids (the ones it has). A read gives up after a moment
   * (the network is asked instead), unless it is `patient`: work no one waits for (the favourites
   * read once the page is idle) waits for a slow store.
   */
  read(ids: readonly string[], options?: { patient?: boolean }): Promise<ReadonlyMap<string, KeptDocument>>;
  /** Keeps these documents for the store's lifetime, from now. */
  write(docs: readonly StoredDocument[]): void;
}

/** Spec §9: the document cache lives 1 hour when no lifetime is configured. */
export const DEFAULT_DOC_CACHE_MS = 3_600_000;

/**
 * The document cache's lifetime for a configured `doc_cache` (ms; 0 or none: the spec's hour).
 *
 * @example docCacheLifetime(0) // 3_600_000
 */
export function docCacheLifetime(configured: number | undefined): number {
  return configured && configured > 0 ? configured : DEFAULT_DOC_CACHE_MS;
}
