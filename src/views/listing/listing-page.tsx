import { useLoaderData } from 'react-router';
import type { ListingDetail } from '@/domain/content';
import { formatCents } from '@/domain/money';
import { FlagButton } from '@/views/flag/flag-button';
import { ListingBooking } from '@/views/pricing/listing-booking';
import { PhotoSlider } from './photo-slider';
import { TourSlider } from './tour-slider';

export { MissingListing } from './missing-listing';

/** The listing detail page (spec §2, node type vr-listing). */
export function ListingPage() {
  const listing = useLoaderData() as ListingDetail;
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
        <PhotoSlider photos={listing.photos.length > 0 ? listing.photos : [listing.photo]} name={listing.name} />
        <ListingBooking eid={listing.eid} />
      </div>

      <div className="listing-body">
        <section aria-labelledby="about">
          <h2 id="about">About this rental</h2>
          {listing.description.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>

        <section aria-labelledby="amenities">
          <h2 id="amenities">Amenities</h2>
          <div className="amenities">
            {listing.amenityCategories.map((category) => (
              <div key={category.id} className="amenities__group" id={`amenity-category-${category.id}`}>
                <h3 title={category.description}>{category.name}</h3>
                <p className="muted amenities__description" id={`amenity-detail-${category.id}`}>
                  {category.description}
                </p>
                <ul>
                  {category.amenities.map((amenity) => (
                    <li key={amenity}>{amenity}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>

        {(listing.virtualTourUrl || listing.videoUrl) && (
          <section aria-labelledby="tours">
            <h2 id="tours">Virtual tour and video</h2>
            <TourSlider name={listing.name} virtualTourUrl={listing.virtualTourUrl} videoUrl={listing.videoUrl} />
          </section>
        )}

        <section aria-labelledby="location">
          <h2 id="location">Location</h2>
          <p>
            {listing.area}, Coral Haven Coast · {listing.latitude.toFixed(4)}, {listing.longitude.toFixed(4)}
          </p>
        </section>

        <section aria-labelledby="reviews">
          <h2 id="reviews">Guest reviews</h2>
          {listing.reviews.length === 0 ? (
            <p>No reviews yet. Stayed here? Tell the next guests how it was.</p>
          ) : (
            <ul className="reviews">
              {listing.reviews.map((review, index) => (
                <li key={index} className="review">
                  <p className="review__rating" aria-label={`${review.rating} out of 5`}>
                    {'★'.repeat(review.rating)}
                    <span className="muted">{'★'.repeat(5 - review.rating)}</span>
                  </p>
                  <h3 className="review__title">{review.title}</h3>
                  <p>{review.body}</p>
                  <p className="muted">
                    {review.author}, {review.date}
                  </p>
                </li>
              ))}
            </ul>
          )}
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
