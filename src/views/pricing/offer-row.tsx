import { useSettings } from '@/bindings/hooks';
import { useMoneyDisplay, usePricingActions } from '@/bindings/pricing-hooks';
import { useQuote } from '@/bindings/quote-hooks';
import { useStateGuard } from '@/bindings/state-guard-hooks';
import type { PricedOffer } from '@/domain/pricing/derived';
import { formatStayDate } from '@/domain/pricing/dates';
import { shownPriceNote } from '@/domain/pricing/shown-prices';
import { originalPrice } from '@/domain/pricing/texts';
import { Button } from '@/views/ui/button';
import { CallToBook } from './call-to-book';
import { OfferAmount } from './money';

/**
 * One offer (spec §2 Detail): display name, display detail, savings, the original price struck
 * through, the price, and the Book / Add / Quote buttons the settings turn on; call-to-book
 * replaces Book when it is on.
 */
export function OfferRow({ offer, showDates = false }: { offer: PricedOffer; showDates?: boolean }) {
  const settings = useSettings();
  const display = useMoneyDisplay();
  const actions = usePricingActions();
  const quote = useQuote();
  // Spec §5: Book and Quote wait for the guest's insurance state when the site needs one.
  const guard = useStateGuard();
  const { buttons } = settings.pricing;
  const original = originalPrice(offer);
  const callToBook = settings.order.call_to_book.trim() !== '';
  const name = offer.dn ?? offer.n ?? 'Offer';
  return (
    <li className="offer" data-alternate={offer.is_alternate || undefined} data-savings={offer.has_savings || undefined}>
      <div className="offer__text">
        <p className="offer__name">{name}</p>
        {(showDates || offer.is_alternate) && (
          <p className="offer__dates">
            {formatStayDate(offer.b)} – {formatStayDate(offer.e)} · {offer.nt} {offer.nt === 1 ? 'night' : 'nights'}
          </p>
        )}
        {offer.dd && <p className="offer__detail">{offer.dd}</p>}
        {offer.has_savings && (
          <p className="offer__savings">
            {settings.pricing.savings_annotation} <OfferAmount amount={offer.s ?? 0} offer={offer} display={{ ...display, displayType: 0 }} />
          </p>
        )}
      </div>
      <p className="offer__price">
        {original !== null && (
          <s className="offer__original">
            <span className="visually-hidden">Was </span>
            <OfferAmount amount={original} offer={offer} display={display} />
          </s>
        )}{' '}
        <span className="visually-hidden">{original !== null ? 'Now ' : 'Price '}</span>
        <OfferAmount className="offer__amount" amount={offer.p} offer={offer} display={display} />
        <span className="price-note offer__includes">{shownPriceNote(display, offer.nt)}</span>
      </p>
      <div className="offer__actions">
        {buttons.book && !callToBook && (
          <Button variant="primary" aria-label={`Book ${name}`} onPress={() => guard(() => actions.book(offer))}>
            Book
          </Button>
        )}
        {callToBook && <CallToBook className="offer__call-to-book" />}
        {buttons.add && (
          <Button aria-label={`Add ${name} to Trips Collection`} onPress={() => actions.add(offer)}>
            Add
          </Button>
        )}
        {buttons.quote && (
          <Button
            aria-label={`Quote ${name}`}
            isPending={quote.isPending(offer)}
            isDisabled={quote.loading && !quote.isPending(offer)}
            onPress={() => guard(() => quote.request(offer))}
          >
            Quote
          </Button>
        )}
      </div>
    </li>
  );
}
