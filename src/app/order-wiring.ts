import { skip, Subscription, type Observable } from 'rxjs';
import { initialOrderSource, sharedOrderIn, withoutSharedOrder } from '@/domain/order/init';
import { emptyOrder, type LineItem, type Order } from '@/domain/order/order';
import type { PriceQueryParams } from '@/domain/pricing/types';
import type { PageSettings } from '@/domain/settings';
import { addToSessionOrder, delay, fetchSessionOrder, removeFromSessionOrder, resolveShortUrl, type ResolvedShortUrl } from '@/effects/order-client';
import { locationHash$ } from '@/effects/location-hash';
import { dispatchDocumentEvent, documentEvents$, replaceUrl, storageChanges$ } from '@/effects/order-tabs';
import { shareOrder, type ShareSettings } from '@/effects/share-client';
import { ORDER_STORAGE_KEY, parseStoredOrder, readStoredOrder, saveStoredOrder } from '@/persistence/order-storage';
import { ORDER_ADD_REQUEST_EVENT, type OrderAddRequest } from './pricing-wiring';
import type { SiteActors } from './site-actors';

/** order-updated (spec §4), dispatched on the document with `{ order, showDetail }`. */
export const ORDER_UPDATED_EVENT = 'rcorder:updated';
/** Other scripts may send an order update (`{ order, showDetail }`); showDetail opens the detail. */
export const ORDER_UPDATE_EVENT = 'rcorder:update';
/** The shared items event (spec §4), with `{ type: 'rc_core_item', items }`. */
export const SHARED_ITEMS_EVENT = 'rcorder:items:shared';

/** The I/O the order uses; tests play the server, storage and time through these. */
export interface OrderEffects {
  resolveShortUrl: (code: string) => Observable<ResolvedShortUrl>;
  fetchSessionOrder: () => Observable<unknown>;
  addToSessionOrder: (qp: PriceQueryParams) => Observable<unknown>;
  removeFromSessionOrder: (key: string) => Observable<unknown>;
  shareOrder: (order: Order, settings: ShareSettings) => Observable<{ form: string; url: string }>;
  delay: (ms: number) => Observable<void>;
  storage: () => Storage | null;
}

export const browserOrderEffects: OrderEffects = {
  resolveShortUrl,
  fetchSessionOrder,
  addToSessionOrder,
  removeFromSessionOrder,
  shareOrder,
  delay,
  storage: () => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  },
};

type OrderActors = Pick<SiteActors, 'order' | 'shareOrder' | 'availabilityModal' | 'quote' | 'statusMessages'>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Connects the Trips Collection to the page (spec §4, §7): initialisation by the first rule that
 * applies, the pricing displays' add requests, the session server, local storage and other tabs,
 * the shared-trip hash, order-updated and the share calls. Returns the disposer.
 */
export function connectOrder(actors: OrderActors, page: PageSettings, effects: OrderEffects = browserOrderEffects): () => void {
  const { order, shareOrder: share } = actors;
  const settings = page.settings.order;
  const storage = effects.storage();
  const subscriptions = new Subscription();
  const run = <T,>(source: Observable<T>, next: (value: T) => void, error: (error: unknown) => void) => {
    subscriptions.add(source.subscribe({ next, error }));
  };
  const location = () => ({ hash: window.location.hash, search: window.location.search, pathname: window.location.pathname });

  const handlers = [
    order.on('order.shortUrl.requested', ({ code }) =>
      run(
        effects.resolveShortUrl(code),
        ({ encoded, changes }) => order.send({ type: 'order.shortUrl.resolved', encoded, changes }),
        (error) => order.send({ type: 'order.shortUrl.failed', message: messageOf(error) }),
      ),
    ),
    order.on('order.fetch.requested', () =>
      run(effects.fetchSessionOrder(), (answer) => order.send({ type: 'order.fetched', order: answer }), (error) => order.send({ type: 'order.fetch.failed', message: messageOf(error) })),
    ),
    order.on('order.server.add', ({ qp }) =>
      run(effects.addToSessionOrder(qp), (answer) => order.send({ type: 'order.server.answered', order: answer }), (error) => order.send({ type: 'order.server.failed', message: messageOf(error) })),
    ),
    order.on('order.server.remove', ({ key }) =>
      run(effects.removeFromSessionOrder(key), (answer) => order.send({ type: 'order.server.answered', order: answer }), (error) => order.send({ type: 'order.server.failed', message: messageOf(error) })),
    ),
    order.on('order.saved', ({ order: saved }) => saveStoredOrder(saved, storage)),
    order.on('order.updated', (detail) => dispatchDocumentEvent(ORDER_UPDATED_EVENT, { order: detail.order, showDetail: detail.showDetail })),
    order.on('order.modals.close', () => {
      actors.availabilityModal.send({ type: 'pricing.modal.closed' });
      actors.quote.send({ type: 'quote.closed' });
      actors.statusMessages.send({ type: 'status.messages.dismissed' });
      share.send({ type: 'share.closed' });
    }),
    order.on('order.hash.clear', () => replaceUrl(withoutSharedOrder(location()))),
    order.on('order.reopen.scheduled', ({ delayMs }) => run(effects.delay(delayMs), () => order.send({ type: 'order.reopen.due' }), () => {})),
    // Spec §8: add, remove and fetch failures are rejected silently; only the console hears of them.
    order.on('order.failure.logged', ({ message }) => console.warn(`Trips Collection: ${message}`)),
    share.on('share.request', ({ order: shared }) =>
      run(
        effects.shareOrder(shared, {
          shareUrl: settings.share_url,
          shortenerToken: settings.url_shortener_token,
          shortenerUrl: settings.url_shortener_url,
          origin: window.location.origin,
        }),
        ({ form, url }) => share.send({ type: 'share.received', form, url, order: shared }),
        (error) => share.send({ type: 'share.failed', message: messageOf(error) }),
      ),
    ),
    share.on('share.items.shared', ({ itemType, items }) => dispatchDocumentEvent(SHARED_ITEMS_EVENT, { type: itemType, items })),
    share.on('share.failure.logged', ({ message }) => console.warn(`Sharing the Trips Collection failed: ${message}`)),
  ];

  subscriptions.add(
    documentEvents$<OrderAddRequest>(ORDER_ADD_REQUEST_EVENT).subscribe(({ offer }) => order.send({ type: 'order.add.requested', price: offer as unknown as LineItem })),
  );
  subscriptions.add(
    documentEvents$<{ order?: unknown; showDetail?: unknown }>(ORDER_UPDATE_EVENT).subscribe((detail) =>
      order.send({ type: 'order.update.received', order: detail?.order, showDetail: detail?.showDetail === true }),
    ),
  );
  subscriptions.add(
    storageChanges$(ORDER_STORAGE_KEY).subscribe((raw) => {
      const changed = raw === null ? emptyOrder() : parseStoredOrder(raw);
      if (changed) order.send({ type: 'order.storage.changed', order: changed });
      else console.warn(`Another tab stored a Trips Collection (${ORDER_STORAGE_KEY}) that is not valid; it was ignored.`);
    }),
  );
  subscriptions.add(
    locationHash$()
      .pipe(skip(1))
      .subscribe(() => {
        const shared = sharedOrderIn(location(), settings.share_url);
        if (shared) order.send({ type: 'order.shared.found', source: shared });
      }),
  );

  const stored = readStoredOrder(storage);
  order.send({ type: 'order.init', source: initialOrderSource(location(), settings.share_url, stored, settings.mode), stored });

  return () => {
    handlers.forEach((handler) => handler.unsubscribe());
    subscriptions.unsubscribe();
  };
}
