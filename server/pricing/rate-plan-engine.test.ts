/**
 * The engine on one hand-checked rate plan: which rate prices a night (date > season > base,
 * weekend rates), the minimum stay and the arrival and departure days of the arrival day, extra
 * guests, length-of-stay discounts before specials and coupons, fees of every scope, taxes with
 * criteria, and the optional fees the detailed quote lists without adding them.
 */
import { describe, expect, it } from 'vitest';
import type { RatePlan, Weekday } from '../../src/domain/owner/listing-content.ts';
import { planProblem, priceUnitStay, stayProblem } from './engine.ts';
import { buildPricingData, isoOfDay, siteCalendar, weekdayOfDay, type UnitInfo } from './model.ts';
import { quoteHtml } from './quote-html.ts';
import { toStayQuote } from './quote.ts';

// Every day is drawn from today: the checks hold on any day.
const today = Math.floor(Date.now() / 86_400_000);
/** The first day at least `from` that is weekday `wd`. */
const next = (wd: number, from = today + 1) => from + ((wd - weekdayOfDay(from) + 7) % 7);
const monday = next(1, today + 14);

const plan: RatePlan = {
  baseNightlyCents: 10_000,
  weekendNights: [5, 6],
  weekendNightlyCents: 12_000,
  minStay: 2,
  weeklyFactor: 0.9,
  monthlyFactor: 0.8,
  guestsIncluded: 2,
  extraGuestNightlyCents: 2_000,
  seasons: [
    // Two weeks from a Monday: Saturday arrivals and departures only, a week at least.
    { name: 'Peak', begin: isoOfDay(monday + 28), end: isoOfDay(monday + 41), nightlyCents: 30_000, weekendNightlyCents: 35_000, minStay: 7, arrivalDays: [6 as Weekday], departureDays: [6 as Weekday] },
  ],
  dates: [
    { date: isoOfDay(monday + 1), nightlyCents: 50_000, minStay: 4 },
    { date: isoOfDay(monday + 9), nightlyCents: null, minStay: null },
  ],
  fees: [
    { code: 'cleaning', name: 'Cleaning fee', scope: 'stay', amount: 8_000, mandatory: true, description: '' },
    { code: 'linen', name: 'Linen', scope: 'guest', amount: 1_000, mandatory: true, description: 'Per guest.' },
    { code: 'towels', name: 'Towels', scope: 'guest_night', amount: 100, mandatory: true, description: '' },
    { code: 'resort', name: 'Resort fee', scope: 'night', amount: 500, mandatory: true, description: '' },
    { code: 'service', name: 'Service fee', scope: 'rent_percent', amount: 500, mandatory: true, description: '' },
    { code: 'pets', name: 'Pet fee', scope: 'pet', amount: 4_000, mandatory: true, description: 'Each pet.' },
    { code: 'hot-tub', name: 'Hot tub', scope: 'night', amount: 2_500, mandatory: false, description: 'Heated on request.' },
  ],
  taxes: [
    { code: 'state', name: 'State sales tax', basisPoints: 700, base: 'rent_and_fees', staysUnderNights: null },
    { code: 'city', name: 'City tax', basisPoints: 300, base: 'rent', staysUnderNights: 30 },
  ],
};

const data = buildPricingData(
  { units: [{ eid: 7, name: 'Seven', sleeps: 6, ratePlan: plan }], bookings: [], fees: [], activities: [], packages: [], specials: [] },
  { calendar: siteCalendar(today), currency: 'USD', offerBy: 'Test', coupons: [{ code: 'TEN', percent: 10 }] },
);
const unit = data.units.get(7) as UnitInfo;
const nightly = (day: number) => unit.nightly[day - data.start];
const adults = (adult: number) => ({ adult, child: 0, senior: 0 });

describe('a night’s rate', () => {
  it('is the date entry’s, else the season’s (its weekend rate on Friday and Saturday), else the base (its weekend rate)', () => {
    expect([nightly(monday), nightly(monday + 4), nightly(monday + 5), nightly(monday + 6)]).toEqual([10_000, 12_000, 12_000, 10_000]);
    expect(nightly(monday + 1)).toBe(50_000);
    expect(nightly(monday + 9)).toBe(0);
    expect([nightly(monday + 28), nightly(monday + 32), nightly(monday + 33)]).toEqual([30_000, 35_000, 35_000]);
  });

  it('is none after the site’s calendar (a year ahead) when no season or date reaches further', () => {
    expect(stayProblem(data, unit, today + 364, 3, 1, today)).toBe('no-rate');
    expect(stayProblem(data, unit, today + 300, 3, 1, today)).toBeNull();
  });
});

describe('the rules of the arrival day', () => {
  it('take the date entry’s minimum stay, else the season’s, else the plan’s', () => {
    expect(planProblem(data, unit, monday + 1, 3)).toBe('min-stay');
    expect(planProblem(data, unit, monday + 1, 4)).toBeNull();
    expect(planProblem(data, unit, monday + 2, 1)).toBe('min-stay');
    expect(planProblem(data, unit, monday + 2, 2)).toBeNull();
  });

  it('refuse a closed night, and arrivals and departures on days the season does not allow', () => {
    expect(planProblem(data, unit, monday + 8, 2)).toBe('no-rate');
    const saturday = monday + 33;
    expect(planProblem(data, unit, saturday, 7)).toBeNull();
    expect(planProblem(data, unit, saturday - 1, 7)).toBe('arrival-day');
    expect(planProblem(data, unit, saturday, 8)).toBe('departure-day');
    expect(planProblem(data, unit, saturday, 6)).toBe('min-stay');
    // A stay arriving before the season is not bound by its rules.
    expect(planProblem(data, unit, monday + 27, 3)).toBeNull();
  });
});

