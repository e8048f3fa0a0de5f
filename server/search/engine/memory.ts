/**
 * How much memory the embedded engine needs for a set of documents, and the refusal to build an
 * index that would not fit the memory it is given (issue 27): a site that outgrows the machine
 * should switch to Solr (SOLR_URL) rather than swap or die out of memory.
 *
 * The estimate covers the documents (the engine keeps them to return their fields) and the index,
 * measured by `node --expose-gc --max-old-space-size=12000 --import tsx bench/search-engine.ts
 * --sizes 100000,1000000` on generated listings with 80–200-word descriptions (about 1,100
 * characters of text each): the process heap after the build was about 300 MiB at 100 000 and
 * 2 930 MiB at 1 000 000, about 2.4 bytes per character of text beyond a fixed share per listing
 * (object, id map, columns, the ids' order, the query-time working sets). The documents' strings
 * are about half of it; the index holds each text field and the `_text_` catch-all copy of them
 * that bare words search (as the Solr config set's df=_text_), as packed postings (a document and
 * its term frequency in one Int32) and a forward index of varint term ids (one or two bytes a
 * word). With a tenth of headroom: about 330 MiB per 100 000 such listings.
 */
import v8 from 'node:v8';
import type { SearchDocument } from '../types.ts';

/** Bytes per listing whatever its text (document object, id map, keyword columns, query working sets). */
export const BYTES_PER_DOCUMENT = 440;
/** Bytes per character of the documents' string values (the documents and the text index). */
export const BYTES_PER_CHARACTER = 2.7;

/** The engine's estimated memory (bytes) for these documents. */
export function estimateEngineBytes(documents: readonly SearchDocument[]): number {
  let chars = 0;
  for (const doc of documents) {
    for (const name in doc) {
      const value = doc[name];
      if (typeof value === 'string') chars += value.length;
      else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') chars += v.length;
    }
  }
  return documents.length * BYTES_PER_DOCUMENT + chars * BYTES_PER_CHARACTER;
}

/** The engine refused to build an index larger than its memory limit. */
export class SearchMemoryError extends Error {
  constructor(
    readonly neededBytes: number,
    readonly limitBytes: number,
    readonly documents: number,
  ) {
    const mib = (b: number) => Math.ceil(b / 1048576);
    super(
      `The embedded search engine would need about ${mib(neededBytes)} MiB for ${documents} listings, more than the ${mib(limitBytes)} MiB it is given ` +
        `(SEARCH_MEMORY_MB, at most node's heap limit): set SOLR_URL to search with Apache Solr instead, or give the server more memory ` +
        `(SEARCH_MEMORY_MB and node --max-old-space-size).`,
    );
    this.name = 'SearchMemoryError';
  }
}

/** Throws SearchMemoryError when an index of `documents` listings needing `neededBytes` (estimateEngineBytes) would not fit `limitBytes` (undefined = no limit). */
export function checkEngineMemory(neededBytes: number, documents: number, limitBytes: number | undefined): void {
  if (limitBytes !== undefined && neededBytes > limitBytes) throw new SearchMemoryError(neededBytes, limitBytes, documents);
}

/**
 * The engine's memory limit in bytes: SEARCH_MEMORY_MB when set, else three quarters of node's
 * heap limit (`--max-old-space-size`), never more than the heap limit: the documents live in
 * that heap, and the rest of the server needs some of it.
 */
export function engineMemoryLimit(configuredMiB: number | undefined): number {
  const heap = v8.getHeapStatistics().heap_size_limit;
  return configuredMiB === undefined ? Math.floor(heap * 0.75) : Math.min(configuredMiB * 1048576, heap);
}
