/**
 * The demo's fixture stays: stays of one demo rental that tests and benchmarks can count on, on
 * whatever day the demo database was made.
 *
 *   const { bookable, booked, past } = fixtureStays(today); // today: the database's `demo.today`
 *
 * The demo calendar is drawn at random from the day it is generated (generate.ts), so no calendar
 * date is bookable on every day. These windows are relative to that day, and the generator keeps
 * them so for the fixture rental whatever its random calendar says: it drops the random bookings
 * that touch the windows and books the 'booked' one itself (fixtureCalendar below). With the
 * generator's `today` = T and the fixture rental Cove Commons 42 (eid 1002, sleeps 4):
 *
 * | Stay       | Nights           | What the pricing engine says                                   |
 * |------------|------------------|----------------------------------------------------------------|
 * | `bookable` | T+28 … T+35 (7)  | available: a standard and a non-refundable offer on those days |
 * | `booked`   | T+42 … T+49 (7)  | booked; the alternates are arrivals on T+35 and T+49           |
 * | `past`     | T-14 … T-7 (7)   | in the past: refused                                           |
 *
 * Nights T+28 … T+42 and T+49 … T+56 are kept free. Seven nights is at least every season's
 * minimum stay, so each stay holds in any season. The windows lie four weeks and more ahead, so
 * they hold while the server's clock runs on after the database was made (a test run that passes
 * midnight UTC). Only the demo's default seed has this rental at eid 1002 (names come from the
 * seed). Checked for every day of the next two years by fixture-stays.test.ts.
 *
 * Tests and benchmarks against a running site ask it for its database's day (GET /api/demo) —
 * never their own clock, which may have passed midnight since the database was made:
 *
 *   const { bookable } = await siteFixtureStays('http://127.0.0.1:4318');
 */
import { addDays } from './dates.ts';

/** The demo seed the fixture rental belongs to (generate.ts DEFAULT_SEED). */
export const FIXTURE_SEED = 'coral-haven-coast';

/** The rental of the fixture stays (FIXTURE_SEED): its listing is /listing/cove-commons-42. */
export const FIXTURE_UNIT = { eid: 1002, slug: 'cove-commons-42', name: 'Cove Commons 42', sleeps: 4 } as const;

/** Days after the generator's `today` (negative: before it). */
const BOOKABLE_FROM = 28;
const BOOKED_FROM = 42;
const PAST_FROM = -14;
/** Stays the checkout tests book (one per e2e project width), apart from those the other tests count on. */
const CHECKOUT_FROM = [63, 70];
/**
 * Stays the calendar sync tests block with a feed and book here (two per e2e project width,
 * e2e/calendar-sync.spec.ts, and one for e2e/calendar-two-servers.spec.ts).
 */
const CALENDAR_FROM = [77, 84, 91, 98, 105];
const NIGHTS = 7;

export interface FixtureStay {
  eid: number;
  slug: string;
  /** The rental's name, as its listing page and the Trips Collection show it. */
  name: string;
  /** Arrival and departure, YYYY-MM-DD. */
  begin: string;
  end: string;
  nights: number;
  /** Guests the stay is checked for (the rental sleeps FIXTURE_UNIT.sleeps). */
  adult: number;
  child: number;
}

export interface FixtureStays {
  /** Available: the engine offers it at these very dates (standard and non-refundable rates). */
  bookable: FixtureStay;
  /** Booked for every night; the engine offers other arrivals nearby (`alternates`). */
  booked: FixtureStay & { alternates: string[] };
  /** Begun before the database was made: it can no longer be booked. */
  past: FixtureStay;
  /**
   * Available, for tests that book (the checkout): each is booked at most once per test run, by
   * one test (e2e: the desktop project the first, the phone project the second).
   */
  checkout: [FixtureStay, FixtureStay];
  /**
   * Available, for the calendar sync tests: the desktop project blocks the first with a feed and
   * books the second; the phone project the third and the fourth; the two-server test books the fifth.
   */
  calendar: [FixtureStay, FixtureStay, FixtureStay, FixtureStay, FixtureStay];
}

function stay(today: string, from: number): FixtureStay {
  return {
    eid: FIXTURE_UNIT.eid,
    slug: FIXTURE_UNIT.slug,
    name: FIXTURE_UNIT.name,
    begin: addDays(today, from),
    end: addDays(today, from + NIGHTS),
    nights: NIGHTS,
    adult: 2,
    child: 1,
  };
}

/** The fixture stays of a demo database generated on `today` (YYYY-MM-DD, its `demo.today` setting). */
export function fixtureStays(today: string): FixtureStays {
  return {
    bookable: stay(today, BOOKABLE_FROM),
    booked: { ...stay(today, BOOKED_FROM), alternates: [addDays(today, BOOKED_FROM - NIGHTS), addDays(today, BOOKED_FROM + NIGHTS)] },
    past: stay(today, PAST_FROM),
    checkout: [stay(today, CHECKOUT_FROM[0] as number), stay(today, CHECKOUT_FROM[1] as number)],
    calendar: CALENDAR_FROM.map((from) => stay(today, from)) as FixtureStays['calendar'],
  };
}

/** Nights as [begin, end): `end` is the departure day, as in the bookings table. */
export interface NightRange {
  begin: string;
  end: string;
}

/**
 * What the generator must make true for the fixture stays of `today`: the fixture rental's nights
 * that no random booking may touch (`free`), and the bookings it adds itself (`booked`).
 */
export function fixtureCalendar(today: string): { eid: number; free: NightRange[]; booked: NightRange[] } {
  return {
    eid: FIXTURE_UNIT.eid,
    free: [
      { begin: addDays(today, BOOKABLE_FROM), end: addDays(today, BOOKED_FROM) },
      { begin: addDays(today, BOOKED_FROM + NIGHTS), end: addDays(today, BOOKED_FROM + 2 * NIGHTS) },
      ...[...CHECKOUT_FROM, ...CALENDAR_FROM].map((from) => ({ begin: addDays(today, from), end: addDays(today, from + NIGHTS) })),
    ],
    booked: [{ begin: addDays(today, BOOKED_FROM), end: addDays(today, BOOKED_FROM + NIGHTS) }],
  };
}

/** The fixture stays of a running site, from the day its demo content was made (GET /api/demo). */
export async function siteFixtureStays(origin: string): Promise<FixtureStays> {
  const response = await fetch(new URL('/api/demo', origin));
  if (!response.ok) throw new Error(`The site at ${origin} tells no demo day (GET /api/demo answered ${response.status})`);
  const { seed, today } = (await response.json()) as { seed: string; today: string };
  if (seed !== FIXTURE_SEED) throw new Error(`The fixture stays are those of the demo seed '${FIXTURE_SEED}'; the site's demo has '${seed}'`);
  return fixtureStays(today);
}
