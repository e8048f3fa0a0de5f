import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { navigateTo } from '@/effects/navigation';
import { replaceLineItem } from '@/domain/order/order';
import { checkoutMachine } from '@/machines/checkout-machine';
import { dialogsLoaded, mountCheckout, ORDER, quoteOf, STAY_NAME, submitButton, verifyAnswer, type MountedCheckout } from './checkout-harness';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { siteSettings } from './site-harness';

// The browser's location is the boundary of the confirmation page's navigation.
vi.mock('@/effects/navigation', () => ({ navigateTo: vi.fn() }));

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
type CheckoutEvent = EventFrom<typeof checkoutMachine>;
type ModelEvent = Via<CheckoutEvent>;

const KEY = 'co_model-test-key';
const ITEM = ORDER.lis['ind-0']!;
/** The stay costs more now than when it was added. */
const DEARER = replaceLineItem(ORDER, 'ind-0', { ...ITEM, p: ITEM.p + 25 });
const CHANGE = { key: 'ind-0', n: STAY_NAME, was: ITEM.p, now: ITEM.p + 25 };
const URL = '/rescms/order/confirmation/Q2hlY2tvdXRNb2RlbFRlc3Q';
const { texts } = siteSettings.insurance;
const NO_STATE = quoteOf({ ti: null, province: null });
const FLORIDA = quoteOf({ province: 'FL' });
const UNAVAILABLE = `${STAY_NAME} was just booked by someone else. Nothing was booked and your Trips Collection is as it was; please choose other dates.`;

const events: ModelEvent[] = [
  { type: 'checkout.order.ready', order: ORDER, via: 'the Trips Collection is loaded' },
  { type: 'checkout.verified', order: ORDER, changes: [], quote: NO_STATE, via: 'the price check answers: no change' },
  { type: 'checkout.verified', order: DEARER, changes: [CHANGE], quote: NO_STATE, via: 'the price check answers: a new price' },
  { type: 'checkout.verify.failed', message: 'The prices are down', via: 'the price check fails' },
  { type: 'checkout.province.chosen', province: 'FL', via: 'chooses Florida with the state trigger' },
  { type: 'checkout.submitted', fields: { first_name: 'Ada', province: 'FL' }, via: 'sends the form' },
  { type: 'checkout.booked', url: URL, via: 'the booking answers 201' },
  { type: 'checkout.invalid', message: 'Please check the form.', errors: { email: 'Please enter a valid email address.' }, via: 'the booking answers 400' },
  { type: 'checkout.invalid', message: 'Please check the form.', errors: { 'ti[ind-0]': 'Please choose whether to add trip insurance.' }, via: 'the booking asks for a protection answer' },
  { type: 'checkout.prices.changed', message: 'Some prices changed since you added them. Please check the new prices before you book.', order: DEARER, changes: [CHANGE], quote: NO_STATE, via: 'the booking answers 409 prices_changed' },
  { type: 'checkout.refused', message: UNAVAILABLE, via: 'the booking answers 409 unavailable' },
  { type: 'checkout.refused', message: 'The payment provider did not answer. Nothing was booked and nothing was charged; please try again.', via: 'the booking answers 503' },
];

const model = createTestModel(checkoutMachine, {
  input: { key: KEY },
  events,
  // The state trigger shows while no state is known.
  filterEvents: (snapshot, event) => snapshot.can(event) && (event.type !== 'checkout.province.chosen' || snapshot.context.province === null),
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.province, snapshot.context.problem !== null]),
});
const coverage = new ModelCoverage(checkoutMachine);

