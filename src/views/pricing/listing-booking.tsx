import { useAvailabilityActions, useBookedRanges, useItemPricing, useListingStay } from '@/app/pricing-hooks';
import { offerGroups } from '@/domain/pricing/offers';
import { PricingAlternates } from './pricing-alternates';
import { PricingDetail } from './pricing-detail';
import { StaySearchForm } from './stay-search-form';

/**
 * The listing page's booking box (spec §2): dates (booked nights disabled) and guests pre-filled
 * from `#rcav=` or the last search, the Alternates display for the chosen stay, and every offer
 * in the Detail display.
 */
export function ListingBooking({ eid }: { eid: number }) {
  const initial = useListingStay(eid);
  const booked = useBookedRanges(eid);
  const { search, clear } = useAvailabilityActions();
  const item = useItemPricing(eid);
  const groups = item ? offerGroups({ ...item, prices: item.prices.filter((price) => !price.is_alternate) }) : [];
  return (
    <section className="booking-box" aria-labelledby="booking-box-title">
      <h2 id="booking-box-title">Check availability and prices</h2>
      <StaySearchForm key={JSON.stringify(initial)} initial={initial} eid={eid} booked={booked} onSearch={search} onClear={clear} />
      <PricingAlternates eid={eid} />
      {groups.length > 0 && (
        <div className="booking-box__all">
          <h3>All offers for your dates</h3>
          <PricingDetail groups={groups} headingLevel={4} />
        </div>
      )}
    </section>
  );
}
