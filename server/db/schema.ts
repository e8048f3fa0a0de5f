/**
 * The one database schema, used on PGlite (embedded) and on PostgreSQL 15+ (`DATABASE_URL`).
 * Migrations in ./migrations are generated from it with `npx drizzle-kit generate`.
 *
 * Conventions:
 * - Money is in integer cents (`*_cents`); percentages of fees are in basis points.
 * - Dates are SQL `date` values read as ISO `YYYY-MM-DD` strings.
 * - Bookable items share one eid space without collisions: units 1000–4999,
 *   activities 5000–7999, packages 8000 and above (checked by the database).
 * - Date ranges: seasons cover `begin_date..end_date` inclusive (the nights they price);
 *   bookings occupy the nights `begin_date..end_date - 1` (end_date is the departure day).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A PostgreSQL `daterange` (read as its text form, e.g. '[2027-03-01,2027-03-08)'). */
const dateRange = customType<{ data: string; driverData: string }>({ dataType: () => 'daterange' });

/** Towns of the destination. */
export const areas = pgTable('areas', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  position: smallint('position').notNull().default(0),
});

/** Amenity groups; `description` is the text of the amenity info tooltip (`amenity-detail-{id}`). */
export const amenityCategories = pgTable('amenity_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: smallint('position').notNull().default(0),
});

export const amenities = pgTable(
  'amenities',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    categoryId: text('category_id')
      .notNull()
      .references(() => amenityCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('amenities_category_idx').on(t.categoryId)],
);

/** Accommodation units (search documents of the listings index). */
export const units = pgTable(
  'units',
  {
    eid: integer('eid').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    /** ss_vrfusion_site_property_code, e.g. 'CHC-1001'. */
    propertyCode: text('property_code').notNull().unique(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    propertyType: text('property_type').notNull(),
    bedrooms: smallint('bedrooms').notNull(),
    /** In steps of 0.5 (a half bath has no shower). */
    bathrooms: numeric('bathrooms', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    sleeps: smallint('sleeps').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    virtualTourUrl: text('virtual_tour_url'),
    videoUrl: text('video_url'),
    cleaningFeeCents: integer('cleaning_fee_cents').notNull().default(0),
  },
  (t) => [
    index('units_area_idx').on(t.areaId),
    index('units_name_idx').on(t.name),
    check('units_eid_range', sql`${t.eid} between 1000 and 4999`),
    check('units_bedrooms_check', sql`${t.bedrooms} >= 0`),
    check('units_bathrooms_check', sql`${t.bathrooms} >= 0`),
    check('units_sleeps_check', sql`${t.sleeps} >= 1`),
    check('units_cleaning_fee_check', sql`${t.cleaningFeeCents} >= 0`),
  ],
);

export const unitAmenities = pgTable(
  'unit_amenities',
  {
    unitEid: integer('unit_eid')
      .notNull()
      .references(() => units.eid, { onDelete: 'cascade' }),
    amenityId: integer('amenity_id')
      .notNull()
      .references(() => amenities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.unitEid, t.amenityId] }), index('unit_amenities_amenity_idx').on(t.amenityId)],
);

/**
 * Photos of units, activities, packages and events, and the homepage community photos
 * (owner_kind 'community', owner_id 0, caption 'Community photos').
 * `path` is relative to the media directory, served at `/media/{path}`.
 * `scene` names the procedural drawing of a generated image (null for uploaded photos).
 */
