import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCents } from '../../src/domain/money.ts';
import { toQueryString, type QueryValue } from '../../src/domain/pricing/query.ts';
import type { AvailItem, Price } from '../../src/domain/pricing/types.ts';
import type { RatePlan } from '../../src/domain/owner/listing-content.ts';
import { fromPrice, priceActivity, priceUnitStay, protectionOf, rentOf, searchAvailability, stayProblem, unitOffers, type SearchContext } from './engine.ts';
import { buildPricingData, dayOf } from './model.ts';
import { quoteStay } from './quote.ts';
import { fixtureOptions, fixtureRows, NOW, TODAY } from './test-fixture.ts';
import { parseQuoteQuery, parseSearchQuery, PricingInputError, type ParseContext } from './validate.ts';

const data = buildPricingData(fixtureRows, fixtureOptions);
const today = dayOf(TODAY) as number;
const context: SearchContext = { today, nowSeconds: NOW.getTime() / 1000, alternateWindowDays: 7 };
const parse: ParseContext = { data, today, maxFlexDays: 28 };
const day = (iso: string) => dayOf(iso) as number;
const unit = (eid: number) => {
  const found = data.units.get(eid);
  if (!found) throw new Error(`no unit ${eid}`);
  return found;
};

function search(rcav: Record<string, QueryValue>, ctx: SearchContext = context): AvailItem[] {
  return searchAvailability(data, parseSearchQuery(toQueryString({ rcav }), parse), ctx);
}
function itemOf(items: AvailItem[], eid: number): AvailItem {
  const item = items.find((i) => i.eid === eid);
  if (!item) throw new Error(`no item ${eid}`);
  return item;
}
const offer = (item: AvailItem, og: string, b?: string): Price => {
  const price = item.prices.find((p) => p.og === og && (b === undefined || p.b === b));
  if (!price) throw new Error(`no ${og} offer`);
  return price;
};

describe('protection offered at checkout (the optional fees)', () => {
  it('prices trip insurance as a share of the stay total and damage protection flat, and leaves both out of the price', () => {
    const stay = priceUnitStay(data, unit(1002), day('2027-02-01'), 4, { adult: 2, child: 0, senior: 0 }, { id: 'standard' });
    expect(stay.lines.some((line) => /insurance|protection/i.test(line.label))).toBe(false);
    const { ti, dp } = protectionOf(data, stay);
    expect(ti).toMatchObject({ kind: 'ti', choice: 'forced', amountCents: Math.floor((stay.totalCents * 700 + 5000) / 10_000) });
    expect(dp).toMatchObject({ kind: 'dp', choice: 'declinable', amountCents: 5900 });
  });

  it('offers none for an activity, nor when the site has no such fee', () => {
    const activity = data.activities.get(5001);
    if (!activity) throw new Error('the fixture has an activity');
    expect(protectionOf(data, priceActivity(activity, day('2027-02-01'), { adult: 2, child: 0, senior: 0 }))).toEqual({ ti: null, dp: null });
    const bare = buildPricingData({ ...fixtureRows, fees: fixtureRows.fees.filter((f) => !f.optional) }, fixtureOptions);
    const stay = priceUnitStay(bare, bare.units.get(1002) as NonNullable<ReturnType<typeof bare.units.get>>, day('2027-02-01'), 4, { adult: 2, child: 0, senior: 0 }, { id: 'standard' });
    expect(protectionOf(bare, stay)).toEqual({ ti: null, dp: null });
  });
});

describe('nightly rates by season', () => {
  it('sums the nights of each season across a season boundary', () => {
    const rent = rentOf(data, unit(1001), day('2027-02-26'), 5);
    expect(rent.rentCents).toBe(3 * 10_000 + 2 * 15_000);
    expect(rent.lines.map((l) => [l.label, l.count, l.unitCents, l.amountCents])).toEqual([
      ['Winter 2027', 3, 10_000, 30_000],
      ['Spring 2027', 2, 15_000, 30_000],
    ]);
  });

  it('refuses a stay with a night no season or rate prices', () => {
    expect(stayProblem(data, unit(1003), day('2027-05-30'), 3, 2, today)).toBe('no-rate');
    expect(stayProblem(data, unit(1001), day('2027-08-30'), 5, 2, today)).toBe('no-rate');
  });
});

