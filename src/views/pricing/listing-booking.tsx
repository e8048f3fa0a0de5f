import { deferred } from '@/bindings/deferred';
import { useBookedRanges } from '@/bindings/booked-ranges-hooks';
import { useAvailabilityActions, useItemPricing, useListingStay } from '@/bindings/pricing-hooks';
import { useDeferred } from '@/bindings/use-deferred';
import { PlainButton } from '@/views/ui/plain-button';
import { StaySearchForm } from './stay-search-form';

/** The offers for the chosen stay: there are some only in the browser, after a search, so their code comes then. */
const listingOffers = deferred(() => import('./listing-offers'));

/**
 * The listing page's booking box (spec §2): dates (booked nights disabled) and guests pre-filled
 * from `#rcav=` or the last search, the Alternates display for the chosen stay, and every offer
 * in the Detail display.
 */
export function ListingBooking({ eid }: { eid: number }) {
  const initial = useListingStay(eid);
  const booked = useBookedRanges(eid);
  const { search, clear } = useAvailabilityActions();
  const priced = useItemPricing(eid) !== null;
  const offers = useDeferred(listingOffers, priced);
  return (
    <section className="booking-box" aria-labelledby="booking-box-title">
      <h2 id="booking-box-title">Check availability and prices</h2>
      <StaySearchForm initial={initial} eid={eid} booked={booked.ranges} onSearch={search} onClear={clear} />
      {booked.failed && (
        <div className="booking-box__problem" role="alert">
          <p>The booked dates could not be loaded: the calendar shows every night.</p>
          <PlainButton onPress={booked.retry}>Try again</PlainButton>
        </div>
      )}
      {priced && offers && <offers.ListingOffers eid={eid} />}
    </section>
  );
}
