import type { Actor } from 'xstate';
import { addToCartEvent } from '@/domain/analytics/products';
import type { PageSettings } from '@/domain/settings';
import { connectAnalyticsDelivery, connectGa4Forwarding, type DeliveryOptions } from '@/effects/analytics-delivery';
import { pagePath } from '@/effects/page-analytics';
import { sharedGa4 } from '@/effects/ga4';
import { documentEvents$ } from '@/effects/order-tabs';
import type { analyticsMachine } from '@/machines/analytics-machine';
import { ORDER_ADD_REQUEST_EVENT, type OrderAddRequest } from './order-events';

/**
 * The page's analytics delivery (issue 16), loaded after the page: to the first-party collector
 * (always on: aggregate counts need no consent), add to cart from any pricing display, and GA4
 * after consent when a measurement id is configured. `delivery.replay`: what the actor asked for
 * before this module arrived.
 */
export function connectAnalytics(
  actors: { analytics: Actor<typeof analyticsMachine> },
  page: PageSettings,
  delivery: DeliveryOptions = {},
): () => void {
  const id = page.settings.analytics?.ga4_measurement_id ?? '';
  const ga4 = id ? sharedGa4(id) : null;
  const { analytics } = actors;
  const added = documentEvents$<OrderAddRequest>(ORDER_ADD_REQUEST_EVENT).subscribe(({ offer, from }) =>
    analytics.send({ type: 'analytics.tracked', event: addToCartEvent(offer, from, pagePath(), Date.now()) }),
  );
  const disposers = [connectAnalyticsDelivery(analytics, delivery), ...(ga4 ? [connectGa4Forwarding(analytics, ga4)] : []), () => added.unsubscribe()];
  return () => disposers.forEach((dispose) => dispose());
}
