import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { paymentOptionMachine } from '@/machines/payment-option-machine';
import { answerVerify, mountCheckout, submitButton, type MountedCheckout } from './checkout-harness';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';
import { siteSettings } from './site-harness';

type PaymentSnapshot = SnapshotFrom<typeof paymentOptionMachine>;
type PaymentEvent = EventFrom<typeof paymentOptionMachine>;

const LABELS = { cc: 'Card', ach: 'Bank account (ACH)', later: 'Pay later' } as const;
const events: PaymentEvent[] = (['cc', 'ach', 'later'] as const).map((option) => ({ type: 'payment.option.chosen', option }));

const model = createTestModel(paymentOptionMachine, {
  events,
  // A radio already chosen cannot be chosen again.
  filterEvents: (snapshot, event) => snapshot.can(event) && snapshot.context.option !== event.option,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.option]),
});
const coverage = new ModelCoverage(paymentOptionMachine);

/** The checkout form's payment options, chosen with user-event. */
function paymentDriver(): PathDriver<PaymentSnapshot, PaymentEvent> {
  let mounted: MountedCheckout | null = null;
  let actor: Actor<typeof paymentOptionMachine> | null = null;
  let user: UserEvent = userEvent.setup();
  const { sps, later, copy } = siteSettings.order.submit;
  return {
    start: async () => {
      user = userEvent.setup();
      actor = createActor(paymentOptionMachine, { inspect: coverage.inspect }).start();
      mounted = mountCheckout('paymentOption', actor);
      // The form shows once the prices are checked.
      await answerVerify(mounted.fetch);
    },
    perform: async (event) => {
      await user.click(screen.getByRole('radio', { name: LABELS[event.option as keyof typeof LABELS] }));
    },
    expectState: (state) => {
      expect(actor?.getSnapshot().value).toEqual(state.value);
      const now = state.matches('now');
      // Spec §4 Payment option: cc or ach → 'sps' text and the copy; otherwise 'later' and no copy.
      expect(submitButton().textContent).toBe(now ? sps : later);
      expect(screen.queryByText(copy) !== null).toBe(now);
      // Card and bank payments travel as the provider's token (the test provider's tokens here).
      expect(screen.queryByRole('combobox', { name: /^Test (card|bank account)$/ }) !== null).toBe(now);
      if (state.context.option) expect((screen.getByRole('radio', { name: LABELS[state.context.option] }) as HTMLInputElement).checked).toBe(true);
      // Pay later is the captcha step: the form shows the security check and its field, and only then.
      const paysLater = state.matches('later');
      expect(document.querySelector('.checkout-captcha .async-captcha') !== null).toBe(paysLater);
      expect(document.querySelector('input[type="hidden"][name="g-recaptcha-response"]') !== null).toBe(paysLater);
      expect(screen.queryByText(/Pay later holds the nights for you until you confirm the booking from the email/) !== null).toBe(paysLater);
    },
    stop: () => mounted?.stop(),
  };
}

describe('payment option machine, walked through the checkout form', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(model, paymentOptionMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, paymentDriver());
    });
  }
});
