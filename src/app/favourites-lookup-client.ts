import type { PageSettings } from '@/domain/settings';
import { preload } from '@/bindings/deferred';
import { pageDocumentStore } from '@/bindings/document-store';
import { lookupFavourites } from '@/effects/favourites-lookup';
import { createSearchClient, type SearchClient } from '@/effects/search-client';
import { favouritesList } from '@/views/flag/favourites-counter';
import type { FavouritesLookup } from './wire-effects';

let client: SearchClient | null = null;

/** The favourites' own search client (made on first use), reading the page's document cache. */
function clientFor(page: PageSettings): SearchClient {
  const { search } = page.settings;
  client ??= createSearchClient({ url: search.url, docCacheMs: search.doc_cache, store: pageDocumentStore(page) });
  return client;
}

/** The page's favourites lookup: kept documents first, then the search and the documents it needs. */
export function lookupForPage(page: PageSettings): FavouritesLookup {
  const own = clientFor(page);
  return (ids) => lookupFavourites(own, page.settings.search, page.settings.flag.key, ids);
}

/**
 * The favourites' documents kept from this page or an earlier one (never the network), and the
 * dropdown list's code with them, so the list opens full.
 */
export function keptForPage(page: PageSettings): FavouritesLookup {
  const own = clientFor(page);
  preload(favouritesList);
  // Read once the page is idle, with no network waiting on it: a slow store is waited for.
  return (ids) => own.cachedDocuments(ids, { patient: true });
}
