import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { insuranceStateMachine } from '@/machines/insurance-state-machine';
import { answerVerify, mountCheckout, quoteOf, submitButton, type MountedCheckout } from './checkout-harness';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { siteSettings } from './site-harness';

type StateSnapshot = SnapshotFrom<typeof insuranceStateMachine>;
type StateEvent = EventFrom<typeof insuranceStateMachine>;
type ModelEvent = Via<StateEvent>;

const { texts, states } = siteSettings.insurance;

const events: ModelEvent[] = [
  { type: 'state.triggered', trigger: 'state', via: `clicks ${texts.select_prompt}` },
  { type: 'state.triggered', trigger: 'submit', via: 'clicks the submit button' },
  { type: 'state.choice.changed', value: 'FL', via: 'chooses Florida' },
  { type: 'state.choice.changed', value: 'none', via: `chooses ${texts.not_listed}` },
  { type: 'state.choice.changed', value: '', via: `chooses ${texts.select_prompt} again` },
  { type: 'state.confirmed', via: texts.button },
  { type: 'state.dismissed', via: 'Escape' },
];

const model = createTestModel(insuranceStateMachine, {
  input: { configured: true, province: null },
  events,
  filterEvents: (snapshot, event) => {
    if (!snapshot.can(event)) return false;
    // The state trigger shows while the state is not known; a select cannot choose what it shows.
    if (event.type === 'state.triggered' && event.trigger === 'state') return snapshot.context.province === null;
    if (event.type === 'state.choice.changed') return event.value !== snapshot.context.choice && (event.value !== 'none' || snapshot.context.trigger === 'submit');
    return true;
  },
});
const coverage = new ModelCoverage(insuranceStateMachine);

/** The checkout's state trigger, submit button and the modal state chooser; HTTP is the boundary. */
function stateDriver(): PathDriver<StateSnapshot, StateEvent> {
  let mounted: MountedCheckout | null = null;
  let actor: Actor<typeof insuranceStateMachine> | null = null;
  let user: UserEvent = userEvent.setup();
  const requests = (path: string) => (mounted as MountedCheckout).fetch.requests.filter((r) => r.url.startsWith(path));
  const chooser = () => screen.getByRole('dialog', { name: texts.title });
  /** The click went ahead with the province: the form was sent with &province= (spec §5). */
  const expectSubmitted = async (province: string, before: number) => {
    const sent = requests('/rescms/order/checkout');
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)?.url).toBe(`/rescms/order/checkout?province=${province}`);
    // The server refuses the empty form: the checkout is ready for the next try.
    await sent.at(-1)?.answer(400, { message: 'Please check the form.', errors: { terms: 'Please accept the terms to proceed.' } });
  };
  return {
    start: async () => {
      user = userEvent.setup();
      document.cookie = 'rcstate=; max-age=0; path=/';
      actor = createActor(insuranceStateMachine, { input: { configured: true, province: null }, inspect: coverage.inspect }).start();
      mounted = mountCheckout('insuranceState', actor);
      await answerVerify(mounted.fetch, quoteOf({ ti: null, province: null }));
    },
    perform: async (event, before) => {
      const posted = requests('/rescms/order/checkout').length;
      const verified = requests('/rcapi/order/verify').length;
      switch (event.type) {
        case 'state.triggered':
          if (event.trigger === 'state') return user.click(screen.getByRole('button', { name: texts.select_prompt }));
          await user.click(submitButton());
          if (before.context.province) await expectSubmitted(before.context.province, posted);
          else expect(requests('/rescms/order/checkout').length).toBe(posted);
          return;
        case 'state.choice.changed':
          return user.selectOptions(within(chooser()).getByRole('combobox', { name: texts.select_prompt }), event.value);
        case 'state.confirmed':
          await user.click(within(chooser()).getByRole('button', { name: texts.button }));
          if (before.context.trigger === 'submit') {
            // The original click plays again: the form goes with the state chosen.
            await expectSubmitted(before.context.choice, posted);
          } else {
            // The state trigger goes ahead: the protection on offer is asked for again, for this state.
            expect(requests('/rcapi/order/verify').length).toBe(verified + 1);
            await answerVerify((mounted as MountedCheckout).fetch, quoteOf({ province: before.context.choice }));
          }
          return;
        case 'state.dismissed':
          return user.keyboard('{Escape}');
      }
    },
    expectState: async (snapshot) => {
      expect(actor?.getSnapshot().value).toEqual(snapshot.value);
      if (snapshot.matches('choosing')) {
        const dialog = await screen.findByRole('dialog', { name: texts.title });
        expect(dialog.textContent).toContain(texts.prompt);
        // The states plus 'none' (spec §5), after the prompt.
        const options = within(dialog).getAllByRole('option').map((o) => (o as HTMLOptionElement).value);
        expect(options).toEqual(['', ...Object.keys(states), 'none']);
        // The confirm button shows only after a non-empty choice.
        expect(within(dialog).queryByRole('button', { name: texts.button }) !== null).toBe(snapshot.matches({ choosing: 'chosen' }));
        expect(dialog.contains(document.activeElement)).toBe(true);
      } else {
        expect(screen.queryByRole('dialog', { name: texts.title })).toBeNull();
      }
      // Confirming saved rcstate (path /).
      const cookie = document.cookie.split('; ').find((c) => c.startsWith('rcstate='));
      expect(cookie ?? null).toBe(snapshot.context.province ? `rcstate=${snapshot.context.province}` : null);
      // The state trigger shows while the state is not known.
      expect(screen.queryByRole('button', { name: texts.select_prompt, hidden: true }) !== null).toBe(snapshot.context.province === null);
    },
    stop: () => mounted?.stop(),
  };
}

describe('insurance state check machine, walked through the checkout and its state chooser', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(model, insuranceStateMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, stateDriver());
    });
  }
});
