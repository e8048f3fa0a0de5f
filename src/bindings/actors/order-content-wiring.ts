import { defer, Subscription, type Observable } from 'rxjs';
import type { ActivitySummary, ItemPage } from '@/domain/content';
import { errorMessage } from '@/effects/http-client';
import { httpContentSource } from '@/effects/content-client';
import type { SiteActors } from './site-actors';

/** The I/O of the order detail's content; tests play the content API through it (or through fetch). */
export interface OrderContentEffects {
  itemPage: (eid: number) => Observable<ItemPage | null>;
  activities: () => Observable<ActivitySummary[]>;
}

export const browserOrderContentEffects: OrderContentEffects = {
  itemPage: (eid) => defer(() => httpContentSource.item(eid)),
  activities: () => defer(() => httpContentSource.activities()),
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
  return () => {
    handlers.forEach((handler) => handler.unsubscribe());
    requests.unsubscribe();
  };
}
