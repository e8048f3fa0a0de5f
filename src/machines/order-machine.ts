import { assign, emit, setup } from 'xstate';
import type { OrderSource } from '@/domain/order/init';
import { addLineItem, decodeOrder, emptyOrder, hasLineItems, MAX_LINE_ITEMS, MAX_ORDER_BASE64, parseOrder, removeLineItem, type LineItem, type Order } from '@/domain/order/order';
import type { PriceChange } from '@/domain/order/verification';
import type { PriceQueryParams } from '@/domain/pricing/types';

export type OrderMode = 'local' | 'session';

/** Re-opening the order after loading a shared trip waits 250 ms (spec §9 Timing). */
export const REOPEN_DELAY_MS = 250;

export interface OrderContext {
  /** settings.order.mode (spec §4 Trips Collection storage mode). */
  mode: OrderMode;
  order: Order;
  /** A shared order waiting for the visitor's confirmation. */
  candidate: Order | null;
  /** What changed in a shared order since it was shared (a price, an offer no longer available), said with the confirmation. */
  candidateChanges: PriceChange[];
  /** Why a shared order could not be opened (the visitor's own order is untouched). */
  notice: string | null;
  /** The order detail modal is open. */
  detailOpen: boolean;
  /** The line item a session-mode remove is waiting for. */
  pendingKey: string | null;
  /** The visitor's own order, kept while a shared one is looked at: a declined or unreadable shared order falls back to it. */
  fallback: Order | null;
}

export type OrderEvent =
  /** The page has loaded: the first initialisation rule that applies (spec §4). */
  | { type: 'order.init'; source: OrderSource; stored: Order | null }
  /** A shared order arrived in the hash after load. */
  | { type: 'order.shared.found'; source: OrderSource }
  /** The server's shared order (base64) at today's prices, and what changed since it was shared. */
  | { type: 'order.shortUrl.resolved'; encoded: string; changes?: PriceChange[] }
  | { type: 'order.shortUrl.failed'; message: string }
  | { type: 'order.fetched'; order: unknown }
  | { type: 'order.fetch.failed'; message: string }
  | { type: 'order.add.requested'; price: LineItem }
  | { type: 'order.remove.requested'; key: string }
  /** Session mode: the server's full order after an add or a remove. */
  | { type: 'order.server.answered'; order: unknown }
  | { type: 'order.server.failed'; message: string }
  | { type: 'order.shared.accepted' }
  | { type: 'order.shared.declined' }
  | { type: 'order.reopen.due' }
  | { type: 'order.detail.opened' }
  | { type: 'order.detail.closed' }
  | { type: 'order.notice.dismissed' }
  /** Another tab saved the order (already validated). */
  | { type: 'order.storage.changed'; order: Order }
  /** An order update from elsewhere on the page, which may ask for the detail to open. */
  | { type: 'order.update.received'; order: unknown; showDetail: boolean };

export type OrderEmitted =
  | { type: 'order.shortUrl.requested'; code: string }
  | { type: 'order.fetch.requested' }
  | { type: 'order.server.add'; qp: PriceQueryParams }
  | { type: 'order.server.remove'; key: string }
  /** Save under 'rcriotorder' (spec §4, §9 Storage). */
  | { type: 'order.saved'; order: Order }
  /** The order-updated event (spec §4). */
  | { type: 'order.updated'; order: Order; showDetail: boolean }
  /** After an add all modals close (spec §4). */
  | { type: 'order.modals.close' }
  | { type: 'order.hash.clear' }
  | { type: 'order.reopen.scheduled'; delayMs: number }
  | { type: 'order.failure.logged'; message: string };

