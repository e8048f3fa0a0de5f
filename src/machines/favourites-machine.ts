import { assign, emit, enqueueActions, setup, stopChild } from 'xstate';
import { MAX_FLAG_ITEMS, setFlagItem } from '@/domain/flag-items';
import { flagMachine } from './flag-machine';

type FavouritesEvent =
  | { type: 'flag.button.registered'; buttonId: string; itemId: string }
  | { type: 'flag.button.unregistered'; buttonId: string }
  | { type: 'flag.toggled'; buttonId: string; itemId: string; flagged: boolean }
  | { type: 'favourites.restored'; items: string[] };

type FavouritesEmitted =
  | { type: 'favourites.changed'; items: string[] }
  | { type: 'favourites.limit.reached'; limit: number };

/**
 * The favourites list of one namespace (spec §4 Flag, §3 Favourites counter). Each flag button
 * on the page is a child actor; the list itself is persisted by the cookie module, which
 * restores it with `favourites.restored` and writes it on `favourites.changed`.
 */
export const favouritesMachine = setup({
  types: {
    context: {} as { namespace: string; items: string[]; buttons: Record<string, string> },
    input: {} as { namespace: string; items: string[] },
    events: {} as FavouritesEvent,
    emitted: {} as FavouritesEmitted,
  },
  actors: { flag: flagMachine },
  actions: {
    spawnButton: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'flag.button.registered') return;
      enqueue.spawnChild('flag', {
        id: event.buttonId,
        input: { itemId: event.itemId, buttonId: event.buttonId, flagged: context.items.includes(event.itemId) },
      });
      enqueue.assign({ buttons: { ...context.buttons, [event.buttonId]: event.itemId } });
    }),
    stopButton: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'flag.button.unregistered') return;
      enqueue(stopChild(event.buttonId));
      const { [event.buttonId]: _removed, ...buttons } = context.buttons;
      enqueue.assign({ buttons });
    }),
    recordToggle: assign({
      items: ({ context, event }) =>
        event.type === 'flag.toggled' ? setFlagItem(context.items, event.itemId, event.flagged) : context.items,
    }),
    restoreItems: assign({
      items: ({ context, event }) => (event.type === 'favourites.restored' ? event.items : context.items),
    }),
    syncOtherButtons: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'flag.toggled') return;
      for (const [buttonId, itemId] of Object.entries(context.buttons)) {
        if (itemId === event.itemId && buttonId !== event.buttonId) {
          enqueue.sendTo(buttonId, { type: 'flag.synced', flagged: event.flagged });
        }
      }
    }),
    syncAllButtons: enqueueActions(({ context, enqueue }) => {
      for (const [buttonId, itemId] of Object.entries(context.buttons)) {
        enqueue.sendTo(buttonId, { type: 'flag.synced', flagged: context.items.includes(itemId) });
      }
    }),
    /** The list is full: the button that asked is put back to unflagged. */
    rejectToggle: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'flag.toggled') return;
      enqueue.sendTo(event.buttonId, { type: 'flag.synced', flagged: false });
      enqueue.emit({ type: 'favourites.limit.reached', limit: MAX_FLAG_ITEMS });
    }),
    emitChanged: emit(({ context }) => ({ type: 'favourites.changed' as const, items: context.items })),
  },
  guards: {
    isListFull: ({ context, event }) =>
      event.type === 'flag.toggled' &&
      event.flagged &&
      !context.items.includes(event.itemId) &&
      context.items.length >= MAX_FLAG_ITEMS,
  },
}).createMachine({
  id: 'favourites',
  context: ({ input }) => ({ namespace: input.namespace, items: input.items, buttons: {} }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'flag.button.registered': { actions: 'spawnButton' },
        'flag.button.unregistered': { actions: 'stopButton' },
        'flag.toggled': [
          { guard: 'isListFull', actions: 'rejectToggle' },
          { actions: ['recordToggle', 'syncOtherButtons', 'emitChanged'] },
        ],
        'favourites.restored': { actions: ['restoreItems', 'syncAllButtons'] },
      },
    },
  },
});
