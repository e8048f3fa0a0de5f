import type { Actor } from 'xstate';
import type { AnalyticsEvent } from '@/domain/analytics/events';
import { addToCartEvent, type ItemIdOf } from '@/domain/analytics/products';
import type { PageSettings } from '@/domain/settings';
import { connectAnalyticsDelivery, connectGa4Forwarding, type DeliveryOptions } from '@/effects/analytics-delivery';
import { contentItemIdLookup, itemIdsOf, type ItemIdLookup } from '@/effects/item-id-lookup';
import { pagePath } from '@/effects/page-analytics';
import { sharedGa4 } from '@/effects/ga4';
import { documentEvents$ } from '@/effects/order-tabs';
import type { analyticsMachine } from '@/machines/analytics-machine';
import { ORDER_ADD_REQUEST_EVENT, type OrderAddRequest } from './order-events';

/** An event about offers, which know only their items' eids: made once the items' ids are known (issue 22). */
export interface OfferEvent {
  eids: number[];
  make: (itemIdOf: ItemIdOf) => AnalyticsEvent;
}

/** Each connected analytics actor's queue of offer events (in the order given; each waits for the one before). */
const offerQueues = new WeakMap<Actor<typeof analyticsMachine>, (event: OfferEvent) => void>();

/**
 * An event about offers (add to cart, a checkout step) for the page's analytics: it names each
 * rental by its property code, like its impressions and detail views, and keeps its place among
 * the other offer events while an id is looked up.
 */
export function trackOffers(analytics: Actor<typeof analyticsMachine>, event: OfferEvent): void {
  offerQueues.get(analytics)?.(event);
}

/**
 * The page's analytics delivery (issue 16), loaded after the page: to the first-party collector
 * (always on: aggregate counts need no consent), add to cart from any pricing display, and GA4
 * after consent when a measurement id is configured. `lookup`: where an offer's property code is
 * asked for when the page has not shown it.
 */
export function connectAnalytics(
  actors: { analytics: Actor<typeof analyticsMachine> },
  page: PageSettings,
  delivery: DeliveryOptions = {},
  lookup: ItemIdLookup = contentItemIdLookup,
): () => void {
  const id = page.settings.analytics?.ga4_measurement_id ?? '';
  const ga4 = id ? sharedGa4(id) : null;
  const { analytics } = actors;
  let connected = true;
  let queue = Promise.resolve();
  const offers = ({ eids, make }: OfferEvent) => {
    queue = queue
      .then(() => itemIdsOf(eids, lookup))
      .then((idOf) => {
        if (connected) analytics.send({ type: 'analytics.tracked', event: make(idOf) });
      })
      .catch((error: unknown) => console.warn(`An analytics event could not be made: ${error instanceof Error ? error.message : String(error)}`));
  };
  offerQueues.set(analytics, offers);
  // Add to cart from any pricing display (its page and time are those of the add, not of the lookup).
  const added = documentEvents$<OrderAddRequest>(ORDER_ADD_REQUEST_EVENT).subscribe(({ offer, from }) => {
    const path = pagePath();
    const at = Date.now();
    offers({ eids: [offer.eid], make: (idOf) => addToCartEvent(offer, from, path, at, idOf) });
  });
  const disposers = [
    connectAnalyticsDelivery(analytics, delivery),
    ...(ga4 ? [connectGa4Forwarding(analytics, ga4)] : []),
    () => added.unsubscribe(),
    () => {
      connected = false;
      offerQueues.delete(analytics);
    },
  ];
  return () => disposers.forEach((dispose) => dispose());
}