export const photos = pgTable(
  'photos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ownerKind: text('owner_kind').notNull(),
    ownerId: integer('owner_id').notNull(),
    position: smallint('position').notNull(),
    path: text('path').notNull().unique(),
    caption: text('caption').notNull(),
    description: text('description').notNull().default(''),
    width: smallint('width').notNull(),
    height: smallint('height').notNull(),
    scene: text('scene'),
  },
  (t) => [
    index('photos_owner_idx').on(t.ownerKind, t.ownerId, t.position),
    check('photos_owner_kind_check', sql`${t.ownerKind} in ('unit', 'activity', 'package', 'event', 'community', 'area')`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    unitEid: integer('unit_eid')
      .notNull()
      .references(() => units.eid, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    author: text('author').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    reviewedOn: date('reviewed_on', { mode: 'string' }).notNull(),
  },
  (t) => [index('reviews_unit_idx').on(t.unitEid), check('reviews_rating_check', sql`${t.rating} between 1 and 5`)],
);

/** Rate seasons: contiguous, non-overlapping, inclusive of both days. */
export const seasons = pgTable(
  'seasons',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    beginDate: date('begin_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Minimum stay in nights for an arrival in this season. */
    minStay: smallint('min_stay').notNull(),
  },
  (t) => [
    index('seasons_begin_idx').on(t.beginDate),
    check('seasons_kind_check', sql`${t.kind} in ('low', 'shoulder', 'high', 'holiday')`),
    check('seasons_dates_check', sql`${t.endDate} >= ${t.beginDate}`),
    check('seasons_min_stay_check', sql`${t.minStay} between 1 and 60`),
  ],
);

/** Nightly rate of a unit in a season. */
export const unitRates = pgTable(
  'unit_rates',
  {
    unitEid: integer('unit_eid')
      .notNull()
      .references(() => units.eid, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    nightlyCents: integer('nightly_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.unitEid, t.seasonId] }),
    index('unit_rates_season_idx').on(t.seasonId),
    check('unit_rates_positive', sql`${t.nightlyCents} > 0`),
  ],
);

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
  },
  (t) => [
    index('bookings_unit_dates_idx').on(t.unitEid, t.beginDate, t.endDate),
    check('bookings_kind_check', sql`${t.kind} in ('booked', 'blocked')`),
    check('bookings_dates_check', sql`${t.endDate} > ${t.beginDate}`),
    check('bookings_reservation_kind_check', sql`${t.reservationId} is null or ${t.kind} = 'booked'`),
  ],
);

/**
 * Fees and taxes added to a stay by the pricing engine (besides each unit's cleaning fee).
 * kind 'flat': `amount` cents per stay; 'per_night': cents per night; 'percent': basis points
 * of the rent. Optional fees are the protection offered at checkout, one of each `option_kind`:
 * 'ti' (trip insurance) and 'dp' (damage protection); for them 'percent' is basis points of the
 * stay's total (the trip cost). `choice` is how the checkout offers one (spec §4 Insurance decline
 * flow): 'declinable' (offered accepted; unticking it is a decline), 'acceptable' (offered as an
 * "I decline" box; ticking it is a decline), 'forced' (the guest must choose 1 accept or -1 decline).
 */
export const fees = pgTable(
  'fees',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    optional: boolean('optional').notNull().default(false),
    description: text('description').notNull().default(''),
    position: smallint('position').notNull().default(0),
    optionKind: text('option_kind'),
    choice: text('choice').notNull().default('declinable'),
  },
  (t) => [
    check('fees_kind_check', sql`${t.kind} in ('flat', 'per_night', 'percent')`),
    check('fees_amount_check', sql`${t.amount} >= 0`),
    check('fees_option_kind_check', sql`${t.optionKind} is null or (${t.optional} and ${t.optionKind} in ('ti', 'dp'))`),
    check('fees_choice_check', sql`${t.choice} in ('declinable', 'acceptable', 'forced')`),
    uniqueIndex('fees_option_kind_idx').on(t.optionKind),
  ],
);

