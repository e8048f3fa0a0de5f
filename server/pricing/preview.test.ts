import { describe, expect, it } from 'vitest';
import type { RatePlan } from '../../src/domain/owner/listing-content.ts';
import { buildPricingData, isoOfDay, siteCalendar, weekdayOfDay } from './model.ts';
import { previewQuotes } from './preview.ts';

// The samples are drawn from today: the checks hold on any day.
const today = Math.floor(Date.now() / 86_400_000);
const listing = { eid: 1001, name: 'Pelican Place', sleeps: 6 };

const plan = (extra: Partial<RatePlan> = {}): RatePlan => ({
  baseNightlyCents: 20_000,
  weekendNights: [5, 6],
  weekendNightlyCents: 26_000,
  minStay: 2,
  weeklyFactor: 0.9,
  monthlyFactor: 0.75,
  guestsIncluded: 4,
  extraGuestNightlyCents: 1_500,
  seasons: [],
  dates: [],
  fees: [
    { code: 'cleaning', name: 'Cleaning fee', scope: 'stay', amount: 15_000, mandatory: true, description: '' },
    { code: 'linen', name: 'Linen', scope: 'guest', amount: 1_000, mandatory: true, description: '' },
    { code: 'hot-tub', name: 'Hot tub', scope: 'night', amount: 3_000, mandatory: false, description: '' },
  ],
  taxes: [
    { code: 'state', name: 'State sales tax', basisPoints: 700, base: 'rent_and_fees', staysUnderNights: null },
    { code: 'city', name: 'City tax', basisPoints: 300, base: 'rent', staysUnderNights: 30 },
  ],
  ...extra,
});

// The site's model the route has at hand (another listing booked, so its bookings are not the plan's).
const data = buildPricingData(
  { units: [{ eid: 1001, name: listing.name, sleeps: 6, ratePlan: plan() }], bookings: [{ unitEid: 1001, beginDate: isoOfDay(today), endDate: isoOfDay(today + 60) }], fees: [], activities: [], packages: [], specials: [] },
  { calendar: siteCalendar(today), currency: 'USD', offerBy: 'Test', coupons: [] },
);
const dayOf = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

describe('previewQuotes', () => {
  it('gives a weekend, a week, a month and the next Christmas, for a full house, nothing before a first publish', () => {
    const samples = previewQuotes(data, listing, null, plan(), today);
    expect(samples.map((s) => s.id)).toEqual(['weekend', 'week', 'month', 'holiday']);
    const [weekend, week, month, holiday] = samples;
    expect([weekdayOfDay(dayOf(weekend!.begin)), weekend!.nights]).toEqual([5, 2]);
    expect(dayOf(weekend!.begin)).toBeGreaterThan(today);
    expect([weekdayOfDay(dayOf(week!.begin)), week!.nights]).toEqual([6, 7]);
    expect(month!.begin.slice(8)).toBe('01');
    expect(month!.nights).toBeGreaterThanOrEqual(28);
    expect(month!.end.slice(8)).toBe('01');
    expect(holiday!.begin.slice(5)).toBe('12-24');
    expect(dayOf(holiday!.begin)).toBeGreaterThanOrEqual(today);
    expect(dayOf(holiday!.begin) - today).toBeLessThan(366);
    for (const sample of samples) {
      expect(sample.guests).toBe(6);
      expect(sample.before).toBeNull();
      expect(sample.after!.totalCents).toBe(sample.after!.lines.reduce((sum, line) => sum + line.amountCents, 0));
    }
  });

  it('prices each sample as the engine does: weekend nights, extra guests, length-of-stay discounts, fees and taxes with their criteria', () => {
    const [weekend, week, month] = previewQuotes(data, listing, null, plan(), today);
    // Two weekend nights at $260, 2 extra guests × 2 nights × $15, $150 cleaning, 6 × $10 linen; 7 % of rent and fees, 3 % of the rent.
    const rent = 2 * 26_000 + 2 * 2 * 1_500;
    const fees = 15_000 + 6_000;
    expect(weekend!.after).toEqual({
      totalCents: rent + fees + Math.round((rent + fees) * 0.07) + Math.round(rent * 0.03),
      rentCents: rent,
      lines: [
        { kind: 'rent', label: 'Nights', amountCents: 52_000 },
        { kind: 'rent', label: 'Extra guests', amountCents: 6_000 },
        { kind: 'cleaning', label: 'Cleaning fee', amountCents: 15_000 },
        { kind: 'fee', label: 'Linen', amountCents: 6_000 },
        { kind: 'tax', label: 'State sales tax', amountCents: Math.round((rent + fees) * 0.07) },
        { kind: 'tax', label: 'City tax', amountCents: Math.round(rent * 0.03) },
      ],
      problem: null,
    });
    expect(week!.after!.lines.find((line) => line.kind === 'discount')?.label).toBe('Weekly discount');
    const monthLines = month!.after!.lines;
    expect(monthLines.find((line) => line.kind === 'discount')?.label).toBe('Monthly discount');
    // The city tax is only for stays under 30 nights.
    expect(monthLines.some((line) => line.label === 'City tax')).toBe(month!.nights < 30);
  });

  it('shows the published plan and the draft side by side', () => {
    const samples = previewQuotes(data, listing, plan(), plan({ baseNightlyCents: 22_000, weekendNightlyCents: 30_000 }), today);
    for (const sample of samples) expect(sample.after!.totalCents).toBeGreaterThan(sample.before!.totalCents);
    const unchanged = previewQuotes(data, listing, plan(), plan(), today);
    for (const sample of unchanged) expect(sample.after).toEqual(sample.before);
  });

  it('takes the next season named like a holiday for the holiday sample', () => {
    const begin = today + 40;
    const seasons = [
      { name: 'Spring', begin: isoOfDay(today + 10), end: isoOfDay(today + 39), nightlyCents: 21_000, weekendNightlyCents: null, minStay: 2, arrivalDays: [], departureDays: [] },
      { name: 'Thanksgiving week', begin: isoOfDay(begin), end: isoOfDay(begin + 6), nightlyCents: 40_000, weekendNightlyCents: null, minStay: 4, arrivalDays: [], departureDays: [] },
    ];
    const holiday = previewQuotes(data, listing, null, plan({ seasons }), today)[3]!;
    expect(holiday).toMatchObject({ id: 'holiday', label: 'Thanksgiving week', begin: isoOfDay(begin), nights: 4 });
    expect(holiday.after!.lines[0]).toEqual({ kind: 'rent', label: 'Thanksgiving week', amountCents: 4 * 40_000 });
  });

  it("names the plan's rule that refuses a sample, and ignores booked nights", () => {
    const [weekend] = previewQuotes(data, listing, plan(), plan({ minStay: 3 }), today);
    expect(weekend!.before!.problem).toBeNull();
    expect(weekend!.after!.problem).toBe('Minimum stay 3 nights');
    const friday = dayOf(weekend!.begin);
    const season = { name: 'Summer', begin: isoOfDay(friday - 3), end: isoOfDay(friday + 20), nightlyCents: 30_000, weekendNightlyCents: null, minStay: 2, arrivalDays: [6 as const], departureDays: [] };
    expect(previewQuotes(data, listing, null, plan({ seasons: [season] }), today)[0]!.after!.problem).toBe('No arrivals on Friday');
    const closed = previewQuotes(data, listing, null, plan({ dates: [{ date: isoOfDay(friday + 1), nightlyCents: null, minStay: null }] }), today)[0]!;
    expect(closed.after!.problem).toMatch(/^Closed on Sat, /);
  });
});
