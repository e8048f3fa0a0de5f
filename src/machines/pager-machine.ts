import { assign, setup } from 'xstate';

export interface PagerInput {
  /** How many pages the list has (at least 1 is shown; 0 is treated as 1). */
  pageCount: number;
  /** The page marked centre, shown first (spec §2 Other displays); out of range means the first. */
  centre: number;
}

export interface PagerContext {
  pageCount: number;
  /** The active page, from 0. */
  page: number;
  /** Whether the visitor has changed page (the first page shows without a fade). */
  moved: boolean;
}

export type PagerEvent = { type: 'pager.next' } | { type: 'pager.previous' };

/**
 * A paged list (spec §2 Other displays: events, things to do, reviews): '<< Prev' and 'Next >>'
 * move one page; the controls are disabled at either end, which the states say (atStart:
 * Prev disabled, atEnd: Next disabled, single: both); the page marked centre is shown first.
 * The 300 ms fade between pages (spec §9) is the view's, as is the title (first and last
 * captions of the active page).
 */
export const pagerMachine = setup({
  types: { input: {} as PagerInput, context: {} as PagerContext, events: {} as PagerEvent },
  guards: {
    onePage: ({ context }) => context.pageCount <= 1,
    atFirst: ({ context }) => context.page === 0,
    atLast: ({ context }) => context.page === context.pageCount - 1,
    nextIsLast: ({ context }) => context.page + 1 === context.pageCount - 1,
    previousIsFirst: ({ context }) => context.page - 1 === 0,
  },
  actions: {
    forward: assign({ page: ({ context }) => context.page + 1, moved: true }),
    back: assign({ page: ({ context }) => context.page - 1, moved: true }),
  },
}).createMachine({
  id: 'pager',
  context: ({ input }) => {
    const pageCount = Math.max(1, Math.floor(input.pageCount) || 1);
    const centre = Number.isInteger(input.centre) && input.centre >= 0 && input.centre < pageCount ? input.centre : 0;
    return { pageCount, page: centre, moved: false };
  },
  initial: 'opening',
  states: {
    /** Shows the centre page: which controls work depends on where it is. */
    opening: {
      always: [{ guard: 'onePage', target: 'single' }, { guard: 'atFirst', target: 'atStart' }, { guard: 'atLast', target: 'atEnd' }, { target: 'between' }],
    },
    single: {},
    atStart: {
      on: {
        'pager.next': [
          { guard: 'nextIsLast', target: 'atEnd', actions: 'forward' },
          { target: 'between', actions: 'forward' },
        ],
      },
    },
    between: {
      on: {
        'pager.next': [
          { guard: 'nextIsLast', target: 'atEnd', actions: 'forward' },
          { target: 'between', reenter: true, actions: 'forward' },
        ],
        'pager.previous': [
          { guard: 'previousIsFirst', target: 'atStart', actions: 'back' },
          { target: 'between', reenter: true, actions: 'back' },
        ],
      },
    },
    atEnd: {
      on: {
        'pager.previous': [
          { guard: 'previousIsFirst', target: 'atStart', actions: 'back' },
          { target: 'between', actions: 'back' },
        ],
      },
    },
  },
});
