/**
 * The site owner's analytics report (issue 16, Site-owner dashboard): every figure is summed by
 * the database, for a range of whole days (UTC), from the daily figures the collector keeps
 * (server/analytics/aggregates.ts: never the events themselves, issue 23) and the bookings of
 * checkout (`reservations`). What one report reads is bounded whatever was posted: at most
 * 8 rows a day of counts, TERMS_PER_DAY and ERRORS_PER_DAY rows a day of terms and errors, and two
 * rows per listing (its running totals at each end of the range). The same SQL runs on PGlite and
 * PostgreSQL.
 *
 *   const range = parseDateRange({ from: '…', to: '…' }, new Date());  // { ok, range } | { ok: false, message }
 *   const report = await analyticsReport(db, range.range);
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyticsDailyErrors, analyticsDailyEvents, analyticsDailyTerms, analyticsDays, analyticsListingDays, reservations, tripBookings, units } from '../db/schema.ts';

/** The range the dashboard opens with: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/** The longest range one report covers. */
export const MAX_RANGE_DAYS = 400;
/** Rows of the ranked tables (zero-result terms, listings, errors). */
export const TOP_ROWS = 20;

/** Whole days, both included, as YYYY-MM-DD (UTC). */
export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

function readDay(label: string, raw: unknown): { ok: true; day: string } | { ok: false; message: string } {
  const text = typeof raw === 'string' ? raw.trim() : '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || isoDay(date) !== text) {
    return { ok: false, message: `The ${label} date must be a day written as YYYY-MM-DD (got “${String(typeof raw === 'string' ? raw : '').slice(0, 40)}”).` };
  }
  return { ok: true, day: text };
}

/**
 * The range of the query `from` and `to` (YYYY-MM-DD); either may be left out: `to` is then
 * today, `from` 29 days before `to`.
 */
export function parseDateRange(query: { from?: unknown; to?: unknown }, now: Date): { ok: true; range: DateRange } | { ok: false; message: string } {
  const given = (value: unknown) => value !== undefined && !(typeof value === 'string' && value.trim() === '');
  const to = given(query.to) ? readDay('end', query.to) : ({ ok: true, day: isoDay(now) } as const);
  if (!to.ok) return to;
  const from = given(query.from) ? readDay('start', query.from) : ({ ok: true, day: addDays(to.day, 1 - DEFAULT_RANGE_DAYS) } as const);
  if (!from.ok) return from;
  if (from.day > to.day) return { ok: false, message: `The start date (${from.day}) must be on or before the end date (${to.day}).` };
  const days = Math.round((Date.parse(to.day) - Date.parse(from.day)) / DAY_MS) + 1;
  if (days > MAX_RANGE_DAYS) return { ok: false, message: `A range can cover at most ${MAX_RANGE_DAYS} days (this one covers ${days}).` };
  return { ok: true, range: { from: from.day, to: to.day } };
}

