import { useSettings } from '@/bindings/hooks';
import { useItemPricing, useLastAvailabilitySearch, usePricingActions } from '@/bindings/pricing-hooks';
import { offerGroups, primaryOffers } from '@/domain/pricing/offers';
import { notAvailableText } from '@/domain/pricing/texts';
import { OfferRow } from './offer-row';

/**
 * Alternates display (spec §2): only the primary offer of each featured group; with no featured
 * group, the configured 'not available' text with the search date (spec §8); links to the
 * alternates and more-options modals.
 */
export function PricingAlternates({ eid }: { eid: number }) {
  const item = useItemPricing(eid);
  const search = useLastAvailabilitySearch();
  const settings = useSettings();
  const actions = usePricingActions();
  if (!item) return null;
  const groups = offerGroups(item);
  const primary = primaryOffers(groups);
  const hasAlternates = item.prices.some((price) => price.is_alternate);
  // The asked-for dates are taken and only nearby arrivals are offered: say so before showing them.
  const onlyAlternates = primary.length > 0 && primary.every(({ offer }) => offer.is_alternate);
  const notAvailable = notAvailableText(settings.pricing.not_available_text, search?.rcav.begin ?? item.prices[0]?.qp.rcav.begin ?? null);
  return (
    <section className="pricing-alternates" aria-label="Your dates">
      {onlyAlternates && (
        <p className="pricing-alternates__none" role="status">
          {notAvailable}
        </p>
      )}
      {primary.length === 0 ? (
        <p className="pricing-alternates__none" role="status">
          {notAvailable}
        </p>
      ) : (
        <ul className="offer-group__offers" aria-label={onlyAlternates ? 'Nearest available dates' : undefined}>
          {primary.map(({ group, offer }) => (
            <OfferRow key={group.id || 'default'} offer={offer} />
          ))}
        </ul>
      )}
      <p className="pricing-alternates__links">
        {hasAlternates && (
          <button type="button" className="link-button" onClick={() => actions.openAlternates(eid)}>
            See other dates
          </button>
        )}
        {item.prices.length > 0 && (
          <button type="button" className="link-button" onClick={() => actions.openOptions(eid)}>
            More pricing options
          </button>
        )}
      </p>
    </section>
  );
}
