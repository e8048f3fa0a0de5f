/**
 * Bookings: the nights each unit is booked or blocked (one exclusion constraint keeps them apart),
 * the trips booked at checkout with their reservations, and the email queued with them.
 * Part of the one schema: server/db/schema.ts re-exports every table.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, customType, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { units } from './content-schema.ts';

/** A PostgreSQL `daterange` (read as its text form, e.g. '[2027-03-01,2027-03-08)'). */
const dateRange = customType<{ data: string; driverData: string }>({ dataType: () => 'daterange' });

/**
 * Occupied nights: guest stays ('booked') and owner holds ('blocked'). end_date is the departure day.
 * `stay` is the generated range [begin_date, end_date). Migration 0004 adds the exclusion
 * constraint `bookings_no_overlap EXCLUDE USING gist (unit_eid WITH =, stay WITH &&)` (btree_gist;
 * drizzle cannot declare it): two rows of one unit can never share a night, so a double booking is
 * impossible in the database itself. A reservation made at checkout occupies its nights here
 * (`reservation_id`), under the same constraint as the calendar's other stays and holds.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    unitEid: integer('unit_eid')
      .notNull()
      .references(() => units.eid, { onDelete: 'cascade' }),
    beginDate: date('begin_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    stay: dateRange('stay').generatedAlwaysAs(sql`daterange(begin_date, end_date, '[)')`),
    /** The checkout reservation whose nights these are (null for the calendar's own stays and holds). */
    reservationId: bigint('reservation_id', { mode: 'number' })
      .unique()
      .references((): AnyPgColumn => reservations.id, { onDelete: 'cascade' }),
    /**
     * A pay-later hold's nights are taken only until then (null: taken for good). Every read of
     * the calendar ignores a row whose time has passed, whether or not a sweeper has removed it yet.
     */
    heldUntil: timestamp('held_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('bookings_unit_dates_idx').on(t.unitEid, t.beginDate, t.endDate),
    index('bookings_held_until_idx').on(t.heldUntil).where(sql`${t.heldUntil} is not null`),
    check('bookings_kind_check', sql`${t.kind} in ('booked', 'blocked')`),
    check('bookings_dates_check', sql`${t.endDate} > ${t.beginDate}`),
    check('bookings_reservation_kind_check', sql`${t.reservationId} is null or ${t.kind} = 'booked'`),
  ],
);

/**
 * A booked Trips Collection: one checkout (POST /rescms/order/checkout) with its guest, totals and
 * payment. `code` (at least 128 random bits, URL-safe) is the key of the confirmation page
 * /rescms/order/confirmation/{code}. `idempotency_key` makes a retried submit return this booking
 * instead of booking again; `request_hash` tells a retry from another checkout with the same key.
 * Amounts in cents: `total_cents` is the stays plus the protection chosen, `deposit_cents` what is
 * due at booking, `paid_cents` what the payment provider took.
 */
