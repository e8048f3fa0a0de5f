import { assign, emit, setup } from 'xstate';
import type { ResultDocument } from './search-machine';

type DropdownEvent =
  | { type: 'dropdown.opened' }
  | { type: 'dropdown.closed' }
  | { type: 'dropdown.toggled' }
  | { type: 'favourites.updated'; items: string[] }
  | { type: 'lookup.received'; requestId: number; documents: ResultDocument[] }
  /** Documents kept from an earlier page (the document cache), found before the list is opened. */
  | { type: 'lookup.kept'; documents: ResultDocument[] }
  | { type: 'lookup.failed'; requestId: number; message: string };

type DropdownEmitted =
  | { type: 'favourites.lookup.requested'; requestId: number; ids: string[] }
  | { type: 'favourites.lookup.failure.logged'; message: string };

export interface FavouritesDropdownContext {
  /** The favourite ids, in the order they were flagged. */
  items: string[];
  requestId: number;
  /** The ids the last lookup asked for, and the documents it found (a gone listing has none). */
  lookedUp: string[];
  documents: ResultDocument[];
}

/** Every favourite was looked up already (or kept from an earlier page): the list can show them without a lookup. */
export function isLookedUp({ items, lookedUp }: Pick<FavouritesDropdownContext, 'items' | 'lookedUp'>): boolean {
  return items.every((id) => lookedUp.includes(id));
}

/**
 * The favourites dropdown under the header counter (spec §2 Global page areas, §4 Page elements):
 * a show-items state shows or hides the list of favourite items. Opening it looks the favourites
 * up with one search (spec §7 Favourites lookup) unless every favourite was looked up already, so
 * an unflag only hides an item. Documents kept from an earlier page may arrive before it opens
 * (`lookup.kept`): the favourites they cover count as looked up, so the list opens with them at
 * once. Always hidden at 64em or below, which is the stylesheet's work.
 */
export const favouritesDropdownMachine = setup({
  types: {
    context: {} as FavouritesDropdownContext,
    input: {} as { items: string[] },
    events: {} as DropdownEvent,
    emitted: {} as DropdownEmitted,
  },
  guards: {
    hasNoItems: ({ context }) => context.items.length === 0,
    isLookedUp: ({ context }) => isLookedUp(context),
    isCurrent: ({ context, event }) => 'requestId' in event && event.requestId === context.requestId,
  },
  actions: {
    storeItems: assign({ items: ({ context, event }) => (event.type === 'favourites.updated' ? event.items : context.items) }),
    startLookup: assign({ requestId: ({ context }) => context.requestId + 1 }),
    requestLookup: emit(({ context }) => ({ type: 'favourites.lookup.requested' as const, requestId: context.requestId, ids: context.items })),
    storeDocuments: assign({
      lookedUp: ({ context }) => context.items,
      documents: ({ context, event }) => (event.type === 'lookup.received' ? event.documents : context.documents),
    }),
    storeKept: assign(({ context, event }) => {
      if (event.type !== 'lookup.kept') return {};
      const kept = new Set(event.documents.map((doc) => doc.id));
      return {
        lookedUp: [...new Set([...context.lookedUp, ...context.items.filter((id) => kept.has(id))])],
        documents: [...context.documents.filter((doc) => !kept.has(doc.id)), ...event.documents],
      };
    }),
    logFailure: emit(({ event }) => ({
      type: 'favourites.lookup.failure.logged' as const,
      message: event.type === 'lookup.failed' ? event.message : 'Favourites lookup failed',
    })),
  },
}).createMachine({
  id: 'favouritesDropdown',
  context: ({ input }) => ({ items: input.items, requestId: 0, lookedUp: [], documents: [] }),
  initial: 'hidden',
  on: {
    'favourites.updated': { actions: 'storeItems' },
  },
  states: {
    hidden: {
      on: {
        'dropdown.opened': { target: 'showItems' },
        'dropdown.toggled': { target: 'showItems' },
        'lookup.kept': { actions: 'storeKept' },
      },
    },
    showItems: {
      initial: 'checking',
      on: {
        'dropdown.closed': { target: 'hidden' },
        'dropdown.toggled': { target: 'hidden' },
        // A flag or unflag while the list is open: look up only what was never looked up.
        'favourites.updated': { target: '.checking', actions: 'storeItems' },
      },
      states: {
        checking: {
          always: [{ guard: 'hasNoItems', target: 'empty' }, { guard: 'isLookedUp', target: 'loaded' }, { target: 'loading' }],
        },
        loading: {
          tags: ['pending'],
          entry: ['startLookup', 'requestLookup'],
          on: {
            'lookup.received': { guard: 'isCurrent', target: 'loaded', actions: 'storeDocuments' },
            'lookup.failed': { guard: 'isCurrent', target: 'failed', actions: 'logFailure' },
          },
        },
        loaded: {},
        empty: {},
        failed: {},
      },
    },
  },
});

/**
 * The favourites the dropdown shows: the looked-up documents of the current favourites, the
 * most recently flagged first.
 *
 * @example shownFavourites({ items: ['a', 'b'], documents: [{ id: 'b' }, { id: 'a' }, { id: 'c' }] }) // [{ id: 'b' }, { id: 'a' }]
 */
export function shownFavourites({ items, documents }: Pick<FavouritesDropdownContext, 'items' | 'documents'>): ResultDocument[] {
  const byId = new Map(documents.map((doc) => [doc.id, doc]));
  return [...items].reverse().flatMap((id) => {
    const doc = byId.get(id);
    return doc ? [doc] : [];
  });
}
