import { useItemPricing } from '@/bindings/pricing-hooks';
import { offerGroups } from '@/domain/pricing/offers';
import { PricingAlternates } from './pricing-alternates';
import { PricingDetail } from './pricing-detail';

/** The booking box's offers (spec §2): the Alternates display, and every offer in the Detail display. */
export function ListingOffers({ eid }: { eid: number }) {
  const item = useItemPricing(eid);
  const groups = item ? offerGroups({ ...item, prices: item.prices.filter((price) => !price.is_alternate) }) : [];
  return (
    <>
      <PricingAlternates eid={eid} />
      {groups.length > 0 && (
        <div className="booking-box__all">
          <h3>All offers for your dates</h3>
          <PricingDetail groups={groups} headingLevel={4} />
        </div>
      )}
    </>
  );
}
