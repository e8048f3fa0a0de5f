import type { Actor } from 'xstate';
import { addToCartEvent } from '@/domain/analytics/products';
import type { PageSettings } from '@/domain/settings';
import { connectAnalyticsDelivery, connectPageAnalytics, pagePath, type DeliveryOptions } from '@/effects/analytics-delivery';
import { createGa4, type Ga4 } from '@/effects/ga4';
import { documentEvents$ } from '@/effects/order-tabs';
import type { analyticsMachine } from '@/machines/analytics-machine';
import type { consentMachine } from '@/machines/consent-machine';
import { readConsent, writeConsent } from '@/persistence/consent-storage';
import { ORDER_ADD_REQUEST_EVENT, type OrderAddRequest } from './order-events';

/**
 * The cookie choice: read from storage (a missing or unreadable one shows the banner), kept when
 * made, and applied to GA4. Only with a GA4 measurement id: without one nothing needs consent.
 */
export function connectConsent(consent: Actor<typeof consentMachine>, ga4: Pick<Ga4, 'applyConsent'>, storage?: Storage | null): () => void {
  const subscriptions = [
    consent.on('consent.store.requested', ({ choice }) => writeConsent(choice, storage)),
    consent.on('consent.applied', ({ choice }) => ga4.applyConsent(choice)),
  ];
  consent.send({ type: 'consent.restored', choice: readConsent(storage) });
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}

/**
 * The page's analytics (issue 16): delivery to the first-party collector (always on: aggregate
 * counts need no consent), pagehide and error reports, add to cart from any pricing display,
 * and GA4 after consent when a measurement id is configured.
 */
export function connectAnalytics(
  actors: { analytics: Actor<typeof analyticsMachine>; consent: Actor<typeof consentMachine> },
  page: PageSettings,
  delivery: DeliveryOptions = {},
): () => void {
  const id = page.settings.analytics?.ga4_measurement_id ?? '';
  const ga4 = id ? createGa4(id) : null;
  const { analytics } = actors;
  const added = documentEvents$<OrderAddRequest>(ORDER_ADD_REQUEST_EVENT).subscribe(({ offer, from }) =>
    analytics.send({ type: 'analytics.tracked', event: addToCartEvent(offer, from, pagePath(), Date.now()) }),
  );
  const disposers = [
    connectAnalyticsDelivery(analytics, { forward: ga4 ? (events) => ga4.forward(events) : undefined, ...delivery }),
    connectPageAnalytics(analytics),
    () => added.unsubscribe(),
  ];
  if (ga4) disposers.push(connectConsent(actors.consent, ga4));
  return () => disposers.forEach((dispose) => dispose());
}
