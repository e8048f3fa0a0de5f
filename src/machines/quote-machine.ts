import { assign, emit, setup } from 'xstate';
import type { PricedOffer } from '@/domain/pricing/derived';

export interface QuoteContext {
  /** The offer whose Detailed Quote is asked for or shown. */
  offer: PricedOffer | null;
  /** Which Quote button asked (its offer key), so only that one shows pending. */
  buttonKey: string | null;
  /** The quote's HTML as the server sent it (the view sanitizes it). */
  html: string;
}

export type QuoteEvent =
  | { type: 'quote.requested'; offer: PricedOffer; buttonKey: string }
  | { type: 'quote.received'; html: string }
  | { type: 'quote.failed'; message: string }
  | { type: 'quote.closed' }
  | { type: 'quote.add.requested' };

export type QuoteEmitted =
  | { type: 'quote.request'; offer: PricedOffer }
  | { type: 'quote.failure.logged'; message: string }
  | { type: 'order.add.requested'; offer: PricedOffer; from: 'Detailed Quote' };

/**
 * The Detailed Quote (spec §2 Quote, §4 Quote button, §8): the button is pending and disabled while
 * the quote loads and always enabled again after the call; the HTML is shown in a tiny modal,
 * from which the offer can be added to the Trips Collection. A failure is rejected silently
 * (logged only, no message).
 */
export const quoteMachine = setup({
  types: { context: {} as QuoteContext, events: {} as QuoteEvent, emitted: {} as QuoteEmitted },
  actions: {
    ask: assign(({ event }) => (event.type === 'quote.requested' ? { offer: event.offer, buttonKey: event.buttonKey, html: '' } : {})),
    emitRequest: emit(({ context }) => ({ type: 'quote.request' as const, offer: context.offer as PricedOffer })),
    show: assign(({ event }) => (event.type === 'quote.received' ? { html: event.html, buttonKey: null } : {})),
    logFailure: emit(({ event }) => ({ type: 'quote.failure.logged' as const, message: event.type === 'quote.failed' ? event.message : '' })),
    forget: assign({ offer: null, buttonKey: null, html: '' }),
    emitAdd: emit(({ context }) => ({ type: 'order.add.requested' as const, offer: context.offer as PricedOffer, from: 'Detailed Quote' as const })),
  },
}).createMachine({
  id: 'quote',
  context: { offer: null, buttonKey: null, html: '' },
  initial: 'idle',
  states: {
    idle: {
      on: { 'quote.requested': { target: 'loading', actions: ['ask', 'emitRequest'] } },
    },
    loading: {
      tags: ['pending'],
      on: {
        'quote.received': { target: 'showing', actions: 'show' },
        'quote.failed': { target: 'idle', actions: ['logFailure', 'forget'] },
      },
    },
    showing: {
      on: {
        'quote.closed': { target: 'idle', actions: 'forget' },
        'quote.add.requested': { target: 'idle', actions: ['emitAdd', 'forget'] },
      },
    },
  },
});
