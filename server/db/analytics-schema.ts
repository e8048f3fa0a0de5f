/**
 * What the ranking learns from (impressions and clicks) and the first-party analytics: the events
 * as received and the daily figures the dashboard reads.
 * Part of the one schema: server/db/schema.ts re-exports every table.
 */
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { units } from './content-schema.ts';

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
