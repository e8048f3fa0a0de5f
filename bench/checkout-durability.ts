/**
 * Checkout durability: a stream of checkouts (4 clients, each booking a different free stay) while
 * the server is killed with SIGKILL (kill -9) at a random moment, 3 times; after each kill the server
 * is started again on the same data directory (the embedded database recovers), and at the end it is
 * stopped and the database opened directly to check that
 *  - every acknowledged (201) booking is there, whole: its reservations, each unit stay's nights in
 *    the calendar, its confirmation email queued;
 *  - no booking is half-written (a booking without reservations, a reservation without its nights,
 *    nights without a reservation), whether or not its request was answered;
 *  - a request cut off by the kill, sent again with its idempotency key, gets its booking if it was
 *    made, or books it now: nothing twice.
 * Each checkout comes from its own client address (X-Forwarded-For from the documentation ranges,
 * believed from loopback and exempt from the rate limits; pay-later holds are capped per client), and
 * a pay-later one first solves the site's captcha from that address, as the ALTCHA widget does. A
 * cut-off pay-later request may have spent its token without booking: its retry is then refused for
 * the captcha, and is sent once more with a newly solved one under the same key, as the checkout page
 * would after showing the captcha again (counted apart).
 * Prints the counts and writes bench/results/checkout-durability.json (BENCH_RESULTS sets another folder).
 *
 *   npx tsx bench/checkout-durability.ts        # BENCH_PORT (4921), KILLS (3), CLIENTS (4)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Price } from '../src/domain/pricing/types.ts';
import { openDatabase } from '../server/db/client.ts';
import { benchCheckout, freeStays, loadAverage, postCheckout, root, startServer, withNewCaptcha, type BenchCheckout, type RunningServer } from './checkout-support.ts';

const port = Number(process.env.BENCH_PORT ?? 4921);
const kills = Number(process.env.KILLS ?? 3);
const clients = Number(process.env.CLIENTS ?? 4);
const results = process.env.BENCH_RESULTS ?? path.join(root, 'bench', 'results');
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const dataDir = fs.mkdtempSync(path.join(root, '.tmp', 'bench-durability-'));

interface Sent extends BenchCheckout {
  status: number;
  code?: string;
}

const acknowledged: Sent[] = [];
const refused: Sent[] = [];
const cutOff: Sent[] = [];
const rounds: { answered: number; acknowledged: number; refused: number; cutOff: number; killedAfterMs: number; restartMs: number }[] = [];

let server: RunningServer = await startServer(dataDir, port);
const loadBefore = loadAverage();
try {
  // Free weeks of every unit from three months ahead: more than the stream can book.
  const stays: Price[] = await freeStays(server.origin, { fromDay: 90, windows: 8, nights: 7, flex: 6 });
  let next = 0;
  for (let round = 1; round <= kills; round++) {
    const before = { acknowledged: acknowledged.length, refused: refused.length, cutOff: cutOff.length };
    let stopping = false;
    const url = server.origin;
    const stream = Promise.all(
      Array.from({ length: clients }, async () => {
        while (!stopping) {
          const n = next++;
          const stay = stays[n % stays.length] as Price;
          let checkout: BenchCheckout;
          try {
            checkout = await benchCheckout(url, stay, n % 2 === 0 ? 'later' : 'cc', n);
          } catch (error) {
            // The captcha's challenge found no server (the kill came first): no checkout was sent.
            if (stopping) continue;
            throw error;
          }
          const answer = await postCheckout(url, checkout.body, { headers: checkout.headers, timeoutMs: 10_000 });
          const sent: Sent = { ...checkout, status: answer.status, ...(answer.code ? { code: answer.code } : {}) };
          if (answer.status === 201) acknowledged.push(sent);
          // Refused before it was sent (the server was already gone): not a request at all.
          else if (answer.status === 0 && answer.error === 'ECONNREFUSED') continue;
          else if (answer.status === 0) cutOff.push(sent);
          else refused.push(sent);
        }
      }),
    );
    // Kill -9 somewhere between 1.5 and 4 s into the stream.
    const killAfter = 1500 + Math.round(Math.random() * 2500);
    await new Promise((resolve) => setTimeout(resolve, killAfter));
    // No new request from here on: those in flight now are the ones the kill cuts off.
    stopping = true;
    await server.stop('SIGKILL');
    await stream;
    const restarted = performance.now();
    server = await startServer(dataDir, port);
    rounds.push({
      answered: acknowledged.length - before.acknowledged + refused.length - before.refused,
      acknowledged: acknowledged.length - before.acknowledged,
      refused: refused.length - before.refused,
      cutOff: cutOff.length - before.cutOff,
      killedAfterMs: killAfter,
      restartMs: Math.round(performance.now() - restarted),
    });
    console.log(`kill ${round}: after ${killAfter} ms; ${rounds.at(-1)?.acknowledged} acknowledged, ${rounds.at(-1)?.refused} refused, ${rounds.at(-1)?.cutOff} cut off; restart ${rounds.at(-1)?.restartMs} ms`);
  }

  // Which cut-off requests had booked before their kill: the database, opened directly.
  await server.stop('SIGTERM');
  const rows = async <T>(db: Awaited<ReturnType<typeof openDatabase>>, query: ReturnType<typeof sql>): Promise<T[]> =>
    ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
  let database = await openDatabase({ dataDir });
  const keysBefore = new Set((await rows<{ key: string }>(database, sql`select idempotency_key as key from trip_bookings`)).map((r) => r.key));
  await database.close();
  const cutOffBooked = cutOff.filter((c) => keysBefore.has(String(c.body.idempotency_key))).length;

  // The requests the kills cut off, sent again with the same idempotency key.
  server = await startServer(dataDir, port);
  const retried = { sameBooking: 0, bookedNow: 0, newCaptcha: 0, refused: 0, failed: 0, wrong: 0 };
  const retriedCodes = new Map<string, string>();
  for (const sent of cutOff) {
    const key = String(sent.body.idempotency_key);
    let answer = await postCheckout(server.origin, sent.body, { headers: sent.headers });
    // Its token spent by the cut-off request, which booked nothing (a booking would have been replayed): solved again, the same key.
    if (answer.status === 400 && answer.reason === 'captcha') {
      retried.newCaptcha++;
      if (keysBefore.has(key)) retried.wrong++;
      const again = await withNewCaptcha(server.origin, sent);
      answer = await postCheckout(server.origin, again.body, { headers: again.headers });
    }
    if (answer.status === 201 && answer.code) {
      retriedCodes.set(key, answer.code);
      if (answer.replayed) retried.sameBooking++;
      else retried.bookedNow++;
      // A request that had booked must get that booking back, one that had not must book now.
      if (Boolean(answer.replayed) !== keysBefore.has(key)) retried.wrong++;
    } else if (answer.status === 409) {
      retried.refused++;
      if (keysBefore.has(key)) retried.wrong++;
    } else retried.failed++;
  }
  await server.stop('SIGTERM');

  database = await openDatabase({ dataDir });
  const allBookings = await rows<{ code: string; idempotency_key: string }>(database, sql`select code, idempotency_key from trip_bookings`);
  // The bench's own bookings: those under a key it sent (the demo content seeds past bookings of its own, whole as checkout writes them).
  const sentKeys = new Set([...acknowledged, ...refused, ...cutOff].map((sent) => String(sent.body.idempotency_key)));
  const bookings = allBookings.filter((b) => sentKeys.has(b.idempotency_key));
  const byCode = new Map(bookings.map((b) => [b.code, b]));
  const missing = acknowledged.filter((a) => !a.code || !byCode.has(a.code)).length;
  const [broken] = await rows<{ no_reservations: number; stays_without_nights: number; nights_without_reservation: number; nights_wrong_dates: number; no_email: number; overlapping: number }>(database, sql`select
    (select count(*) from trip_bookings b where not exists (select 1 from reservations r where r.trip_booking_id = b.id))::int as no_reservations,
    (select count(*) from reservations r where r.unit_eid is not null and not exists (select 1 from bookings c where c.reservation_id = r.id))::int as stays_without_nights,
    (select count(*) from bookings c where c.reservation_id is not null and not exists (select 1 from reservations r where r.id = c.reservation_id))::int as nights_without_reservation,
    (select count(*) from bookings c join reservations r on r.id = c.reservation_id where c.begin_date <> r.begin_date or c.end_date <> r.end_date or c.unit_eid <> r.unit_eid)::int as nights_wrong_dates,
    (select count(*) from trip_bookings b where not exists (select 1 from mail_queue m where m.reference = b.code))::int as no_email,
    (select count(*) from bookings a join bookings b on a.unit_eid = b.unit_eid and a.id < b.id and a.stay && b.stay)::int as overlapping`);
  await database.close();

  const countStatuses = (list: Sent[]) => list.reduce<Record<string, number>>((counts, sent) => ({ ...counts, [sent.status]: (counts[sent.status] ?? 0) + 1 }), {});
  const result = {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    node: process.version,
    database: 'pglite (demo content), killed with SIGKILL',
    clients,
    kills,
    rounds,
    totals: { acknowledged: acknowledged.length, refused: refused.length, refusedStatuses: countStatuses(refused), cutOff: cutOff.length, bookingsStored: bookings.length, demoBookings: allBookings.length - bookings.length, cutOffThatHadBooked: cutOffBooked },
    retriedAfterRestart: retried,
    checks: { acknowledgedMissing: missing, halfWritten: broken, retriesAnsweredWrongly: retried.wrong },
    ok:
      missing === 0 &&
      retried.wrong === 0 &&
      Object.values(broken ?? {}).every((n) => n === 0) &&
      bookings.length === new Set([...acknowledged.map((a) => a.code), ...retriedCodes.values()]).size,
    loadAverage: { before: loadBefore, after: loadAverage() },
  };
  console.log(
    `${kills} kills: ${acknowledged.length} acknowledged bookings, all there: ${missing === 0}; ${refused.length} refused ${JSON.stringify(result.totals.refusedStatuses)}; ${cutOff.length} cut off (${cutOffBooked} of them had booked); ` +
      `their retries after restart: ${retried.sameBooking} got the booking made before the kill, ${retried.bookedNow} booked now (${retried.newCaptcha} with a new captcha), ${retried.refused} refused, ${retried.failed} failed, ${retried.wrong} wrong; ` +
      `stored ${bookings.length} (and the demo's ${allBookings.length - bookings.length}); half-written ${JSON.stringify(broken)}; ok ${result.ok}`,
  );
  fs.mkdirSync(results, { recursive: true });
  fs.writeFileSync(path.join(results, 'checkout-durability.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (!result.ok) process.exitCode = 1;
} finally {
  await server.stop('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