export const activities = pgTable(
  'activities',
  {
    eid: integer('eid').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    /** Meeting point. */
    place: text('place').notNull(),
    pricePerPersonCents: integer('price_per_person_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
  },
  (t) => [
    check('activities_eid_range', sql`${t.eid} between 5000 and 7999`),
    check('activities_price_check', sql`${t.pricePerPersonCents} >= 0`),
    check('activities_duration_check', sql`${t.durationMinutes} > 0`),
  ],
);

export const packages = pgTable(
  'packages',
  {
    eid: integer('eid').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    nights: smallint('nights').notNull(),
    /** Lowest package price for two guests, in cents. */
    priceFromCents: integer('price_from_cents').notNull(),
    unitEids: integer('unit_eids').array().notNull().default(sql`'{}'::integer[]`),
    activityEids: integer('activity_eids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    check('packages_eid_range', sql`${t.eid} >= 8000`),
    check('packages_nights_check', sql`${t.nights} >= 1`),
  ],
);

/** Events (dated) and things to do (begin and end null when they run all year). */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    beginDate: date('begin_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    place: text('place').notNull(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
  },
  (t) => [
    index('events_kind_begin_idx').on(t.kind, t.beginDate),
    check('events_kind_check', sql`${t.kind} in ('event', 'thing-to-do')`),
    check('events_dates_check', sql`(${t.beginDate} is null) = (${t.endDate} is null) and (${t.endDate} is null or ${t.endDate} >= ${t.beginDate})`),
  ],
);

/**
 * Specials (spec §3 Special): `units` holds eids as strings; times are Unix seconds.
 * Limits of 0 mean "no limit". special_type '2' is excluded from detailed quotes (spec §5).
 * The entry with the lowest `position` is the one the site settings expose first.
 */
export const specials = pgTable(
  'specials',
  {
    id: integer('id').primaryKey(),
    position: smallint('position').notNull().default(0),
    title: text('title').notNull(),
    description: text('description').notNull(),
    specialType: text('special_type').notNull(),
    units: text('units').array().notNull().default(sql`'{}'::text[]`),
    stayBegin: bigint('stay_begin', { mode: 'number' }).notNull(),
    stayEnd: bigint('stay_end', { mode: 'number' }).notNull(),
    bookBegin: bigint('book_begin', { mode: 'number' }).notNull(),
    bookEnd: bigint('book_end', { mode: 'number' }).notNull(),
    minGuests: smallint('min_guests').notNull().default(0),
    maxGuests: smallint('max_guests').notNull().default(0),
    minNights: smallint('min_nights').notNull().default(0),
    maxNights: smallint('max_nights').notNull().default(0),
    discountPercent: smallint('discount_percent').notNull(),
  },
  (t) => [
    check('specials_discount_check', sql`${t.discountPercent} between 0 and 100`),
    check('specials_stay_check', sql`${t.stayEnd} >= ${t.stayBegin}`),
    check('specials_book_check', sql`${t.bookEnd} >= ${t.bookBegin}`),
  ],
);

/** States and provinces by country (GET /rescms/order/provinces/{countryCode}). */
export const provinces = pgTable(
  'provinces',
  {
    countryCode: text('country_code').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.code] })],
);

/** Plain content pages (About us, Terms and conditions, …); body is trusted HTML. */
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
});

/** Small key/value facts about the database itself, e.g. the demo content seed and date. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The built-in ranking service (spec §7 Ranking): one row per impression and per landing-page
 * click of a listing, recorded by the tracker URLs the ranking hands out. The ranking counts
 * the rows of a recent window, so the index leads with the time. A visitor counts once per
 * listing and day (issue 12: a replayed tracker URL must not buy the top rank): `visitor` is a
 * keyed hash of the client address and the day, unique with the listing and the day (rows from
 * before have none).
 */
export const rankingImpressions = pgTable(
  'ranking_impressions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    propertyCode: text('property_code')
      .notNull()
      .references(() => units.propertyCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    day: date('day', { mode: 'string' }),
    visitor: text('visitor'),
  },
  (t) => [index('ranking_impressions_time_idx').on(t.occurredAt, t.propertyCode), uniqueIndex('ranking_impressions_visit_idx').on(t.propertyCode, t.day, t.visitor)],
);

export const rankingClicks = pgTable(
  'ranking_clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    propertyCode: text('property_code')
      .notNull()
      .references(() => units.propertyCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    day: date('day', { mode: 'string' }),
    visitor: text('visitor'),
  },
  (t) => [index('ranking_clicks_time_idx').on(t.occurredAt, t.propertyCode), uniqueIndex('ranking_clicks_visit_idx').on(t.propertyCode, t.day, t.visitor)],
);

/**
 * Trips Collection session mode (spec §4): one order per visitor session, found by the id in
 * an HttpOnly cookie. Sessions untouched for 30 days are removed.
 */
