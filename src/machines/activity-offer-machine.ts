import { assign, emit, setup } from 'xstate';
import type { Price } from '@/domain/pricing/types';

/** The stay an activity is priced for: the Trips Collection's first stay's arrival and guests. */
export interface ActivityStay {
  begin: string;
  adult: number;
  child: number;
}

export interface ActivityOfferContext {
  eid: number;
  stay: ActivityStay | null;
  price: Price | null;
}

export type ActivityOfferEvent =
  | { type: 'activity.toggled'; stay: ActivityStay }
  | { type: 'activity.priced'; price: Price }
  | { type: 'activity.unavailable' }
  | { type: 'activity.failed'; message: string }
  | { type: 'activity.retried' };

export type ActivityOfferEmitted = { type: 'activity.price.request'; eid: number; stay: ActivityStay } | { type: 'activity.failure.logged'; message: string };

/**
 * One '+ {activity name}' pane of the order detail (spec §2 Trips Collection): opening it prices
 * the activity with the availability search for the stay's first day and guests; it then shows
 * the price with Add, or that the activity is not available on these dates. A failed search is
 * said with 'Try again', which searches again; closing and opening the pane searches again too.
 */
export const activityOfferMachine = setup({
  types: {
    context: {} as ActivityOfferContext,
    events: {} as ActivityOfferEvent,
    emitted: {} as ActivityOfferEmitted,
    input: {} as { eid: number },
  },
  actions: {
    keepStay: assign(({ event }) => (event.type === 'activity.toggled' ? { stay: event.stay, price: null } : {})),
    ask: emit(({ context }) => ({ type: 'activity.price.request' as const, eid: context.eid, stay: context.stay as ActivityStay })),
    take: assign(({ event }) => (event.type === 'activity.priced' ? { price: event.price } : {})),
    log: emit(({ event }) => ({ type: 'activity.failure.logged' as const, message: event.type === 'activity.failed' ? event.message : '' })),
  },
}).createMachine({
  id: 'activityOffer',
  context: ({ input }) => ({ eid: input.eid, stay: null, price: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'activity.toggled': { target: 'open', actions: 'keepStay' } },
    },
    open: {
      initial: 'loading',
      on: { 'activity.toggled': { target: 'closed' } },
      states: {
        loading: {
          tags: 'loading',
          entry: 'ask',
          on: {
            'activity.priced': { target: 'priced', actions: 'take' },
            'activity.unavailable': { target: 'unavailable' },
            'activity.failed': { target: 'failed', actions: 'log' },
          },
        },
        priced: {},
        unavailable: {},
        failed: {
          on: { 'activity.retried': { target: 'loading' } },
        },
      },
    },
  },
});
