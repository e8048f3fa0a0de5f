import { Subscription, type Observable } from 'rxjs';
import type { Order } from '@/domain/order/order';
import type { PageSettings } from '@/domain/settings';
import { dispatchDocumentEvent } from '@/effects/order-tabs';
import { shareOrder, type ShareSettings } from '@/effects/share-client';
import { withShareFormCode } from '../share-form-hooks';
import { SHARED_ITEMS_EVENT } from './order-events';
import type { SiteActors } from './site-actors';

/** The I/O of sharing; tests play the server through it. */
export interface ShareEffects {
  shareOrder: (order: Order, settings: ShareSettings) => Observable<{ form: string; url: string }>;
}

/** The browser's: the form's code comes with the form (withShareFormCode). */
export const browserShareEffects: ShareEffects = { shareOrder: (order, settings) => withShareFormCode(shareOrder(order, settings)) };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Connects the Share button's actor (spec §4 Share button, §7): the share call with the order's
 * share settings, the shared-items event, the failure log, and closing when the Trips Collection
 * closes every modal. Returns the disposer.
 */
export function connectShareOrder(
  actors: Pick<SiteActors, 'shareOrder' | 'order'>,
  page: PageSettings,
  effects: ShareEffects = browserShareEffects,
): () => void {
  const { shareOrder: share, order } = actors;
  const settings = page.settings.order;
  const requests = new Subscription();
  const handlers = [
    share.on('share.request', ({ order: shared }) =>
      requests.add(
        effects
          .shareOrder(shared, {
            shareUrl: settings.share_url,
            shortenerToken: settings.url_shortener_token,
            shortenerUrl: settings.url_shortener_url,
            origin: window.location.origin,
          })
          .subscribe({
            next: ({ form, url }) => share.send({ type: 'share.received', form, url, order: shared }),
            error: (error: unknown) => share.send({ type: 'share.failed', message: messageOf(error) }),
          }),
      ),
    ),
    share.on('share.items.shared', ({ itemType, items }) => dispatchDocumentEvent(SHARED_ITEMS_EVENT, { type: itemType, items })),
    share.on('share.failure.logged', ({ message }) => console.warn(`Sharing the Trips Collection failed: ${message}`)),
    order.on('order.modals.close', () => share.send({ type: 'share.closed' })),
  ];
  return () => {
    handlers.forEach((handler) => handler.unsubscribe());
    requests.unsubscribe();
  };
}
