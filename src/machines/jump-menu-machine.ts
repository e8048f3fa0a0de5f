import { emit, setup } from 'xstate';
import { resolveJumpTarget } from '@/domain/jump-target';

type JumpEmitted =
  | { type: 'navigation.requested'; url: string }
  | { type: 'jump.target.refused'; value: string; reason: string };

/**
 * Jump menus (spec §2): choosing an option asks the navigation effect to go there, when the
 * target is a same-origin http(s) URL; anything else is refused and logged.
 */
export const jumpMenuMachine = setup({
  types: {
    context: {} as { origin: string },
    input: {} as { origin: string },
    events: {} as { type: 'jump.option.chosen'; value: string },
    emitted: {} as JumpEmitted,
  },
  guards: {
    isSafeTarget: ({ context, event }) => resolveJumpTarget(event.value, context.origin).ok,
  },
  actions: {
    requestNavigation: emit(({ context, event }) => {
      const target = resolveJumpTarget(event.value, context.origin);
      return { type: 'navigation.requested' as const, url: target.ok ? target.url : context.origin };
    }),
    refuseTarget: emit(({ context, event }) => {
      const target = resolveJumpTarget(event.value, context.origin);
      return { type: 'jump.target.refused' as const, value: event.value, reason: target.ok ? '' : target.reason };
    }),
  },
}).createMachine({
  id: 'jumpMenu',
  context: ({ input }) => ({ origin: input.origin }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'jump.option.chosen': [
          { guard: 'isSafeTarget', actions: 'requestNavigation' },
          { actions: 'refuseTarget' },
        ],
      },
    },
  },
});
