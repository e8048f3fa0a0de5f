/**
 * The owner's bookings (issue 26 item 3): the stays booked here (checkout reservations with their
 * guest, amount, payment option and status) and the stays other channels' feeds block, filtered by
 * listing and dates, the day's arrivals and departures first; and cancelling a booking made here:
 * the trip booking is kept (status 'cancelled'), its nights are freed, the guest is emailed (in
 * the same transaction), and imported stays waiting under those nights take them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatCents } from '../../src/domain/money.ts';
import type { Database } from '../db/client.ts';
import { bookings, reservations, tripBookings } from '../db/schema.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { escapeHtml } from '../html.ts';
import type { CalendarService } from '../calendar/calendar-service.ts';
import { holdStateAt, type HoldState } from '../checkout/holds.ts';

export interface OwnerBooking {
  /** The trip booking's code (null for a stay another channel blocks). */
  code: string | null;
  guest: string;
  unitEid: number | null;
  listing: string;
  begin: string;
  end: string;
  amountCents: number | null;
  currency: string;
  paymentOption: string;
  status: 'confirmed' | 'cancelled' | 'imported';
  /** A pay-later hold's state (a 'held' one whose time passed reads 'lapsed'); null for a paid booking. */
  hold: HoldState | null;
  /** ISO time the hold ends (ended), or null. */
  heldUntil: string | null;
  channel: string;
}

export interface BookingFilter {
  unitEid: number | null;
  from: string | null;
  to: string | null;
  /** One booking made here, by its code. */
  code?: string | null;
}

export const PAYMENT_OPTIONS: Record<string, string> = { cc: 'Card', ach: 'Bank transfer', later: 'Pay later' };
const LIST_LIMIT = 1000;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (value: string) => ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The filter from the page's query; a message for a bad one. */
export function parseBookingFilter(query: Record<string, unknown>): { ok: true; filter: BookingFilter } | { ok: false; message: string; asked: { listing: string; from: string; to: string } } {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 40) : '');
  const asked = { listing: text(query.listing), from: text(query.from), to: text(query.to) };
  if (asked.listing !== '' && !/^\d{1,9}$/.test(asked.listing)) return { ok: false, message: 'Please choose a listing from the list.', asked };
  for (const [name, value] of [['From', asked.from], ['To', asked.to]] as const) {
    if (value !== '' && !realDay(value)) return { ok: false, message: `${name} must be a date (YYYY-MM-DD).`, asked };
  }
  if (asked.from !== '' && asked.to !== '' && asked.to < asked.from) return { ok: false, message: 'To must not be before From.', asked };
  return { ok: true, filter: { unitEid: asked.listing === '' ? null : Number(asked.listing), from: asked.from || null, to: asked.to || null } };
}

/** Bookings made here and stays imported from other channels, the day's arrivals and departures first, then by arrival. */
export async function ownerBookings(db: Pick<Database, 'execute'>, filter: BookingFilter, today: string, now: Date = new Date()): Promise<OwnerBooking[]> {
  const unit = filter.unitEid;
  const from = filter.from;
  const to = filter.to;
  const code = filter.code ?? null;
  const rows = rowsOf<{
    code: string | null;
    guest: string;
    unit_eid: number | null;
    listing: string;
    begin_date: string;
    end_date: string;
    amount_cents: number | null;
    currency: string;
    payment_option: string;
    status: OwnerBooking['status'];
    hold_state: string | null;
    held_until: string | Date | null;
    channel: string;
  }>(
    await db.execute(sql`select * from (
        select tb.code, concat_ws(' ', tb.first_name, tb.last_name) as guest, r.unit_eid, r.name as listing,
          r.begin_date::text as begin_date, r.end_date::text as end_date, (r.price_cents + r.ti_cents + r.dp_cents) as amount_cents,
          tb.currency, tb.payment_option, tb.status,
          tb.hold_state, tb.held_until,
          'This site' as channel
        from trip_bookings tb join reservations r on r.trip_booking_id = tb.id
        union all
        select null, '', f.unit_eid, u.name, e.begin_date::text, e.end_date::text, null, '', '', 'imported', null, null, f.channel
        from calendar_feed_events e join calendar_feeds f on f.id = e.feed_id join units u on u.eid = f.unit_eid
      ) s
      where (${unit}::int is null or s.unit_eid = ${unit}::int)
        and (${from}::date is null or s.end_date::date >= ${from}::date)
        and (${to}::date is null or s.begin_date::date <= ${to}::date)
        and (${code}::text is null or s.code = ${code}::text)
      order by (s.begin_date = ${today} or s.end_date = ${today}) desc, s.begin_date, s.listing, s.code
      limit ${LIST_LIMIT}`),
  );
  return rows.map((row) => ({
    code: row.code,
    guest: row.guest,
    unitEid: row.unit_eid,
    listing: row.listing,
    begin: row.begin_date,
    end: row.end_date,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    currency: row.currency,
    paymentOption: row.payment_option,
    status: row.status,
    hold: holdStateAt(row.hold_state, row.held_until, now),
    heldUntil: row.held_until === null ? null : new Date(row.held_until).toISOString(),
    channel: row.channel,
  }));
}