export interface SearchDay {
  day: string;
  searches: number;
  zeroResults: number;
}
export interface ZeroResultTerm {
  /** Lower-cased and trimmed; '' for an empty search. */
  term: string;
  searches: number;
  lastSeen: string;
}
export interface ListingRow {
  itemId: string;
  name: string;
  /** The listing's page when the id is a rental of the site. */
  slug: string | null;
  impressions: number;
  clicks: number;
  /** Clicks per impression in percent (one decimal), null without impressions. */
  ctr: number | null;
}
export interface FunnelStep {
  step: 'add_to_cart' | 'begin_checkout' | 'booking';
  count: number;
  /** Percent of the step before (one decimal); null for the first step or when the one before is 0. */
  ofPrevious: number | null;
}
export interface ErrorRow {
  message: string;
  count: number;
  fatal: number;
  pages: number;
  lastSeen: string;
}
/** A day of the range on which a cap of the collector was reached (server/analytics/aggregates.ts). */
export interface CappedDay {
  day: string;
  /** Zero-result searches counted in the totals but not under their term (the day had its TERMS_PER_DAY terms). */
  termsOver: number;
  /** Error reports counted in the totals but not by message (the day had its ERRORS_PER_DAY messages and pages). */
  errorsOver: number;
  /** Products of impressions and clicks that named no listing of the site (not in the listings table). */
  otherItems: number;
}
export interface AnalyticsReport {
  range: DateRange;
  totals: { searches: number; zeroResults: number; zeroResultRate: number | null; events: number };
  searchesPerDay: SearchDay[];
  zeroResultTerms: ZeroResultTerm[];
  listings: ListingRow[];
  funnel: FunnelStep[];
  errors: ErrorRow[];
  /** The days of the range whose detail a cap left incomplete, oldest first. */
  cappedDays: CappedDay[];
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const from = (range: DateRange) => sql`${range.from}::date`;
const to = (range: DateRange) => sql`${range.to}::date`;
const num = (value: unknown) => Number(value ?? 0);
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export async function searchesPerDay(db: Pick<Database, 'execute'>, range: DateRange): Promise<SearchDay[]> {
  const result = await db.execute(sql`
    with days as (select generate_series(${from(range)}, ${to(range)}, interval '1 day')::date as day)
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(e.events, 0)::int as searches, coalesce(e.zero_results, 0)::int as zero
    from days left join ${analyticsDailyEvents} e on e.day = days.day and e.name = 'search'
    order by days.day`);
  return rowsOf<{ day: string; searches: number; zero: number }>(result).map((row) => ({ day: row.day, searches: num(row.searches), zeroResults: num(row.zero) }));
}

export async function zeroResultTerms(db: Pick<Database, 'execute'>, range: DateRange, limit = TOP_ROWS): Promise<ZeroResultTerm[]> {
  const result = await db.execute(sql`
    select term, sum(searches)::int as searches, to_char(max(last_seen) at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as last_seen
    from ${analyticsDailyTerms}
    where day between ${from(range)} and ${to(range)}
    group by term order by searches desc, term limit ${limit}`);
  return rowsOf<{ term: string; searches: number; last_seen: string }>(result).map((row) => ({ term: row.term, searches: num(row.searches), lastSeen: row.last_seen }));
}

/**
 * The listings seen in the range: for each listing of the site, its running totals at the last
 * row on or before the end, less those before its first row in the range (that row's totals
 * less its own day): two index look-ups per listing, whatever the range's length.
 */
export async function topListings(db: Pick<Database, 'execute'>, range: DateRange, limit = TOP_ROWS): Promise<ListingRow[]> {
  const result = await db.execute(sql`
    with counted as (
      select u.property_code as item_id, u.name, u.slug,
             (last.impressions_total - first.impressions_before)::int as impressions,
             (last.clicks_total - first.clicks_before)::int as clicks
      from ${units} u
      cross join lateral (
        select l.impressions_total - l.impressions as impressions_before, l.clicks_total - l.clicks as clicks_before
        from ${analyticsListingDays} l
        where l.item_id = u.property_code and l.day >= ${from(range)} and l.day <= ${to(range)}
        order by l.day limit 1
      ) first
      cross join lateral (
        select l.impressions_total, l.clicks_total
        from ${analyticsListingDays} l
        where l.item_id = u.property_code and l.day <= ${to(range)}
        order by l.day desc limit 1
      ) last
    )
    select item_id, name, slug, impressions, clicks, round(100.0 * clicks / nullif(impressions, 0), 1)::float8 as ctr
    from counted where impressions > 0 or clicks > 0
    order by impressions desc, clicks desc, item_id limit ${limit}`);
  return rowsOf<{ item_id: string; name: string; slug: string | null; impressions: number; clicks: number; ctr: number | null }>(result).map((row) => ({
    itemId: row.item_id,
    name: row.name,
    slug: row.slug ?? null,
    impressions: num(row.impressions),
    clicks: num(row.clicks),
    ctr: numOrNull(row.ctr),
  }));
}

/** Add to cart and checkout from the collector's daily counts; bookings are the stays booked (confirmed) in the range. */
export async function funnel(db: Pick<Database, 'execute'>, range: DateRange): Promise<FunnelStep[]> {
  const start = sql`${`${range.from}T00:00:00Z`}::timestamptz`;
  const end = sql`${`${addDays(range.to, 1)}T00:00:00Z`}::timestamptz`;
  const result = await db.execute(sql`
    with steps as (
      select
        (select coalesce(sum(events), 0) from ${analyticsDailyEvents} where name = 'add_to_cart' and day between ${from(range)} and ${to(range)})::int as add_to_cart,
        (select coalesce(sum(events), 0) from ${analyticsDailyEvents} where name = 'begin_checkout' and day between ${from(range)} and ${to(range)})::int as begin_checkout,
        (select count(*) from ${reservations} r join ${tripBookings} b on b.id = r.trip_booking_id
          where b.status = 'confirmed' and b.created_at >= ${start} and b.created_at < ${end})::int as booking
    )
    select add_to_cart, begin_checkout, booking,
           round(100.0 * begin_checkout / nullif(add_to_cart, 0), 1)::float8 as checkout_rate,
           round(100.0 * booking / nullif(begin_checkout, 0), 1)::float8 as booking_rate
    from steps`);
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return [
    { step: 'add_to_cart', count: num(row.add_to_cart), ofPrevious: null },
    { step: 'begin_checkout', count: num(row.begin_checkout), ofPrevious: numOrNull(row.checkout_rate) },
    { step: 'booking', count: num(row.booking), ofPrevious: numOrNull(row.booking_rate) },
  ];
}

export async function errorsByMessage(db: Pick<Database, 'execute'>, range: DateRange, limit = TOP_ROWS): Promise<ErrorRow[]> {
  // By message and page first (its key: md5 of both, the same every day), then by message: two
  // hash aggregates, where counting distinct pages per message would sort the long texts.
  const result = await db.execute(sql`
    select message, sum(events)::int as count, sum(fatal)::int as fatal, (count(*) filter (where has_page))::int as pages,
           to_char(max(last_seen) at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as last_seen
    from (
      select key, min(message) as message, bool_or(page <> '') as has_page, sum(events) as events, sum(fatal) as fatal, max(last_seen) as last_seen
      from ${analyticsDailyErrors}
      where day between ${from(range)} and ${to(range)}
      group by key
    ) pairs
    group by message order by count desc, message limit ${limit}`);
  return rowsOf<{ message: string; count: number; fatal: number; pages: number; last_seen: string }>(result).map((row) => ({
    message: row.message,
    count: num(row.count),
    fatal: num(row.fatal),
    pages: num(row.pages),
    lastSeen: row.last_seen,
  }));
}

async function totals(db: Pick<Database, 'execute'>, range: DateRange): Promise<AnalyticsReport['totals']> {
  const result = await db.execute(sql`
    with t as (
      select coalesce(sum(events) filter (where name = 'search'), 0)::int as searches,
             coalesce(sum(zero_results) filter (where name = 'search'), 0)::int as zero,
             coalesce(sum(events), 0)::int as events
      from ${analyticsDailyEvents} where day between ${from(range)} and ${to(range)}
    )
    select searches, zero, events, round(100.0 * zero / nullif(searches, 0), 1)::float8 as zero_rate from t`);
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return { searches: num(row.searches), zeroResults: num(row.zero), zeroResultRate: numOrNull(row.zero_rate), events: num(row.events) };
}

export async function cappedDays(db: Pick<Database, 'execute'>, range: DateRange): Promise<CappedDay[]> {
  const result = await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, terms_over, errors_over, other_items
    from ${analyticsDays}
    where day between ${from(range)} and ${to(range)} and (terms_over > 0 or errors_over > 0 or other_items > 0)
    order by day`);
  return rowsOf<{ day: string; terms_over: number; errors_over: number; other_items: number }>(result).map((row) => ({
    day: row.day,
    termsOver: num(row.terms_over),
    errorsOver: num(row.errors_over),
    otherItems: num(row.other_items),
  }));
}

/**
 * Answers `query` after the server's other requests have had their turn: PGlite runs a query
 * inside the event loop and answers in a microtask, so queries awaited one after the other would
 * hold the loop as one block.
 */
async function inTurn<T>(query: () => Promise<T>): Promise<T> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  return query();
}

export async function analyticsReport(db: Pick<Database, 'execute'>, range: DateRange): Promise<AnalyticsReport> {
  // One after the other (PGlite runs one query at a time anyway, and a pool is not held for
  // long), each in its own turn of the event loop.
  return {
    range,
    totals: await inTurn(() => totals(db, range)),
    searchesPerDay: await inTurn(() => searchesPerDay(db, range)),
    zeroResultTerms: await inTurn(() => zeroResultTerms(db, range)),
    listings: await inTurn(() => topListings(db, range)),
    funnel: await inTurn(() => funnel(db, range)),
    errors: await inTurn(() => errorsByMessage(db, range)),
    cappedDays: await inTurn(() => cappedDays(db, range)),
  };
}
