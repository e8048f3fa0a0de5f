import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { formatMoney } from '@/domain/money';
import { protectionDeclineMachine } from '@/machines/protection-decline-machine';
import { answerVerify, mountCheckout, quoteOf, STAY_NAME, type MountedCheckout } from './checkout-harness';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { siteSettings } from './site-harness';

type ProtectionSnapshot = SnapshotFrom<typeof protectionDeclineMachine>;
type ProtectionEvent = EventFrom<typeof protectionDeclineMachine>;
type ModelEvent = Via<ProtectionEvent>;

/** Trip insurance a forced choice, damage protection declinable (the demo's offer). */
const QUOTE = quoteOf();
const ITEM = QUOTE.items[0]!;
const money = (amount: number) => formatMoney(amount, { currency: 'USD', precision: 2 });

const events: ModelEvent[] = [
  { type: 'protection.offered', items: [{ key: 'ind-0', ti: 'forced', dp: 'declinable' }], via: 'the price check answers with the protection on offer' },
  { type: 'protection.attempted', key: 'ind-0', kind: 'ti', value: 1, via: 'chooses Yes for trip insurance' },
  { type: 'protection.attempted', key: 'ind-0', kind: 'ti', value: -1, via: 'chooses No, I decline for trip insurance' },
  { type: 'protection.attempted', key: 'ind-0', kind: 'dp', value: -1, via: 'unticks damage protection' },
  { type: 'protection.attempted', key: 'ind-0', kind: 'dp', value: 1, via: 'ticks damage protection' },
  { type: 'protection.declined', via: 'declineBtn' },
  { type: 'protection.accepted', via: 'acceptBtn' },
  { type: 'protection.dismissed', via: 'Escape' },
];

const model = createTestModel(protectionDeclineMachine, {
  events,
  filterEvents: (snapshot, event) => {
    if (!snapshot.can(event)) return false;
    const offered = Object.keys(snapshot.context.choices).length > 0;
    if (event.type === 'protection.offered') return !offered;
    if (event.type !== 'protection.attempted') return true;
    // A control shows once offered; a radio already chosen, or a box already as asked, sends nothing.
    return offered && snapshot.context.choices['ind-0']?.[event.kind] !== event.value;
  },
});
const coverage = new ModelCoverage(protectionDeclineMachine);

/** The checkout's protection choices beside the stay and the decline dialog; the price check is the boundary. */
function protectionDriver(): PathDriver<ProtectionSnapshot, ProtectionEvent> {
  let mounted: MountedCheckout | null = null;
  let actor: Actor<typeof protectionDeclineMachine> | null = null;
  let user: UserEvent = userEvent.setup();
  const radio = (name: RegExp) => screen.getByRole('radio', { name, hidden: true }) as HTMLInputElement;
  const dp = () => screen.getByRole('checkbox', { name: new RegExp(`^Damage protection for ${STAY_NAME}`), hidden: true }) as HTMLInputElement;
  return {
    start: () => {
      user = userEvent.setup();
      actor = createActor(protectionDeclineMachine, { inspect: coverage.inspect }).start();
      mounted = mountCheckout('protectionDecline', actor);
    },
    perform: async (event) => {
      const via = (event as Partial<ModelEvent>).via;
      const dialog = () => screen.getByRole('alertdialog');
      switch (event.type) {
        case 'protection.offered':
          return answerVerify((mounted as MountedCheckout).fetch, QUOTE);
        case 'protection.attempted':
          if (event.kind === 'ti') return user.click(radio(event.value === 1 ? /^Yes, add trip insurance/ : /^No, I decline/));
          return user.click(dp());
        case 'protection.declined':
        case 'protection.accepted': {
          const kind = actor?.getSnapshot().context.pending?.kind ?? 'ti';
          const texts = siteSettings.insurance.decline[kind];
          return user.click(within(dialog()).getByRole('button', { name: event.type === 'protection.declined' ? texts.declineBtn : texts.acceptBtn }));
        }
        case 'protection.dismissed':
          expect(via).toBe('Escape');
          return user.keyboard('{Escape}');
      }
    },
    expectState: async (snapshot) => {
      expect(actor?.getSnapshot().value).toEqual(snapshot.value);
      const { choices, pending } = snapshot.context;
      if (snapshot.matches('asking') && pending) {
        // Spec §4: the configured message with declineBtn and acceptBtn, focus inside.
        const texts = siteSettings.insurance.decline[pending.kind];
        const dialog = await screen.findByRole('alertdialog', { name: pending.kind === 'ti' ? 'Trip insurance' : 'Damage protection' });
        expect(dialog.textContent).toContain(texts.message);
        expect(within(dialog).getByRole('button', { name: texts.declineBtn })).toBeTruthy();
        expect(dialog.contains(document.activeElement)).toBe(true);
      } else {
        expect(screen.queryByRole('alertdialog')).toBeNull();
      }
      const chosen = choices['ind-0'] ?? {};
      if (Object.keys(choices).length === 0) {
        expect(screen.queryByRole('radio', { name: /^No, I decline/, hidden: true })).toBeNull();
        return;
      }
      // The controls show the answers (a decline attempt changes nothing until it is answered).
      expect(radio(/^Yes, add trip insurance/).checked).toBe(chosen.ti === 1);
      expect(radio(/^No, I decline/).checked).toBe(chosen.ti === -1);
      expect(dp().checked).toBe(chosen.dp === 1);
      // The total has the protection accepted, at once.
      const total = ITEM.price + (chosen.ti === 1 ? (ITEM.ti?.amount ?? 0) : 0) + (chosen.dp === 1 ? 59 : 0);
      expect(screen.getByTestId('checkout-total').textContent).toBe(money(Math.round(total * 100) / 100));
    },
    stop: () => mounted?.stop(),
  };
}

describe('insurance decline machine, walked through the checkout protection choices', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(model, protectionDeclineMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, protectionDriver());
    });
  }
});
