/**
 * The site owner's analytics report (issue 16, Site-owner dashboard): every figure is an
 * aggregate computed by the database over the events of the first-party collector
 * (`analytics_events`) and the bookings of checkout (`reservations`), for a range of whole days
 * (UTC). The same SQL runs on PGlite and PostgreSQL.
 *
 *   const range = parseDateRange({ from: '…', to: '…' }, new Date());  // { ok, range } | { ok: false, message }
 *   const report = await analyticsReport(db, range.range);
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyticsEvents, reservations, tripBookings, units } from '../db/schema.ts';

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
export interface AnalyticsReport {
  range: DateRange;
  totals: { searches: number; zeroResults: number; zeroResultRate: number | null; events: number };
  searchesPerDay: SearchDay[];
  zeroResultTerms: ZeroResultTerm[];
  listings: ListingRow[];
  funnel: FunnelStep[];
  errors: ErrorRow[];
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Timestamps of the range: from the first day's start to the day after the last (UTC). */
function bounds(range: DateRange): { start: SQL; end: SQL } {
  return { start: sql`${`${range.from}T00:00:00Z`}::timestamptz`, end: sql`${`${addDays(range.to, 1)}T00:00:00Z`}::timestamptz` };
}

function eventsIn(range: DateRange, name: string | SQL): SQL {
  const { start, end } = bounds(range);
  return sql`${analyticsEvents.name} = ${name} and ${analyticsEvents.receivedAt} >= ${start} and ${analyticsEvents.receivedAt} < ${end}`;
}

const num = (value: unknown) => Number(value ?? 0);
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export async function searchesPerDay(db: Pick<Database, 'execute'>, range: DateRange): Promise<SearchDay[]> {
  const result = await db.execute(sql`
    with days as (select generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date as day)
    select to_char(days.day, 'YYYY-MM-DD') as day,
           count(e.id)::int as searches,
           count(e.id) filter (where e.params -> 'results' = '0'::jsonb)::int as zero
    from days left join ${analyticsEvents} e
      on e.name = 'search'
     and e.received_at >= (days.day::timestamp at time zone 'UTC')
     and e.received_at < ((days.day + 1)::timestamp at time zone 'UTC')
    group by days.day order by days.day`);
  return rowsOf<{ day: string; searches: number; zero: number }>(result).map((row) => ({ day: row.day, searches: num(row.searches), zeroResults: num(row.zero) }));
}

export async function zeroResultTerms(db: Pick<Database, 'execute'>, range: DateRange, limit = TOP_ROWS): Promise<ZeroResultTerm[]> {
  const result = await db.execute(sql`
    select lower(btrim(coalesce(${analyticsEvents.params} ->> 'search_term', ''))) as term,
           count(*)::int as searches,
           to_char(max(${analyticsEvents.receivedAt}) at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as last_seen
    from ${analyticsEvents}
    where ${eventsIn(range, 'search')} and ${analyticsEvents.params} -> 'results' = '0'::jsonb
    group by 1 order by searches desc, term limit ${limit}`);
  return rowsOf<{ term: string; searches: number; last_seen: string }>(result).map((row) => ({ term: row.term, searches: num(row.searches), lastSeen: row.last_seen }));
}

export async function topListings(db: Pick<Database, 'execute'>, range: DateRange, limit = TOP_ROWS): Promise<ListingRow[]> {
  const { start, end } = bounds(range);
  const result = await db.execute(sql`
    with products as (
      select e.name, item ->> 'item_id' as item_id, item ->> 'item_name' as item_name
      from ${analyticsEvents} e
      cross join lateral jsonb_array_elements(case when jsonb_typeof(e.params -> 'items') = 'array' then e.params -> 'items' else '[]'::jsonb end) as item
      where e.name in ('view_item_list', 'select_item') and e.received_at >= ${start} and e.received_at < ${end}
    ), counted as (
      select item_id, max(item_name) as item_name,
             count(*) filter (where name = 'view_item_list')::int as impressions,
             count(*) filter (where name = 'select_item')::int as clicks
      from products where item_id is not null group by item_id
    )
    select counted.item_id, coalesce(u.name, counted.item_name, counted.item_id) as name, u.slug,
           counted.impressions, counted.clicks,
           round(100.0 * counted.clicks / nullif(counted.impressions, 0), 1)::float8 as ctr
    from counted left join ${units} u on u.property_code = counted.item_id or u.eid::text = counted.item_id
    order by counted.impressions desc, counted.clicks desc, counted.item_id limit ${limit}`);
  return rowsOf<{ item_id: string; name: string; slug: string | null; impressions: number; clicks: number; ctr: number | null }>(result).map((row) => ({
    itemId: row.item_id,
    name: row.name,
    slug: row.slug ?? null,
    impressions: num(row.impressions),
    clicks: num(row.clicks),
    ctr: numOrNull(row.ctr),
  }));
}

/** Add to cart and checkout from the collector's events; bookings are the stays booked (confirmed) in the range. */
export async function funnel(db: Pick<Database, 'execute'>, range: DateRange): Promise<FunnelStep[]> {
  const { start, end } = bounds(range);
  const result = await db.execute(sql`
    with steps as (
      select
        (select count(*) from ${analyticsEvents} where ${eventsIn(range, 'add_to_cart')})::int as add_to_cart,
        (select count(*) from ${analyticsEvents} where ${eventsIn(range, 'begin_checkout')})::int as begin_checkout,
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
  const result = await db.execute(sql`
    select coalesce(nullif(btrim(${analyticsEvents.params} ->> 'description'), ''), '(no message)') as message,
           count(*)::int as count,
           count(*) filter (where ${analyticsEvents.params} -> 'fatal' = 'true'::jsonb)::int as fatal,
           count(distinct ${analyticsEvents.page})::int as pages,
           to_char(max(${analyticsEvents.receivedAt}) at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as last_seen
    from ${analyticsEvents}
    where ${eventsIn(range, 'exception')}
    group by 1 order by count desc, message limit ${limit}`);
  return rowsOf<{ message: string; count: number; fatal: number; pages: number; last_seen: string }>(result).map((row) => ({
    message: row.message,
    count: num(row.count),
    fatal: num(row.fatal),
    pages: num(row.pages),
    lastSeen: row.last_seen,
  }));
}

async function totals(db: Pick<Database, 'execute'>, range: DateRange): Promise<AnalyticsReport['totals']> {
  const { start, end } = bounds(range);
  const result = await db.execute(sql`
    select count(*) filter (where name = 'search')::int as searches,
           count(*) filter (where name = 'search' and params -> 'results' = '0'::jsonb)::int as zero,
           round(100.0 * count(*) filter (where name = 'search' and params -> 'results' = '0'::jsonb) / nullif(count(*) filter (where name = 'search'), 0), 1)::float8 as zero_rate,
           count(*)::int as events
    from ${analyticsEvents} where received_at >= ${start} and received_at < ${end}`);
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return { searches: num(row.searches), zeroResults: num(row.zero), zeroResultRate: numOrNull(row.zero_rate), events: num(row.events) };
}

export async function analyticsReport(db: Pick<Database, 'execute'>, range: DateRange): Promise<AnalyticsReport> {
  // One after the other: PGlite runs one query at a time anyway, and a pool is not held for long.
  return {
    range,
    totals: await totals(db, range),
    searchesPerDay: await searchesPerDay(db, range),
    zeroResultTerms: await zeroResultTerms(db, range),
    listings: await topListings(db, range),
    funnel: await funnel(db, range),
    errors: await errorsByMessage(db, range),
  };
}
