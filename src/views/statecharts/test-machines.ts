import { and, assign, createMachine, emit, not, or, setup } from 'xstate';

/**
 * A machine with what the registered ones do not have yet: nested and parallel states, a
 * final state, root-level transitions, self and parent-to-child transitions, entry and exit
 * actions, and guard combinators. Only the tests draw it.
 */
export const bookingTestMachine = setup({
  types: { context: {} as { tries: number }, events: {} as { type: string } },
  guards: { isValid: () => true, isOnline: () => true, isRetryable: () => true },
  actions: { track: () => {}, resetForm: () => {} },
}).createMachine({
  id: 'booking',
  context: { tries: 0 },
  initial: 'form',
  on: {
    'booking.reset': { target: '.form', actions: 'resetForm' },
    'booking.log': { actions: 'track' },
  },
  states: {
    form: {
      entry: 'track',
      initial: 'editing',
      on: { 'form.submitted': [{ guard: and(['isValid', 'isOnline']), target: 'paying' }, { target: '.invalid' }] },
      states: {
        editing: { on: { 'form.changed': { target: 'editing', reenter: true } } },
        invalid: { on: { 'form.changed': 'editing' } },
      },
    },
    paying: {
      type: 'parallel',
      exit: ['track'],
      on: { 'payment.failed': { guard: not('isRetryable'), target: 'failed' } },
      states: {
        card: {
          initial: 'authorising',
          states: {
            authorising: { on: { 'card.authorised': 'authorised' } },
            authorised: { type: 'final' },
          },
        },
        receipt: {
          initial: 'waiting',
          states: { waiting: { on: { 'receipt.sent': { actions: emit({ type: 'receipt.shown' }) } } } },
        },
      },
      onDone: 'done',
    },
    failed: {
      always: [{ guard: or(['isRetryable', 'isOnline']), target: 'form' }, { target: 'done', actions: assign({ tries: 1 }) }],
    },
    done: { type: 'final' },
  },
});

/** The smallest machine: one state, nothing happens. */
export const idleTestMachine = createMachine({ id: 'idle', initial: 'only', states: { only: {} } });
