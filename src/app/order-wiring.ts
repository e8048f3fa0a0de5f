import { from, skip, Subscription, switchMap, type Observable } from 'rxjs';
import { initialOrderSource, sharedOrderIn, withoutSharedOrder } from '@/domain/order/init';
import { emptyOrder, type LineItem } from '@/domain/order/order';
import type { PriceQueryParams } from '@/domain/pricing/types';
import type { PageSettings } from '@/domain/settings';
import type { ResolvedShortUrl } from '@/effects/order-client';
import { deferred } from '@/bindings/deferred';
import { locationHash$ } from '@/effects/location-hash';
import { dispatchDocumentEvent, documentEvents$, markTrip, replaceUrl, storageChanges$ } from '@/effects/order-tabs';
import { ORDER_STORAGE_KEY, parseStoredOrder, readStoredOrder, saveStoredOrder } from '@/persistence/order-storage';
import { ORDER_ADD_REQUEST_EVENT, type OrderAddRequest } from '@/bindings/actors/order-events';
import type { SiteActors } from '@/bindings/actors/site-actors';

/** order-updated (spec §4), dispatched on the document with `{ order, showDetail }`. */
export const ORDER_UPDATED_EVENT = 'rcorder:updated';
/** Other scripts may send an order update (`{ order, showDetail }`); showDetail opens the detail. */
export const ORDER_UPDATE_EVENT = 'rcorder:update';
export { SHARED_ITEMS_EVENT } from '@/bindings/actors/order-events';

/** The I/O the order uses; tests play the server, storage and time through these. */
export interface OrderEffects {
  resolveShortUrl: (code: string) => Observable<ResolvedShortUrl>;
  fetchSessionOrder: () => Observable<unknown>;
  addToSessionOrder: (qp: PriceQueryParams) => Observable<unknown>;
  removeFromSessionOrder: (key: string) => Observable<unknown>;
  delay: (ms: number) => Observable<void>;
  storage: () => Storage | null;
}

/**
 * The order's server calls and their checks of the answers: their code comes with the first call
 * (most pages make none at start: the Trips Collection is read from local storage), not in every
 * page's first script (the 120 kB budget).
 */
const orderClient = deferred(() => import('@/effects/order-client'));
type OrderClient = NonNullable<ReturnType<typeof orderClient.current>>;
const viaOrderClient =
  <A extends unknown[], T>(call: (client: OrderClient, ...args: A) => Observable<T>) =>
  (...args: A): Observable<T> =>
    from(orderClient.load()).pipe(switchMap((client) => call(client, ...args)));

export const browserOrderEffects: OrderEffects = {
  resolveShortUrl: viaOrderClient((client, code: string) => client.resolveShortUrl(code)),
  fetchSessionOrder: viaOrderClient((client) => client.fetchSessionOrder()),
  addToSessionOrder: viaOrderClient((client, qp: PriceQueryParams) => client.addToSessionOrder(qp)),
  removeFromSessionOrder: viaOrderClient((client, key: string) => client.removeFromSessionOrder(key)),
  delay: viaOrderClient((client, ms: number) => client.delay(ms)),
  storage: () => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  },
};

type OrderActors = Pick<SiteActors, 'order' | 'statusMessages'>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Connects the Trips Collection to the page (spec §4, §7): initialisation by the first rule that
 * applies, the pricing displays' add requests, the session server, local storage and other tabs,
 * the shared-trip hash and order-updated (sharing is connected with its actor, share-wiring.ts).
 * Returns the disposer.
 */
export function connectOrder(actors: OrderActors, page: PageSettings, effects: OrderEffects = browserOrderEffects): () => void {
  const { order } = actors;
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
    // The pricing modals, the quote and the share modal close themselves (their actors' wiring).
    order.on('order.modals.close', () => actors.statusMessages.send({ type: 'status.messages.dismissed' })),
    order.on('order.hash.clear', () => replaceUrl(withoutSharedOrder(location()))),
    order.on('order.reopen.scheduled', ({ delayMs }) => run(effects.delay(delayMs), () => order.send({ type: 'order.reopen.due' }), () => {})),
    // Spec §8: add, remove and fetch failures are rejected silently; only the console hears of them.
    order.on('order.failure.logged', ({ message }) => console.warn(`Trips Collection: ${message}`)),
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

  // Once the order is known, the page's mark follows it (the place kept for it on /mytrip and checkout).
  subscriptions.add(
    order.subscribe((snapshot) => {
      if (snapshot.matches('starting') || snapshot.hasTag('loading')) return;
      markTrip(Object.keys(snapshot.context.order.lis).length > 0);
    }),
  );

  const stored = readStoredOrder(storage);
  order.send({ type: 'order.init', source: initialOrderSource(location(), settings.share_url, stored, settings.mode), stored });

  return () => {
    handlers.forEach((handler) => handler.unsubscribe());
    subscriptions.unsubscribe();
  };
}
