/**
 * Analytics storage, bounded by design (issue 23, items 1 and 2). Every event the collector
 * accepts is counted, in the one statement that stores its batch, into small daily tables that
 * the owner's dashboard reads (server/admin/analytics-report.ts), and logged as received in a
 * short raw log that nothing in production reads (the end-to-end tests do, through
 * E2E_TEST_ROUTES):
 *
 *   await recordEvents(db, [{ receivedAt, name, page, visitor, params }, …]);   // one statement per UTC day
 *   await sweepAnalytics(db, { now, retentionDays });                            // retention
 *
 * What a day may hold, whatever is posted (the owner's totals are never capped, only their detail):
 *
 *   - analytics_daily_events: one row per event name (8): every event counted, and the searches
 *     that found nothing.
 *   - analytics_listing_days: one row per listing of the site seen that day (impressions and
 *     clicks, with running totals); products naming no listing are only counted (other_items).
 *   - analytics_daily_terms: the zero-result searches by term, at most TERMS_PER_DAY terms; the
 *     searches of further terms are counted in terms_over (and in the day's totals).
 *   - analytics_daily_errors: `exception` reports by message and page, at most ERRORS_PER_DAY rows;
 *     further reports are counted in errors_over (and in the totals).
 *   - analytics_events (the raw log): at most RAW_EVENTS_PER_DAY events, kept RAW_RETENTION_DAYS;
 *     further events of the day are counted (raw_over) but not logged.
 *   - analytics_days: one row saying how much of the day each cap let through.
 *
 * Rows older than ANALYTICS_RETENTION_DAYS (400) go, so the whole is bounded (docs/analytics.md).
 * The statement is the SQL function analytics_record_day of migration 0010 (a change to it is a
 * new migration replacing the function). The same SQL runs on PGlite and PostgreSQL. The caps hold
 * exactly on PGlite (one statement at a time); on PostgreSQL batches of the same day stored at the
 * same instant each see the counts before the other, so a day may go over a cap by what those
 * batches bring (at most a batch each), and around midnight a listing's running total of the new
 * day may miss a batch of the day before stored at that same instant (each day's own counts stay
 * right).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyticsDailyErrors, analyticsDailyEvents, analyticsDailyTerms, analyticsDays, analyticsEvents, analyticsListingDays } from '../db/schema.ts';

/** Zero-result search terms kept a day (each with its count); the searches of further terms count in the totals only. */
export const TERMS_PER_DAY = 30;
/** Error message and page pairs kept a day; further reports count in the totals only. */
export const ERRORS_PER_DAY = 20;
/** Events logged as received a day (the raw log); further events are counted, not logged. */
export const RAW_EVENTS_PER_DAY = 10_000;
/** Days the raw log is kept (fewer when ANALYTICS_RETENTION_DAYS is less). */
export const RAW_RETENTION_DAYS = 7;
/**
 * Products of `view_item_list` and `select_item` events in one batch (the listings whose
 * impressions and clicks it counts). The browser sends at most 10 per `view_item_list`
 * (impressions go in tens: src/machines/analytics-machine.ts IMPRESSION_BATCH) and 1 per
 * `select_item`, so its batches of at most 50 events always fit; a bigger batch is refused (413).
 */
export const MAX_LISTING_ITEMS_PER_BATCH = 500;

type Executor = Pick<Database, 'execute'>;

