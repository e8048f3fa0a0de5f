import type { SearchPage } from '@/domain/content';
import { rankedDocuments } from '@/domain/search/ranking';
import { orderDocuments, parseDocumentsResponse, parseSearchResponse, type SearchResult } from '@/domain/search/response';
import { buildDocumentsParams, buildSearchParams } from '@/domain/search/search-params';
import type { SearchConfig } from '@/domain/search/search-config';
import { emptySearchState, type SearchState } from '@/domain/search/search-state';
import type { ResultDocument } from '@/machines/search-machine';

/**
 * The default search of a search page, run by the server (issue 10: complete server HTML): the
 * state of a hash-free address, the proxy's answer and the full documents of its results, so
 * the page is rendered with its facets, count, results and pager, and the browser starts from it.
 */
export interface InitialSearch {
  state: SearchState;
  result: SearchResult;
  /** The results' full documents, in the order the page shows them. */
  documents: ResultDocument[];
}

/** A search page's data: the content, and the default search the server ran (null: the browser searches). */
export type SearchPageData = SearchPage & { initialSearch: InitialSearch | null };

/** The server's ways to the search back end and the built-in ranking service. */
export interface SearchPorts {
  /** The proxy's select servlet (search and the full-documents fetch), as the browser would call it. */
  select: (params: ReadonlyArray<readonly [string, string]>) => Promise<unknown>;
  /** The built-in ranking's property codes, best first; absent when the ranking is another host's. */
  rankedIds?: () => Promise<string[]>;
}

/**
 * Runs the default search as the browser's first search would: the same request, the same
 * full-documents fetch, and, with the built-in ranking, the same order once the page's ranking
 * has arrived (every listing is ranked, so no tie is left to a random draw). Null when the
 * search is disabled or fails: the page then shows its first listings and the browser searches.
 */
export async function runInitialSearch(config: SearchConfig, ports: SearchPorts): Promise<InitialSearch | null> {
  const state = emptySearchState();
  const params = buildSearchParams(config, state);
  if (params === null) return null;
  const [body, rankedIds] = await Promise.all([ports.select(params), ports.rankedIds?.().catch(() => null) ?? null]);
  const parsed = parseSearchResponse(body, { rows: state.rows ?? config.max_rows, start: state.start });
  if (!parsed.ok) return null;
  const result = parsed.value;
  let documents: ResultDocument[] = result.ids.map((id) => ({ id }));
  if (config.return_full_docs) {
    const documentParams = buildDocumentsParams(config, result.ids);
    if (documentParams !== null) {
      const fetched = parseDocumentsResponse(await ports.select([...documentParams, ['wt', 'json']]));
      if (!fetched.ok) return null;
      documents = orderDocuments(fetched.value, result.ids);
    } else documents = [];
  }
  if (rankedIds) documents = rankedDocuments(documents, { rankedIds, seed: 1 }, state.sort);
  return { state, result, documents };
}
