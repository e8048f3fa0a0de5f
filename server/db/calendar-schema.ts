/**
 * Calendar sync with other channels: each listing's secret export of its booked and
 * blocked nights, the channels' feeds it imports, and what the imports did. Re-exported by
 * schema.ts (one schema for drizzle-kit and the migrations).
 *
 * Imported blocks live in `bookings` (kind 'blocked'), under the exclusion constraint that keeps
 * every stay of a unit apart: `calendar_blocks` says which rows a feed made (so a sync can
 * rewrite them and the export can leave them out), `calendar_feed_events` keeps each feed's last
 * good events (a failing feed keeps its blocks), and `calendar_conflicts` the imported nights that
 * a booking made here already holds (shown to the owner and emailed, never dropped silently).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bookings } from './booking-schema.ts';
import { units } from './content-schema.ts';

/** A listing's export: the secret token of /calendar/{eid}/{token}.ics and when its events last changed. */
export const calendarExports = pgTable(
  'calendar_exports',
  {
    unitEid: integer('unit_eid')
      .primaryKey()
      .references((): AnyPgColumn => units.eid, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    /** A digest of the exported events; a change moves changed_at (the DTSTAMP, Last-Modified and ETag). */
    digest: text('digest').notNull().default(''),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('calendar_exports_token_check', sql`length(${t.token}) >= 32`)],
);

/** A channel's feed imported into a listing's calendar, with what its last polls did. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    unitEid: integer('unit_eid')
      .notNull()
      .references((): AnyPgColumn => units.eid, { onDelete: 'cascade' }),
    /** The channel's name as the owner gave it (Airbnb, Vrbo …). */
    channel: text('channel').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The validators of the last good answer, sent back as If-None-Match / If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
    /** Set at the first failed poll after a good one; null while the feed answers well. */
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** Events of the last good answer (nights blocked by this feed come from them). */
    events: integer('events').notNull().default(0),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_unit_url_idx').on(t.unitEid, t.url),
    index('calendar_feeds_next_poll_idx').on(t.nextPollAt),
    check('calendar_feeds_channel_check', sql`length(${t.channel}) between 1 and 60`),
    check('calendar_feeds_url_check', sql`length(${t.url}) between 8 and 2048`),
  ],
);

/** The events of a feed's last good answer: one row per stay (a recurring event, one per occurrence). */
export const calendarFeedEvents = pgTable(
  'calendar_feed_events',
  {
    feedId: integer('feed_id')
      .notNull()
      .references((): AnyPgColumn => calendarFeeds.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    beginDate: date('begin_date', { mode: 'string' }).notNull(),
    /** The departure day (the night before it is the last one blocked). */
    endDate: date('end_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.feedId, t.uid, t.beginDate] }),
    check('calendar_feed_events_dates_check', sql`${t.endDate} > ${t.beginDate}`),
  ],
);

/** The bookings rows (kind 'blocked') that imported feeds made; a sync rewrites them, the export leaves them out. */
export const calendarBlocks = pgTable(
  'calendar_blocks',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references((): AnyPgColumn => bookings.id, { onDelete: 'cascade' }),
    unitEid: integer('unit_eid').notNull(),
  },
  (t) => [index('calendar_blocks_unit_idx').on(t.unitEid)],
);

/**
 * An imported stay whose nights a booking made here already holds: a double booking across
 * channels. Open while both stand (resolved_at null); `notified_at` once the owner was emailed
 * (the digest it went in). A feed's latest notified_at is when its last digest went, so the next
 * is due an hour after it.
 */
export const calendarConflicts = pgTable(
  'calendar_conflicts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    feedId: integer('feed_id')
      .notNull()
      .references((): AnyPgColumn => calendarFeeds.id, { onDelete: 'cascade' }),
    unitEid: integer('unit_eid').notNull(),
    uid: text('uid').notNull(),
    beginDate: date('begin_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The local booking (bookings.id) the imported stay overlaps. */
    bookingId: integer('booking_id').notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('calendar_conflicts_unit_idx').on(t.unitEid, t.resolvedAt),
    // A feed's last digest (max notified_at) read at each reconcile without a scan.
    index('calendar_conflicts_feed_notified_idx').on(t.feedId, t.notifiedAt),
    uniqueIndex('calendar_conflicts_open_idx').on(t.feedId, t.uid, t.beginDate, t.bookingId).where(sql`${t.resolvedAt} is null`),
  ],
);
