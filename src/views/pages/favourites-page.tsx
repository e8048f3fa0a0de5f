import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { useFavouriteItems, useFavouritesViewHash } from '@/bindings/hooks';
import { SearchProvider } from '@/bindings/search-context';
import type { FavouritesPage as FavouritesPageData } from '@/domain/content';
import { SearchResults } from '@/views/search/search-results';

/**
 * The favourites view (spec §2): a search for `{key}:(id1 OR id2 …)` in the hash, so the list
 * can be bookmarked and shared. An item unflagged here stays on the page until the header's
 * 'Refresh' link (spec: the favourites block's label on this view) runs the search again.
 */
export function FavouritesPage() {
  const page = useLoaderData() as FavouritesPageData;
  const items = useFavouriteItems();
  // Decided once, on the server and in the browser alike (both read the cookie).
  const [hadFavourites] = useState(() => items.length > 0);
  useFavouritesViewHash();
  return (
    <div className="page page--favourites">
      <h1>{page.title}</h1>
      {hadFavourites ? (
        <>
          <p className="lead">The rentals you flagged with the heart. Unflag one and press Refresh to take it off the list.</p>
          {/* The visitor's own list: not reordered by the ranking. */}
          <SearchProvider ranked={false}>
            <SearchResults initial={page.listings} initialTotal={page.listings.length} facets={false} />
          </SearchProvider>
        </>
      ) : (
        <div className="empty-state">
          <p>You have not flagged any rentals yet. Press the heart on a rental to keep it here.</p>
          <p>
            <a className="button button--primary" href="/search">
              Search rentals
            </a>
          </p>
        </div>
      )}
    </div>
  );
}