describe('minimum stay by the season of the arrival day', () => {
  it('needs the arrival season’s minimum', () => {
    expect(stayProblem(data, unit(1001), day('2027-03-05'), 2, 2, today)).toBe('min-stay');
    expect(stayProblem(data, unit(1001), day('2027-03-05'), 3, 2, today)).toBeNull();
  });

  it('takes the arrival day’s season even when the stay runs into a stricter one', () => {
    expect(stayProblem(data, unit(1001), day('2027-02-27'), 2, 2, today)).toBeNull();
    expect(stayProblem(data, unit(1001), day('2027-05-31'), 3, 2, today)).toBeNull();
    expect(stayProblem(data, unit(1001), day('2027-06-01'), 3, 2, today)).toBe('min-stay');
  });
});

describe('the booked calendar', () => {
  it.each([
    ['2027-02-08', 3, 'booked'],
    ['2027-02-14', 2, 'booked'],
    ['2027-02-05', 5, null],
    ['2027-02-15', 3, null],
    ['2027-02-19', 2, 'booked'],
    ['2027-02-22', 2, null],
  ])('arrival %s for %i nights: %s', (begin, nights, problem) => {
    expect(stayProblem(data, unit(1001), day(begin), nights, 2, today)).toBe(problem);
  });

  it('refuses arrivals before today', () => {
    expect(stayProblem(data, unit(1001), today - 1, 3, 2, today)).toBe('past');
    expect(stayProblem(data, unit(1001), today, 3, 2, today)).toBeNull();
  });
});

describe('offers of a stay', () => {
  const items = search({ begin: '2027-01-20', end: '2027-01-23', adult: 2, IDs: [1001] });
  const item = itemOf(items, 1001);

  it('prices the standard rate: rent, cleaning, fees per stay and per night, tax on the rent; optional fees left for checkout', () => {
    // 3 × 100 + 150 cleaning + 49 reservation + 3 × 5 linen + 11.5% × 300.
    expect(offer(item, 'standard')).toMatchObject({ eid: 1001, p: 548.5, s: 0, c: 'USD', b: '2027-01-20', e: '2027-01-23', n: 'Pelican Place', dn: 'Standard rate', dd: '3 nights · 2 Adults' });
  });

  it('adds the special that applies, as a featured group, with its savings and special_nid', () => {
    // 15% of 300 = 45 off; tax 11.5% × 255 = 29.325 → 29.33.
    const special = offer(item, 'special');
    expect(special).toMatchObject({ p: 498.33, s: 45, dn: 'Winter warmer', dd: '15% off the rent · 3 nights · 2 Adults' });
    expect(special.qp.special_data).toEqual({ special_nid: 1 });
  });

  it('offers a non-refundable rate at 10% off the rent, not featured, named in its qp', () => {
    const rate = offer(item, 'nonrefundable');
    expect(rate).toMatchObject({ p: 515.05, s: 30 });
    expect(rate.qp.og).toBe('nonrefundable');
  });

  it('lists the offer groups used, featured first', () => {
    expect(item.groups).toEqual([
      { id: 'special', name: 'Special offers', offerby: 'Coral Haven Coast Rentals', featured: true },
      { id: 'standard', name: 'Standard rate', offerby: 'Coral Haven Coast Rentals', featured: true },
      { id: 'nonrefundable', name: 'Non-refundable rate', offerby: 'Coral Haven Coast Rentals', featured: false },
    ]);
  });

  it('gives every price query params that name the stay exactly', () => {
    expect(offer(item, 'standard').qp).toEqual({ rcav: { begin: '2027-01-20', end: '2027-01-23', nights: 3, adult: 2, child: 0, senior: 0, IDs: [1001] } });
  });

  it('does not apply a special outside its rules (too few nights)', () => {
    const short = itemOf(search({ begin: '2027-01-20', nights: 2, adult: 2, IDs: [1001] }), 1001);
    expect(short.prices.map((p) => p.og)).toEqual(['standard', 'nonrefundable']);
  });

  it('answers every unit when no item is named, in eid order', () => {
    expect(search({ begin: '2027-01-20', end: '2027-01-23', adult: 2 }).map((i) => i.eid)).toEqual([1001, 1002, 1003]);
  });
});

