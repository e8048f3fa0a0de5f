import { isRouteErrorResponse, useRouteError } from 'react-router';
import { asMissingListing } from '@/domain/similar-listings';
import { RouteError } from '@/views/pages/route-error';
import { ListingGrid } from './listing-card';

/**
 * The listing route's error page. An unknown rental (status 404, no redirect): a search box with
 * the address's words, and rentals like it. Any other failure: the site's error page. It comes
 * with the listing page's module, not in the bundle of every page.
 */
export function MissingListing() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404 ? asMissingListing(error.data) : null;
  if (!missing) return <RouteError />;
  return (
    <section className="page page--error page--missing-listing">
      <h1>Rental not found</h1>
      <p>That rental is not on our site any more, or the address is mistyped. Search for another, or see the rentals below.</p>
      <form className="search-panel__form missing-listing__search" action="/search" method="get" role="search">
        <label htmlFor="missing-listing-q">Town, property name or feature</label>
        <div className="search-panel__row">
          <input id="missing-listing-q" name="q" type="search" defaultValue={missing.words} placeholder="e.g. Pelican Point, pool, 4 bedrooms" />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
      </form>
      {missing.similar.length > 0 && (
        <section className="section" aria-labelledby="similar-rentals">
          <h2 id="similar-rentals">Similar rentals</h2>
          <ListingGrid listings={missing.similar} />
        </section>
      )}
    </section>
  );
}