/** One event as the collector received it. */
export interface ReceivedEvent {
  receivedAt: Date;
  /** When the browser says it happened. */
  occurredAt?: Date | null;
  name: string;
  page?: string | null;
  /** A keyed hash of the client and the day (never the address). */
  visitor: string;
  params: Record<string, unknown>;
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** How many listing products (`view_item_list` and `select_item` items) a batch carries. */
export function listingItemCount(events: ReadonlyArray<{ name: string; params?: { items?: readonly unknown[] } }>): number {
  let n = 0;
  for (const event of events) if (event.name === 'view_item_list' || event.name === 'select_item') n += event.params?.items?.length ?? 0;
  return n;
}

/**
 * The statement that stores the events of one UTC day: logged (within the day's raw cap) and
 * counted into the daily tables (within their caps), with the day's cap counters, at once. Its SQL
 * is the function `analytics_record_day` (migration 0010), so that PGlite plans it once, not for
 * every batch (planning the statement took longer than running it).
 */
function recordDay(day: string, events: readonly ReceivedEvent[]): SQL {
  const input = JSON.stringify(
    events.map((event) => ({
      t: event.receivedAt.toISOString(),
      o: event.occurredAt && Number.isFinite(event.occurredAt.getTime()) ? event.occurredAt.toISOString() : null,
      n: event.name,
      p: event.page ?? null,
      v: event.visitor,
      a: event.params,
    })),
  );
  return sql`select analytics_record_day(${day}::date, ${input}::jsonb, ${RAW_EVENTS_PER_DAY}::int, ${TERMS_PER_DAY}::int, ${ERRORS_PER_DAY}::int) as events`;
}

/**
 * Stores events: one statement per UTC day they were received on (the collector's batch is one
 * day, so one statement). Each statement is whole or nothing.
 */
export async function recordEvents(db: Executor, events: readonly ReceivedEvent[]): Promise<void> {
  const byDay = new Map<string, ReceivedEvent[]>();
  for (const event of events) {
    const day = isoDay(event.receivedAt);
    byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  for (const day of [...byDay.keys()].sort()) await db.execute(recordDay(day, byDay.get(day)!));
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Rows one sweep statement deletes at most (then the event loop gets its turn). */
const SWEEP_CHUNK = 2_000;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Deletes what is past its retention: the raw log after min(RAW_RETENTION_DAYS, retentionDays)
 * days, the daily figures after `retentionDays`. In bounded statements (SWEEP_CHUNK rows or one
 * day at a time), so a sweep after a long stop does not hold the server; then refreshes the
 * planner's statistics of the daily tables. Answers how many rows went.
 */
export async function sweepAnalytics(db: Executor, options: { now: Date; retentionDays: number }): Promise<{ raw: number; daily: number }> {
  const rawBefore = new Date(options.now.getTime() - Math.min(RAW_RETENTION_DAYS, options.retentionDays) * DAY_MS);
  const cutoff = isoDay(new Date(options.now.getTime() - options.retentionDays * DAY_MS));
  let raw = 0;
  for (;;) {
    const result = await db.execute(sql`
      with gone as (
        delete from ${analyticsEvents} where id in (
          select id from ${analyticsEvents} where received_at < ${rawBefore.toISOString()}::timestamptz order by received_at limit ${SWEEP_CHUNK})
        returning 1)
      select count(*)::int as n from gone`);
    const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    raw += n;
    if (n < SWEEP_CHUNK) break;
    await yieldToLoop();
  }
  let daily = 0;
  for (const table of [analyticsDailyEvents, analyticsDailyTerms, analyticsDailyErrors, analyticsListingDays, analyticsDays]) {
    for (;;) {
      // The oldest day past the retention, one day at a time (a day's rows are bounded by the caps).
      const result = await db.execute(sql`
        with gone as (
          delete from ${table} where day = (select min(day) from ${table} where day < ${cutoff}::date)
          returning 1)
        select count(*)::int as n from gone`);
      const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
      daily += n;
      if (n === 0) break;
      await yieldToLoop();
    }
  }
  // PGlite runs no autovacuum: the planner's statistics of the tables the dashboard groups come
  // from here (a sample of at most a few thousand rows each).
  for (const table of [analyticsDailyEvents, analyticsDailyTerms, analyticsDailyErrors, analyticsDays]) {
    await yieldToLoop();
    await db.execute(sql`analyze ${table}`);
  }
  return { raw, daily };
}
