/**
 * The search state a visitor controls (spec §2 Search results pages): the exposed parameters
 * kept in the URL hash. `fq` holds the active filters, one `field:value` per active facet
 * value whatever the facet's operator (see facets.ts); the request groups them.
 */
export interface SearchState {
  /** The visitor's query; empty or absent means the configured default_q. */
  q?: string;
  /** Active filters, `field:value` with the value formatted (filter-value.ts), in click order. */
  fq: string[];
  /** Solr sort, e.g. `fs_rating desc`. */
  sort?: string;
  /** Offset of the first result. */
  start: number;
  /** Rows per request; absent means the configured max_rows. */
  rows?: number;
}

/**
 * A fresh state with no query, no filters, first page.
 *
 * @example emptySearchState() // { fq: [], start: 0 }
 */
export function emptySearchState(): SearchState {
  return { fq: [], start: 0 };
}

/**
 * Two states that give the same request and the same hash: empty q equals no q, fq order kept.
 *
 * @example searchStatesEqual({ fq: [], start: 0 }, { q: '', fq: [], start: 0 }) // true
 */
export function searchStatesEqual(a: SearchState, b: SearchState): boolean {
  return (
    (a.q ?? '') === (b.q ?? '') &&
    (a.sort ?? '') === (b.sort ?? '') &&
    a.start === b.start &&
    a.rows === b.rows &&
    a.fq.length === b.fq.length &&
    a.fq.every((filter, i) => filter === b.fq[i])
  );
}
