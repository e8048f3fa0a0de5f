import { assign, setup } from 'xstate';
import type { PaymentOption } from '@/domain/checkout/checkout';

/**
 * The payment option of the checkout form (spec §3, §4 Payment option): with `cc` or `ach` the
 * submit buttons show their 'sps' text and the submit copy is shown; otherwise (pay later, or none
 * chosen yet) their 'later' text, and the copy is hidden.
 */
export const paymentOptionMachine = setup({
  types: { context: {} as { option: PaymentOption | '' }, events: {} as { type: 'payment.option.chosen'; option: string } },
  guards: {
    paysNow: ({ event }) => event.option === 'cc' || event.option === 'ach',
  },
  actions: {
    take: assign(({ event }) => ({ option: event.option === 'cc' || event.option === 'ach' || event.option === 'later' ? event.option : ('' as const) })),
  },
}).createMachine({
  id: 'paymentOption',
  context: { option: '' },
  initial: 'later',
  on: {
    'payment.option.chosen': [
      { guard: 'paysNow', target: '.now', actions: 'take' },
      { target: '.later', actions: 'take' },
    ],
  },
  states: {
    /** 'later' texts, the submit copy hidden. */
    later: {},
    /** 'sps' texts, the submit copy shown. */
    now: {},
  },
});