describe('guests', () => {
  it('gives no offer, and no alternates, to more guests than the unit sleeps (seniors count)', () => {
    const items = search({ begin: '2027-01-20', end: '2027-01-23', adult: 2, child: 1, senior: 2 });
    expect(itemOf(items, 1001)).toEqual({ eid: 1001, prices: [], groups: [] });
    expect(itemOf(items, 1002).prices.length).toBeGreaterThan(0);
    expect(offer(itemOf(items, 1002), 'standard').qp).toMatchObject({ rcav: { senior: 2 }, senior: 2 });
  });
});

describe('coupons', () => {
  it('takes a known code in any case: 10% off the rent, the code in qp', () => {
    const price = offer(itemOf(search({ begin: '2027-01-20', end: '2027-01-23', adult: 2, IDs: [1001], coupon: 'sunny10' }), 1001), 'standard');
    // 30 off; tax 11.5% × 270 = 31.05.
    expect(price).toMatchObject({ p: 515.05, s: 30, dd: '3 nights · 2 Adults · Coupon SUNNY10: 10% off' });
    expect(price.qp.rcav.coupon).toBe('SUNNY10');
  });

  it('ignores an unknown code: no discount and no coupon in qp', () => {
    const price = offer(itemOf(search({ begin: '2027-01-20', end: '2027-01-23', adult: 2, IDs: [1001], coupon: 'NOPE' }), 1001), 'standard');
    expect(price).toMatchObject({ p: 548.5, s: 0 });
    expect(price.qp.rcav).not.toHaveProperty('coupon');
  });

  it('adds to a special: both are shares of the rent', () => {
    const price = offer(itemOf(search({ begin: '2027-01-20', end: '2027-01-23', adult: 2, IDs: [1001], coupon: 'SUNNY10' }), 1001), 'special');
    expect(price.s).toBe(75);
  });
});

describe('flexible arrivals', () => {
  it('prices every arrival from begin to begin + flex', () => {
    const item = itemOf(search({ begin: '2027-02-01', nights: 3, adult: 2, IDs: [1002], flex: 3 }), 1002);
    expect([...new Set(item.prices.map((p) => p.b))]).toEqual(['2027-02-01', '2027-02-02', '2027-02-03', '2027-02-04']);
    expect(item.prices.every((p) => p.qp.rcav.nights === 3 && !('flex' in p.qp.rcav))).toBe(true);
  });

  it('leaves out the arrivals of the window that are taken', () => {
    const item = itemOf(search({ begin: '2027-02-06', nights: 3, adult: 2, IDs: [1001], flex: 14 }), 1001);
    // Booked 02-10 to 02-15 and blocked 02-20 to 02-22; the window ends with the arrival of 02-20.
    expect([...new Set(item.prices.map((p) => p.b))]).toEqual(['2027-02-06', '2027-02-07', '2027-02-15', '2027-02-16', '2027-02-17']);
  });
});

