/**
 * Availability at scale (issue 10): the precomputed occupancy, the server-side reductions and
 * the paging must answer exactly what the plain definitions answer, on random calendars.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reducePrices, type ReductionMode } from '../../src/domain/pricing/reductions.ts';
import { toQueryString } from '../../src/domain/pricing/query.ts';
import { searchAvailability, stayProblem, type AvailQuery, type SearchContext, type StayProblem } from './engine.ts';
import { buildPricingData, isoOfDay, type PricingData, type PricingRows, type UnitInfo } from './model.ts';
import { parseSearchQuery, PricingInputError } from './validate.ts';

/**
 * The definition of spec §7 night by night, read from the rows (not the model's arrays): a season
 * and a rate of the unit for every night, none occupied; then the arrival season's minimum stay.
 */
function referenceProblem(rows: PricingRows, data: PricingData, unit: UnitInfo, begin: number, nights: number, guests: number, today: number): StayProblem | null {
  if (guests > unit.sleeps) return 'sleeps';
  if (begin < today) return 'past';
  const from = begin - data.start;
  if (from < 0 || nights < 1 || from + nights > data.days) return 'no-rate';
  const seasonOf = (day: number) => rows.seasons?.find((s) => isoOfDay(day) >= s.beginDate && isoOfDay(day) <= s.endDate);
  const rateOf = (day: number) => rows.unitRates?.find((r) => r.unitEid === unit.eid && r.seasonId === seasonOf(day)?.id)?.nightlyCents ?? 0;
  for (let i = from; i < from + nights; i++) {
    if (rateOf(data.start + i) === 0) return 'no-rate';
    if (unit.occupied[i] === 1) return 'booked';
  }
  const arrival = seasonOf(begin);
  return arrival && nights < arrival.minStay ? 'min-stay' : null;
}

const FIRST_DAY = 20_000;

