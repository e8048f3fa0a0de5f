import { assign, emit, setup } from 'xstate';
import { hasLineItems, type Order } from '@/domain/order/order';
import { sharedItemsOf, type SharedItem } from '@/domain/order/shared-items';

export interface ShareOrderContext {
  /** The share form's HTML as the server sent it (the view sanitizes it). */
  form: string;
  /** The short URL to show; empty when there is none to show. */
  url: string;
}

export type ShareOrderEvent =
  | { type: 'share.requested'; order: Order }
  | { type: 'share.received'; form: string; url: string; order: Order }
  | { type: 'share.failed'; message: string }
  | { type: 'share.closed' };

export type ShareOrderEmitted =
  /** POST /rescms/order/share (and the URL shortener when a token is configured). */
  | { type: 'share.request'; order: Order }
  /** The shared items event (spec §4): 'rc_core_item' with each first price rounded and attached. */
  | { type: 'share.items.shared'; itemType: 'rc_core_item'; items: SharedItem[] }
  | { type: 'share.failure.logged'; message: string };

/**
 * Sharing the Trips Collection (spec §2 Share order, §4 Share button, §7, §8): the button shows
 * only for an order with line items; while the share modal is prepared it is pending and
 * disabled; the answer's form and short URL open in a modal; a failure is rejected silently
 * (logged) and the button is enabled again either way.
 */
export const shareOrderMachine = setup({
  types: { context: {} as ShareOrderContext, events: {} as ShareOrderEvent, emitted: {} as ShareOrderEmitted },
  guards: {
    hasLineItems: ({ event }) => event.type === 'share.requested' && hasLineItems(event.order),
  },
  actions: {
    ask: emit(({ event }) => ({ type: 'share.request' as const, order: (event as { order: Order }).order })),
    show: assign(({ event }) => (event.type === 'share.received' ? { form: event.form, url: event.url } : {})),
    announceItems: emit(({ event }) => ({
      type: 'share.items.shared' as const,
      itemType: 'rc_core_item' as const,
      items: event.type === 'share.received' ? sharedItemsOf(event.order) : [],
    })),
    logFailure: emit(({ event }) => ({ type: 'share.failure.logged' as const, message: event.type === 'share.failed' ? event.message : '' })),
    forget: assign({ form: '', url: '' }),
  },
}).createMachine({
  id: 'shareOrder',
  context: { form: '', url: '' },
  initial: 'idle',
  states: {
    idle: {
      on: { 'share.requested': { guard: 'hasLineItems', target: 'preparing', actions: 'ask' } },
    },
    preparing: {
      tags: ['pending'],
      on: {
        'share.received': { target: 'shown', actions: ['show', 'announceItems'] },
        'share.failed': { target: 'idle', actions: 'logFailure' },
      },
    },
    shown: {
      on: { 'share.closed': { target: 'idle', actions: 'forget' } },
    },
  },
});