const sourceOf = (event: OrderEvent): OrderSource | null => (event.type === 'order.init' || event.type === 'order.shared.found' ? event.source : null);
const rcodOf = (event: OrderEvent) => {
  const source = sourceOf(event);
  return source?.kind === 'rcod' ? decodeOrder(source.encoded) : null;
};
const serverOrder = (event: OrderEvent) => {
  const order = event.type === 'order.server.answered' || event.type === 'order.fetched' || event.type === 'order.update.received' ? event.order : undefined;
  return parseOrder(order, { trustTotal: true });
};
// A short link's order comes from the server: larger than a link's rcod may be (a full Trips Collection).
const resolvedOf = (event: OrderEvent) => (event.type === 'order.shortUrl.resolved' ? decodeOrder(event.encoded, { maxLength: MAX_ORDER_BASE64 }) : null);
const changesOf = (event: OrderEvent) => (event.type === 'order.shortUrl.resolved' ? (event.changes ?? []) : []);
const unreadable = (reason: string) => `This shared Trips Collection could not be opened (${reason}). Your own Trips Collection has not changed.`;

/**
 * The Trips Collection (spec §4 Trips Collection storage mode, initialisation, Opening a shared
 * trip; §8). Local mode adds at the first free 'ind-N' and removes by key, in cents; session mode
 * asks the server and takes its full order. Every change is saved and announced (order-updated);
 * after an add every modal closes and the detail opens. A shared order (short URL or rcod) is
 * opened only after the visitor confirms; then the hash is cleared and the detail opens 250 ms
 * later. Failures are rejected silently (logged) and leave the order as it was.
 */
