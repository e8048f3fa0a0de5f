import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RatePlan, SeasonRate } from './listing-content.ts';
import { validateRatePlan } from './rate-plan-validation.ts';

const DAY_MS = 86_400_000;
// Dates are drawn from today, so the checks hold on any day.
const TODAY = Math.floor(Date.now() / DAY_MS);
const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const short = (day: number) => new Date(day * DAY_MS).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const weekday = (day: number) => new Date(day * DAY_MS).getUTCDay();
/** The first day from today that is this weekday. */
const next = (wd: number) => TODAY + ((wd - weekday(TODAY) + 7) % 7);

const season = (extra: Partial<SeasonRate>): SeasonRate => ({
  name: 'High season',
  begin: iso(TODAY + 10),
  end: iso(TODAY + 70),
  nightlyCents: 30_000,
  weekendNightlyCents: null,
  minStay: 3,
  arrivalDays: [],
  departureDays: [],
  ...extra,
});

const plan = (extra: Partial<RatePlan> = {}): RatePlan => ({
  baseNightlyCents: 20_000,
  weekendNights: [5, 6],
  weekendNightlyCents: 25_000,
  minStay: 2,
  weeklyFactor: 0.95,
  monthlyFactor: 0.85,
  guestsIncluded: 4,
  extraGuestNightlyCents: 2_500,
  seasons: [season({})],
  dates: [{ date: iso(TODAY + 5), nightlyCents: null, minStay: null }],
  fees: [
    { code: 'cleaning', name: 'Cleaning fee', scope: 'stay', amount: 15_000, mandatory: true, description: '' },
    { code: 'pets', name: 'Pet fee', scope: 'pet', amount: 5_000, mandatory: false, description: 'Per pet.' },
  ],
  taxes: [
    { code: 'state', name: 'State sales tax', basisPoints: 700, base: 'rent_and_fees', staysUnderNights: null },
    { code: 'city', name: 'City lodging tax', basisPoints: 300, base: 'rent', staysUnderNights: 30 },
  ],
  ...extra,
});

const paths = (value: unknown, path?: string) => validateRatePlan(value, path).map((p) => p.path);

