/**
 * The search back end behind the Solr-style proxy (spec §7 Search): the embedded engine by
 * default, Apache Solr when SOLR_URL is set. Both take Solr request parameters and answer
 * with Solr's JSON response shape (spec §3 Search response fields read).
 */

/** A field value of a search document: Solr-style dynamic fields (ss_ string, is_ int, fs_ float, sm_ multi string, …). */
export type FieldValue = string | number | boolean | string[] | number[] | null;

/** One indexed document (spec §3 Search document): `id` is `{siteHash}-{indexId}-{entityKey}`. */
export interface SearchDocument {
  id: string;
  index_id: string;
  [field: string]: FieldValue;
}

/** Documents read one at a time, in their order: what the embedded engine loads an index image with. */
export interface StoredDocuments {
  readonly length: number;
  /** The i-th document's id, '' when it has no string id (such documents are not indexed). */
  id(i: number): string;
  /** The i-th document, parsed anew on each call. */
  get(i: number): SearchDocument;
}

/** Request parameters as Solr takes them: every name may repeat (fq, facet.field, …). */
export type SolrParams = ReadonlyMap<string, readonly string[]>;

export interface SolrResponse {
  responseHeader: { status: number; QTime: number; params: Record<string, string | string[]> };
  response: { numFound: number; start: number; docs: Record<string, FieldValue>[] };
  facet_counts?: {
    facet_queries: Record<string, number>;
    /** With json.nl=map `{value: count}`, otherwise Solr's flat list `[value, count, value, count]`. */
    facet_fields: Record<string, Record<string, number> | (string | number | null)[]>;
    facet_ranges: Record<string, { counts: Record<string, number> | (string | number | null)[]; gap: number | string; start: number | string; end: number | string; before?: number; after?: number; between?: number }>;
    facet_dates: Record<string, unknown>;
  };
  /** Flat lists by default; objects with json.nl=map. */
  spellcheck?: { suggestions: unknown[] | Record<string, unknown>; collations?: unknown[] | Record<string, unknown> };
}

/** A request the engine cannot run: answered 400 with the message (never 500). */
export class SearchRequestError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'SearchRequestError';
  }
}

/** The search back end seen by the proxy. */
export interface SearchBackend {
  readonly kind: 'embedded' | 'solr';
  /** The search servlet and the full-documents fetch (`ids=a,b,c`). */
  select(params: SolrParams): Promise<SolrResponse>;
  /** Autocomplete: up to `limit` suggestions for what the visitor has typed. */
  suggest(prefix: string, limit: number): Promise<string[]>;
  /** Replaces the whole index (start-up, indexer command). */
  replaceAll(documents: SearchDocument[]): Promise<void>;
  /** Adds or replaces documents, and removes ids (content changes). */
  update(documents: SearchDocument[], deletedIds: string[]): Promise<void>;
  /**
   * Embedded engine only: saves the index the last replaceAll() built (unchanged since) to `file`
   * as an image under `key`, so a restart can load it instead of building it; false when it cannot.
   */
  saveImage?(file: string, key: string): Promise<boolean>;
  /**
   * Embedded engine only: replaces the index with the image at `file` when it was saved under `key`
   * from these documents (kept as they are: the engine reads a document when a search returns it);
   * false (the index unchanged) when not.
   */
  loadImage?(file: string, key: string, documents: StoredDocuments): Promise<boolean>;
  close(): Promise<void>;
}
