import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { countrySelectMachine } from '@/machines/country-select-machine';
import { answerVerify, mountCheckout, type MountedCheckout } from './checkout-harness';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';

type CountrySnapshot = SnapshotFrom<typeof countrySelectMachine>;
type CountryEvent = EventFrom<typeof countrySelectMachine>;
type ModelEvent = Via<CountryEvent>;

const PROVINCES: Array<[string, string]> = [
  ['AL', 'Alabama'],
  ['FL', 'Florida'],
];

const events: ModelEvent[] = [
  { type: 'country.chosen', country: 'US', via: 'chooses United States' },
  { type: 'country.chosen', country: 'US', via: 'Try again' },
  { type: 'country.chosen', country: '', via: 'chooses Select...' },
  { type: 'provinces.loaded', country: 'US', provinces: PROVINCES, via: 'the states arrive' },
  { type: 'provinces.failed', country: 'US', message: 'HTTP 500', via: 'the states fail to load' },
];

const model = createTestModel(countrySelectMachine, {
  events,
  filterEvents: (snapshot, event) => {
    const via = (event as Partial<ModelEvent>).via;
    if (!snapshot.can(event)) return false;
    if (event.type !== 'country.chosen') return true;
    // A select cannot choose what it shows; 'Try again' shows only after a failure.
    if (via === 'Try again') return snapshot.matches('failed');
    return snapshot.context.country !== event.country;
  },
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.country]),
});
const coverage = new ModelCoverage(countrySelectMachine);

/** The checkout form's country and state selects; GET /rescms/order/provinces/{country} is the boundary. */
function countryDriver(): PathDriver<CountrySnapshot, CountryEvent> {
  let mounted: MountedCheckout | null = null;
  let actor: Actor<typeof countrySelectMachine> | null = null;
  let user: UserEvent = userEvent.setup();
  const country = () => screen.getByRole('combobox', { name: 'Country' });
  const state = () => screen.getByRole('combobox', { name: 'State or province' });
  return {
    start: async () => {
      user = userEvent.setup();
      actor = createActor(countrySelectMachine, { inspect: coverage.inspect }).start();
      mounted = mountCheckout('countrySelect', actor);
      // The form shows once the prices are checked.
      await answerVerify(mounted.fetch);
    },
    perform: async (event) => {
      const fetch = (mounted as MountedCheckout).fetch;
      const via = (event as Partial<ModelEvent>).via;
      switch (event.type) {
        case 'country.chosen':
          if (via === 'Try again') return user.click(screen.getByRole('button', { name: 'Try again' }));
          return user.selectOptions(country(), event.country);
        case 'provinces.loaded':
          return fetch.last('/rescms/order/provinces/US').answer(200, Object.fromEntries(PROVINCES));
        case 'provinces.failed':
          return fetch.last('/rescms/order/provinces/US').answer(500, { message: 'The database is down' });
      }
    },
    expectState: (snapshot) => {
      expect(actor?.getSnapshot().value).toEqual(snapshot.value);
      expect((country() as HTMLSelectElement).value).toBe(snapshot.context.country);
      const options = within(state()).getAllByRole('option').map((option) => option.textContent);
      // Spec §5 Country select, §8: 'Loading...', then 'Select...' followed by the options.
      if (snapshot.matches('loading')) expect(options).toEqual(['Loading...']);
      else if (snapshot.matches('loaded')) expect(options).toEqual(['Select...', 'Alabama', 'Florida']);
      else expect(options).toEqual(['Select...']);
      expect((state() as HTMLSelectElement).disabled).toBe(!snapshot.matches('loaded'));
      expect(screen.queryByText(/The states could not be loaded/) !== null).toBe(snapshot.matches('failed'));
    },
    stop: () => mounted?.stop(),
  };
}

describe('country select machine, walked through the checkout form', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(model, countrySelectMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, countryDriver());
    });
  }
});