describe('alternates', () => {
  it('offers the nearest available arrivals either side, same nights, when the dates are taken', () => {
    const item = itemOf(search({ begin: '2027-02-11', nights: 3, adult: 2, IDs: [1001] }), 1001);
    expect([...new Set(item.prices.map((p) => p.b))]).toEqual(['2027-02-07', '2027-02-15', '2027-02-06']);
    expect(item.prices.every((p) => p.qp.rcav.nights === 3)).toBe(true);
  });

  it('offers none beyond the window', () => {
    const item = itemOf(search({ begin: '2027-02-11', nights: 3, adult: 2, IDs: [1001] }, { ...context, alternateWindowDays: 3 }), 1001);
    expect(item.prices).toEqual([]);
  });

  it('never offers an arrival before today', () => {
    const blockedToday = buildPricingData({ ...fixtureRows, bookings: [{ unitEid: 1002, beginDate: '2027-01-10', endDate: '2027-01-20' }] }, fixtureOptions);
    const items = searchAvailability(blockedToday, parseSearchQuery(toQueryString({ rcav: { begin: TODAY, nights: 3, IDs: [1002] } }), { ...parse, data: blockedToday }), { ...context, alternateWindowDays: 14 });
    expect([...new Set(items[0]?.prices.map((p) => p.b))]).toEqual(['2027-01-20', '2027-01-21', '2027-01-22']);
  });
});

describe('packages and activities', () => {
  it('prices a package for its unit: package nights, its activities per person, the stay', () => {
    const items = search({ begin: '2027-03-10', adult: 2, child: 1, IDs: [1001, 0, 8001] });
    expect(items).toHaveLength(1);
    const [price] = items[0]?.prices ?? [];
    // 3 × 150 rent + 3 × 45 kayak + 150 cleaning + 49 + 3 × 5 linen + 11.5% × 450.
    expect(price).toMatchObject({ eid: 1001, p: 850.75, og: 'package', dn: 'Spring kayak weekend', b: '2027-03-10', e: '2027-03-13' });
    expect(price?.qp.rcav).toEqual({ begin: '2027-03-10', end: '2027-03-13', nights: 3, adult: 2, child: 1, senior: 0, IDs: [1001, 0, 8001] });
    expect(items[0]?.groups?.map((g) => g.id)).toEqual(['package']);
  });

  it('prices an activity per person on the begin date', () => {
    const items = search({ begin: '2027-01-20', adult: 2, child: 1, senior: 1, IDs: [5001] });
    expect(items).toEqual([
      {
        eid: 5001,
        prices: [
          {
            eid: 5001,
            p: 180,
            s: 0,
            c: 'USD',
            b: '2027-01-20',
            e: '2027-01-20',
            n: 'Kayak tour',
            dn: 'Kayak tour',
            dd: '2 Adults, 1 Child, 1 Senior',
            og: 'activity',
            qp: { rcav: { begin: '2027-01-20', adult: 2, child: 1, senior: 1, IDs: [5001] }, senior: 1 },
          },
        ],
        groups: [{ id: 'activity', name: 'Activities', offerby: 'Coral Haven Coast Rentals', featured: true }],
      },
    ]);
  });
});

describe('specials on detailed quotes (spec §5)', () => {
  it("gives a type '2' special in searches but not on a detailed quote", () => {
    const item = itemOf(search({ begin: '2027-01-20', nights: 2, adult: 1, IDs: [1003] }), 1003);
    const special = offer(item, 'special');
    expect(special.qp.special_data).toEqual({ special_nid: 2 });
    const quoted = quoteStay(data, parseQuoteQuery(toQueryString(special.qp as unknown as Record<string, QueryValue>), parse), context);
    expect(quoted.ok && quoted.quote.offer).toBe('standard');
    expect(quoted.ok && quoted.quote.notes).toEqual(['The web-only special “Web deal” is not given on detailed quotes; this quote shows the standard rate.']);
  });

  it('keeps a type 1 special on the quote, at the price of the search', () => {
    const special = offer(itemOf(search({ begin: '2027-01-20', end: '2027-01-23', adult: 2, IDs: [1001] }), 1001), 'special');
    const quoted = quoteStay(data, parseQuoteQuery(toQueryString(special.qp as unknown as Record<string, QueryValue>), parse), context);
    expect(quoted.ok && quoted.quote.total).toBe(toCents(special.p));
  });
});

