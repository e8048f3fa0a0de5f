import { assign, setup } from 'xstate';
import type { ProtectionChoiceMode, ProtectionChoices, ProtectionKind, ProtectionValue } from '@/domain/checkout/checkout';

/** Protection offered for one line item: how each kind is offered, or null when it is not. */
export interface OfferedProtection {
  key: string;
  ti: ProtectionChoiceMode | null;
  dp: ProtectionChoiceMode | null;
}

export interface ProtectionAttempt {
  key: string;
  kind: ProtectionKind;
  value: ProtectionValue;
}

export interface ProtectionDeclineContext {
  /** The guest's answers by line item. */
  choices: ProtectionChoices;
  /** Which decline dialogs were shown on this page (each once). */
  shown: Record<ProtectionKind, boolean>;
  /** The decline attempt the dialog asks about. */
  pending: ProtectionAttempt | null;
}

export type ProtectionDeclineEvent =
  /** The protection on offer (from the checkout quote): declinable and acceptable options start accepted. */
  | { type: 'protection.offered'; items: OfferedProtection[] }
  /** The guest changes an option: -1 is a decline attempt (unticking a declinable one, ticking "I decline", choosing -1). */
  | ({ type: 'protection.attempted' } & ProtectionAttempt)
  | { type: 'protection.declined' }
  | { type: 'protection.accepted' }
  | { type: 'protection.dismissed' };

/**
 * Trip insurance and damage protection decline flow (spec §4 Insurance decline flow): a decline
 * attempt opens a modal with the configured declineBtn and acceptBtn; decline lets the change go
 * through, accept selects 1. Each kind's dialog is shown once per page; value 1 passes straight
 * through. Closing the dialog otherwise leaves the answer as it was.
 */
export const protectionDeclineMachine = setup({
  types: { context: {} as ProtectionDeclineContext, events: {} as ProtectionDeclineEvent },
  guards: {
    asks: ({ context, event }) => event.type === 'protection.attempted' && event.value === -1 && !context.shown[event.kind],
  },
  actions: {
    offer: assign(({ context, event }) => {
      if (event.type !== 'protection.offered') return {};
      const choices: ProtectionChoices = {};
      for (const item of event.items) {
        const own = context.choices[item.key] ?? {};
        const next: ProtectionChoices[string] = {};
        for (const kind of ['ti', 'dp'] as const) {
          const mode = item[kind];
          if (!mode) continue;
          const value = own[kind] ?? (mode === 'forced' ? undefined : 1);
          if (value !== undefined) next[kind] = value;
        }
        choices[item.key] = next;
      }
      return { choices };
    }),
    set: assign(({ context, event }) => {
      if (event.type !== 'protection.attempted') return {};
      return { choices: { ...context.choices, [event.key]: { ...context.choices[event.key], [event.kind]: event.value } } };
    }),
    hold: assign(({ context, event }) =>
      event.type === 'protection.attempted' ? { pending: { key: event.key, kind: event.kind, value: event.value }, shown: { ...context.shown, [event.kind]: true } } : {},
    ),
    answer: assign(({ context, event }) => {
      const pending = context.pending;
      if (!pending) return {};
      const value: ProtectionValue = event.type === 'protection.accepted' ? 1 : -1;
      return { pending: null, choices: { ...context.choices, [pending.key]: { ...context.choices[pending.key], [pending.kind]: value } } };
    }),
    forget: assign({ pending: null }),
  },
}).createMachine({
  id: 'protectionDecline',
  context: { choices: {}, shown: { ti: false, dp: false }, pending: null },
  initial: 'idle',
  on: { 'protection.offered': { actions: 'offer' } },
  states: {
    idle: {
      on: {
        'protection.attempted': [{ guard: 'asks', target: 'asking', actions: 'hold' }, { actions: 'set' }],
      },
    },
    asking: {
      on: {
        'protection.declined': { target: 'idle', actions: 'answer' },
        'protection.accepted': { target: 'idle', actions: 'answer' },
        'protection.dismissed': { target: 'idle', actions: 'forget' },
      },
    },
  },
});
