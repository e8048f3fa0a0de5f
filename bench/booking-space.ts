/**
 * The whole booking space (issue 22): every arrival day of the next 730 days × every length from 1
 * to 35 nights, each stay the engine allows booked through the real search, Trips Collection
 * arithmetic, checkout route and pricing engine (server/checkout/booking-space.ts), by guests of
 * many countries and scripts (the fixed REAL_GUESTS, then fast-check's). A stay the engine does
 * not allow (a season's minimum stay) is counted with its reason. Every allowed stay must book:
 * any refusal is printed and the script exits with 1.
 *
 * Prints the counts and writes bench/results/booking-space.json.
 *
 * The demo's seasons want 2–7 nights at least; MIN_STAY (default 1) sets every season's minimum, so
 * that by default every length from 1 night is offered and booked (MIN_STAY=demo keeps the demo's).
 *
 *   npx tsx bench/booking-space.ts            # DAYS (730), SEED (fast-check seed, default: the clock), MIN_STAY (1)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { addDays } from '../server/demo/dates.ts';
import { ARRIVAL_DAYS, choicesFor, guestArbitrary, MAX_LENGTH, openBookingWorld, REAL_GUESTS, staysOfDay, type GuestDetails } from '../server/checkout/booking-space.ts';

const days = Number(process.env.DAYS ?? ARRIVAL_DAYS);
const seed = Number(process.env.SEED ?? Date.now() % 2 ** 31);
const started = performance.now();
const minimumStay = process.env.MIN_STAY === 'demo' ? null : Number(process.env.MIN_STAY ?? 1);
const world = await openBookingWorld();
if (minimumStay !== null) await world.setMinimumStay(minimumStay);
const guests = fc.sample(guestArbitrary, { numRuns: 5000, seed });

let booked = 0;
const refused: string[] = [];
const notAllowed = new Map<string, number>();
const lengthsBooked = new Set<number>();
const countries = new Set<string>();
const phones = new Set<string>();
let n = 0;
for (let day = 0; day < days; day++) {
  for (const stay of staysOfDay(world, day)) {
    const problem = await world.problemOf(stay);
    if (problem !== null) {
      notAllowed.set(problem, (notAllowed.get(problem) ?? 0) + 1);
      continue;
    }
    const guest = (n < REAL_GUESTS.length ? REAL_GUESTS[n] : guests[n % guests.length]) as GuestDetails;
    const sleeps = world.units.find((u) => u.eid === stay.eid)?.sleeps ?? 2;
    const { response } = await world.book(stay, guest, choicesFor(n, sleeps));
    n++;
    if (response.statusCode === 201) {
      booked++;
      lengthsBooked.add(stay.nights);
      countries.add(guest.country);
      phones.add(guest.phone);
    } else {
      refused.push(`${stay.begin} +${stay.nights} for ${JSON.stringify(guest)}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      console.error(refused.at(-1));
    }
  }
  // The day's stays leave their rentals free for the next day's.
  await world.clearBookings();
  if (day % 73 === 72) console.log(`… ${day + 1} days, ${booked} booked, ${refused.length} refused (${Math.round((performance.now() - started) / 1000)} s)`);
}
await world.close();

const bookedLengths = [...lengthsBooked].sort((a, b) => a - b);
const result = {
  date: new Date().toISOString(),
  cpus: os.cpus().length,
  loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  seed,
  minimumStay: minimumStay ?? 'demo seasons (2–7 nights)',
  arrivals: { first: world.today, last: addDays(world.today, days - 1), days },
  lengths: { tried: [1, MAX_LENGTH], booked: [bookedLengths[0] ?? 0, bookedLengths.at(-1) ?? 0], bookedCount: bookedLengths.length },
  stays: { tried: days * MAX_LENGTH, booked, refused: refused.length, notAllowedByEngine: Object.fromEntries(notAllowed) },
  guests: { countries: countries.size, phoneNumbers: phones.size, realFormats: REAL_GUESTS.length },
  refusals: refused.slice(0, 20),
  seconds: Math.round((performance.now() - started) / 1000),
};
console.log(JSON.stringify(result, null, 2));
fs.writeFileSync(path.join(import.meta.dirname, 'results', 'booking-space.json'), `${JSON.stringify(result, null, 2)}\n`);
if (refused.length > 0) process.exit(1);