export const orderMachine = setup({
  types: {
    context: {} as OrderContext,
    input: {} as { mode: OrderMode },
    events: {} as OrderEvent,
    emitted: {} as OrderEmitted,
  },
  guards: {
    isShortUrl: ({ event }) => sourceOf(event)?.kind === 'short-url',
    isValidRcod: ({ event }) => rcodOf(event)?.ok === true,
    isRcod: ({ event }) => sourceOf(event)?.kind === 'rcod',
    isStored: ({ event }) => sourceOf(event)?.kind === 'stored',
    isSessionSource: ({ event }) => sourceOf(event)?.kind === 'session',
    resolvedValid: ({ event }) => resolvedOf(event)?.ok === true,
    resolvedNothingLeft: ({ event }) => {
      const read = resolvedOf(event);
      return read?.ok === true && !hasLineItems(read.value) && changesOf(event).length > 0;
    },
    serverOrderValid: ({ event }) => serverOrder(event).ok,
    updateShowsDetail: ({ event }) => event.type === 'order.update.received' && event.showDetail && serverOrder(event).ok,
    hasFallbackItems: ({ context }) => context.fallback !== null && Object.keys(context.fallback.lis).length > 0,
    canAddLocally: ({ context }) => context.mode === 'local' && Object.keys(context.order.lis).length < MAX_LINE_ITEMS,
    isSession: ({ context }) => context.mode === 'session',
    knownLocalKey: ({ context, event }) => context.mode === 'local' && event.type === 'order.remove.requested' && event.key in context.order.lis,
    knownSessionKey: ({ context, event }) => context.mode === 'session' && event.type === 'order.remove.requested' && event.key in context.order.lis,
  },
  actions: {
    askShortUrl: emit(({ event }) => {
      const source = sourceOf(event);
      return { type: 'order.shortUrl.requested' as const, code: source?.kind === 'short-url' ? source.code : '' };
    }),
    askFetch: emit({ type: 'order.fetch.requested' as const }),
    holdRcod: assign({ candidate: ({ event }) => { const read = rcodOf(event); return read?.ok ? read.value : null; }, notice: null }),
    holdResolved: assign({ candidate: ({ event }) => { const read = resolvedOf(event); return read?.ok ? read.value : null; }, candidateChanges: ({ event }) => changesOf(event), notice: null }),
    noticeNothingLeft: assign({ notice: ({ event }) => unreadable(`none of its offers can still be booked: ${changesOf(event).map((change) => change.n).join('; ')}`) }),
    noticeBadRcod: assign({ notice: ({ event }) => { const read = rcodOf(event); return unreadable(read && !read.ok ? read.error : 'unknown'); } }),
    noticeBadResolved: assign({ notice: ({ event }) => { const read = resolvedOf(event); return unreadable(read && !read.ok ? read.error : 'unknown'); } }),
    noticeShortUrlFailed: assign({ notice: () => unreadable('the short link is unknown or has expired') }),
    useStored: assign({ order: ({ context, event }) => { const source = sourceOf(event); return source?.kind === 'stored' ? source.order : context.order; } }),
    useServerOrder: assign({ order: ({ context, event }) => { const read = serverOrder(event); return read.ok ? read.value : context.order; }, pendingKey: null }),
    useStorageOrder: assign({ order: ({ context, event }) => (event.type === 'order.storage.changed' ? event.order : context.order) }),
    addLocally: assign({ order: ({ context, event }) => (event.type === 'order.add.requested' ? addLineItem(context.order, event.price).order : context.order) }),
    removeLocally: assign({ order: ({ context, event }) => (event.type === 'order.remove.requested' ? removeLineItem(context.order, event.key) : context.order) }),
    replaceWithCandidate: assign({ order: ({ context }) => context.candidate ?? context.order, candidate: null, candidateChanges: [], fallback: null }),
    // The visitor's own order stays shown (the header widget) while a shared one waits for their answer.
    holdStored: assign({
      fallback: ({ event }) => (event.type === 'order.init' ? event.stored : null),
      order: ({ context, event }) => (event.type === 'order.init' && event.stored ? event.stored : context.order),
    }),
    holdCurrent: assign({ fallback: ({ context }) => context.order }),
    useFallback: assign({ order: ({ context }) => context.fallback ?? context.order, fallback: null }),
    dropFallback: assign({ fallback: null }),
    forgetCandidate: assign({ candidate: null, candidateChanges: [] }),
    save: emit(({ context }) => ({ type: 'order.saved' as const, order: context.order })),
    announce: emit(({ context }) => ({ type: 'order.updated' as const, order: context.order, showDetail: false })),
    announceWithDetail: emit(({ context }) => ({ type: 'order.updated' as const, order: context.order, showDetail: true })),
    closeModals: emit({ type: 'order.modals.close' as const }),
    openDetail: assign({ detailOpen: true }),
    closeDetail: assign({ detailOpen: false }),
    dismissNotice: assign({ notice: null }),
    clearHash: emit({ type: 'order.hash.clear' as const }),
    scheduleReopen: emit({ type: 'order.reopen.scheduled' as const, delayMs: REOPEN_DELAY_MS }),
    askServerAdd: emit(({ event }) => ({ type: 'order.server.add' as const, qp: (event as { price: LineItem }).price.qp })),
    askServerRemove: emit(({ event }) => ({ type: 'order.server.remove' as const, key: (event as { key: string }).key })),
    holdPendingKey: assign({ pendingKey: ({ event }) => (event.type === 'order.remove.requested' ? event.key : null) }),
    logFailure: emit(({ event }) => ({
      type: 'order.failure.logged' as const,
      message: 'message' in event ? event.message : event.type === 'order.add.requested' ? `The Trips Collection is full (${MAX_LINE_ITEMS} line items)` : `Unexpected order: ${(serverOrder(event) as { error?: string }).error ?? ''}`,
    })),
    releasePendingKey: assign({ pendingKey: null }),
  },
}).createMachine({
  id: 'order',
  context: ({ input }) => ({ mode: input.mode, order: emptyOrder(), candidate: null, candidateChanges: [], notice: null, detailOpen: false, pendingKey: null, fallback: null }),
  initial: 'starting',
  on: {
    'order.detail.opened': { actions: 'openDetail' },
    'order.detail.closed': { actions: 'closeDetail' },
    'order.notice.dismissed': { actions: 'dismissNotice' },
  },
  states: {
    starting: {
      on: {
        'order.init': [
          { guard: 'isShortUrl', target: 'resolving', actions: ['holdStored', 'askShortUrl'] },
          { guard: 'isValidRcod', target: 'confirming', actions: ['holdStored', 'holdRcod'] },
          { guard: 'isRcod', target: 'recovering', actions: ['holdStored', 'noticeBadRcod'] },
          { guard: 'isStored', target: 'ready', actions: ['useStored', 'announce'] },
          { guard: 'isSessionSource', target: 'fetching', actions: 'askFetch' },
          { target: 'ready' },
        ],
      },
    },
    resolving: {
      tags: ['loading'],
      on: {
        'order.shortUrl.resolved': [
          { guard: 'resolvedNothingLeft', target: 'recovering', actions: 'noticeNothingLeft' },
          { guard: 'resolvedValid', target: 'confirming', actions: 'holdResolved' },
          { target: 'recovering', actions: 'noticeBadResolved' },
        ],
        'order.shortUrl.failed': { target: 'recovering', actions: 'noticeShortUrlFailed' },
      },
    },
    fetching: {
      tags: ['loading'],
      on: {
        'order.fetched': [
          { guard: 'serverOrderValid', target: 'ready', actions: ['useServerOrder', 'save', 'announce'] },
          { target: 'ready', actions: 'logFailure' },
        ],
        'order.fetch.failed': { target: 'ready', actions: 'logFailure' },
      },
    },
    confirming: {
      on: {
        'order.shared.accepted': { target: 'reopening', actions: ['replaceWithCandidate', 'save', 'announce', 'clearHash', 'scheduleReopen'] },
        'order.shared.declined': { target: 'recovering', actions: 'forgetCandidate' },
      },
    },
    /** A shared order was declined or could not be read: the visitor's own order comes back (spec §4: nothing changes). */
    recovering: {
      always: [
        { guard: 'hasFallbackItems', target: 'ready', actions: ['useFallback', 'announce'] },
        { guard: 'isSession', target: 'fetching', actions: ['dropFallback', 'askFetch'] },
        { target: 'ready', actions: 'dropFallback' },
      ],
    },
    reopening: {
      on: { 'order.reopen.due': { target: 'ready', actions: 'openDetail' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'order.storage.changed': { actions: ['useStorageOrder', 'announce'] },
      },
      states: {
        idle: {
          on: {
            'order.add.requested': [
              { guard: 'canAddLocally', actions: ['addLocally', 'save', 'announceWithDetail', 'closeModals', 'openDetail'] },
              { guard: 'isSession', target: 'adding', actions: 'askServerAdd' },
              { actions: 'logFailure' },
            ],
            'order.remove.requested': [
              { guard: 'knownLocalKey', actions: ['removeLocally', 'save', 'announce'] },
              { guard: 'knownSessionKey', target: 'removing', actions: ['holdPendingKey', 'askServerRemove'] },
            ],
            'order.update.received': [
              { guard: 'updateShowsDetail', actions: ['useServerOrder', 'save', 'announce', 'openDetail'] },
              { guard: 'serverOrderValid', actions: ['useServerOrder', 'save', 'announce'] },
              { actions: 'logFailure' },
            ],
            'order.shared.found': [
              { guard: 'isShortUrl', target: '#order.resolving', actions: ['holdCurrent', 'askShortUrl'] },
              { guard: 'isValidRcod', target: '#order.confirming', actions: ['holdCurrent', 'holdRcod'] },
              { guard: 'isRcod', actions: 'noticeBadRcod' },
            ],
          },
        },
        adding: {
          tags: ['pending'],
          on: {
            'order.server.answered': [
              { guard: 'serverOrderValid', target: 'idle', actions: ['useServerOrder', 'save', 'announceWithDetail', 'closeModals', 'openDetail'] },
              { target: 'idle', actions: 'logFailure' },
            ],
            'order.server.failed': { target: 'idle', actions: 'logFailure' },
          },
        },
        removing: {
          tags: ['pending'],
          on: {
            'order.server.answered': [
              { guard: 'serverOrderValid', target: 'idle', actions: ['useServerOrder', 'save', 'announce'] },
              { target: 'idle', actions: ['releasePendingKey', 'logFailure'] },
            ],
            'order.server.failed': { target: 'idle', actions: ['releasePendingKey', 'logFailure'] },
          },
        },
      },
    },
  },
});
