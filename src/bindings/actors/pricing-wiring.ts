import { withoutRcavHash } from '@/domain/pricing/item-links';
import type { PageSettings } from '@/domain/settings';
import { searchAvailability } from '@/effects/availability-client';
import { dispatchSearchEvent, markSearching, SEARCH_START_EVENT, SEARCH_STOP_EVENT } from '@/effects/availability-page';
import { latestRequest } from '@/effects/latest-request';
import { replaceUrl } from '@/effects/order-tabs';
import { requestQuote } from '@/effects/quote-client';
import { connectAvailPricingStorage } from '@/persistence/avail-pricing';
import { readInsuranceState } from '@/persistence/insurance-state-cookie';
import { ORDER_ADD_REQUEST_EVENT, type OrderAddRequest } from './order-events';
import type { SiteActors } from './site-actors';
import { openBuyPage } from './buy-page';

export { ORDER_ADD_REQUEST_EVENT, type OrderAddRequest } from './order-events';

type PricingActors = Pick<SiteActors, 'availability' | 'availabilityModal' | 'quote'>;

/** The availability search's effects: the request, the page marks and events, and storage. */
export function connectAvailability(actors: Pick<SiteActors, 'availability'>, { storage = true }: { storage?: boolean } = {}): () => void {
  const { availability } = actors;
  const request = latestRequest();
  const subscriptions = [
    availability.on('availability.request', ({ requestId, params }) => {
      request.run(searchAvailability(params), {
        next: (items) => availability.send({ type: 'availability.results.received', requestId, items }),
        error: (error: unknown) => availability.send({ type: 'availability.search.failed', requestId, message: error instanceof Error ? error.message : String(error) }),
      });
    }),
    availability.on('availability.search.started', ({ params }) => {
      markSearching(true);
      dispatchSearchEvent(SEARCH_START_EVENT, { params });
    }),
    availability.on('availability.search.stopped', ({ ok }) => {
      markSearching(false);
      dispatchSearchEvent(SEARCH_STOP_EVENT, { ok });
    }),
    availability.on('availability.failure.logged', ({ message }) => console.warn(`Availability search failed: ${message}`)),
    availability.on('availability.cleared', () => {
      if (/(?:^#|&)rcav=/.test(window.location.hash)) replaceUrl(withoutRcavHash(window.location));
    }),
  ];
  const disconnectStorage = storage ? connectAvailPricingStorage(availability) : () => {};
  return () => {
    request.cancel();
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    disconnectStorage();
  };
}

const askOrder = (detail: OrderAddRequest) => document.dispatchEvent(new CustomEvent<OrderAddRequest>(ORDER_ADD_REQUEST_EVENT, { detail }));

/** The Detailed Quote's request, its failure log and its 'Add to Trips Collection'. */
export function connectQuote(quote: SiteActors['quote'], page: PageSettings): () => void {
  const request = latestRequest();
  const subscriptions = [
    quote.on('quote.request', ({ offer }) => {
      // Spec §5: the quote goes with the guest's insurance state (&province=), once known.
      request.run(requestQuote(offer.qp, page.settings.pricing.quote_buy_text, readInsuranceState(page.settings.insurance.states)), {
        next: (html) => quote.send({ type: 'quote.received', html }),
        error: (error: unknown) => quote.send({ type: 'quote.failed', message: error instanceof Error ? error.message : String(error) }),
      });
    }),
    // Spec §8: a failed quote is rejected silently; only the console hears of it.
    quote.on('quote.failure.logged', ({ message }) => console.warn(`Quote failed: ${message}`)),
    quote.on('order.add.requested', ({ offer, from }) => askOrder({ offer, from })),
  ];
  return () => {
    request.cancel();
    subscriptions.forEach((subscription) => subscription.unsubscribe());
  };
}

/** The pricing modals' order add requests and buy windows. */
export function connectAvailabilityModal(availabilityModal: SiteActors['availabilityModal'], page: PageSettings): () => void {
  const subscriptions = [
    availabilityModal.on('order.add.requested', ({ offer, from }) => askOrder({ offer, from })),
    availabilityModal.on('buy.window.requested', ({ url }) => openBuyPage(url, page.settings)),
  ];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}

/** Quotes, buy windows and order add requests of the pricing displays. */
export function connectPricingActions(actors: Omit<PricingActors, 'availability'>, page: PageSettings): () => void {
  const disconnectQuote = connectQuote(actors.quote, page);
  const disconnectModal = connectAvailabilityModal(actors.availabilityModal, page);
  return () => {
    disconnectQuote();
    disconnectModal();
  };
}

/** Everything of availability pricing on the page. Returns the disposer. */
export function connectPricing(actors: PricingActors, page: PageSettings): () => void {
  const disconnectAvailability = connectAvailability(actors);
  const disconnectActions = connectPricingActions(actors, page);
  return () => {
    disconnectAvailability();
    disconnectActions();
  };
}