/** The checkout form with the page's wiring; verify, checkout and the browser's location are the boundaries. */
function checkoutDriver(): PathDriver<CheckoutSnapshot, CheckoutEvent> {
  let mounted: MountedCheckout | null = null;
  let actor: Actor<typeof checkoutMachine> | null = null;
  let user: UserEvent = userEvent.setup();
  const requests = (path: string) => (mounted as MountedCheckout).fetch.requests.filter((r) => r.url.startsWith(path));
  const lastPost = () => requests('/rescms/order/checkout').at(-1)!;
  const answerPost = (status: number, body: unknown) => lastPost().answer(status, { statusCode: status, ...(body as object) });
  const verifyQuote = () => (actor?.getSnapshot().context.province ? FLORIDA : NO_STATE);
  return {
    start: async () => {
      user = userEvent.setup();
      vi.mocked(navigateTo).mockClear();
      document.cookie = 'rcstate=; max-age=0; path=/';
      actor = createActor(checkoutMachine, { input: { key: KEY }, inspect: coverage.inspect }).start();
      mounted = mountCheckout('checkout', actor, { loaded: false });
      await dialogsLoaded();
    },
    perform: async (event) => {
      const m = mounted as MountedCheckout;
      const via = (event as Partial<ModelEvent>).via;
      switch (event.type) {
        case 'checkout.order.ready':
          m.actors.order.send({ type: 'order.storage.changed', order: ORDER });
          return;
        case 'checkout.verified':
          return m.fetch.last('/rcapi/order/verify').answer(200, { ...verifyAnswer(verifyQuote(), event.changes), order: event.order });
        case 'checkout.verify.failed':
          return m.fetch.last('/rcapi/order/verify').answer(503, { message: 'The prices are down' });
        case 'checkout.province.chosen': {
          await user.click(screen.getByRole('button', { name: texts.select_prompt }));
          const chooser = await screen.findByRole('dialog', { name: texts.title });
          await user.selectOptions(within(chooser).getByRole('combobox'), 'FL');
          return user.click(within(chooser).getByRole('button', { name: texts.button }));
        }
        case 'checkout.submitted': {
          const before = requests('/rescms/order/checkout').length;
          await user.type(screen.getByLabelText('First name'), 'Ada');
          await user.click(submitButton());
          // Without a known state the chooser comes first; confirming sends the form (spec §5).
          const chooser = screen.queryByRole('dialog', { name: texts.title });
          if (chooser) {
            await user.selectOptions(within(chooser).getByRole('combobox'), 'FL');
            await user.click(within(chooser).getByRole('button', { name: texts.button }));
          }
          expect(requests('/rescms/order/checkout').length).toBe(before + 1);
          expect(lastPost().url).toBe('/rescms/order/checkout?province=FL');
          return;
        }
        case 'checkout.booked':
          return answerPost(201, { code: URL.split('/').at(-1), url: URL });
        case 'checkout.invalid':
          return answerPost(400, { error: 'Bad Request', message: event.message, errors: event.errors });
        case 'checkout.prices.changed':
          return answerPost(409, { error: 'Conflict', reason: 'prices_changed', message: event.message, ...verifyAnswer(verifyQuote(), [CHANGE]), order: DEARER });
        case 'checkout.refused':
          if (via?.includes('409')) return answerPost(409, { error: 'Conflict', reason: 'unavailable', message: UNAVAILABLE, key: 'ind-0', stay: { name: STAY_NAME, begin: ITEM.b, end: ITEM.e } });
          return answerPost(503, { error: 'Service Unavailable', message: 'The payment provider did not answer.' });
      }
    },
    expectState: (snapshot) => {
      const real = (actor as Actor<typeof checkoutMachine>).getSnapshot();
      expect(real.value).toEqual(snapshot.value);
      const m = mounted as MountedCheckout;
      const status = document.querySelector('.checkout-check') as HTMLElement;
      if (snapshot.matches('waiting')) expect(requests('/rcapi/order/verify')).toEqual([]);
      if (snapshot.matches('checking')) expect(status.textContent).toBe('Checking your prices with our reservations system…');
      if (snapshot.matches({ ready: 'unchecked' })) expect(status.textContent).toContain('We could not check your prices just now.');
      if (snapshot.matches({ ready: 'checked' })) {
        if (real.context.changes.length > 0) {
          expect(status.textContent).toContain(`${STAY_NAME} is now`);
          // The corrected order is the visitor's.
          expect(m.actors.order.getSnapshot().context.order.lis['ind-0']?.p).toBe(DEARER.lis['ind-0']?.p);
        } else expect(status.textContent).toBe('Prices checked: they are up to date.');
      }
      // Every answer is said; a field's message is beside it and focus goes to it; what was typed stays.
      const { errors, problem } = real.context;
      if (problem) expect(screen.getByRole('alert', { hidden: true }).textContent).toBe(problem);
      else expect(document.querySelector('.checkout-problem')).toBeNull();
      if (errors.email) {
        const email = screen.getByLabelText('Email');
        expect(email.getAttribute('aria-describedby')).toBe('checkout-email-error');
        expect(document.getElementById('checkout-email-error')?.textContent).toBe(errors.email);
        expect(document.activeElement).toBe(email);
      }
      const posts = requests('/rescms/order/checkout');
      if (posts.length > 0) expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada'.repeat(posts.length));
      // Until the first check answers only its status shows (nothing moves when the rest comes).
      const firstCheck = snapshot.matches('waiting') || (snapshot.matches('checking') && real.context.quote === null && Object.keys(errors).length === 0);
      expect(document.querySelector('.checkout-form') === null).toBe(firstCheck);
      if (!firstCheck) expect((submitButton() as HTMLButtonElement).disabled).toBe(snapshot.matches('submitting') || snapshot.matches('booked'));
      if (snapshot.matches('booked')) {
        // The Trips Collection is emptied and the confirmation page opens.
        expect(vi.mocked(navigateTo)).toHaveBeenCalledWith(URL);
        expect(Object.keys(m.actors.order.getSnapshot().context.order.lis)).toEqual([]);
      } else expect(vi.mocked(navigateTo)).not.toHaveBeenCalled();
      // One idempotency key per checkout, the same for every try; the order goes with the form (local mode).
      const sent = vi.mocked(globalThis.fetch).mock.calls.filter(([url]) => String(url).startsWith('/rescms/order/checkout'));
      expect(sent.length).toBe(posts.length);
      for (const [, init] of sent) {
        expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBe(KEY);
        const body = JSON.parse(String(init?.body)) as { idempotency_key: string; first_name: string; order: { lict: number } };
        expect(body.idempotency_key).toBe(KEY);
        expect(body.first_name.startsWith('Ada')).toBe(true);
        expect(body.order.lict).toBe(1);
      }
    },
    stop: () => mounted?.stop(),
  };
}

describe('checkout machine, walked through the checkout form', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(model, checkoutMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, checkoutDriver());
    });
  }
});
