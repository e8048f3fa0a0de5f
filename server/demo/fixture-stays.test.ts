/**
 * The fixture stays hold for a demo database made on any day: for every `today` of the next two
 * years (from the real date), every month end, leap days and the days the clocks change in the US
 * and the EU, the demo calendar of the fixture rental is generated as the database gets it, built
 * into the pricing engine's model, and asked through the engine's own query parser, as the site
 * asks it. The engine's clock is the database's day, or the next day (a test run that passes
 * midnight UTC).
 */
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { toQueryString } from '../../src/domain/pricing/query.ts';
import type { AvailItem } from '../../src/domain/pricing/types.ts';
import { loadSiteSettings } from '../config.ts';
import { searchAvailability, stayProblem } from '../pricing/engine.ts';
import { buildPricingData, dayOf, isoOfDay, secondsOfDay, type PricingData } from '../pricing/model.ts';
import { quoteStay } from '../pricing/quote.ts';
import { PricingInputError, parseQuoteQuery, parseSearchQuery } from '../pricing/validate.ts';
import { FEES } from './catalog.ts';
import { addDays, lastOfMonth, nthWeekday, toIso, ymd } from './dates.ts';
import { FIXTURE_SEED, FIXTURE_UNIT, fixtureStays, siteFixtureStays, type FixtureStay } from './fixture-stays.ts';
import { DEFAULT_SEED, demoUnits, generateDemoCalendar, generateDemoContent } from './generate.ts';
import { registerDemoRoute, type DemoInfo } from './routes.ts';

const settings = loadSiteSettings(path.resolve('config/site.json'));
const units = demoUnits(DEFAULT_SEED);
const DAYS = 730;

/** The days a demo database is checked for: the next two years, and the days that break calendars. */
function daysToCheck(from: string): string[] {
  const days = new Set<string>();
  for (let i = 0; i < DAYS; i++) days.add(addDays(from, i));
  const firstYear = Number(from.slice(0, 4));
  for (let year = firstYear; year <= firstYear + 2; year++) {
    for (let month = 1; month <= 12; month++) days.add(lastOfMonth(ymd(year, month, 1)));
    if (new Date(Date.UTC(year, 1, 29)).getUTCDate() === 29) days.add(ymd(year, 2, 29));
    // Daylight saving: the US changes on the second Sunday of March and the first of November,
    // the EU on the last Sundays of March and October. The day before too (the night of the change).
    for (const change of [nthWeekday(year, 3, 0, 2), nthWeekday(year, 11, 0, 1), nthWeekday(year, 3, 0, -1), nthWeekday(year, 10, 0, -1)]) {
      days.add(change);
      days.add(addDays(change, -1));
    }
  }
  days.add('2028-02-29');
  return [...days].sort();
}

/** The pricing model of the fixture rental, from the demo calendar generated on `today`. */
function fixtureModel(today: string): PricingData {
  const calendar = generateDemoCalendar(units, today, [FIXTURE_UNIT.eid]);
  return buildPricingData(
    {
      seasons: calendar.seasons,
      // Columns the database fills in with their defaults when a row leaves them out.
      units: calendar.units.map((u) => ({ ...u, cleaningFeeCents: u.cleaningFeeCents ?? 0 })),
      unitRates: calendar.unitRates,
      bookings: calendar.bookings,
      fees: FEES.map((fee, position) => ({ ...fee, position })),
      activities: [],
      packages: [],
      specials: calendar.specials.map((sp) => ({
        ...sp,
        position: sp.position ?? 0,
        minGuests: sp.minGuests ?? 0,
        maxGuests: sp.maxGuests ?? 0,
        minNights: sp.minNights ?? 0,
        maxNights: sp.maxNights ?? 0,
      })),
    },
    { currency: settings.order.currency, offerBy: settings.site.name, coupons: settings.pricing.coupons ?? [] },
  );
}

const queryOf = (stay: FixtureStay, guests = { adult: stay.adult, child: stay.child }) =>
  toQueryString({ rcav: { begin: stay.begin, end: stay.end, ...guests, IDs: [stay.eid] } });

