/**
 * Pay later is a hold that lapses. A pay-later checkout takes its nights only until `held_until`
 * (settings order.pay_later.hold_minutes, 30 by default): the guest confirms it from the email's
 * link (or, on a request-to-book site, the owner accepts it) and the nights are then taken for
 * good. The database is the truth: every read of the calendar ignores a bookings row whose
 * `held_until` has passed, so a hold frees its nights by itself on every server and through any
 * restart, whether or not a sweeper has run; the sweeper (sweepLapsedHolds) only tidies up, marking
 * such holds 'lapsed' and deleting their rows so a new booking of those nights passes the
 * exclusion constraint at once.
 *
 * Open holds are capped per email address and per client address, and so are the held stays and
 * the emails pay-later checkouts send to one address a day. The caps are counted and the hold is
 * written under two advisory locks, one of its email address and one of its client (holdLock), so
 * that 35 checkouts at once from one client cannot all count "none yet" before any of them writes,
 * while checkouts of other guests from other clients never wait for each other.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { Database } from '../db/client.ts';
import type { HoldOfBooking } from '../../src/domain/checkout/hold.ts';

export type PayLaterSettings = SiteSettings['order']['pay_later'];

/** A confirm link's token: 24 random bytes (192 bits), base64url. Only its hash is stored. */
export const CONFIRM_TOKEN = /^[A-Za-z0-9_-]{32}$/;
export const newConfirmToken = (): string => crypto.randomBytes(24).toString('base64url');
export const confirmTokenHash = (token: string): string => crypto.createHash('sha256').update(token).digest('base64url');

/** The page a hold's email links to: it shows the hold and the button that confirms it (a POST: mail scanners follow links). */
export const holdConfirmPath = (code: string, token: string): string => `/rescms/order/confirm/${code}/${token}`;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Takes the locks of a hold's email address and of its client for the rest of the transaction `tx`
 * (one holder of each at a time, across servers), as the lead forms lock per email. Always the
 * email's first, then the client's: two checkouts never wait for each other in opposite orders.
 */
