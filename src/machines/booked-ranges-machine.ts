import { assign, emit, setup } from 'xstate';

/** Occupied stays of a unit: nights begin..end - 1 (end is the departure day), YYYY-MM-DD. */
export interface BookedRange {
  begin: string;
  end: string;
}

export interface BookedRangesContext {
  /** The unit whose calendar is shown. */
  eid: number | null;
  ranges: BookedRange[];
}

export type BookedRangesEvent =
  | { type: 'calendar.wanted'; eid: number }
  | { type: 'calendar.loaded'; eid: number; ranges: BookedRange[] }
  | { type: 'calendar.failed'; eid: number; message: string }
  | { type: 'calendar.retried' };

export type BookedRangesEmitted = { type: 'calendar.request'; eid: number } | { type: 'calendar.failure.logged'; message: string };

/**
 * The booked nights of the listing page's unit (spec §2 Item routes: the booking box's dates
 * disable them): asked for when the booking box shows the unit. While they load, or when the call
 * failed, every night can be picked (the availability search still tells); a failure is said
 * beside the dates with 'Try again', which asks again. An answer for another unit is ignored.
 */
export const bookedRangesMachine = setup({
  types: { context: {} as BookedRangesContext, events: {} as BookedRangesEvent, emitted: {} as BookedRangesEmitted },
  guards: {
    otherUnit: ({ context, event }) => event.type === 'calendar.wanted' && event.eid !== context.eid,
    current: ({ context, event }) => (event.type === 'calendar.loaded' || event.type === 'calendar.failed') && event.eid === context.eid,
  },
  actions: {
    choose: assign(({ event }) => (event.type === 'calendar.wanted' ? { eid: event.eid, ranges: [] } : {})),
    ask: emit(({ context }) => ({ type: 'calendar.request' as const, eid: context.eid ?? 0 })),
    take: assign(({ event }) => (event.type === 'calendar.loaded' ? { ranges: event.ranges } : {})),
    log: emit(({ event }) => ({ type: 'calendar.failure.logged' as const, message: event.type === 'calendar.failed' ? event.message : '' })),
  },
}).createMachine({
  id: 'bookedRanges',
  context: { eid: null, ranges: [] },
  initial: 'idle',
  on: {
    'calendar.wanted': { guard: 'otherUnit', target: '.loading', actions: ['choose', 'ask'] },
  },
  states: {
    idle: {},
    loading: {
      tags: 'loading',
      on: {
        'calendar.loaded': { guard: 'current', target: 'loaded', actions: 'take' },
        'calendar.failed': { guard: 'current', target: 'failed', actions: 'log' },
      },
    },
    loaded: {},
    failed: {
      on: { 'calendar.retried': { target: 'loading', actions: 'ask' } },
    },
  },
});
