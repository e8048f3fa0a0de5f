/**
 * Calendar sync with other channels: each listing's export, the feeds it imports, and
 * the poller that keeps them in step.
 *
 * Export: the listing's booked and blocked nights made here (checkout reservations, the
 * calendar's stays and owner holds), never the nights imported from other channels: a channel that
 * imported them back would keep them closed after they were freed (the iCal "echo").
 *
 * Import: a feed's good answer replaces its events (calendar_feed_events), then the listing's
 * imported nights are worked out again (reconcile): the union of every feed's stays, less the
 * nights a row made here holds, becomes the listing's imported bookings rows (kind 'blocked',
 * listed in calendar_blocks), written only when they change. Imported stays that overlap a
 * booking made here are conflicts: recorded, shown to the owner and emailed in one digest per
 * feed an hour at most; they are resolved when either side goes. Feeds are parsed in the feed
 * worker (feed-reader.ts), never on the server's thread, and polled once the server listens.
 * A failed poll changes no night; it records the error and, at the first failure, since when the
 * feed fails.
 *
 * A pay-later hold's nights count only until its `held_until` (server/checkout/holds.ts), read at
 * the service's clock: the export leaves a lapsed hold out, the conflicts list drops those over
 * one, and a reconcile first deletes the listing's lapsed holds' rows so the feed's stays take
 * those nights, whether or not the sweeper has run.
 */
import crypto from 'node:crypto';
import ical from 'ical-generator';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sqlState } from '../db/sql-state.ts';
import { liveNight, releaseLapsedNights } from '../checkout/holds.ts';
import { bookings, units } from '../db/schema.ts';
import { calendarBlocks, calendarConflicts, calendarExports, calendarFeedEvents, calendarFeeds } from '../db/calendar-schema.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { escapeHtml } from '../html.ts';
import type { CalendarSettings } from './config.ts';
import { checkFeedAddress, fetchFeed, FeedFetchError } from './feed-fetch.ts';
import { dayOf, FeedParseError, isoOf, type FeedEvent } from './feed-parse.ts';
import { createFeedReader, type FeedReader } from './feed-reader.ts';
import { feedStatus } from './feed-status.ts';
import type { InspectionEvent } from 'xstate';

const DAY_MS = 86_400_000;
/** Exported stays: those that ended at most this many days ago, up to two years ahead. */
const EXPORT_PAST_DAYS = 30;
const HORIZON_DAYS = 730;
/** How long a poller's claim on a feed lasts before another may poll it (a crashed poll). */
const CLAIM_MS = 5 * 60_000;
/** Feeds polled per tick, one after another. */
const BATCH = 10;
/** At most one conflict digest per feed in this time. */
const DIGEST_MS = 3_600_000;
/** Feed events written per insert. */
const EVENT_CHUNK = 250;

export interface CalendarLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface CalendarServiceOptions {
  db: Database;
  settings: CalendarSettings;
  siteName: string;
  publicOrigin: string;
  /** Where conflicts are emailed (the owner). */
  ownerEmail: string;
  mail?: Pick<MailQueue, 'enqueue' | 'kick'>;
  /** Called after a sync changed a listing's nights (the pricing model and page caches follow). */
  changed?: (unitEid: number) => void;
  now?: () => Date;
  log?: CalendarLogger;
  random?: () => number;
  /** Sees every feed status machine the service runs (model tests). */
  inspect?: (event: InspectionEvent) => void;
  /** Reads feeds in the feed worker (default: one made from `settings`, ended by close()). */
  reader?: FeedReader;
}

export interface ExportCalendar {
  /** The iCalendar text, made only when asked for (a channel's poll mostly ends in 304). */
  body(): string;
  etag: string;
  lastModified: Date;
}

export interface FeedStatus {
  id: number;
  unitEid: number;
  channel: string;
  url: string;
  events: number;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  failingSince: Date | null;
  lastError: string | null;
}

export interface ConflictRow {
  id: number;
  feedId: number;
  channel: string;
  unitEid: number;
  uid: string;
  beginDate: string;
  endDate: string;
  bookingId: number;
  detectedAt: Date;
}

export type SyncResult = { ok: true; changed: boolean; events: number; notModified: boolean } | { ok: false; error: string };

export class CalendarInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalendarInputError';
  }
}