/** GET /rcapi/item/avail/search for the stay, as the pricing service answers it with its clock on `clockDay`. */
function search(data: PricingData, clockDay: number, query: string): AvailItem {
  const parsed = parseSearchQuery(query, { data, today: clockDay, maxFlexDays: settings.pricing.max_flex_days });
  const context = { today: clockDay, nowSeconds: secondsOfDay(clockDay) + 43_200, alternateWindowDays: settings.pricing.alternate_window_days };
  const [item] = searchAvailability(data, parsed, context);
  if (!item) throw new Error('no answer for the fixture rental');
  return item;
}

/** What the tests count on, on a database made on `today` and a clock on `clockDay`; a list of what does not hold. */
function problemsOn(data: PricingData, today: string, clockDay: number): string[] {
  const problems: string[] = [];
  const { bookable, booked, past, checkout, calendar } = fixtureStays(today);
  const unit = data.units.get(FIXTURE_UNIT.eid)!;
  const where = `demo of ${today}, clock on ${isoOfDay(clockDay)}`;

  for (const guests of [{ adult: bookable.adult, child: bookable.child }, { adult: 2, child: 0 }, { adult: FIXTURE_UNIT.sleeps, child: 0 }]) {
    for (const free of [bookable, ...checkout, ...calendar]) {
      const item = search(data, clockDay, queryOf(free, guests));
      const offers = item.prices.map((p) => `${p.og} ${p.b}…${p.e}`).sort();
      const expected = [`nonrefundable ${free.begin}…${free.end}`, `standard ${free.begin}…${free.end}`];
      if (JSON.stringify(offers) !== JSON.stringify(expected)) problems.push(`${where}: bookable ${free.begin} for ${JSON.stringify(guests)} gives [${offers.join(', ')}]`);
    }
  }
  const quote = quoteStay(data, parseQuoteQuery(queryOf(bookable), { data, today: clockDay, maxFlexDays: 0 }), { today: clockDay, nowSeconds: secondsOfDay(clockDay), detailedQuote: false });
  if (!quote.ok) problems.push(`${where}: the bookable stay cannot be quoted (${quote.problem})`);

  const begin = dayOf(booked.begin)!;
  if (stayProblem(data, unit, begin, booked.nights, booked.adult + booked.child, clockDay) !== 'booked') problems.push(`${where}: booked ${booked.begin} is not booked`);
  const alternates = search(data, clockDay, queryOf(booked)).prices.map((p) => p.b);
  if (JSON.stringify([...new Set(alternates)].sort()) !== JSON.stringify(booked.alternates)) {
    problems.push(`${where}: booked ${booked.begin} gives arrivals [${[...new Set(alternates)].join(', ')}], not [${booked.alternates.join(', ')}]`);
  }

  for (const parse of [parseSearchQuery, parseQuoteQuery]) {
    try {
      parse(queryOf(past), { data, today: clockDay, maxFlexDays: 0 });
      problems.push(`${where}: the past stay ${past.begin} is not refused`);
    } catch (error) {
      if (!(error instanceof PricingInputError && error.message === 'rcav[begin] is in the past')) throw error;
    }
  }
  return problems;
}