export const orderSessions = pgTable(
  'order_sessions',
  {
    id: text('id').primaryKey(),
    order: jsonb('order').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_sessions_updated_idx').on(t.updatedAt)],
);

/**
 * Shared Trips Collections (POST /rescms/order/share): an unguessable code to the offers shared,
 * stripped to what names them (`{ items: [{ qp, p, n }] }`: the engine's query params, the price
 * and name when shared; rows from before hold the whole order). Priced again when opened.
 * `client_key` (a keyed hash of the sharer's address) counts the quota per client; a share not
 * opened for SHARE_DAYS (`used_at`) is removed.
 */
export const sharedOrders = pgTable(
  'shared_orders',
  {
    code: text('code').primaryKey(),
    order: jsonb('order').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    clientKey: text('client_key'),
  },
  (t) => [
    check('shared_orders_code_check', sql`length(${t.code}) >= 8`),
    index('shared_orders_used_idx').on(t.usedAt),
    index('shared_orders_client_idx').on(t.clientKey, t.createdAt),
  ],
);

/** 'Send this Trips Collection' requests from the share form: kept for the site owner. */
export const shareLeads = pgTable('share_leads', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  code: text('code')
    .notNull()
    .references(() => sharedOrders.code, { onDelete: 'cascade' }),
  senderName: text('sender_name').notNull(),
  senderEmail: text('sender_email').notNull(),
  recipientEmail: text('recipient_email').notNull(),
  message: text('message').notNull().default(''),
  optIn: boolean('opt_in').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Leads from the lead forms (issue 14: contact us, ask about this rental, newsletter; form ids
 * beginning 'bt-leads'), kept for the site owner and emailed to them through mail_queue in the same
 * transaction. `email` is lower-cased: the per-address limit counts by it.
 */
export const leads = pgTable(
  'leads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    formId: text('form_id').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    message: text('message').notNull().default(''),
    /** The rental asked about (ask about this rental), else null. */
    eid: integer('eid'),
    optIn: boolean('opt_in').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('leads_email_time_idx').on(t.email, t.createdAt)],
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('trip_bookings_created_idx').on(t.createdAt),
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

/**
 * The recent log of the first-party collector (issue 16: POST /analytics/collect): events as
 * received, as GA4 ecommerce events. No address is kept: `visitor` is a keyed hash of the client
 * address and the day (the same visitor is not linkable across days). Bounded (issue 23): at most
 * RAW_EVENTS_PER_DAY rows a day, kept RAW_RETENTION_DAYS (server/analytics/aggregates.ts). The
 * dashboard does not read it: it reads the daily tables below, which every event feeds.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the browser says it happened (it may be wrong: reports use received_at). */
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }),
    name: text('name').notNull(),
    page: text('page'),
    visitor: text('visitor').notNull(),
    params: jsonb('params').notNull(),
  },
  (t) => [index('analytics_events_time_idx').on(t.receivedAt)],
);

/*
 * The analytics figures by day (issue 23: storage bounded by design; the dashboard reads these,
 * never the events). Every event the collector accepts is counted in the same statement that
 * logs it (server/analytics/aggregates.ts); rows older than ANALYTICS_RETENTION_DAYS go.
 */

/** Per day and event name: how many, and for `search` how many found nothing. At most 8 rows a day. */
export const analyticsDailyEvents = pgTable(
  'analytics_daily_events',
  {
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    events: integer('events').notNull().default(0),
    zeroResults: integer('zero_results').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.name] })],
);

/** Per day, the searches that found nothing by what was typed (lower-cased, trimmed): at most TERMS_PER_DAY rows a day. */
export const analyticsDailyTerms = pgTable(
  'analytics_daily_terms',
  {
    day: date('day', { mode: 'string' }).notNull(),
    term: text('term').notNull(),
    searches: integer('searches').notNull().default(0),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.term] })],
);

/**
 * Per day, the `exception` reports by message and page ('' when the report named none): at most
 * ERRORS_PER_DAY rows a day. `key` is md5(message, page), as the two together may be longer than
 * an index entry can be.
 */
export const analyticsDailyErrors = pgTable(
  'analytics_daily_errors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    message: text('message').notNull(),
    page: text('page').notNull(),
    events: integer('events').notNull().default(0),
    fatal: integer('fatal').notNull().default(0),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.key] })],
);

/**
 * Impressions (`view_item_list` products) and clicks (`select_item` products) of the site's own
 * listings (by property code; other ids are only counted in analytics_days.other_items), one row
 * per listing and day it had any: that day's counts and the running totals up to and including
 * it, so the figures of any range are two index look-ups per listing (the totals at its end less
 * those before its start, i.e. `*_total - *` of its first row in the range), whatever its length.
 */
