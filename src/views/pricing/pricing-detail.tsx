import type { OfferGroup } from '@/domain/pricing/offers';
import { OfferRow } from './offer-row';

/** Detail display (spec §2): offer groups, each with a heading and its offers. */
export function PricingDetail({ groups, headingLevel = 3, showDates = false }: { groups: OfferGroup[]; headingLevel?: 3 | 4; showDates?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="pricing-detail">
      {groups.map((group) => (
        <section key={group.id || 'default'} className="offer-group" data-featured={group.featured || undefined} aria-label={group.name}>
          <Heading className="offer-group__name">{group.name}</Heading>
          {group.offerby && <p className="offer-group__by">Offered by {group.offerby}</p>}
          <ul className="offer-group__offers">
            {group.offers.map((offer, index) => (
              <OfferRow key={`${offer.b}-${offer.p}-${index}`} offer={offer} showDates={showDates} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
