/**
 * A guest who should be able to book is never refused (issue 22), over the real input space: a free
 * stay arriving on every day of the next 730 days, of every length from 1 to 35 nights the engine
 * allows (each length on some day; the full grid of every day × every length is
 * bench/booking-space.ts), with guests from many countries and scripts — names, addresses, postal
 * codes and phone numbers as they write them (REAL_GUESTS, then fast-check's) — booked through
 * the real search, Trips Collection arithmetic, checkout route and pricing engine.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../demo/dates.ts';
import { ARRIVAL_DAYS, choicesFor, guestArbitrary, MAX_LENGTH, openBookingWorld, REAL_GUESTS, type BookingWorld, type GuestDetails, type StayToBook } from './booking-space.ts';

let world: BookingWorld;
/** fast-check's seed for the guests (printed when a booking is refused, to replay it). */
const seed = Date.now() % 2 ** 31;

beforeAll(async () => {
  world = await openBookingWorld();
}, 60_000);

afterAll(async () => {
  await world?.close();
});

/**
 * One stay a day: day i asks for length 1 + (i × 11 mod 35), or the next length the engine allows
 * there (a season's minimum stay), on rental i mod 36 — a rental is used again 36 days later, after
 * any stay of it has ended, so every stay is free.
 */
async function staysOneADay(): Promise<{ stays: StayToBook[]; refusedLengths: Map<string, number> }> {
  const stays: StayToBook[] = [];
  const refusedLengths = new Map<string, number>();
  for (let day = 0; day < ARRIVAL_DAYS; day++) {
    const unit = world.units[day % world.units.length] as { eid: number };
    const begin = addDays(world.today, day);
    for (let step = 0; step < MAX_LENGTH; step++) {
      const nights = 1 + ((day * 11 + step) % MAX_LENGTH);
      const problem = await world.problemOf({ eid: unit.eid, begin, nights });
      if (problem === null) {
        stays.push({ eid: unit.eid, begin, nights });
        break;
      }
      refusedLengths.set(problem, (refusedLengths.get(problem) ?? 0) + 1);
    }
  }
  return { stays, refusedLengths };
}

describe('every guest books every free stay', () => {
  it('a stay arriving on each of the next 730 days, of every allowed length, for guests of many countries and scripts', async () => {
    const { stays, refusedLengths } = await staysOneADay();
    // On an empty calendar the engine refuses a length only for a season's minimum stay.
    expect([...refusedLengths.keys()].filter((reason) => reason !== 'min-stay')).toEqual([]);
    expect(stays).toHaveLength(ARRIVAL_DAYS);
    expect(new Set(stays.map((s) => s.nights)).size).toBeGreaterThanOrEqual(MAX_LENGTH - 1);

    const generated = fc.sample(guestArbitrary, { numRuns: stays.length, seed });
    const refused: string[] = [];
    for (const [n, stay] of stays.entries()) {
      const guest = (n < REAL_GUESTS.length ? REAL_GUESTS[n] : generated[n]) as GuestDetails;
      const sleeps = world.units.find((u) => u.eid === stay.eid)?.sleeps ?? 2;
      const { response, offer } = await world.book(stay, guest, choicesFor(n, sleeps));
      if (response.statusCode !== 201) {
        refused.push(`${stay.begin} +${stay.nights} (${offer.dn ?? offer.og}, bt ${Date.parse(`${offer.b}T00:00:00Z`)}) for ${JSON.stringify(guest)}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      }
    }
    expect(refused, `fast-check seed ${seed}`).toEqual([]);
  }, 240_000);

  it('every length from 1 to 35 nights books on one day, once the seasons allow them all', async () => {
    await world.clearBookings();
    // The demo's seasons want 2–7 nights at least: with a minimum of 1 every length is offered.
    await world.setMinimumStay(1);
    // Eight weeks ahead, the arrival of a whole grid row: each length on its own rental.
    const begin = addDays(world.today, 56);
    const refused: string[] = [];
    let booked = 0;
    for (let nights = 1; nights <= MAX_LENGTH; nights++) {
      const unit = world.units[nights % world.units.length] as { eid: number; sleeps: number };
      const stay = { eid: unit.eid, begin, nights };
      if ((await world.problemOf(stay)) !== null) continue;
      const { response } = await world.book(stay, REAL_GUESTS[nights % REAL_GUESTS.length] as GuestDetails, choicesFor(nights, unit.sleeps));
      if (response.statusCode === 201) booked++;
      else refused.push(`+${nights}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
    expect(booked).toBe(MAX_LENGTH);
  }, 60_000);
});