export const analyticsListingDays = pgTable(
  'analytics_listing_days',
  {
    itemId: text('item_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    impressionsTotal: bigint('impressions_total', { mode: 'number' }).notNull().default(0),
    clicksTotal: bigint('clicks_total', { mode: 'number' }).notNull().default(0),
  },
  // By day too: the retention sweep deletes the oldest days.
  (t) => [primaryKey({ columns: [t.itemId, t.day] }), index('analytics_listing_days_day_idx').on(t.day)],
);

/**
 * One row per day with events: how much of the day went where the caps allow. `raw_events` rows
 * of the day's log were kept and `raw_over` events were counted but not logged; `terms` and
 * `errors` rows exist and `terms_over` searches and `errors_over` reports came after the day's cap
 * of rows (counted in the totals, not by term or message); `other_items` products named no
 * listing of the site. The dashboard says when a day reached a cap.
 */
export const analyticsDays = pgTable('analytics_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rawEvents: integer('raw_events').notNull().default(0),
  rawOver: integer('raw_over').notNull().default(0),
  terms: integer('terms').notNull().default(0),
  termsOver: integer('terms_over').notNull().default(0),
  errors: integer('errors').notNull().default(0),
  errorsOver: integer('errors_over').notNull().default(0),
  otherItems: integer('other_items').notNull().default(0),
});

/**
 * Captcha tokens already accepted (issue 14: every token passes once). Kept until the token would
 * have expired anyway, so a restart does not reopen a used one; `token_hash` is the SHA-256 of the
 * token (the token itself is not kept).
 */
export const captchaTokensUsed = pgTable(
  'captcha_tokens_used',
  {
    tokenHash: text('token_hash').primaryKey(),
    formId: text('form_id').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('captcha_tokens_used_expires_idx').on(t.expiresAt)],
);

/**
 * Reviews sent by visitors with the listing's review form (issue 15 item 7), kept here until the
 * site owner approves (a row in `reviews` is published from it, in the same transaction) or
 * rejects one at /admin/reviews. Only `reviews` is shown and counted, so nothing here changes a
 * page or the search index until it is approved.
 */
export const reviewSubmissions = pgTable(
  'review_submissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    unitEid: integer('unit_eid')
      .notNull()
      .references(() => units.eid, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    author: text('author').notNull(),
    body: text('body').notNull(),
    /** The month of the stay, YYYY-MM. */
    stayMonth: text('stay_month').notNull(),
    status: text('status').notNull().default('pending'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** The published review, once approved. */
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('review_submissions_status_idx').on(t.status, t.submittedAt),
    check('review_submissions_rating_check', sql`${t.rating} between 1 and 5`),
    check('review_submissions_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('review_submissions_stay_month_check', sql`${t.stayMonth} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * Short links of the site's own pages (the share-this-page modal, spec §2): one unguessable code
 * per page path (path and query, never the hash), so the same page gets the same short link while
 * it lives. GET /s/{code} redirects to the page. Like a shared Trips Collection, a link not opened
 * or shared again for SHARE_DAYS is removed, and one client (`client_key`: a keyed hash of its
 * address) may create SHARE_QUOTA a day (migration 0011).
 */
export const pageLinks = pgTable(
  'page_links',
  {
    code: text('code').primaryKey(),
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    clientKey: text('client_key'),
  },
  (t) => [
    check('page_links_code_check', sql`length(${t.code}) >= 8`),
    uniqueIndex('page_links_path_idx').on(t.path),
    index('page_links_used_idx').on(t.usedAt),
    index('page_links_client_idx').on(t.clientKey, t.createdAt),
  ],
);

/** 'Send this page' requests from the share-this-page form: kept for the site owner. */
export const pageShareLeads = pgTable('page_share_leads', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  code: text('code')
    .notNull()
    .references(() => pageLinks.code, { onDelete: 'cascade' }),
  senderName: text('sender_name').notNull(),
  senderEmail: text('sender_email').notNull(),
  recipientEmail: text('recipient_email').notNull(),
  message: text('message').notNull().default(''),
  optIn: boolean('opt_in').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The site owner's sessions (server/admin/admin-session.ts, migration 0011): a session cookie is
 * valid only while its id is here and unexpired, so a logout ends it on every instance at once.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('admin_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Wrong admin passwords counted per key (server/admin/login-throttle.ts, migration 0011): a client
 * address, a browser that logged in before (its device cookie), or all untrusted clients together.
 * After a few, that key waits (locked_until) before its next try.
 */
export const adminLoginFailures = pgTable('admin_login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});

/** Calendar sync with other channels (issue 26): server/db/calendar-schema.ts. */
export * from './calendar-schema.ts';
