import { useLoaderData } from 'react-router';
import { useFavouriteItems } from '@/app/hooks';
import type { FavouritesPage as FavouritesPageData } from '@/domain/content';
import { ListingGrid } from '@/views/listing/listing-card';

/** The favourites view (spec §2): the listings the visitor flagged; unflagging one takes it off the list. */
export function FavouritesPage() {
  const page = useLoaderData() as FavouritesPageData;
  const items = useFavouriteItems();
  const listings = page.listings.filter((listing) => items.includes(listing.docId));
  return (
    <div className="page page--favourites">
      <h1>{page.title}</h1>
      {listings.length === 0 ? (
        <div className="empty-state">
          <p>You have not flagged any rentals yet. Press the heart on a rental to keep it here.</p>
          <p>
            <a className="button button--primary" href="/search">
              Search rentals
            </a>
          </p>
        </div>
      ) : (
        <>
          <p className="result-count">
            {listings.length} {listings.length === 1 ? 'favourite' : 'favourites'}
          </p>
          <ListingGrid listings={listings} />
        </>
      )}
    </div>
  );
}