export const tripBookings = pgTable(
  'trip_bookings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull().unique(),
    idempotencyKey: text('idempotency_key').unique(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull().default('confirmed'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    addressLine: text('address_line').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    state: text('state').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** The insurance state (the rcstate cookie or &province=): a state code, 'none', or null when none is configured. */
    province: text('province'),
    currency: text('currency').notNull(),
    totalCents: integer('total_cents').notNull(),
    protectionCents: integer('protection_cents').notNull().default(0),
    depositCents: integer('deposit_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    /** When the rest is due (the earliest balance date of the stays); null when all is due at booking. */
    balanceDue: date('balance_due', { mode: 'string' }),
    paymentOption: text('payment_option').notNull(),
    paymentStatus: text('payment_status').notNull(),
    /** The payment provider that took the payment ('test' for the built-in test provider) and its reference. */
    paymentProvider: text('payment_provider'),
    paymentReference: text('payment_reference'),
    /**
     * A pay-later checkout is a hold: 'held' until `held_until`, then 'confirmed' (by the guest from
     * the email, or the owner for request-to-book) or 'lapsed'. Null for a paid checkout. A 'held'
     * row whose held_until has passed is lapsed already, whether or not the sweeper has marked it.
     */
    holdState: text('hold_state'),
    heldUntil: timestamp('held_until', { withTimezone: true, mode: 'date' }),
    /** SHA-256 (base64url) of the confirm link's token: the token itself is only in the email. */
    confirmTokenHash: text('confirm_token_hash'),
    /** Who confirmed a hold ('guest' or 'owner') and when. */
    confirmedBy: text('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** A keyed hash (HMAC with the server's secret) of the rate-limit key of the client that made a hold: open holds are counted per client, and no address is kept. */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('trip_bookings_created_idx').on(t.createdAt),
    index('trip_bookings_open_holds_idx').on(t.heldUntil).where(sql`${t.holdState} = 'held'`),
    index('trip_bookings_hold_email_idx').on(sql`lower(${t.email})`).where(sql`${t.holdState} is not null`),
    index('trip_bookings_hold_client_idx').on(t.clientKey).where(sql`${t.holdState} = 'held'`),
    check('trip_bookings_hold_check', sql`${t.holdState} is null or (${t.holdState} in ('held', 'confirmed', 'lapsed') and ${t.heldUntil} is not null)`),
    check('trip_bookings_code_check', sql`length(${t.code}) >= 22`),
    check('trip_bookings_status_check', sql`${t.status} in ('confirmed', 'cancelled')`),
    check('trip_bookings_payment_option_check', sql`${t.paymentOption} in ('cc', 'ach', 'later')`),
    check('trip_bookings_payment_status_check', sql`${t.paymentStatus} in ('unpaid', 'deposit_paid', 'paid')`),
    check('trip_bookings_amounts_check', sql`${t.totalCents} >= 0 and ${t.depositCents} between 0 and ${t.totalCents} and ${t.paidCents} between 0 and ${t.totalCents}`),
  ],
);

/**
 * One stay (or activity) of a booked Trips Collection: the item, its dates and guests, the price
 * it was booked at (itemised lines and payment schedule, cents) and the protection choices
 * (1 accepted, -1 declined, 0 not offered). A unit stay's nights are a `bookings` row pointing here.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tripBookingId: bigint('trip_booking_id', { mode: 'number' })
      .notNull()
      .references(() => tripBookings.id, { onDelete: 'cascade' }),
    lineKey: text('line_key').notNull(),
    position: smallint('position').notNull(),
    eid: integer('eid').notNull(),
    unitEid: integer('unit_eid').references(() => units.eid, { onDelete: 'restrict' }),
    packageEid: integer('package_eid'),
    name: text('name').notNull(),
    offer: text('offer').notNull(),
    offerName: text('offer_name').notNull(),
    beginDate: date('begin_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    nights: smallint('nights').notNull(),
    adult: smallint('adult').notNull(),
    child: smallint('child').notNull(),
    senior: smallint('senior').notNull(),
    /** The query params that priced it (spec §3 qp). */
    qp: jsonb('qp').notNull(),
    /** The itemised price: [{ kind, label, detail, amount }] in cents. */
    lines: jsonb('lines').notNull(),
    /** The payment schedule of the stay's price: [{ label, due, amount }] in cents. */
    payments: jsonb('payments').notNull(),
    priceCents: integer('price_cents').notNull(),
    ti: smallint('ti').notNull().default(0),
    tiCents: integer('ti_cents').notNull().default(0),
    dp: smallint('dp').notNull().default(0),
    dpCents: integer('dp_cents').notNull().default(0),
  },
  (t) => [
    uniqueIndex('reservations_line_idx').on(t.tripBookingId, t.lineKey),
    index('reservations_unit_idx').on(t.unitEid, t.beginDate),
    check('reservations_dates_check', sql`${t.endDate} >= ${t.beginDate}`),
    check('reservations_choice_check', sql`${t.ti} in (-1, 0, 1) and ${t.dp} in (-1, 0, 1)`),
    check('reservations_amounts_check', sql`${t.priceCents} >= 0 and ${t.tiCents} >= 0 and ${t.dpCents} >= 0`),
  ],
);

/**
 * Outgoing email, written in the same transaction as what it tells about (a booking's
 * confirmation, a lead), then delivered by server/mail/mail-queue.ts: `next_attempt_at` is both
 * the retry time and the lease of a delivery in progress, so a message whose sender died is sent
 * again. 'failed' after the last attempt (logged as an error).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull().default(''),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
    check('mail_queue_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