export const amountText = (row: OwnerBooking) => (row.amountCents === null ? '' : formatCents(row.amountCents, row.currency, 2));

export interface CancelResult {
  status: 'cancelled' | 'already' | 'unknown';
  unitEids: number[];
}

/**
 * Cancels a booking made here: status 'cancelled' (the record stays), its nights freed, the guest
 * emailed, in one transaction; then the listings' imported stays are reconciled and `changed` told.
 */
export async function cancelBooking(
  db: Database,
  code: string,
  options: { mail?: Pick<MailQueue, 'enqueue' | 'kick'> | undefined; siteName: string; calendar?: Pick<CalendarService, 'reconcile'> | undefined; changed?: (() => void) | undefined },
): Promise<CancelResult> {
  const result = await db.transaction(async (tx) => {
    const [trip] = await tx.select().from(tripBookings).where(eq(tripBookings.code, code)).for('update');
    if (!trip) return { status: 'unknown' as const, unitEids: [] };
    if (trip.status === 'cancelled') return { status: 'already' as const, unitEids: [] };
    const stays = await tx.select({ id: reservations.id, unitEid: reservations.unitEid, name: reservations.name, begin: reservations.beginDate, end: reservations.endDate }).from(reservations).where(eq(reservations.tripBookingId, trip.id));
    await tx.update(tripBookings).set({ status: 'cancelled' }).where(and(eq(tripBookings.id, trip.id), eq(tripBookings.status, 'confirmed')));
    if (stays.length > 0) await tx.delete(bookings).where(inArray(bookings.reservationId, stays.map((stay) => stay.id)));
    if (options.mail) {
      const lines = stays.map((stay) => `${stay.name}: ${stay.begin} to ${stay.end}`);
      await options.mail.enqueue(tx, {
        kind: 'booking-cancelled',
        reference: trip.code,
        to: trip.email,
        subject: `Your booking with ${options.siteName} is cancelled`,
        text: `Dear ${trip.firstName},\n\nyour booking ${trip.code} is cancelled:\n${lines.join('\n')}\n\nPlease reply to this email with any question.\n${options.siteName}\n`,
        html: `<p>Dear ${escapeHtml(trip.firstName)},</p><p>your booking ${escapeHtml(trip.code)} is cancelled:<br>${lines.map(escapeHtml).join('<br>')}</p><p>Please reply to this email with any question.<br>${escapeHtml(options.siteName)}</p>`,
      });
    }
    return { status: 'cancelled' as const, unitEids: [...new Set(stays.map((stay) => stay.unitEid).filter((eid): eid is number => eid !== null))] };
  });
  if (result.status === 'cancelled') {
    options.mail?.kick();
    for (const eid of result.unitEids) await options.calendar?.reconcile(eid);
    options.changed?.();
  }
  return result;
}
