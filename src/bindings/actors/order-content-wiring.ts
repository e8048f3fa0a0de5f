import { defer, map, Subscription, type Observable } from 'rxjs';
import type { ActivitySummary, ItemPage } from '@/domain/content';
import type { Price } from '@/domain/pricing/types';
import { searchAvailability } from '@/effects/availability-client';
import type { ActivityStay } from '@/machines/activity-offer-machine';
import { errorMessage } from '@/effects/http-client';
import { latestRequest } from '@/effects/latest-request';
import { httpContentSource } from '@/effects/content-client';
import type { SiteActors } from './site-actors';

/** The I/O of the order detail's content; tests play the content API through it (or through fetch). */
export interface OrderContentEffects {
  itemPage: (eid: number) => Observable<ItemPage | null>;
  activities: () => Observable<ActivitySummary[]>;
  /** The activity's first price for the stay's first day and guests (availability search), or null. */
  activityPrice: (eid: number, stay: ActivityStay) => Observable<Price | null>;
}

export const browserOrderContentEffects: OrderContentEffects = {
  itemPage: (eid) => defer(() => httpContentSource.item(eid)),
  activities: () => defer(() => httpContentSource.activities()),
  activityPrice: (eid, stay) =>
    searchAvailability({ rcav: { begin: stay.begin, adult: stay.adult, child: stay.child, IDs: [eid] } }).pipe(map((found) => found.find((item) => item.eid === eid)?.prices[0] ?? null)),
};

/**
 * Connects the order detail's content actor to the content API: each request it emits is fetched
 * and answered with a result event; failures are logged. Returns the disposer.
 */
export function connectOrderContent(orderContent: SiteActors['orderContent'], effects: OrderContentEffects = browserOrderContentEffects): () => void {
  const requests = new Subscription();
  const handlers = [
    orderContent.on('content.item.request', ({ eid }) =>
      requests.add(
        effects.itemPage(eid).subscribe({
          next: (page) => orderContent.send({ type: 'content.item.loaded', eid, page }),
          error: (error: unknown) => orderContent.send({ type: 'content.item.failed', eid, message: errorMessage(error) }),
        }),
      ),
    ),
    orderContent.on('content.activities.request', () =>
      requests.add(
        effects.activities().subscribe({
          next: (activities) => orderContent.send({ type: 'content.activities.loaded', activities }),
          error: (error: unknown) => orderContent.send({ type: 'content.activities.failed', message: errorMessage(error) }),
        }),
      ),
    ),
    orderContent.on('content.failure.logged', ({ message }) => console.warn(`The Trips Collection's details could not be loaded: ${message}`)),
  ];
  // Each activity's pane actor, once spawned: its price requests and failures.
  const connected = new Set<unknown>();
  const connectOffers = () => {
    for (const offer of Object.values(orderContent.getSnapshot().context.offers)) {
      if (connected.has(offer)) continue;
      connected.add(offer);
      const request = latestRequest();
      requests.add(() => request.cancel());
      handlers.push(
        offer.on('activity.price.request', ({ eid, stay }) => {
          request.run(effects.activityPrice(eid, stay), {
            next: (price) => offer.send(price ? { type: 'activity.priced', price } : { type: 'activity.unavailable' }),
            error: (error: unknown) => offer.send({ type: 'activity.failed', message: errorMessage(error) }),
          });
        }),
        offer.on('activity.failure.logged', ({ message }) => console.warn(`The activity could not be priced: ${message}`)),
      );
    }
  };
  const offers = orderContent.subscribe(connectOffers);
  connectOffers();
  return () => {
    offers.unsubscribe();
    handlers.forEach((handler) => handler.unsubscribe());
    requests.unsubscribe();
  };
}