describe('fixture stays', () => {
  it('name the demo rental they are about', () => {
    expect(FIXTURE_SEED).toBe(DEFAULT_SEED);
    const unit = generateDemoContent(DEFAULT_SEED, '2026-11-01').units.find((u) => u.eid === FIXTURE_UNIT.eid);
    expect(unit && { eid: unit.eid, slug: unit.slug, name: unit.name, sleeps: unit.sleeps }).toEqual(FIXTURE_UNIT);
  });

  it('are relative to the day the demo was made', () => {
    expect(fixtureStays('2027-12-20')).toEqual({
      bookable: { eid: 1002, slug: 'cove-commons-42', name: 'Cove Commons 42', begin: '2028-01-17', end: '2028-01-24', nights: 7, adult: 2, child: 1 },
      booked: { eid: 1002, slug: 'cove-commons-42', name: 'Cove Commons 42', begin: '2028-01-31', end: '2028-02-07', nights: 7, adult: 2, child: 1, alternates: ['2028-01-24', '2028-02-07'] },
      past: { eid: 1002, slug: 'cove-commons-42', name: 'Cove Commons 42', begin: '2027-12-06', end: '2027-12-13', nights: 7, adult: 2, child: 1 },
      checkout: [
        { eid: 1002, slug: 'cove-commons-42', name: 'Cove Commons 42', begin: '2028-02-21', end: '2028-02-28', nights: 7, adult: 2, child: 1 },
        { eid: 1002, slug: 'cove-commons-42', name: 'Cove Commons 42', begin: '2028-02-28', end: '2028-03-06', nights: 7, adult: 2, child: 1 },
      ],
      calendar: [
        { eid: 1002, slug: 'cove-commons-42', name: 'Cove Commons 42', begin: '2028-03-06', end: '2028-03-13', nights: 7, adult: 2, child: 1 },
        { eid: 1002, slug: 'cove-commons-42', name: 'Cove Commons 42', begin: '2028-03-13', end: '2028-03-20', nights: 7, adult: 2, child: 1 },
        { eid: 1002, slug: 'cove-commons-42', name: 'Cove Commons 42', begin: '2028-03-20', end: '2028-03-27', nights: 7, adult: 2, child: 1 },
        { eid: 1002, slug: 'cove-commons-42', name: 'Cove Commons 42', begin: '2028-03-27', end: '2028-04-03', nights: 7, adult: 2, child: 1 },
        { eid: 1002, slug: 'cove-commons-42', name: 'Cove Commons 42', begin: '2028-04-03', end: '2028-04-10', nights: 7, adult: 2, child: 1 },
      ],
    });
  });

  it(`hold in the pricing engine on a demo made on any day of the next ${DAYS} days, month ends, leap days and daylight-saving changes`, () => {
    const from = toIso(new Date());
    const days = daysToCheck(from);
    expect(days.length).toBeGreaterThanOrEqual(DAYS);
    expect(days).toContain('2028-02-29');
    const problems: string[] = [];
    const started = performance.now();
    for (const today of days) {
      const data = fixtureModel(today);
      const day = dayOf(today)!;
      problems.push(...problemsOn(data, today, day), ...problemsOn(data, today, day + 1));
    }
    console.info(`fixture stays checked on ${days.length} demo days in ${Math.round(performance.now() - started)} ms`);
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it('hold in the whole demo content as the database gets it, not only in the fixture rental’s calendar', () => {
    const today = toIso(new Date());
    const content = generateDemoContent(DEFAULT_SEED, today);
    const own = generateDemoCalendar(units, today, [FIXTURE_UNIT.eid]);
    expect(content.bookings.filter((b) => b.unitEid === FIXTURE_UNIT.eid)).toEqual(own.bookings);
    expect(content.unitRates.filter((r) => r.unitEid === FIXTURE_UNIT.eid)).toEqual(own.unitRates);
    expect(content.seasons).toEqual(own.seasons);
    expect(content.specials).toEqual(own.specials);
  });

  it('of a running site are those of its database’s day (GET /api/demo), whatever the clock says', async () => {
    let info: DemoInfo | null = { seed: FIXTURE_SEED, today: '2027-12-20' };
    const app = Fastify();
    registerDemoRoute(app, async () => info);
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      expect(await siteFixtureStays(origin)).toEqual(fixtureStays('2027-12-20'));
      info = { seed: 'another-seed', today: '2027-12-20' };
      await expect(siteFixtureStays(origin)).rejects.toThrow("The fixture stays are those of the demo seed 'coral-haven-coast'; the site's demo has 'another-seed'");
      info = null;
      await expect(siteFixtureStays(origin)).rejects.toThrow(`The site at ${origin} tells no demo day (GET /api/demo answered 404)`);
    } finally {
      await app.close();
    }
  });
});
