import { useLoaderData } from 'react-router';
import { useViewItem } from '@/bindings/analytics-hooks';
import type { ListingDetail } from '@/domain/content';
import { FlagButton } from '@/views/flag/flag-button';
import { FromPrice } from './from-price';
import { LeadFormButton } from '@/views/leads/lead-form-button';
import { ListingBooking } from '@/views/pricing/listing-booking';
import { LocationSection } from '@/views/map/location-map';
import { PhotoSlider } from './photo-slider';
import { PropertyTabs } from './property-tabs';
import { ReviewList } from './review-list';
import { WriteReview } from './write-review';

export { MissingListing } from './missing-listing';

/** The listing detail page (spec §2, node type vr-listing). */
export function ListingPage() {
  const listing = useLoaderData() as ListingDetail;
  useViewItem(listing);
  return (
    <article className="page page--listing node-vr-listing" data-eid={listing.eid}>
      <header className="listing-head">
        <div>
          <p className="eyebrow">
            {listing.type} · {listing.area}
          </p>
          <h1>{listing.name}</h1>
          <p className="listing-head__facts">
            {listing.bedrooms} bedrooms · {listing.bathrooms} bathrooms · sleeps {listing.sleeps}
            {listing.fromNightly > 0 && (
              <>
                {' '}
                · <FromPrice listing={listing} className="listing-head__price" />
              </>
            )}
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
        <PhotoSlider photos={listing.photos.length > 0 ? listing.photos : [listing.photo]} name={listing.name} />
        <div className="listing-top__side">
          <ListingBooking eid={listing.eid} />
          <LeadFormButton kind="rental" className="button button--secondary listing-ask" rental={{ eid: listing.eid, name: listing.name }}>
            Ask about this rental
          </LeadFormButton>
        </div>
      </div>

      <div className="listing-body">
        <PropertyTabs listing={listing} />

        <LocationSection
          place={{ latitude: listing.latitude, longitude: listing.longitude, label: listing.name }}
          summary={`${listing.area}, Coral Haven Coast · ${listing.latitude.toFixed(4)}, ${listing.longitude.toFixed(4)}`}
        />

        <section aria-labelledby="reviews">
          <h2 id="reviews">Guest reviews</h2>
          <WriteReview eid={listing.eid} listingName={listing.name} />
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
