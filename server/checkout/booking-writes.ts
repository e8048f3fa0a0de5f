/**
 * The booking's writes and reads in the database: the one statement that books a checkout, the
 * stay that lost a race for its nights, the booked stays of units, and the SQLSTATE of an error.
 */
import { and, eq, sql } from 'drizzle-orm';
import { emptyOrder } from '../../src/domain/order/order.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema.ts';

/** The SQLSTATE of a database error (drizzle wraps the driver's error in `cause`). */
const BOOKING_COLUMNS = sql.raw(
  'code, idempotency_key, request_hash, first_name, last_name, email, phone, address_line, city, postal_code, country, state, notes, province, currency, total_cents, protection_cents, deposit_cents, paid_cents, balance_due, payment_option, payment_status, payment_provider, hold_state, held_until, confirm_token_hash, client_key',
);
const RESERVATION_COLUMNS = sql.raw(
  'line_key, position, eid, unit_eid, package_eid, name, offer, offer_name, begin_date, end_date, nights, adult, child, senior, qp, lines, payments, price_cents, ti, ti_cents, dp, dp_cents',
);
const MAIL_COLUMNS = sql.raw('kind, reference, recipient, subject, text_body, html_body');

export interface BookingWrite {
  /** trip_bookings columns. */
  booking: Record<string, unknown>;
  /** reservations columns, one object per line item. */
  reservations: Record<string, unknown>[];
  /** mail_queue columns of the confirmation. */
  mail: Record<string, unknown>;
  /** The order session to empty (session mode), or null. */
  session: string | null;
}

/**
 * Writes a booking in ONE statement (atomic by itself): the booking, its confirmation email, the
 * emptied session order, its reservations and every unit stay's nights in the calendar. Each part
 * travels as one JSON parameter. Fails with 23505 when the idempotency key is taken and 23P01
 * (bookings_no_overlap) when a night is. A pay-later hold's nights carry its `held_until`.
 * Returns the booking's id.
 */
export async function writeBooking(executor: Pick<Database, 'execute'>, write: BookingWrite): Promise<number> {
  const result = await executor.execute(sql`with
    t as (insert into trip_bookings (${BOOKING_COLUMNS})
      select ${BOOKING_COLUMNS} from json_populate_record(null::trip_bookings, ${JSON.stringify(write.booking)}::json) returning id, held_until),
    m as (insert into mail_queue (${MAIL_COLUMNS})
      select ${MAIL_COLUMNS} from json_populate_record(null::mail_queue, ${JSON.stringify(write.mail)}::json)),
    s as (update order_sessions set "order" = ${JSON.stringify(emptyOrder())}::jsonb, updated_at = now() where id = ${write.session ?? ''}),
    r as (insert into reservations (trip_booking_id, ${RESERVATION_COLUMNS})
      select t.id, ${RESERVATION_COLUMNS} from t, json_populate_recordset(null::reservations, ${JSON.stringify(write.reservations)}::json)
      returning id, unit_eid, begin_date, end_date),
    c as (insert into bookings (unit_eid, begin_date, end_date, kind, reservation_id, held_until)
      select r.unit_eid, r.begin_date, r.end_date, 'booked', r.id, t.held_until from r, t where r.unit_eid is not null returning id)
    select (select id from t) as id, (select count(*) from c)::int as nights`);
  const row = (result as unknown as { rows: { id: number | string }[] }).rows[0];
  return Number(row?.id);
}

/** Which stay of a booking lost its nights (after a 23P01): the first whose nights overlap the calendar now. */
export async function takenStay(db: Database, rows: readonly { key: string; unitEid: number | null; values: { name: string; beginDate: string; endDate: string } }[]): Promise<{ key: string; name: string; begin: string; end: string }> {
  const stays = rows.filter((r) => r.unitEid !== null);
  for (const r of stays) {
    const [hit] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.unitEid, r.unitEid as number), sql`${bookings.stay} && daterange(${r.values.beginDate}::date, ${r.values.endDate}::date, '[)')`))
      .limit(1);
    if (hit) return { key: r.key, name: r.values.name, begin: r.values.beginDate, end: r.values.endDate };
  }
  const first = stays[0] ?? rows[0];
  return { key: first?.key ?? 'ind-0', name: first?.values.name ?? 'This stay', begin: first?.values.beginDate ?? '', end: first?.values.endDate ?? '' };
}