/** A random calendar: up to 4 seasons (gaps between them), 1–6 units with some rates missing, random bookings. */
const calendars = fc
  .record({
    seasons: fc.array(fc.record({ gap: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 5 }), weight: 1 }), length: fc.integer({ min: 1, max: 15 }), minStay: fc.integer({ min: 1, max: 5 }) }), { minLength: 1, maxLength: 4 }),
    units: fc.array(
      fc.record({
        sleeps: fc.integer({ min: 1, max: 8 }),
        rates: fc.array(fc.oneof({ arbitrary: fc.constant(0), weight: 1 }, { arbitrary: fc.integer({ min: 5_000, max: 60_000 }), weight: 5 }), { minLength: 4, maxLength: 4 }),
        bookings: fc.array(fc.record({ start: fc.integer({ min: -5, max: 90 }), nights: fc.integer({ min: 1, max: 12 }) }), { maxLength: 5 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    specialPercent: fc.integer({ min: 5, max: 30 }),
  })
  .map(({ seasons, units, specialPercent }): PricingRows => {
    let day = FIRST_DAY;
    const seasonRows = seasons.map((s, i) => {
      const begin = day + s.gap;
      day = begin + s.length;
      return { id: i + 1, name: `Season ${i + 1}`, kind: 'low', beginDate: isoOfDay(begin), endDate: isoOfDay(begin + s.length - 1), minStay: s.minStay };
    });
    const eid = (i: number) => 1001 + i * 3;
    return {
      seasons: seasonRows,
      units: units.map((u, i) => ({ eid: eid(i), name: `Unit ${i}`, sleeps: u.sleeps, cleaningFeeCents: 10_000 })),
      unitRates: units.flatMap((u, i) => seasonRows.map((s, k) => ({ unitEid: eid(i), seasonId: s.id, nightlyCents: u.rates[k] ?? 0 }))),
      bookings: units.flatMap((u, i) =>
        u.bookings.map((b) => ({ unitEid: eid(i), beginDate: isoOfDay(FIRST_DAY + b.start), endDate: isoOfDay(FIRST_DAY + b.start + b.nights) })),
      ),
      fees: [{ code: 'tax', name: 'Lodging tax', kind: 'percent', amount: 1_150, optional: false, description: 'Tax', position: 1 }],
      activities: [],
      packages: [],
      specials: [
        {
          id: 7,
          position: 0,
          title: 'Stay longer',
          description: 'Off the rent',
          specialType: '1',
          units: units.filter((_, i) => i % 2 === 0).map((_, i) => String(eid(i * 2))),
          stayBegin: FIRST_DAY * 86_400,
          stayEnd: (FIRST_DAY + 400) * 86_400,
          bookBegin: 0,
          bookEnd: (FIRST_DAY + 400) * 86_400,
          minGuests: 0,
          maxGuests: 0,
          minNights: 4,
          maxNights: 0,
          discountPercent: specialPercent,
        },
      ],
    };
  });

const options = { currency: 'USD', offerBy: 'Test', coupons: [] };
const context = (today: number): SearchContext => ({ today, nowSeconds: today * 86_400, alternateWindowDays: 7 });

describe('the precomputed occupancy', () => {
  it('agrees with the night-by-night definition on random calendars, stays and guests', () => {
    fc.assert(
      fc.property(
        calendars,
        fc.integer({ min: -10, max: 200 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: -5, max: 20 }),
        (rows, offset, nights, guests, todayOffset) => {
          const data = buildPricingData(rows, options);
          const today = FIRST_DAY + todayOffset;
          for (const unit of data.unitList) {
            expect(stayProblem(data, unit, FIRST_DAY + offset, nights, guests, today)).toBe(referenceProblem(rows, data, unit, FIRST_DAY + offset, nights, guests, today));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('server-side reduction and paging', () => {
  const asked = fc.record({
    begin: fc.integer({ min: 0, max: 60 }),
    nights: fc.integer({ min: 1, max: 10 }),
    adult: fc.integer({ min: 1, max: 4 }),
    flex: fc.integer({ min: 0, max: 14 }),
    mode: fc.constantFrom<ReductionMode>('all', 'first', 'low', 'low_day'),
    perPage: fc.integer({ min: 1, max: 4 }),
  });

  function query(data: PricingData, a: { begin: number; nights: number; adult: number; flex: number }, extra: Record<string, string>): AvailQuery {
    const raw = `${toQueryString({ rcav: { begin: isoOfDay(FIRST_DAY + a.begin), nights: a.nights, adult: a.adult, flex: a.flex } })}&${new URLSearchParams(extra)}`;
    return parseSearchQuery(raw, { data, today: FIRST_DAY, maxFlexDays: 28 });
  }

  it('reduces each unit as the client would reduce the full answer (all, first, low, low_day)', () => {
    fc.assert(
      fc.property(calendars, asked, (rows, a) => {
        const data = buildPricingData(rows, options);
        const full = searchAvailability(data, query(data, a, {}), context(FIRST_DAY));
        const reduced = searchAvailability(data, query(data, a, { reduce: a.mode }), context(FIRST_DAY));
        expect(reduced.map((item) => item.eid)).toEqual(full.map((item) => item.eid));
        reduced.forEach((item, i) => {
          const expected = reducePrices(full[i]!.prices, a.mode);
          expect(item.prices).toEqual(expected);
          expect(new Set((item.groups ?? []).map((g) => g.id))).toEqual(new Set(expected.map((p) => p.og)));
        });
      }),
      { numRuns: 200 },
    );
  });

  it('answers the units of eids, and pages that put together give the whole answer', () => {
    fc.assert(
      fc.property(calendars, asked, fc.array(fc.nat({ max: 5 }), { maxLength: 4 }), (rows, a, picks) => {
        const data = buildPricingData(rows, options);
        const full = searchAvailability(data, query(data, a, { reduce: a.mode }), context(FIRST_DAY));
        const pages = [];
        for (let page = 1; page <= Math.ceil(full.length / a.perPage) + 1; page++) {
          pages.push(...searchAvailability(data, query(data, a, { reduce: a.mode, per_page: String(a.perPage), page: String(page) }), context(FIRST_DAY)));
        }
        expect(pages).toEqual(full);
        const eids = picks.map((i) => data.unitList[i % data.unitList.length]!.eid);
        const some = searchAvailability(data, query(data, a, { reduce: a.mode, eids: [...eids, 999_999].join(',') }), context(FIRST_DAY));
        expect(some).toEqual(full.filter((item) => eids.includes(item.eid)));
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a bad reduction, eids or page with a message naming the parameter', () => {
    const data = buildPricingData(fc.sample(calendars, { numRuns: 1, seed: 1 })[0]!, options);
    const a = { begin: 1, nights: 3, adult: 2, flex: 0 };
    const refused = (extra: Record<string, string>) => {
      try {
        query(data, a, extra);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(PricingInputError);
        return (error as Error).message;
      }
    };
    expect(refused({ reduce: 'cheapest' })).toBe('reduce must be one of all, first, low, low_day');
    expect(refused({ eids: '1001,abc' })).toBe('eids[1] must be a whole number, not "abc"');
    expect(refused({ page: '2' })).toBe('page needs per_page (the units per page)');
    expect(refused({ per_page: '0' })).toBe('per_page must be a whole number from 1 to 1000, not "0"');
    expect(refused({ eids: Array.from({ length: 1001 }, (_, i) => i + 1).join(',') })).toBe('eids has at most 1000 entries');
  });
});