describe('a stay’s price', () => {
  it('adds extra guests to the rent, then fees of every scope, then taxes, the city tax only under 30 nights', () => {
    // Monday to Thursday, 4 guests: 3 weekday nights, 2 extra guests.
    const price = priceUnitStay(data, unit, monday + 14, 3, adults(4), { id: 'standard' });
    const rent = 3 * 10_000 + 2 * 3 * 2_000;
    const fees = 8_000 + 4 * 1_000 + 4 * 3 * 100 + 3 * 500 + Math.round(rent * 0.05);
    expect(price.lines.map((l) => [l.kind, l.label, l.amountCents])).toEqual([
      ['rent', 'Nights', 30_000],
      ['rent', 'Extra guests', 12_000],
      ['cleaning', 'Cleaning fee', 8_000],
      ['fee', 'Linen', 4_000],
      ['fee', 'Towels', 1_200],
      ['fee', 'Resort fee', 1_500],
      ['fee', 'Service fee', 2_100],
      ['tax', 'State sales tax', Math.round((rent + fees) * 0.07)],
      ['tax', 'City tax', Math.round(rent * 0.03)],
    ]);
    expect(price.rentCents).toBe(rent);
    expect(price.totalCents).toBe(rent + fees + Math.round((rent + fees) * 0.07) + Math.round(rent * 0.03));
    // The per-pet fee and the optional hot tub are extras, never in the total.
    expect(price.extras?.map((l) => [l.label, l.amountCents])).toEqual([
      ['Pet fee', 4_000],
      ['Hot tub', 7_500],
    ]);
  });

  it('takes the weekly factor off the rent first; a coupon’s percentage is of the rent after it', () => {
    const price = priceUnitStay(data, unit, monday + 14, 7, adults(2), { id: 'standard', coupon: data.coupons.get('TEN')! });
    const rent = 5 * 10_000 + 2 * 12_000;
    const weekly = Math.round(rent * 0.1);
    const coupon = Math.round((rent - weekly) * 0.1);
    expect(price.lines.filter((l) => l.kind === 'discount').map((l) => [l.label, l.amountCents])).toEqual([
      ['Weekly discount', -weekly],
      ['Coupon TEN', -coupon],
    ]);
    expect(price.savingsCents).toBe(weekly + coupon);
  });

  it('takes the monthly factor, not the weekly one, from 28 nights; the city tax is not due from 30', () => {
    const price = priceUnitStay(data, unit, monday + 60, 30, adults(1), { id: 'standard' });
    expect(price.lines.filter((l) => l.kind === 'discount').map((l) => l.label)).toEqual(['Monthly discount']);
    expect(price.lines.some((l) => l.label === 'City tax')).toBe(false);
    expect(price.lines.filter((l) => l.kind === 'discount')[0]!.amountCents).toBe(-Math.round(price.rentCents * 0.2));
  });

  it('lists the optional extras in the detailed quote, outside the total', () => {
    const price = priceUnitStay(data, unit, monday + 14, 3, adults(2), { id: 'standard' });
    const quote = toStayQuote(data, price, today);
    expect(quote.extras).toEqual([
      { kind: 'fee', label: 'Pet fee', detail: 'Per pet, $40.00 · Each pet.', amount: 4_000 },
      { kind: 'fee', label: 'Hot tub', detail: '3 nights × $25.00 · Heated on request.', amount: 7_500 },
    ]);
    expect(quote.lines.find((l) => l.label === 'Towels')?.detail).toBe('2 guests × 3 nights × $1.00');
    expect(quote.lines.find((l) => l.label === 'Linen')?.detail).toBe('2 guests × $10.00');
    expect(quote.lines.find((l) => l.label === 'State sales tax')?.detail).toBe('7% of the rent and fees');
    const html = quoteHtml(quote, 'Book now');
    expect(html).toContain('Optional extras');
    expect(html).toContain('Hot tub');
    expect(quote.total).toBe(quote.lines.reduce((sum, line) => sum + line.amount, 0));
  });
});

describe('a stored plan that cannot be read', () => {
  it('closes that listing’s nights and leaves the others’ prices alone', () => {
    const both = buildPricingData(
      { units: [{ eid: 7, name: 'Seven', sleeps: 6, ratePlan: plan }, { eid: 8, name: 'Broken', sleeps: 6, ratePlan: { seasons: 'none' } as never }], bookings: [], fees: [], activities: [], packages: [], specials: [] },
      { calendar: siteCalendar(today), currency: 'USD', offerBy: 'Test', coupons: [] },
    );
    expect(stayProblem(both, both.units.get(8)!, monday + 14, 3, 1, today)).toBe('no-rate');
    expect(priceUnitStay(both, both.units.get(7)!, monday + 14, 3, adults(2), { id: 'standard' }).totalCents).toBe(priceUnitStay(data, unit, monday + 14, 3, adults(2), { id: 'standard' }).totalCents);
  });
});
