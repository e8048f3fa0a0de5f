import { assign, emit, setup } from 'xstate';

export type SubmitGuardEvent =
  /** A submit of the form, with its data serialized (application/x-www-form-urlencoded). */
  | { type: 'form.submitted'; data: string }
  /** The form's asynchronous submit completed (ASYNC_SUBMITTED_EVENT): the same data may go again. */
  | { type: 'form.async.completed' };

export interface SubmitGuardContext {
  /** The data of the last submit that went through, until the async submit completes. */
  last: string | null;
  /** What happened to the latest submit: the binding reads it right after sending the event. */
  verdict: 'none' | 'allowed' | 'blocked';
}

/**
 * The form submit guard (spec §4 Form submit guard): on a non-GET form a second submit with
 * identical serialized data is blocked; changed data goes through; once the asynchronous submit
 * has completed the same data may be sent again.
 */
export const submitGuardMachine = setup({
  types: {
    context: {} as SubmitGuardContext,
    events: {} as SubmitGuardEvent,
    emitted: {} as { type: 'submit.blocked' },
  },
  guards: {
    isRepeat: ({ context, event }) => event.type === 'form.submitted' && event.data === context.last,
  },
  actions: {
    allow: assign(({ event }) => ({ last: event.type === 'form.submitted' ? event.data : null, verdict: 'allowed' as const })),
    block: assign({ verdict: 'blocked' as const }),
    announceBlocked: emit({ type: 'submit.blocked' as const }),
    forget: assign({ last: null, verdict: 'none' as const }),
  },
}).createMachine({
  id: 'submitGuard',
  context: { last: null, verdict: 'none' },
  initial: 'open',
  states: {
    open: {
      on: { 'form.submitted': { target: 'submitted', actions: 'allow' } },
    },
    submitted: {
      on: {
        'form.submitted': [{ guard: 'isRepeat', actions: ['block', 'announceBlocked'] }, { actions: 'allow' }],
        'form.async.completed': { target: 'open', actions: 'forget' },
      },
    },
  },
});
