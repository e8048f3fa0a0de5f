import { emit, setup } from 'xstate';

/** Spec §4 Lazy content, §9: lazy background images are rechecked every 500 ms, giving up after 3000 ms. */
export const BACKGROUND_RECHECK_MS = 500;
export const BACKGROUND_GIVE_UP_MS = 3000;

export type LazyBackgroundEvent =
  /** The recheck timer looked at the area, `elapsed` ms after the first look (0, 500, … 3000). */
  | { type: 'background.checked'; visible: boolean; elapsed: number }
  /** After giving up on rechecks, the area came into view after all (a visitor scrolled to it). */
  | { type: 'background.seen' }
  | { type: 'background.loaded' }
  | { type: 'background.failed'; message: string };

export type LazyBackgroundEmitted =
  | { type: 'background.recheck.started'; every: number }
  | { type: 'background.recheck.stopped' }
  | { type: 'background.watch.requested' }
  | { type: 'background.load.requested' }
  | { type: 'background.failure.logged'; message: string };

/**
 * A lazy background image (spec §4 Lazy content; hero, event cards). Its area is rechecked every
 * 500 ms (the timer is an effect: the machine asks for it on entering `rechecking` and stops it
 * on leaving); the first check that finds the area visible loads the image, which is shown once
 * it has loaded. After 3000 ms without the area in view the rechecks give up: the machine then
 * only asks to be told when the area is seen (one observer instead of a timer), so a visitor who
 * scrolls there later still gets the picture. A failed load leaves the area's plain colour.
 */
export const lazyBackgroundMachine = setup({
  types: { events: {} as LazyBackgroundEvent, emitted: {} as LazyBackgroundEmitted },
  guards: {
    visible: ({ event }) => event.type === 'background.checked' && event.visible,
    timeIsUp: ({ event }) => event.type === 'background.checked' && event.elapsed >= BACKGROUND_GIVE_UP_MS,
  },
  actions: {
    startRechecks: emit({ type: 'background.recheck.started', every: BACKGROUND_RECHECK_MS }),
    stopRechecks: emit({ type: 'background.recheck.stopped' }),
    watch: emit({ type: 'background.watch.requested' }),
    load: emit({ type: 'background.load.requested' }),
    log: emit(({ event }) => ({ type: 'background.failure.logged' as const, message: event.type === 'background.failed' ? event.message : '' })),
  },
}).createMachine({
  id: 'lazyBackground',
  initial: 'rechecking',
  states: {
    rechecking: {
      entry: 'startRechecks',
      exit: 'stopRechecks',
      on: {
        'background.checked': [
          { guard: 'visible', target: 'loading' },
          { guard: 'timeIsUp', target: 'gaveUp' },
        ],
      },
    },
    gaveUp: {
      entry: 'watch',
      on: { 'background.seen': 'loading' },
    },
    loading: {
      entry: 'load',
      on: {
        'background.loaded': 'shown',
        'background.failed': { target: 'failed', actions: 'log' },
      },
    },
    shown: { type: 'final' },
    failed: { type: 'final' },
  },
});
