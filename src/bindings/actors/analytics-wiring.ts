import { concatMap, map } from 'rxjs';
import type { Actor } from 'xstate';
import { addToCartEvent } from '@/domain/analytics/products';
import type { PageSettings } from '@/domain/settings';
import { connectAnalyticsDelivery, connectGa4Forwarding, type DeliveryOptions } from '@/effects/analytics-delivery';
import { itemIdsOf, type ItemIdLookup } from '@/effects/analytics-item-ids';
import { contentItemIdLookup } from '@/effects/item-id-lookup';
import { pagePath } from '@/effects/page-analytics';
import { sharedGa4 } from '@/effects/ga4';
import { documentEvents$ } from '@/effects/order-tabs';
import type { analyticsMachine } from '@/machines/analytics-machine';
import { ORDER_ADD_REQUEST_EVENT, type OrderAddRequest } from './order-events';

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
  // Named by the rental's property code, like its impressions and detail views (issue 22); in the order added.
  const added = documentEvents$<OrderAddRequest>(ORDER_ADD_REQUEST_EVENT)
    .pipe(
      map(({ offer, from }) => ({ offer, from, page: pagePath(), at: Date.now() })),
      concatMap(({ offer, from, page, at }) => itemIdsOf([offer.eid], lookup).pipe(map((idOf) => addToCartEvent(offer, from, page, at, idOf)))),
    )
    .subscribe((event) => analytics.send({ type: 'analytics.tracked', event }));
  const disposers = [connectAnalyticsDelivery(analytics, delivery), ...(ga4 ? [connectGa4Forwarding(analytics, ga4)] : []), () => added.unsubscribe()];
  return () => disposers.forEach((dispose) => dispose());
}
