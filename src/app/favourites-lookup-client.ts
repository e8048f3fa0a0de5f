import type { PageSettings } from '@/domain/settings';
import { lookupFavourites } from '@/effects/favourites-lookup';
import { createSearchClient, type SearchClient } from '@/effects/search-client';
import type { FavouritesLookup } from './wire-effects';

let client: SearchClient | null = null;

/** The page's favourites lookup, through one search client of its own (made on first use). */
export function lookupForPage(page: PageSettings): FavouritesLookup {
  const { search, flag } = page.settings;
  client ??= createSearchClient({ url: search.url, docCacheMs: search.doc_cache });
  const own = client;
  return (ids) => lookupFavourites(own, search, flag.key, ids);
}