export async function holdLock(tx: Pick<Database, 'execute'>, email: string, clientKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hold-email:' || lower(${email})))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hold-client:' || ${clientKey}))`);
}

export interface HoldCounts {
  /** Open holds (held, not lapsed) of this email address, and their stays. */
  byEmail: number;
  staysByEmail: number;
  /** Open holds made from this client address, and their stays. */
  byClient: number;
  staysByClient: number;
  /** Pay-later checkouts (holds, whatever their state) emailed to this address in the last 24 hours. */
  mailsToday: number;
}

/** What the caps count for a new hold of `email` from `clientKey`, at `now`. */
export async function holdCounts(tx: Pick<Database, 'execute'>, email: string, clientKey: string, now: Date): Promise<HoldCounts> {
  const at = now.toISOString();
  const [row] = rowsOf<Record<keyof HoldCounts, number | string>>(
    await tx.execute(sql`select
      (select count(*) from trip_bookings where hold_state = 'held' and held_until > ${at}::timestamptz and lower(email) = lower(${email})) as "byEmail",
      (select count(*) from reservations r join trip_bookings t on t.id = r.trip_booking_id
        where t.hold_state = 'held' and t.held_until > ${at}::timestamptz and lower(t.email) = lower(${email})) as "staysByEmail",
      (select count(*) from trip_bookings where hold_state = 'held' and held_until > ${at}::timestamptz and client_key = ${clientKey}) as "byClient",
      (select count(*) from reservations r join trip_bookings t on t.id = r.trip_booking_id
        where t.hold_state = 'held' and t.held_until > ${at}::timestamptz and t.client_key = ${clientKey}) as "staysByClient",
      (select count(*) from trip_bookings where hold_state is not null and lower(email) = lower(${email})
        and created_at > ${at}::timestamptz - interval '1 day') as "mailsToday"`),
  );
  return {
    byEmail: Number(row?.byEmail ?? 0),
    staysByEmail: Number(row?.staysByEmail ?? 0),
    byClient: Number(row?.byClient ?? 0),
    staysByClient: Number(row?.staysByClient ?? 0),
    mailsToday: Number(row?.mailsToday ?? 0),
  };
}

/** Why a new hold is refused (the guest's message and the field it belongs to), or null when it may be made. */
export function holdRefusal(counts: HoldCounts, stays: number, limits: PayLaterSettings): { field: string; message: string } | null {
  const payNow = 'or pay now to book at once.';
  if (counts.mailsToday >= limits.max_emails_per_day) {
    return {
      field: 'email',
      message: `We have already sent ${limits.max_emails_per_day} booking emails to this address today. Please confirm a booking from one of them (check your spam folder too), ${payNow}`,
    };
  }
  // Stays first: a guest under the holds cap can still have too many stays waiting (one large Trips Collection).
  if (counts.staysByEmail + stays > limits.max_held_stays || counts.staysByClient + stays > limits.max_held_stays) {
    const waiting = Math.max(counts.staysByEmail, counts.staysByClient);
    return {
      field: counts.staysByEmail + stays > limits.max_held_stays ? 'email' : 'payment[payment_option]',
      message: `At most ${limits.max_held_stays} stays can wait to be confirmed at once, and ${waiting === 0 ? 'this booking has more' : `${waiting === 1 ? '1 stay is' : `${waiting} stays are`} waiting already`}. Please ${waiting === 0 ? 'hold fewer stays at a time' : 'confirm those from the email first'}, ${payNow}`,
    };
  }
  if (counts.byEmail >= limits.max_holds_per_email) {
    return {
      field: 'email',
      message: `This email address already has ${counts.byEmail === 1 ? 'a booking' : `${counts.byEmail} bookings`} waiting to be confirmed. Please confirm ${counts.byEmail === 1 ? 'it' : 'them'} from the email first, ${payNow}`,
    };
  }
  if (counts.byClient >= limits.max_holds_per_client) {
    return {
      field: 'payment[payment_option]',
      message: `${counts.byClient === 1 ? 'A booking' : `${counts.byClient} bookings`} made from your connection ${counts.byClient === 1 ? 'is' : 'are'} waiting to be confirmed. Please confirm ${counts.byClient === 1 ? 'it' : 'them'} from the email first, ${payNow}`,
    };
  }
  return null;
}

/**
 * Marks every hold whose time has passed 'lapsed' and deletes its nights, in one statement.
 * Answers how many holds lapsed and how many nights rows were freed.
 */
export async function releaseLapsedHolds(db: Pick<Database, 'execute'>, now: Date): Promise<{ holds: number; rows: number }> {
  const at = now.toISOString();
  const [row] = rowsOf<{ holds: number | string; rows: number | string }>(
    await db.execute(sql`with
      lapsed as (update trip_bookings set hold_state = 'lapsed' where hold_state = 'held' and held_until <= ${at}::timestamptz returning id),
      freed as (delete from bookings where held_until is not null and held_until <= ${at}::timestamptz returning id)
      select (select count(*) from lapsed) as holds, (select count(*) from freed) as rows`),
  );
  return { holds: Number(row?.holds ?? 0), rows: Number(row?.rows ?? 0) };
}

export type HoldState = HoldOfBooking['state'];

/**
 * A hold's state at `now`: one still marked 'held' whose time has passed is lapsed, whether or
 * not the sweeper has marked it yet (reads never wait for the sweeper). null for a paid booking.
 *
 * @example holdStateAt('held', new Date(0), new Date()) // 'lapsed'
 */
export function holdStateAt(state: string | null, heldUntil: string | Date | null, now: Date): HoldState | null {
  if (state === 'held' && new Date(heldUntil ?? 0).getTime() <= now.getTime()) return 'lapsed';
  return state === 'held' || state === 'confirmed' || state === 'lapsed' ? state : null;
}

export type HoldConfirmResult =
  | { status: 'confirmed' | 'confirmed-late' | 'already'; code: string; unitEids: number[] }
  | { status: 'taken' | 'cancelled' | 'unknown'; code: string; unitEids: number[] };

class NightsTaken extends Error {}

/**
 * Confirms a hold (the guest with the email's token, or the owner), at `now`. Within its time the
 * nights are simply kept. After it lapsed the guest gets the booking all the same when its nights
 * are still free (they meant to book and nobody else wanted them): they are taken again, under
 * the same exclusion constraint as any booking; 'taken' when someone else booked one of them.
 * `confirmed` runs in the same transaction once the hold is confirmed (the email that tells the
 * guest is queued there: never a confirmation without its email, nor an email without it).
 */
export async function confirmHold(
  db: Database,
  code: string,
  by: { guest: string } | { owner: true },
  now: Date,
  confirmed?: (tx: Database) => Promise<void>,
): Promise<HoldConfirmResult> {
  const at = now.toISOString();
  try {
    return await db.transaction(async (tx) => {
      const [trip] = rowsOf<{ id: number | string; hold_state: string | null; held_until: string | Date | null; status: string; confirm_token_hash: string | null }>(
        await tx.execute(sql`select id, hold_state, held_until, status, confirm_token_hash from trip_bookings where code = ${code} for update`),
      );
      if (!trip) return { status: 'unknown' as const, code, unitEids: [] };
      if ('guest' in by) {
        const given = Buffer.from(confirmTokenHash(by.guest));
        const stored = Buffer.from(trip.confirm_token_hash ?? '');
        if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) return { status: 'unknown' as const, code, unitEids: [] };
      }
      if (trip.status === 'cancelled') return { status: 'cancelled' as const, code, unitEids: [] };
      if (trip.hold_state === null || trip.hold_state === 'confirmed') return { status: 'already' as const, code, unitEids: [] };
      const confirmedBy = 'guest' in by ? 'guest' : 'owner';
      const id = Number(trip.id);
      const open = holdStateAt(trip.hold_state, trip.held_until, now) === 'held';
      const units = rowsOf<{ unit_eid: number }>(await tx.execute(sql`select distinct unit_eid from reservations where trip_booking_id = ${id} and unit_eid is not null`)).map((r) => Number(r.unit_eid));
      if (open) {
        await tx.execute(sql`update bookings set held_until = null where reservation_id in (select id from reservations where trip_booking_id = ${id})`);
        await tx.execute(sql`update trip_bookings set hold_state = 'confirmed', confirmed_by = ${confirmedBy}, confirmed_at = ${at}::timestamptz where id = ${id}`);
        await confirmed?.(tx as unknown as Database);
        return { status: 'confirmed' as const, code, unitEids: units };
      }
      // Lapsed: its own rows (if the sweeper left them) and every other lapsed hold's go, then its nights are taken again if free.
      await tx.execute(sql`delete from bookings where reservation_id in (select id from reservations where trip_booking_id = ${id})`);
      await releaseLapsedHolds(tx, now);
      try {
        await tx.execute(sql`insert into bookings (unit_eid, begin_date, end_date, kind, reservation_id)
          select unit_eid, begin_date, end_date, 'booked', id from reservations where trip_booking_id = ${id} and unit_eid is not null and end_date > begin_date`);
      } catch (error) {
        throw new NightsTaken((error as Error).message, { cause: error });
      }
      await tx.execute(sql`update trip_bookings set hold_state = 'confirmed', confirmed_by = ${confirmedBy}, confirmed_at = ${at}::timestamptz where id = ${id}`);
      await confirmed?.(tx as unknown as Database);
      return { status: 'confirmed-late' as const, code, unitEids: units };
    });
  } catch (error) {
    if (error instanceof NightsTaken) {
      // The transaction rolled back; the hold is marked lapsed (its nights are someone else's now).
      await releaseLapsedHolds(db, now);
      return { status: 'taken', code, unitEids: [] };
    }
    throw error;
  }
}

export interface HoldSweeper {
  /** One sweep now (also run at start and every `everyMs`). */
  sweep(): Promise<{ holds: number; rows: number }>;
  stop(): void;
}

/**
 * Marks lapsed holds and frees their rows every `everyMs` (60 s) and once at start; tells `changed`
 * when it freed any, so the pricing model reloads. Reads never wait for it (see above).
 */
export function sweepLapsedHolds(options: {
  db: Pick<Database, 'execute'>;
  now?: () => Date;
  everyMs?: number;
  changed?: () => void;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}): HoldSweeper {
  const now = options.now ?? (() => new Date());
  let running: Promise<{ holds: number; rows: number }> | null = null;
  const sweep = () => {
    running ??= releaseLapsedHolds(options.db, now())
      .then((result) => {
        if (result.rows > 0 || result.holds > 0) {
          options.log?.info(result, 'pay-later holds lapsed: their nights are free');
          options.changed?.();
        }
        return result;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => options.log?.warn({ err: error }, 'sweeping lapsed holds failed; reads ignore them all the same'));
  }, options.everyMs ?? 60_000);
  timer.unref();
  sweep().catch((error: unknown) => options.log?.warn({ err: error }, 'sweeping lapsed holds failed; reads ignore them all the same'));
  return { sweep, stop: () => clearInterval(timer) };
}

/**
 * The SQL condition "this nights row is live at `at`": the bookings row named `alias` in the
 * query (e.g. 'b' for `from bookings b`) holds its nights unless it is a pay-later hold whose
 * `held_until` has passed. Reads of the calendar use it so that a lapsed hold frees its nights
 * whether or not the sweeper has run. Example: sql`select … from bookings b where ${liveNight('b', now)}`.
 */
export function liveNight(alias: string, at: Date) {
  const row = sql.identifier(alias);
  return sql`(${row}.held_until is null or ${row}.held_until > ${at.toISOString()}::timestamptz)`;
}

/**
 * Deletes the lapsed holds' nights rows (`held_until <= now`) of one listing only, answering how
 * many were freed. For work that runs under one listing's lock (a calendar reconcile): marking the
 * holds themselves 'lapsed' stays the sweeper's (releaseLapsedHolds), reads derive it from held_until.
 */
export async function releaseLapsedNights(tx: Pick<Database, 'execute'>, now: Date, unitEid: number): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`delete from bookings where unit_eid = ${unitEid} and held_until is not null and held_until <= ${now.toISOString()}::timestamptz returning id`),
  );
  return rows.length;
}
