import { assign, emit, setup } from 'xstate';

/**
 * What was clicked before the state was known, played again once it is: the checkout's state
 * trigger ('state') or submit ('submit'), or a guarded button or link of another page ('guard').
 */
export type StateTrigger = 'state' | 'submit' | 'guard';

export interface InsuranceStateContext {
  /** Insurance states are configured (spec §3 Insurance settings). */
  configured: boolean;
  /** The guest's insurance state (the rcstate cookie): a state code, 'none', or null. */
  province: string | null;
  /** The choice in the open chooser. */
  choice: string;
  trigger: StateTrigger | null;
}

export type InsuranceStateEvent =
  | { type: 'state.triggered'; trigger: StateTrigger }
  | { type: 'state.choice.changed'; value: string }
  | { type: 'state.confirmed' }
  | { type: 'state.dismissed' };

export type InsuranceStateEmitted =
  /** Save the rcstate cookie (path /). */
  | { type: 'state.saved'; province: string }
  /** The click goes ahead, with `&province={state}` where there is one. */
  | { type: 'state.proceed'; trigger: StateTrigger; province: string | null };

/**
 * Insurance state check (spec §5, §9): before quote links, buy buttons and state triggers go
 * ahead (the checkout's, and those of every page: src/app/state-guard-hooks.ts), when insurance
 * states are configured and there is no rcstate cookie, a modal state chooser lists the states
 * plus 'none'. Its confirm button shows only after a non-empty choice;
 * confirming saves rcstate and plays the original click again, now with the province.
 */
export const insuranceStateMachine = setup({
  types: {
    context: {} as InsuranceStateContext,
    events: {} as InsuranceStateEvent,
    emitted: {} as InsuranceStateEmitted,
    input: {} as { configured: boolean; province: string | null },
  },
  guards: {
    unknown: ({ context }) => context.configured && context.province === null,
    chosen: ({ event }) => event.type === 'state.choice.changed' && event.value !== '',
  },
  actions: {
    hold: assign(({ event }) => (event.type === 'state.triggered' ? { trigger: event.trigger, choice: '' } : {})),
    proceed: emit(({ context, event }) => ({
      type: 'state.proceed' as const,
      trigger: event.type === 'state.triggered' ? event.trigger : (context.trigger ?? 'state'),
      province: context.province,
    })),
    choose: assign(({ event }) => (event.type === 'state.choice.changed' ? { choice: event.value } : {})),
    keep: assign(({ context }) => ({ province: context.choice })),
    save: emit(({ context }) => ({ type: 'state.saved' as const, province: context.province as string })),
    forget: assign({ trigger: null, choice: '' }),
  },
}).createMachine({
  id: 'insuranceState',
  context: ({ input }) => ({ configured: input.configured, province: input.province, choice: '', trigger: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'state.triggered': [{ guard: 'unknown', target: 'choosing', actions: 'hold' }, { actions: 'proceed' }],
      },
    },
    choosing: {
      initial: 'empty',
      on: {
        'state.choice.changed': [
          { guard: 'chosen', target: '.chosen', actions: 'choose' },
          { target: '.empty', actions: 'choose' },
        ],
        'state.dismissed': { target: 'idle', actions: 'forget' },
      },
      states: {
        /** No choice yet: no confirm button. */
        empty: {},
        chosen: {
          on: { 'state.confirmed': { target: '#insuranceState.idle', actions: ['keep', 'save', 'proceed', 'forget'] } },
        },
      },
    },
  },
});
