import { sendParent, setup } from 'xstate';

/**
 * One flag (favourite) button (spec §4 Flag). A click toggles it and tells the favourites
 * actor, which updates the list and every other button of the same item and namespace.
 */
export const flagMachine = setup({
  types: {
    context: {} as { itemId: string; buttonId: string; initiallyFlagged: boolean },
    input: {} as { itemId: string; buttonId: string; flagged: boolean },
    events: {} as { type: 'flag.clicked' } | { type: 'flag.synced'; flagged: boolean },
  },
  actions: {
    notifyFavourites: sendParent(({ context }, params: { flagged: boolean }) => ({
      type: 'flag.toggled' as const,
      itemId: context.itemId,
      buttonId: context.buttonId,
      flagged: params.flagged,
    })),
  },
  guards: {
    startsFlagged: ({ context }) => context.initiallyFlagged,
    isSyncedFlagged: ({ event }) => event.type === 'flag.synced' && event.flagged,
    isSyncedUnflagged: ({ event }) => event.type === 'flag.synced' && !event.flagged,
  },
}).createMachine({
  id: 'flag',
  context: ({ input }) => ({ itemId: input.itemId, buttonId: input.buttonId, initiallyFlagged: input.flagged }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsFlagged', target: 'flagged' }, { target: 'unflagged' }],
    },
    unflagged: {
      on: {
        'flag.clicked': { target: 'flagged', actions: { type: 'notifyFavourites', params: { flagged: true } } },
        'flag.synced': { guard: 'isSyncedFlagged', target: 'flagged' },
      },
    },
    flagged: {
      on: {
        'flag.clicked': { target: 'unflagged', actions: { type: 'notifyFavourites', params: { flagged: false } } },
        'flag.synced': { guard: 'isSyncedUnflagged', target: 'unflagged' },
      },
    },
  },
});
