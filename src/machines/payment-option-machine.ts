import { assign, setup } from 'xstate';
import type { PaymentOption } from '@/domain/checkout/checkout';

/**
 * The payment option of the checkout form (spec §3, §4 Payment option): with `cc` or `ach` the
 * submit buttons show their 'sps' text and the submit copy is shown; otherwise (pay later, or none
 * chosen yet) their 'later' text, and the copy is hidden. Pay later holds nights without a
 * payment, so its state is the captcha step: the form shows the site's captcha (tag 'captcha'),
 * and the server refuses a pay-later checkout without its token. An option that is none of these
 * (the form offers only these three) changes nothing.
 */
export const paymentOptionMachine = setup({
  types: { context: {} as { option: PaymentOption | '' }, events: {} as { type: 'payment.option.chosen'; option: string } },
  guards: {
    paysNow: ({ event }) => event.option === 'cc' || event.option === 'ach',
    paysLater: ({ event }) => event.option === 'later',
  },
  actions: {
    take: assign(({ event }) => ({ option: event.option as PaymentOption })),
  },
}).createMachine({
  id: 'paymentOption',
  context: { option: '' },
  initial: 'unchosen',
  on: {
    'payment.option.chosen': [
      { guard: 'paysNow', target: '.now', actions: 'take' },
      { guard: 'paysLater', target: '.later', actions: 'take' },
    ],
  },
  states: {
    /** Nothing chosen yet: 'later' texts, the submit copy hidden, no captcha. */
    unchosen: {},
    /** Pay later: 'later' texts, the submit copy hidden, and the captcha to solve before it is sent. */
    later: { tags: ['captcha'] },
    /** 'sps' texts, the submit copy shown. */
    now: {},
  },
});
