import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { useViewItem } from '@/bindings/analytics-hooks';
import { listingProduct } from '@/domain/analytics/products';
import type { ListingDetail } from '@/domain/content';
import { formatCents } from '@/domain/money';
import { FlagButton } from '@/views/flag/flag-button';
import { ListingBooking } from '@/views/pricing/listing-booking';
import { LazyImage } from '@/views/ui/lazy-image';
import { LocationSection } from '@/views/map/location-map';
import { PropertyTabs } from './property-tabs';
import { ReviewList } from './review-list';

export { MissingListing } from './missing-listing';

/** The listing detail page (spec §2, node type vr-listing). */
export function ListingPage() {
  const listing = useLoaderData() as ListingDetail;
  const [current, setCurrent] = useState(0);
  useViewItem(listingProduct(listing));
  const main = listing.photos[current] ?? listing.photo;
  return (
    <article className="page page--listing node-vr-listing" data-eid={listing.eid}>
      <header className="listing-head">
        <div>
          <p className="eyebrow">
            {listing.type} · {listing.area}
          </p>
          <h1>{listing.name}</h1>
          <p className="listing-head__facts">
            {listing.bedrooms} bedrooms · {listing.bathrooms} bathrooms · sleeps {listing.sleeps} · from{' '}
            <strong>{formatCents(listing.fromNightly)}</strong>/night
            {listing.rating !== null && (
              <>
                {' '}
                · ★ {listing.rating.toFixed(1)} ({listing.reviewCount} reviews)
              </>
            )}
          </p>
          <p className="muted">Property code {listing.propertyCode}</p>
        </div>
        <FlagButton itemId={listing.docId} itemName={listing.name} />
      </header>

      <div className="listing-top">
        <section className="gallery" aria-label="Photos">
          <figure className="gallery__main">
            <img src={main.src} alt={main.caption} width={main.width} height={main.height} fetchPriority="high" />
            <figcaption>{main.caption}</figcaption>
          </figure>
          <ul className="gallery__thumbs">
            {listing.photos.map((photo, index) => (
              <li key={photo.src}>
                <button
                  type="button"
                  className="gallery__thumb"
                  aria-label={`Show photo ${index + 1}: ${photo.caption}`}
                  aria-current={index === current || undefined}
                  data-main-slide={index === current || undefined}
                  onClick={() => setCurrent(index)}
                  onMouseEnter={() => setCurrent(index)}
                  onFocus={() => setCurrent(index)}
                >
                  <LazyImage photo={photo} alt="" />
                </button>
              </li>
            ))}
          </ul>
        </section>
        <ListingBooking eid={listing.eid} />
      </div>

      <div className="listing-body">
        <PropertyTabs listing={listing} />

        <LocationSection
          place={{ latitude: listing.latitude, longitude: listing.longitude, label: listing.name }}
          summary={`${listing.area}, Coral Haven Coast · ${listing.latitude.toFixed(4)}, ${listing.longitude.toFixed(4)}`}
        />

        <section aria-labelledby="reviews">
          <h2 id="reviews">Guest reviews</h2>
          <ReviewList reviews={listing.reviews} />
        </section>

        <aside className="keep-callout" aria-label="Keep this rental">
          <p>
            <strong>Thinking it over?</strong> Keep {listing.name} in your favourites and compare it with other places later.
          </p>
          <FlagButton itemId={listing.docId} itemName={listing.name} />
        </aside>
      </div>
    </article>
  );
}