describe('amounts are exact to the cent', () => {
  it('p is the sum of the itemised lines, s the sum of the discounts, with at most two decimals (property)', () => {
    const units = [1001, 1002, 1003];
    fc.assert(
      fc.property(
        fc.constantFrom(...units),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(null, 'SUNNY10'),
        (eid, offset, nights, adult, child, couponCode) => {
          const begin = today + offset;
          const u = unit(eid);
          const guests = { adult, child, senior: 0 };
          if (stayProblem(data, u, begin, nights, adult + child, today) !== null) return;
          const coupon = couponCode ? (data.coupons.get(couponCode) ?? null) : null;
          for (const price of unitOffers(data, u, begin, nights, guests, coupon, null, context)) {
            const sum = price.lines.reduce((total, line) => total + line.amountCents, 0);
            expect(Number.isInteger(price.totalCents)).toBe(true);
            expect(price.totalCents).toBe(sum);
            const discounts = price.lines.filter((l) => l.kind === 'discount').reduce((t, l) => t + l.amountCents, 0);
            expect(price.savingsCents + discounts).toBe(0);
            const wire = priceUnitStay(data, u, begin, nights, guests, { id: price.offer, special: price.special, coupon });
            expect(wire.totalCents).toBe(price.totalCents);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sends p and s with two decimals at most', () => {
    for (const item of search({ begin: '2027-01-11', nights: 7, adult: 2, flex: 28 })) {
      for (const price of item.prices) {
        expect(Math.round(price.p * 100) / 100).toBe(price.p);
        expect(toCents(price.p)).toBe(Math.round(price.p * 100));
        expect(String(price.p)).toMatch(/^\d+(\.\d{1,2})?$/);
      }
    }
  });
});

describe("a refused query in a guest's words (issue 22)", () => {
  const refusal = (rcav: Record<string, QueryValue>, extra: Record<string, QueryValue> = {}): PricingInputError => {
    try {
      parseQuoteQuery(toQueryString({ rcav, ...extra }), { ...parse, maxFlexDays: 0 });
    } catch (error) {
      if (error instanceof PricingInputError) return error;
      throw error;
    }
    throw new Error(`not refused: ${JSON.stringify(rcav)}`);
  };

  it.each<[string, Record<string, QueryValue>, string, string | null]>([
    ['a past arrival', { begin: '2026-12-01', end: '2026-12-05', adult: 2, IDs: [1001] }, 'Its arrival date has passed.', 'past'],
    ['no adult', { begin: '2027-03-01', end: '2027-03-05', adult: 0, IDs: [1001] }, 'The number of adults must be from 1 to 50.', null],
    ['a departure before the arrival', { begin: '2027-03-05', end: '2027-03-01', adult: 2, IDs: [1001] }, 'Its departure date is not after its arrival date.', null],
    ['an unknown rental', { begin: '2027-03-01', end: '2027-03-05', adult: 2, IDs: [1999] }, 'It is no longer offered.', 'gone'],
    ['a date that does not exist', { begin: '2027-02-30', end: '2027-03-05', adult: 2, IDs: [1001] }, 'The arrival date is not a real date.', null],
  ])('%s', (_name, rcav, visitor, reason) => {
    const error = refusal(rcav);
    expect(error.message).toMatch(/rcav|eid/);
    expect(error.visitorMessage).toBe(visitor);
    expect(error.reason).toBe(reason);
  });

  it('never names a parameter, whatever the query (fast-check)', () => {
    const value = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 400 }).map(String), fc.constantFrom('2027-02-30', '2026-12-01', '2027-03-05', '03/05/2027', ''));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('begin', 'end', 'nights', 'adult', 'child', 'senior', 'IDs', 'coupon', 'flex', 'bogus'), value), fc.dictionary(fc.constantFrom('og', 'buy_text', 'special_data', 'senior'), value), (rcav, extra) => {
        try {
          parseQuoteQuery(toQueryString({ rcav, ...extra }), { ...parse, maxFlexDays: 0 });
        } catch (error) {
          if (!(error instanceof PricingInputError)) throw error;
          expect(error.visitorMessage).not.toMatch(/rcav|\[|\]|\beid|IDs|special_data|buy_text|\bog\b|\bqp\b/);
          expect(error.visitorMessage).toMatch(/^[A-Z].*\.$/);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the 'from' price (fromPrice)", () => {
  const FEES: RatePlan['fees'] = [
    { code: 'cleaning', name: 'Cleaning fee', scope: 'stay', amount: 15_000, mandatory: true, description: '' },
    { code: 'reservation-fee', name: 'Reservation fee', scope: 'stay', amount: 4900, mandatory: true, description: '' },
    { code: 'towels', name: 'Towels', scope: 'night', amount: 500, mandatory: true, description: '' },
    { code: 'pets', name: 'Pet fee', scope: 'pet', amount: 2500, mandatory: true, description: '' },
  ];
  const TAXES: RatePlan['taxes'] = [{ code: 'lodging-tax', name: 'Lodging tax', basisPoints: 1150, base: 'rent', staysUnderNights: null }];
  const plan = (extra: Partial<RatePlan>): RatePlan => ({
    baseNightlyCents: 20_000,
    weekendNights: [5, 6],
    weekendNightlyCents: null,
    minStay: 3,
    weeklyFactor: null,
    monthlyFactor: null,
    guestsIncluded: 2,
    extraGuestNightlyCents: 0,
    seasons: [],
    dates: [],
    fees: FEES,
    taxes: TAXES,
    ...extra,
  });
  const model = (p: RatePlan) => {
    const built = buildPricingData({ units: [{ eid: 1, name: 'One', sleeps: 4, ratePlan: p }], bookings: [], fees: [], activities: [], packages: [], specials: [] }, { ...fixtureOptions, calendar: { first: today, last: today + 60 } });
    return { built, unit: built.units.get(1) as NonNullable<ReturnType<typeof built.units.get>> };
  };

  it('spreads the cleaning fee and every mandatory fee and tax over the minimum stay, rounded up to whole dollars', () => {
    // 3 × $200 + $150 cleaning + $49 + 3 × $5 + 11.5% of $600 = $883 → $294.33 a night → $295 (the pet fee is an extra).
    const { built, unit: one } = model(plan({}));
    expect(fromPrice(built, one, today)).toEqual({ perNightCents: 29_500, nights: 3, maxPerNightCents: 29_500 });
  });

  it('takes the weekday stays for the lowest and the weekend ones for the highest', () => {
    const { built, unit: one } = model(plan({ minStay: 1, weekendNightlyCents: 40_000 }));
    const perNight = (rent: number) => Math.ceil((rent + 15_000 + 4_900 + 500 + Math.round(rent * 0.115)) / 100) * 100;
    expect(fromPrice(built, one, today)).toEqual({ perNightCents: perNight(20_000), nights: 1, maxPerNightCents: perNight(40_000) });
  });

  it('is nothing when no stay can be had', () => {
    const { built, unit: one } = model(plan({ minStay: 90 }));
    expect(fromPrice(built, one, today)).toBeNull();
  });

  it('is the lowest a night of the shortest stays the engine prices, whatever the plan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 1, max: 30 }), fc.option(fc.integer({ min: 1, max: 200_000 })), (nightly, minStay, weekend) => {
        const { built, unit: one } = model(plan({ baseNightlyCents: nightly, minStay, weekendNightlyCents: weekend }));
        const from = fromPrice(built, one, today);
        let lowest = Number.POSITIVE_INFINITY;
        for (let begin = today; begin + minStay <= today + 61; begin++) {
          const stay = priceUnitStay(built, one, begin, minStay, { adult: 1, child: 0, senior: 0 }, { id: 'standard' });
          lowest = Math.min(lowest, Math.ceil(stay.totalCents / minStay / 100) * 100);
        }
        expect(from?.perNightCents).toBe(lowest);
      }),
      { numRuns: 60 },
    );
  });
});
