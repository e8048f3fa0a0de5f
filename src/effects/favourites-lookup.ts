import { defer, map, of, switchMap, type Observable } from 'rxjs';
import { parseSearchResponse } from '@/domain/search/response';
import { buildDocumentsParams, buildFavouritesParams } from '@/domain/search/search-params';
import type { SearchConfig } from '@/domain/search/search-config';
import type { SearchClient, SearchDoc } from './search-client';

/**
 * The favourites lookup (spec §7): one search with `rows={count}&fq={key}:(id1 OR id2 …)`, then
 * the full documents of the ids it found, in the search's order. Ids the index no longer has
 * (a listing taken off the site) are simply missing. Errors reach the subscriber.
 */
export function lookupFavourites(client: SearchClient, config: SearchConfig, keyField: string, ids: readonly string[]): Observable<SearchDoc[]> {
  const params = buildFavouritesParams(config, keyField, ids);
  if (params === null) return of([]);
  const looked = defer(() => client.search(params)).pipe(
    map((body) => {
      const parsed = parseSearchResponse(body, { rows: ids.length, start: 0 });
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.value.ids;
    }),
    switchMap((found) =>
      found.length === 0
        ? of([])
        : // The kept ones are in the client's memory now and the rest were just looked for in the store.
          client.documents(found, (buildDocumentsParams(config, found) ?? []).filter(([name]) => name !== 'ids'), { store: false }),
    ),
  );
  // The guest waits for this lookup: a stuck store gives up after its timeout and the network answers.
  return client.cachedDocuments(ids).pipe(switchMap((kept) => (kept.length === ids.length ? of(kept) : looked)));
}
