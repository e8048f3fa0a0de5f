import { isRouteErrorResponse, useRouteError } from 'react-router';
import { asMissingListing, type MissingListing } from '@/domain/similar-listings';
import { ListingGrid } from '@/views/listing/listing-card';

/** An unknown rental (status 404, no redirect): a search box with the address's words, and rentals like it. */
function MissingListingPage({ missing }: { missing: MissingListing }) {
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

/** Not found and failure pages: a clear message, never a stack trace. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const missing = notFound ? asMissingListing(error.data) : null;
  if (missing) return <MissingListingPage missing={missing} />;
  return (
    <section className="page page--error">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>
        {notFound
          ? 'The page you asked for does not exist or has moved.'
          : 'We could not show this page just now. Please try again in a moment.'}
      </p>
      <p>
        <a className="button button--primary" href="/">
          Go to the home page
        </a>{' '}
        <a className="button button--secondary" href="/search">
          Search rentals
        </a>
      </p>
    </section>
  );
}
