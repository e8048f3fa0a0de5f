import { emit, setup } from 'xstate';

export interface LocationMapInput {
  /** The map is shown from the start (the featured area of an event page) rather than in a collapsed section. */
  open: boolean;
}

export type LocationMapEvent =
  /** The visitor opened or closed the collapsed section. */
  | { type: 'location.toggled' }
  | { type: 'location.retried' }
  /** The map code has loaded and the map is drawn in its box. */
  | { type: 'map.ready' }
  | { type: 'map.failed'; message: string };

export type LocationMapEmitted =
  | { type: 'map.load.requested' }
  /** The box has just been shown: Leaflet measures it again and draws the tiles (invalidateSize). */
  | { type: 'map.redraw.requested' }
  | { type: 'map.failure.logged'; message: string };

/**
 * A rental's or event's location map (spec §2 Listing detail page: a location map redrawn when its
 * collapsed section is opened; Events: the map in the featured area). Nothing of the map loads
 * before the section is first opened; once drawn, every opening redraws it at its new size. A
 * failed load says so in the section with a way to try again. Closing the section while the map
 * loads drops that load's answer; opening it again asks again (the code, once loaded, is kept).
 * The search results' map is one too, shown from the start and never collapsed.
 */
export const locationMapMachine = setup({
  types: { input: {} as LocationMapInput, events: {} as LocationMapEvent, emitted: {} as LocationMapEmitted },
  guards: { startsOpen: ({ context }) => context.open },
  actions: {
    load: emit({ type: 'map.load.requested' }),
    redraw: emit({ type: 'map.redraw.requested' }),
    log: emit(({ event }) => ({ type: 'map.failure.logged' as const, message: event.type === 'map.failed' ? event.message : '' })),
  },
}).createMachine({
  id: 'locationMap',
  context: ({ input }) => ({ open: input.open }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsOpen', target: 'loading' }, { target: 'closed' }],
    },
    /** Collapsed, never drawn: no map code has loaded. */
    closed: { on: { 'location.toggled': 'loading' } },
    loading: {
      entry: 'load',
      on: {
        'map.ready': 'shown',
        'map.failed': { target: 'failed', actions: 'log' },
        'location.toggled': 'closed',
      },
    },
    shown: {
      entry: 'redraw',
      on: { 'location.toggled': 'hidden' },
    },
    /** Collapsed with the map drawn: opening it again redraws it. */
    hidden: { on: { 'location.toggled': 'shown' } },
    failed: {
      on: { 'location.retried': 'loading', 'location.toggled': 'closed' },
    },
  },
});
