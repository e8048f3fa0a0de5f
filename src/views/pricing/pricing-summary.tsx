import { useSettings } from '@/bindings/hooks';
import { useItemPricing, useMoneyDisplay, usePricingActions } from '@/bindings/pricing-hooks';
import { shownPriceNote } from '@/domain/pricing/shown-prices';
import { lowestOffer, priceRangeText, savingsText } from '@/domain/pricing/texts';
import { CallToBook } from './call-to-book';

/**
 * Summary display (spec §2): the price range, the savings line, call-to-book with the phone, and
 * the trigger link (adds the single price to the order, or opens the Detail in a small modal).
 * Shows nothing until the visitor has searched dates. The range is of the stays' totals (every
 * mandatory fee and tax included), and the line under it says so.
 */
export function PricingSummary({ eid, name }: { eid: number; name?: string }) {
  const item = useItemPricing(eid);
  const settings = useSettings();
  const display = useMoneyDisplay();
  const actions = usePricingActions();
  if (!item) return null;
  const range = priceRangeText(item, display);
  const savings = savingsText(item.prices, settings.pricing.savings_annotation, display);
  const label = name ?? item.prices[0]?.n;
  const nights = lowestOffer(item)?.nt ?? 0;
  return (
    <div className="pricing-summary" data-pricing-eid={eid}>
      {range ? (
        <p className="pricing-summary__range">
          <span className="visually-hidden">Price for your dates: </span>
          {range}
        </p>
      ) : (
        <p className="pricing-summary__none muted">Not available for your dates</p>
      )}
      {/* The stay's whole price (per night with display_type 8): the main figure of the card, and what the quote and checkout charge. */}
      {range && <p className="pricing-summary__includes">{shownPriceNote(display, nights)}</p>}
      {item.prices.length > 0 && item.prices.every((price) => price.is_alternate) && <p className="pricing-summary__alternate">For arrival days near yours</p>}
      {savings && <p className="pricing-summary__savings">{savings}</p>}
      <CallToBook className="pricing-summary__call" />
      {item.prices.length > 0 && (
        <button
          type="button"
          className="pricing-summary__trigger link-button"
          aria-label={label ? `See offers for ${label}` : 'See offers'}
          onClick={() => actions.trigger(eid, item.prices)}
        >
          See offers
        </button>
      )}
    </div>
  );
}
