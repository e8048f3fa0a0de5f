import { assign, emit, setup } from 'xstate';
import type { PricedOffer } from '@/domain/pricing/derived';

/** Which pricing modal is open, for which item (spec §2 Availability pricing display). */
export interface AvailabilityModalContext {
  /** settings.order.trigger_order. */
  triggerOrder: boolean;
  eid: number | null;
}

export type AvailabilityModalEvent =
  /** The Summary's trigger link: `offers` are the item's prices, `orderWidget` whether the page has one. */
  | { type: 'pricing.trigger.clicked'; eid: number; offers: PricedOffer[]; orderWidget: boolean }
  | { type: 'pricing.alternates.opened'; eid: number }
  | { type: 'pricing.options.opened'; eid: number }
  | { type: 'pricing.modal.closed' }
  | { type: 'pricing.offer.added'; offer: PricedOffer }
  | { type: 'pricing.offer.booked'; offer: PricedOffer };

export type AvailabilityModalEmitted =
  | { type: 'order.add.requested'; offer: PricedOffer; from: 'List' | 'Details' }
  | { type: 'buy.window.requested'; url: string };

/**
 * The pricing displays' modals and buttons (spec §2): the Summary's trigger adds the single price
 * to the order when trigger_order is set, the item has exactly one price and an order widget is
 * on the page, else it opens the Detail in a small modal; the Alternates links open the
 * alternates or the more-options modal. Add asks the order to add the offer (and the open modal
 * closes, spec §4: after an add all modals close); Book opens the buy page in a new window.
 */
export const availabilityModalMachine = setup({
  types: {
    context: {} as AvailabilityModalContext,
    input: {} as { triggerOrder: boolean },
    events: {} as AvailabilityModalEvent,
    emitted: {} as AvailabilityModalEmitted,
  },
  guards: {
    addsToOrder: ({ context, event }) => event.type === 'pricing.trigger.clicked' && context.triggerOrder && event.offers.length === 1 && event.orderWidget,
  },
  actions: {
    openFor: assign({ eid: ({ event }) => ('eid' in event ? event.eid : null) }),
    close: assign({ eid: null }),
    addSingle: emit(({ event }) => ({
      type: 'order.add.requested' as const,
      offer: (event.type === 'pricing.trigger.clicked' ? event.offers[0] : undefined) as PricedOffer,
      from: 'List' as const,
    })),
    addOffer: emit(({ event }) => ({ type: 'order.add.requested' as const, offer: (event as { offer: PricedOffer }).offer, from: 'Details' as const })),
    book: emit(({ event }) => ({ type: 'buy.window.requested' as const, url: (event as { offer: PricedOffer }).offer.itemBuyURL })),
  },
}).createMachine({
  id: 'availabilityModal',
  context: ({ input }) => ({ triggerOrder: input.triggerOrder, eid: null }),
  initial: 'closed',
  on: {
    'pricing.offer.booked': { actions: 'book' },
  },
  states: {
    closed: {
      on: {
        'pricing.trigger.clicked': [{ guard: 'addsToOrder', actions: 'addSingle' }, { target: 'detail', actions: 'openFor' }],
        'pricing.alternates.opened': { target: 'alternates', actions: 'openFor' },
        'pricing.options.opened': { target: 'options', actions: 'openFor' },
        'pricing.offer.added': { actions: 'addOffer' },
      },
    },
    detail: {
      on: {
        'pricing.modal.closed': { target: 'closed', actions: 'close' },
        'pricing.offer.added': { target: 'closed', actions: ['addOffer', 'close'] },
      },
    },
    alternates: {
      on: {
        'pricing.modal.closed': { target: 'closed', actions: 'close' },
        'pricing.offer.added': { target: 'closed', actions: ['addOffer', 'close'] },
      },
    },
    options: {
      on: {
        'pricing.modal.closed': { target: 'closed', actions: 'close' },
        'pricing.offer.added': { target: 'closed', actions: ['addOffer', 'close'] },
      },
    },
  },
});
