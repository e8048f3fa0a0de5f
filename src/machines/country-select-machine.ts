import { assign, emit, setup } from 'xstate';

/** A country's states or provinces, code and name, in the server's (name) order. */
export type Provinces = Array<[code: string, name: string]>;

export interface CountrySelectContext {
  country: string;
  provinces: Provinces;
}

export type CountrySelectEvent =
  | { type: 'country.chosen'; country: string }
  | { type: 'provinces.loaded'; country: string; provinces: Provinces }
  | { type: 'provinces.failed'; country: string; message: string };

export type CountrySelectEmitted = { type: 'provinces.request'; country: string } | { type: 'provinces.failure.logged'; message: string };

/**
 * The country select of the checkout form (spec §5 Country select, §8 State select loading): a
 * non-empty country loads its states into the state select, which shows 'Loading...', then
 * 'Select...' and the options. An answer for a country no longer chosen is ignored; a failed load
 * is said beside the select and choosing the country again tries again.
 */
export const countrySelectMachine = setup({
  types: { context: {} as CountrySelectContext, events: {} as CountrySelectEvent, emitted: {} as CountrySelectEmitted },
  guards: {
    hasCountry: ({ event }) => event.type === 'country.chosen' && event.country !== '',
    current: ({ context, event }) => (event.type === 'provinces.loaded' || event.type === 'provinces.failed') && event.country === context.country,
  },
  actions: {
    choose: assign(({ event }) => (event.type === 'country.chosen' ? { country: event.country, provinces: [] } : {})),
    ask: emit(({ context }) => ({ type: 'provinces.request' as const, country: context.country })),
    take: assign(({ event }) => (event.type === 'provinces.loaded' ? { provinces: event.provinces } : {})),
    log: emit(({ event }) => ({ type: 'provinces.failure.logged' as const, message: event.type === 'provinces.failed' ? event.message : '' })),
  },
}).createMachine({
  id: 'countrySelect',
  context: { country: '', provinces: [] },
  initial: 'none',
  on: {
    'country.chosen': [
      { guard: 'hasCountry', target: '.loading', actions: ['choose', 'ask'] },
      { target: '.none', actions: 'choose' },
    ],
  },
  states: {
    none: {},
    loading: {
      on: {
        'provinces.loaded': { guard: 'current', target: 'loaded', actions: 'take' },
        'provinces.failed': { guard: 'current', target: 'failed', actions: 'log' },
      },
    },
    loaded: {},
    failed: {},
  },
});
