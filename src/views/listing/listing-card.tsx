import type { ListingSummary } from '@/domain/content';
import { FlagButton } from '@/views/flag/flag-button';
import { FromPrice } from './from-price';
import { LazyImage } from '@/views/ui/lazy-image';

/**
 * A result card; `eager` for the first cards a page shows (in view as it opens), `priority` for
 * the very first (its LCP image). `datesPriced`: the card's stay total for the chosen dates is
 * shown below it (the Summary display), so that total is its price and the 'from' price steps aside.
 */
export function ListingCard({ listing, eager = false, priority = false, datesPriced = false }: { listing: ListingSummary; eager?: boolean; priority?: boolean; datesPriced?: boolean }) {
  const href = `/listing/${listing.slug}`;
  return (
    <article className="listing-card" data-eid={listing.eid}>
      <a href={href} className="listing-card__image" tabIndex={-1} aria-hidden="true">
        <LazyImage photo={listing.photo} alt="" eager={eager} priority={priority} />
      </a>
      <div className="listing-card__body">
        <h3 className="listing-card__title">
          <a href={href}>{listing.name}</a>
        </h3>
        <p className="listing-card__meta">
          {listing.type} in {listing.area} · {listing.bedrooms} bd · {listing.bathrooms} ba · sleeps {listing.sleeps}
        </p>
        <p className="listing-card__summary">{listing.summary}</p>
        <div className="listing-card__footer">
          {!datesPriced && <FromPrice listing={listing} className="listing-card__price" />}
          {listing.rating !== null && (
            <span className="listing-card__rating" aria-label={`Rated ${listing.rating.toFixed(1)} out of 5 from ${listing.reviewCount} reviews`}>
              ★ {listing.rating.toFixed(1)} <span className="muted">({listing.reviewCount})</span>
            </span>
          )}
          <FlagButton itemId={listing.docId} itemName={listing.name} />
        </div>
      </div>
    </article>
  );
}

/** Cards in a grid; the first `eager` of them load their images at once (the first one first). */
export function ListingGrid({ listings, eager = 0 }: { listings: ListingSummary[]; eager?: number }) {
  return (
    <div className="listing-grid">
      {listings.map((listing, index) => (
        <ListingCard key={listing.eid} listing={listing} eager={index < eager} priority={eager > 0 && index === 0} />
      ))}
    </div>
  );
}
