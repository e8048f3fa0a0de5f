import { useSettings } from '@/bindings/hooks';
import { useItemPricing, usePricingActions, usePricingModal } from '@/bindings/pricing-hooks';
import { useQuote } from '@/bindings/quote-hooks';
import { useStateGuardedLinks } from '@/bindings/state-guard-hooks';
import { bestOffers, offerGroups } from '@/domain/pricing/offers';
import { Button } from '@/views/ui/button';
import { Modal } from '@/views/ui/modal';
import { SanitizedHtml } from '@/views/ui/sanitized-html';
import { CallToBook } from './call-to-book';
import { OfferRow } from './offer-row';
import { PricingDetail } from './pricing-detail';

const TITLES = { detail: 'Offers', alternates: 'Other dates', options: 'More pricing options' } as const;

/** The body of the open pricing modal: Detail, the alternates, or the Modal display (spec §2). */
function PricingModalBody({ eid, kind }: { eid: number; kind: keyof typeof TITLES }) {
  const item = useItemPricing(eid);
  if (!item) return <p>Search your dates to see prices.</p>;
  if (kind === 'options') {
    // Modal display: the best-priced offer of each featured group.
    const best = bestOffers(offerGroups(item));
    return (
      <ul className="offer-group__offers pricing-modal">
        {best.map(({ group, offer }) => (
          <OfferRow key={group.id || 'default'} offer={offer} showDates />
        ))}
      </ul>
    );
  }
  const prices = kind === 'alternates' ? item.prices.filter((price) => price.is_alternate) : item.prices;
  return <PricingDetail groups={offerGroups({ ...item, prices })} showDates={kind === 'alternates'} />;
}

/**
 * The pricing modals of the page (spec §9 sizes: pricing detail small, quote tiny), rendered once:
 * the open Detail / alternates / options modal, and the Detailed Quote.
 */
export function PricingDialogs() {
  const modal = usePricingModal();
  const actions = usePricingActions();
  const quote = useQuote();
  const settings = useSettings();
  const guardLinks = useStateGuardedLinks();
  const item = useItemPricing(modal.eid ?? -1);
  const name = item?.prices[0]?.n;
  return (
    <>
      {modal.kind !== 'closed' && modal.eid !== null && (
        <Modal isOpen size="small" title={name ? `${TITLES[modal.kind]}: ${name}` : TITLES[modal.kind]} onClose={actions.close}>
          <PricingModalBody eid={modal.eid} kind={modal.kind} />
        </Modal>
      )}
      {quote.shown && (
        <Modal isOpen size="tiny" title="Detailed Quote" onClose={quote.close}>
          {/* The quote's buy link waits for the insurance state as the buttons do (spec §5). */}
          <div className="quote-content__links" onClick={guardLinks}>
            <SanitizedHtml className="quote-content" html={quote.html} />
          </div>
          {settings.order.call_to_book.trim() !== '' && <CallToBook className="quote-call-to-book" />}
          <div className="modal__actions">
            <Button variant="primary" onPress={quote.addToTrips}>
              Add to Trips Collection
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