const newToken = () => crypto.randomBytes(24).toString('base64url');

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** The runs of set days as [first night, departure day) pairs. */
function runsOf(nights: Uint8Array, start: number): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let open = -1;
  for (let i = 0; i <= nights.length; i++) {
    const on = i < nights.length && nights[i] === 1;
    if (on && open < 0) open = i;
    if (!on && open >= 0) {
      runs.push([start + open, start + i]);
      open = -1;
    }
  }
  return runs;
}

export function createCalendarService(options: CalendarServiceOptions) {
  const { db, settings } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const log = options.log ?? { info: () => {}, warn: () => {} };
  const host = new URL(options.publicOrigin).hostname;
  const reader = options.reader ?? createFeedReader({ budgetMs: settings.parseBudgetMs, memoryMb: settings.parseMemoryMb });
  const todayDay = () => Math.floor(now().getTime() / DAY_MS);

  /** The export token of a listing, made at first use; null when there is no such listing. */
  async function exportToken(unitEid: number): Promise<string | null> {
    const [unit] = await db.select({ eid: units.eid }).from(units).where(eq(units.eid, unitEid));
    if (!unit) return null;
    await db.insert(calendarExports).values({ unitEid, token: newToken() }).onConflictDoNothing();
    const [row] = await db.select({ token: calendarExports.token }).from(calendarExports).where(eq(calendarExports.unitEid, unitEid));
    return row?.token ?? null;
  }

  const exportUrl = (unitEid: number, token: string) => `${options.publicOrigin}/calendar/${unitEid}/${token}.ics`;

  /** The listing's export as iCalendar, or null when the token is not the listing's (or there is none). */
  async function exportCalendar(unitEid: number, token: string): Promise<ExportCalendar | null> {
    const [saved] = await db.select().from(calendarExports).where(eq(calendarExports.unitEid, unitEid));
    if (!saved) return null;
    const given = Buffer.from(token);
    const expected = Buffer.from(saved.token);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    const today = todayDay();
    const rows = rowsOf<{ id: number; begin_date: string; end_date: string; kind: string }>(
      await db.execute(sql`select b.id, b.begin_date::text as begin_date, b.end_date::text as end_date, b.kind
        from ${bookings} b
        where b.unit_eid = ${unitEid}
          and b.end_date >= ${isoOf(today - EXPORT_PAST_DAYS)}::date and b.begin_date < ${isoOf(today + HORIZON_DAYS)}::date
          and not exists (select 1 from ${calendarBlocks} cb where cb.booking_id = b.id)
          and ${liveNight('b', now())}
        order by b.begin_date, b.id`),
    );
    const digest = crypto.createHash('sha256').update(rows.map((row) => `${row.id}|${row.begin_date}|${row.end_date}|${row.kind}`).join('\n')).digest('base64url').slice(0, 27);
    let changedAt = saved.changedAt;
    if (digest !== saved.digest) {
      changedAt = new Date(Math.floor(now().getTime() / 1000) * 1000);
      await db.update(calendarExports).set({ digest, changedAt }).where(and(eq(calendarExports.unitEid, unitEid), eq(calendarExports.token, saved.token)));
    }
    // The body depends on the rows and changed_at only: the same events give the same bytes and ETag.
    const body = () => {
      const calendar = ical({ prodId: { company: options.siteName, product: 'Calendar', language: 'EN' }, name: `${options.siteName} ${unitEid}` });
      for (const row of rows) {
        calendar.createEvent({
          id: `${row.id}-${unitEid}@${host}`,
          start: row.begin_date,
          end: row.end_date,
          allDay: true,
          stamp: changedAt,
          summary: row.kind === 'booked' ? 'Reserved' : 'Not available',
        });
      }
      // RFC 5545 §3.1: every content line ends with CRLF, the last one too (ical-generator leaves it off).
      const text = calendar.toString();
      return text.endsWith('\r\n') ? text : `${text}\r\n`;
    };
    return { body, etag: `"${digest}-${changedAt.getTime() / 1000}"`, lastModified: changedAt };
  }

  /** Gives the listing's export a new token: the old URL answers 404 from now on. */
  async function rotateToken(unitEid: number): Promise<string | null> {
    if ((await exportToken(unitEid)) === null) return null;
    const token = newToken();
    await db.update(calendarExports).set({ token, rotatedAt: now() }).where(eq(calendarExports.unitEid, unitEid));
    return token;
  }

  async function addFeed(unitEid: number, channelRaw: string, urlRaw: string): Promise<number> {
    const channel = channelRaw.trim().replace(/\s+/g, ' ');
    if (channel.length < 1 || channel.length > 60) throw new CalendarInputError('Please name the channel (1 to 60 characters), e.g. Airbnb or Vrbo.');
    const urlText = urlRaw.trim();
    if (urlText.length > 2048) throw new CalendarInputError('The feed address is longer than 2048 characters.');
    // The listing first: a cheap lookup, before any DNS query is made for a listing that is not there.
    const [unit] = await db.select({ eid: units.eid }).from(units).where(eq(units.eid, unitEid));
    if (!unit) throw new CalendarInputError(`There is no listing ${unitEid}.`);
    let url: URL;
    try {
      // Its form and its host's addresses: a loopback or private feed is refused here, not stored.
      url = await checkFeedAddress(urlText, settings);
    } catch (error) {
      throw new CalendarInputError((error as Error).message);
    }
    const inserted = await db.insert(calendarFeeds).values({ unitEid, channel, url: url.href }).onConflictDoNothing().returning({ id: calendarFeeds.id });
    if (!inserted[0]) throw new CalendarInputError('This listing imports that feed already.');
    return inserted[0].id;
  }

  /** Removes a feed: its nights are freed at once. */
  async function removeFeed(feedId: number): Promise<boolean> {
    const [removed] = await db.delete(calendarFeeds).where(eq(calendarFeeds.id, feedId)).returning({ unitEid: calendarFeeds.unitEid });
    if (!removed) return false;
    await reconcile(removed.unitEid);
    return true;
  }

  /** The listing a feed imports into, or null when there is no such feed. */
  async function feedUnit(feedId: number): Promise<number | null> {
    const [feed] = await db.select({ unitEid: calendarFeeds.unitEid }).from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
    return feed?.unitEid ?? null;
  }

  async function feeds(unitEid?: number): Promise<FeedStatus[]> {
    const query = db
      .select({
        id: calendarFeeds.id,
        unitEid: calendarFeeds.unitEid,
        channel: calendarFeeds.channel,
        url: calendarFeeds.url,
        events: calendarFeeds.events,
        lastAttemptAt: calendarFeeds.lastAttemptAt,
        lastSuccessAt: calendarFeeds.lastSuccessAt,
        failingSince: calendarFeeds.failingSince,
        lastError: calendarFeeds.lastError,
      })
      .from(calendarFeeds);
    return unitEid === undefined ? query.orderBy(asc(calendarFeeds.unitEid), asc(calendarFeeds.id)) : query.where(eq(calendarFeeds.unitEid, unitEid)).orderBy(asc(calendarFeeds.id));
  }

  async function conflicts(unitEid?: number): Promise<ConflictRow[]> {
    const open = isNull(calendarConflicts.resolvedAt);
    // Over a booking that is gone or a hold that has lapsed there is no conflict any more (the next reconcile resolves it).
    const liveBooking = sql`exists (select 1 from ${bookings} b where b.id = ${calendarConflicts.bookingId} and ${liveNight('b', now())})`;
    return db
      .select({
        id: calendarConflicts.id,
        feedId: calendarConflicts.feedId,
        channel: calendarFeeds.channel,
        unitEid: calendarConflicts.unitEid,
        uid: calendarConflicts.uid,
        beginDate: calendarConflicts.beginDate,
        endDate: calendarConflicts.endDate,
        bookingId: calendarConflicts.bookingId,
        detectedAt: calendarConflicts.detectedAt,
      })
      .from(calendarConflicts)
      .innerJoin(calendarFeeds, eq(calendarFeeds.id, calendarConflicts.feedId))
      .where(and(open, unitEid === undefined ? undefined : eq(calendarConflicts.unitEid, unitEid), liveBooking))
      .orderBy(asc(calendarConflicts.beginDate));
  }

  /**
   * Works out a listing's imported nights again from its feeds' events, in one transaction:
   * rewrites its imported bookings rows when they differ, and records new conflicts (emailed)
   * and resolves those gone. Returns whether any night changed.
   */
  async function reconcile(unitEid: number): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await reconcileOnce(unitEid);
        if (result.mailed) options.mail?.kick();
        if (result.changed) options.changed?.(unitEid);
        return result.changed;
      } catch (error) {
        // A checkout took one of the nights between our read and our write (23P01): read again.
        if (sqlState(error) === '23P01' && attempt < 3) continue;
        throw error;
      }
    }
  }

  /**
   * Emails the owner the open conflicts of each of the listing's feeds not yet mailed (notified_at
   * null), in one digest per feed at most once an hour (a feed that changes at every read would
   * otherwise send one email per read): a feed's last digest is the latest notified_at of its
   * conflicts, and the next is due an hour after it with those found since. The mailed conflicts
   * get notified_at = now in the same transaction as the email's mail_queue row. Run inside the
   * listing's reconcile (its advisory lock), so two servers never send one digest twice.
   */
  async function mailDigests(tx: Pick<Database, 'execute' | 'insert' | 'update'>, unitEid: number): Promise<boolean> {
    const at = now().getTime();
    const open = rowsOf<{ id: number | string; feed_id: number; channel: string; begin_date: string; end_date: string; booking_id: number }>(
      await tx.execute(sql`select c.id, c.feed_id, f.channel, c.begin_date::text as begin_date, c.end_date::text as end_date, c.booking_id
        from ${calendarConflicts} c join ${calendarFeeds} f on f.id = c.feed_id
        where c.unit_eid = ${unitEid} and c.resolved_at is null and c.notified_at is null
          and not exists (select 1 from ${calendarConflicts} n
            where n.feed_id = c.feed_id and n.notified_at > ${new Date(at - DIGEST_MS).toISOString()}::timestamptz)
        order by c.feed_id, c.begin_date, c.booking_id`),
    );
    const byFeed = new Map<number, typeof open>();
    for (const row of open) byFeed.set(row.feed_id, [...(byFeed.get(row.feed_id) ?? []), row]);
    for (const [feedId, rows] of byFeed) {
      const channel = rows[0]!.channel;
      const lines = rows.map((c) => `${channel} has a stay from ${c.begin_date} to ${c.end_date} over booking #${c.booking_id} made here.`);
      const more = 'Both stand until you cancel one of them. The site owner\'s calendars page lists every conflict; further conflicts of this feed come in one email an hour at most.';
      await options.mail!.enqueue(tx, {
        kind: 'calendar-conflict',
        reference: `feed:${feedId}:${at}`,
        to: options.ownerEmail,
        subject: rows.length === 1
          ? `Double booking at listing ${unitEid}: ${channel}'s stay overlaps a booking made here`
          : `Double bookings at listing ${unitEid}: ${rows.length} of ${channel}'s stays overlap bookings made here`,
        text: `${lines.join('\n')}\n\n${more}\n`,
        html: `<p>${lines.map(escapeHtml).join('<br>')}</p><p>${escapeHtml(more)}</p>`,
      });
      await tx.update(calendarConflicts).set({ notifiedAt: new Date(at) }).where(inArray(calendarConflicts.id, rows.map((c) => Number(c.id))));
    }
    return byFeed.size > 0;
  }

  async function reconcileOnce(unitEid: number): Promise<{ changed: boolean; mailed: boolean }> {
    const today = todayDay();
    const start = today;
    const end = today + HORIZON_DAYS;
    return db.transaction(async (tx) => {
      // One reconcile of a listing at a time (several servers on one PostgreSQL too).
      await tx.execute(sql`select pg_advisory_xact_lock(26, ${unitEid})`);
      // This listing's lapsed holds' nights are free: their rows go first, so an imported stay may take
      // those nights under the exclusion constraint and no conflict is kept over them. Other listings'
      // rows, and marking the holds 'lapsed', are left to the sweeper (reads go by held_until anyway).
      await releaseLapsedNights(tx, now(), unitEid);
      const events = rowsOf<{ feed_id: number; uid: string; begin_date: string; end_date: string }>(
        await tx.execute(sql`select e.feed_id, e.uid, e.begin_date::text as begin_date, e.end_date::text as end_date
          from ${calendarFeedEvents} e join ${calendarFeeds} f on f.id = e.feed_id
          where f.unit_eid = ${unitEid} and e.end_date > ${isoOf(start)}::date and e.begin_date < ${isoOf(end)}::date`),
      );
      const rows = rowsOf<{ id: number; begin_date: string; end_date: string; kind: string; imported: boolean }>(
        await tx.execute(sql`select b.id, b.begin_date::text as begin_date, b.end_date::text as end_date, b.kind,
            exists (select 1 from ${calendarBlocks} cb where cb.booking_id = b.id) as imported
          from ${bookings} b where b.unit_eid = ${unitEid} and b.end_date > ${isoOf(start)}::date and b.begin_date < ${isoOf(end)}::date`),
      );
      const local = rows.filter((row) => !row.imported);
      const taken = new Uint8Array(end - start);
      for (const row of local) for (let day = Math.max(dayOf(row.begin_date), start); day < Math.min(dayOf(row.end_date), end); day++) taken[day - start] = 1;
      const wanted = new Uint8Array(end - start);
      const found: Array<{ feedId: number; uid: string; begin: string; end: string; bookingId: number }> = [];
      for (const [index, event] of events.entries()) {
        // A big feed's thousands of stays: let other requests in between (the work is bounded, the loop never held long).
        if (index % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
        const from = Math.max(dayOf(event.begin_date), start);
        const to = Math.min(dayOf(event.end_date), end);
        for (let day = from; day < to; day++) if (taken[day - start] === 0) wanted[day - start] = 1;
        // A guest's booking made here under an imported stay: a double booking across channels.
        for (const row of local) {
          if (row.kind === 'booked' && dayOf(row.begin_date) < to && dayOf(row.end_date) > from) {
            found.push({ feedId: event.feed_id, uid: event.uid, begin: event.begin_date, end: event.end_date, bookingId: row.id });
          }
        }
      }
      const runs = runsOf(wanted, start).map(([from, to]) => [isoOf(from), isoOf(to)] as const);
      // Imported rows ending before today are left as they are (the past is not rewritten).
      const current = rowsOf<{ id: number; begin_date: string; end_date: string }>(
        await tx.execute(sql`select b.id, b.begin_date::text as begin_date, b.end_date::text as end_date
          from ${bookings} b join ${calendarBlocks} cb on cb.booking_id = b.id
          where b.unit_eid = ${unitEid} and b.end_date > ${isoOf(start)}::date order by b.begin_date`),
      );
      const same = current.length === runs.length && current.every((row, i) => row.begin_date === runs[i]![0] && row.end_date === runs[i]![1]);
      let changed = false;
      if (!same) {
        changed = true;
        if (current.length > 0) await tx.delete(bookings).where(inArray(bookings.id, current.map((row) => row.id)));
        if (runs.length > 0) {
          const made = await tx
            .insert(bookings)
            .values(runs.map(([beginDate, endDate]) => ({ unitEid, beginDate, endDate, kind: 'blocked' })))
            .returning({ id: bookings.id });
          await tx.insert(calendarBlocks).values(made.map((row) => ({ bookingId: row.id, unitEid })));
        }
      }
      // Conflicts: new ones recorded and emailed, those no longer there resolved.
      const open = await tx
        .select({ id: calendarConflicts.id, feedId: calendarConflicts.feedId, uid: calendarConflicts.uid, beginDate: calendarConflicts.beginDate, bookingId: calendarConflicts.bookingId })
        .from(calendarConflicts)
        .where(and(eq(calendarConflicts.unitEid, unitEid), isNull(calendarConflicts.resolvedAt)));
      const key = (c: { feedId: number; uid: string; begin: string; bookingId: number }) => `${c.feedId}\n${c.uid}\n${c.begin}\n${c.bookingId}`;
      const foundKeys = new Set(found.map(key));
      const openKeys = new Set(open.map((c) => key({ ...c, begin: c.beginDate })));
      const gone = open.filter((c) => !foundKeys.has(key({ ...c, begin: c.beginDate }))).map((c) => c.id);
      if (gone.length > 0) await tx.update(calendarConflicts).set({ resolvedAt: now() }).where(inArray(calendarConflicts.id, gone));
      const fresh = found.filter((c) => !openKeys.has(key(c)));
      const detectedAt = now();
      if (fresh.length > 0) {
        await tx.insert(calendarConflicts).values(fresh.map((c) => ({ feedId: c.feedId, unitEid, uid: c.uid, beginDate: c.begin, endDate: c.end, bookingId: c.bookingId, detectedAt })));
      }
      const mailed = options.mail ? await mailDigests(tx, unitEid) : false;
      return { changed, mailed };
    });
  }

  const nextPoll = () => new Date(now().getTime() + settings.pollMinutes * 60_000 * (0.9 + 0.2 * random()));


  /** Polls one feed now: fetch, parse, store its events, reconcile its listing. Never throws for the feed's faults. */
  async function syncFeed(feedId: number): Promise<SyncResult> {
    const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
    if (!feed) return { ok: false, error: 'There is no such feed.' };
    // The feed's status machine decides what is stored after the read (feed-status.ts).
    const status = feedStatus(feed, options.inspect);
    status.send({ type: 'feed.poll' });
    let events: FeedEvent[];
    let validators: { etag: string | null; lastModified: string | null };
    try {
      const answer = await fetchFeed(feed.url, { etag: feed.etag, lastModified: feed.lastModified }, settings);
      if (answer.status === 'not-modified') {
        const at = now();
        status.send({ type: 'feed.unchanged', at: at.getTime() });
        await db.update(calendarFeeds).set({ ...status.stored(), lastAttemptAt: at, nextPollAt: nextPoll() }).where(eq(calendarFeeds.id, feedId));
        // Days pass: stays that ended drop out even when the feed did not change.
        const changed = await reconcile(feed.unitEid);
        return { ok: true, changed, events: feed.events, notModified: true };
      }
      // In the feed worker, with its budget: the server's thread only waits (feed-reader.ts).
      events = await reader.read(answer.bytes, { today: isoOf(todayDay()), horizonDays: HORIZON_DAYS });
      validators = { etag: answer.etag, lastModified: answer.lastModified };
    } catch (error) {
      if (!(error instanceof FeedFetchError) && !(error instanceof FeedParseError)) throw error;
      const at = now();
      status.send({ type: 'feed.failed', at: at.getTime(), error: error.message.slice(0, 500) });
      await db.update(calendarFeeds).set({ ...status.stored(), lastAttemptAt: at, nextPollAt: nextPoll() }).where(eq(calendarFeeds.id, feedId));
      log.warn({ feedId, unitEid: feed.unitEid, error: error.message }, 'calendar feed refused');
      return { ok: false, error: error.message };
    }
    const at = now();
    status.send({ type: 'feed.read', at: at.getTime(), events: events.length });
    await db.transaction(async (tx) => {
      await tx.delete(calendarFeedEvents).where(eq(calendarFeedEvents.feedId, feedId));
      // Small inserts: each is one synchronous step of an embedded database, and /healthz waits for none of them long.
      for (let i = 0; i < events.length; i += EVENT_CHUNK) {
        await tx.insert(calendarFeedEvents).values(events.slice(i, i + EVENT_CHUNK).map((event) => ({ feedId, uid: event.uid, beginDate: event.begin, endDate: event.end })));
      }
      await tx
        .update(calendarFeeds)
        .set({ ...validators, ...status.stored(), lastAttemptAt: at, nextPollAt: nextPoll() })
        .where(eq(calendarFeeds.id, feedId));
    });
    const changed = await reconcile(feed.unitEid);
    log.info({ feedId, unitEid: feed.unitEid, events: events.length, changed }, 'calendar feed synced');
    return { ok: true, changed, events: events.length, notModified: false };
  }

  /** Claims the feeds that are due (no other server polls them meanwhile) and polls them one by one. */
  async function pollDue(): Promise<number> {
    // Due by the end of this millisecond: the database keeps microseconds (a feed added now gets its
    // now(), e.g. …:05.123456) and the clock here only milliseconds (…:05.123), so `<= now` would
    // leave a feed added in the same millisecond for the next round.
    const at = now().getTime();
    const dueBefore = new Date(at + 1).toISOString();
    const claimed = rowsOf<{ id: number }>(
      await db.execute(sql`update ${calendarFeeds} set next_poll_at = ${new Date(at + CLAIM_MS).toISOString()}::timestamptz
        where id in (select id from ${calendarFeeds} where next_poll_at < ${dueBefore}::timestamptz order by next_poll_at limit ${BATCH} for update skip locked)
        returning id`),
    );
    for (const { id } of claimed) {
      try {
        await syncFeed(id);
      } catch (error) {
        log.warn({ feedId: id, err: error }, 'calendar feed poll failed');
      }
    }
    return claimed.length;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  /** Polls due feeds every `tickMs` (default 30 s; each feed is due every CALENDAR_POLL_MINUTES with jitter). */
  function start(tickMs = 30_000): void {
    stopped = false;
    const tick = () => {
      if (stopped) return;
      running = pollDue()
        .catch((error: unknown) => log.warn({ err: error }, 'calendar poll failed'))
        .finally(() => {
          running = null;
          if (!stopped) {
            timer = setTimeout(tick, tickMs);
            timer.unref();
          }
        });
    };
    timer = setTimeout(tick, Math.min(tickMs, 1000));
    timer.unref();
  }

  async function close(): Promise<void> {
    stopped = true;
    clearTimeout(timer);
    await running;
    await reader.close();
  }

  /** Listing ids with feeds (a local booking's change re-reads them: freed nights under an imported stay close again). */
  return { exportToken, exportUrl, exportCalendar, rotateToken, addFeed, removeFeed, feeds, conflicts, reconcile, syncFeed, pollDue, start, close, feedUnit };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
