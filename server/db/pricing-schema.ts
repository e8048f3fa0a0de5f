/**
 * What prices a stay: rate seasons, nightly rates, fees and specials.
 * Part of the one schema: server/db/schema.ts re-exports every table.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { units } from './content-schema.ts';

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
