import { assign, setup } from 'xstate';
import type { StatusMessage } from '@/domain/settings';

/** Status messages from the server (spec §2 Global page areas, §8): shown in a modal on page load. */
export const statusMessagesMachine = setup({
  types: {
    context: {} as { messages: StatusMessage[] },
    input: {} as { messages: StatusMessage[] },
    events: {} as { type: 'status.messages.dismissed' },
  },
  guards: {
    hasMessages: ({ context }) => context.messages.length > 0,
  },
  actions: {
    clearMessages: assign({ messages: [] }),
  },
}).createMachine({
  id: 'statusMessages',
  context: ({ input }) => ({ messages: input.messages }),
  initial: 'loading',
  states: {
    loading: { always: [{ guard: 'hasMessages', target: 'showing' }, { target: 'idle' }] },
    showing: { on: { 'status.messages.dismissed': { target: 'idle', actions: 'clearMessages' } } },
    idle: {},
  },
});