describe('validateRatePlan', () => {
  it('accepts a full plan, and an empty-listed one with only a base rate', () => {
    expect(validateRatePlan(plan())).toEqual([]);
    expect(validateRatePlan(plan({ seasons: [], dates: [], fees: [], taxes: [], weeklyFactor: null, monthlyFactor: null, weekendNightlyCents: null }))).toEqual([]);
  });

  it('requires a plan and a base nightly rate, in range', () => {
    expect(paths(null)).toEqual(['rates']);
    expect(paths(plan({ baseNightlyCents: 0 }))).toEqual(['rates.baseNightlyCents']);
    expect(paths(plan({ baseNightlyCents: 10_000_001 }))).toEqual(['rates.baseNightlyCents']);
    expect(paths(plan({ baseNightlyCents: 100.5 }), 'document.rates')).toEqual(['document.rates.baseNightlyCents']);
  });

  it('checks minimum stays, factors, weekdays and guests', () => {
    expect(paths(plan({ minStay: 0 }))).toEqual(['rates.minStay']);
    expect(paths(plan({ minStay: 366 }))).toEqual(['rates.minStay']);
    expect(paths(plan({ weeklyFactor: 0.4, monthlyFactor: 1.2 }))).toEqual(['rates.weeklyFactor', 'rates.monthlyFactor']);
    expect(paths(plan({ weekendNights: [5, 7] as never }))).toEqual(['rates.weekendNights']);
    expect(paths(plan({ guestsIncluded: -1, extraGuestNightlyCents: -5 }))).toEqual(['rates.guestsIncluded', 'rates.extraGuestNightlyCents']);
  });

  it('checks season dates, end on or after begin, and real days', () => {
    expect(paths(plan({ seasons: [season({ end: iso(TODAY + 5) })] }))).toEqual(['rates.seasons.0.end']);
    expect(paths(plan({ seasons: [season({ begin: `${iso(TODAY + 400).slice(0, 4)}-02-30` })] }))).toEqual(['rates.seasons.0.begin']);
    expect(paths(plan({ seasons: [season({ name: ' ' })] }))).toEqual(['rates.seasons.0.name']);
  });

  it('names the season a season overlaps, with its dates', () => {
    const problems = validateRatePlan(plan({ seasons: [season({}), season({ name: 'Holiday', begin: iso(TODAY + 70), end: iso(TODAY + 80) })] }));
    expect(problems).toEqual([{ path: 'rates.seasons.1.begin', message: `Overlaps the season 'High season' (${short(TODAY + 10)} – ${short(TODAY + 70)}).` }]);
    // Touching is not overlapping.
    expect(validateRatePlan(plan({ seasons: [season({}), season({ name: 'Holiday', begin: iso(TODAY + 71), end: iso(TODAY + 80) })] }))).toEqual([]);
  });

  it('refuses a season with no allowed arrival day, and takes departure rules the engine can meet past its end', () => {
    const saturday = next(6);
    // A week from Saturday to Friday: arrivals and departures on Saturday, 7 nights at least.
    const week = season({ begin: iso(saturday), end: iso(saturday + 6), minStay: 7, arrivalDays: [6], departureDays: [6] });
    expect(validateRatePlan(plan({ seasons: [week] }))).toEqual([]);
    // 8 nights at least: a stay arriving on its Saturday leaves on the Saturday after next, past the season's end, as the engine prices it.
    expect(validateRatePlan(plan({ seasons: [{ ...week, minStay: 8 }] }))).toEqual([]);
    const noArrival = season({ begin: iso(saturday), end: iso(saturday + 1), minStay: 1, arrivalDays: [2] });
    expect(validateRatePlan(plan({ seasons: [noArrival] }))).toEqual([{ path: 'rates.seasons.0.arrivalDays', message: 'No day of this season is an allowed arrival day (Tuesday).' }]);
  });

  it('refuses two entries for one date and checks their rates', () => {
    const dates = [
      { date: iso(TODAY + 3), nightlyCents: 40_000, minStay: 2 },
      { date: iso(TODAY + 3), nightlyCents: null, minStay: null },
      { date: 'tomorrow', nightlyCents: 0, minStay: 0 },
    ];
    expect(paths(plan({ dates }))).toEqual(['rates.dates.1.date', 'rates.dates.2.date', 'rates.dates.2.nightlyCents', 'rates.dates.2.minStay']);
  });

  it('checks fee and tax codes (unique across both), scopes, amounts and basis points', () => {
    const fees: RatePlan['fees'] = [
      { code: 'cleaning', name: 'Cleaning', scope: 'stay', amount: 100, mandatory: true, description: '' },
      { code: 'cleaning', name: 'Again', scope: 'night', amount: 100, mandatory: true, description: '' },
      { code: 'Bad Code', name: 'Service', scope: 'rent_percent', amount: 10_001, mandatory: true, description: '' },
      { code: 'x', name: 'X', scope: 'weekly' as never, amount: 1, mandatory: 'yes' as never, description: '' },
    ];
    const taxes: RatePlan['taxes'] = [
      { code: 'cleaning', name: 'Tax', basisPoints: 700, base: 'rent', staysUnderNights: null },
      { code: 'city', name: 'City', basisPoints: 10_001, base: 'fees' as never, staysUnderNights: 0 },
    ];
    expect(paths(plan({ fees, taxes }))).toEqual([
      'rates.fees.1.code',
      'rates.fees.2.code',
      'rates.fees.2.amount',
      'rates.fees.3.scope',
      'rates.fees.3.mandatory',
      'rates.taxes.0.code',
      'rates.taxes.1.basisPoints',
      'rates.taxes.1.base',
      'rates.taxes.1.staysUnderNights',
    ]);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(Array.isArray(validateRatePlan(value))).toBe(true);
        expect(Array.isArray(validateRatePlan({ ...plan(), seasons: [value], dates: [value], fees: [value], taxes: [value] }))).toBe(true);
      }),
    );
  });
});
