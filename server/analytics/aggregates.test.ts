import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsReport, type AnalyticsReport, type DateRange } from '../admin/analytics-report.ts';
import type { Database, OpenDatabase } from '../db/client.ts';
import { analyticsDailyErrors, analyticsDailyEvents, analyticsDailyTerms, analyticsDays, analyticsEvents, analyticsListingDays } from '../db/schema.ts';
import { HISTORY_DAYS } from '../demo/analytics-history.ts';
import { addDays } from '../demo/dates.ts';
import { ensureDemoContent, readDemoInfo } from '../demo/seed.ts';
import { openTestDatabase } from '../test-support.ts';

/**
 * The daily figures (issue 23): the dashboard reads them instead of the events, and must show what
 * it showed when it counted the events themselves. The demo history (written as the collector
 * writes events) is counted both ways here: by the report, and by the queries the report ran over
 * `analytics_events` before (kept below as the reference).
 */
let database: OpenDatabase;
let mediaDir: string;
let today: string;

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aggregates-media-'));
  await ensureDemoContent(database.db, mediaDir);
  today = (await readDemoInfo(database.db))!.today;
});

afterAll(async () => {
  await database?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** The report as computed from the events themselves (the dashboard's queries before issue 23), bookings left out. */
async function fromEvents(db: Pick<Database, 'execute'>, range: DateRange): Promise<Omit<AnalyticsReport, 'cappedDays' | 'funnel'> & { funnel: number[] }> {
  const inRange = sql`received_at >= ${`${range.from}T00:00:00Z`}::timestamptz and received_at < ${`${addDays(range.to, 1)}T00:00:00Z`}::timestamptz`;
  const [totals] = rowsOf<Record<string, number | null>>(
    await db.execute(sql`
      select count(*) filter (where name = 'search')::int as searches,
             count(*) filter (where name = 'search' and params -> 'results' = '0'::jsonb)::int as zero,
             round(100.0 * count(*) filter (where name = 'search' and params -> 'results' = '0'::jsonb) / nullif(count(*) filter (where name = 'search'), 0), 1)::float8 as zero_rate,
             count(*)::int as events,
             count(*) filter (where name = 'add_to_cart')::int as add_to_cart,
             count(*) filter (where name = 'begin_checkout')::int as begin_checkout
      from ${analyticsEvents} where ${inRange}`),
  );
  const perDay = rowsOf<{ day: string; searches: number; zero: number }>(
    await db.execute(sql`
      with days as (select generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date as day)
      select to_char(days.day, 'YYYY-MM-DD') as day, count(e.id)::int as searches, count(e.id) filter (where e.params -> 'results' = '0'::jsonb)::int as zero
      from days left join ${analyticsEvents} e on e.name = 'search' and (e.received_at at time zone 'UTC')::date = days.day
      group by days.day order by days.day`),
  );
  const terms = rowsOf<{ term: string; searches: number; last_seen: string }>(
    await db.execute(sql`
      select lower(btrim(coalesce(params ->> 'search_term', ''))) as term, count(*)::int as searches, to_char(max(received_at) at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as last_seen
      from ${analyticsEvents} where name = 'search' and params -> 'results' = '0'::jsonb and ${inRange}
      group by 1 order by searches desc, term limit 20`),
  );
  const listings = rowsOf<{ item_id: string; name: string; slug: string | null; impressions: number; clicks: number; ctr: number | null }>(
    await db.execute(sql`
      with products as (
        select e.name, item ->> 'item_id' as item_id from ${analyticsEvents} e
        cross join lateral jsonb_array_elements(case when jsonb_typeof(e.params -> 'items') = 'array' then e.params -> 'items' else '[]'::jsonb end) as item
        where e.name in ('view_item_list', 'select_item') and ${inRange}
      ), counted as (
        select item_id, count(*) filter (where name = 'view_item_list')::int as impressions, count(*) filter (where name = 'select_item')::int as clicks
        from products where item_id is not null group by item_id
      )
      select counted.item_id, coalesce(u.name, counted.item_id) as name, u.slug, counted.impressions, counted.clicks, round(100.0 * counted.clicks / nullif(counted.impressions, 0), 1)::float8 as ctr
      from counted left join units u on u.property_code = counted.item_id
      order by counted.impressions desc, counted.clicks desc, counted.item_id limit 20`),
  );
  const errors = rowsOf<{ message: string; count: number; fatal: number; pages: number; last_seen: string }>(
    await db.execute(sql`
      select coalesce(nullif(btrim(params ->> 'description'), ''), '(no message)') as message, count(*)::int as count,
             count(*) filter (where params -> 'fatal' = 'true'::jsonb)::int as fatal, count(distinct page)::int as pages,
             to_char(max(received_at) at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as last_seen
      from ${analyticsEvents} where name = 'exception' and ${inRange}
      group by 1 order by count desc, message limit 20`),
  );
  return {
    range,
    totals: { searches: totals!.searches!, zeroResults: totals!.zero!, zeroResultRate: totals!.zero_rate ?? null, events: totals!.events! },
    searchesPerDay: perDay.map((row) => ({ day: row.day, searches: row.searches, zeroResults: row.zero })),
    zeroResultTerms: terms.map((row) => ({ term: row.term, searches: row.searches, lastSeen: row.last_seen })),
    listings: listings.map((row) => ({ itemId: row.item_id, name: row.name, slug: row.slug, impressions: row.impressions, clicks: row.clicks, ctr: row.ctr })),
    funnel: [totals!.add_to_cart!, totals!.begin_checkout!],
    errors: errors.map((row) => ({ message: row.message, count: row.count, fatal: row.fatal, pages: row.pages, lastSeen: row.last_seen })),
  };
}

const ranges = () => [
  { from: addDays(today, -30), to: addDays(today, -1) },
  { from: addDays(today, -HISTORY_DAYS), to: addDays(today, -1) },
  { from: addDays(today, -45), to: addDays(today, -44) },
  { from: addDays(today, -2), to: addDays(today, -2) },
  { from: addDays(today, -100), to: addDays(today, 20) },
];

async function expectSameAsFromEvents(): Promise<void> {
  for (const range of ranges()) {
    const { cappedDays, funnel, ...report } = await analyticsReport(database.db, range);
    const { funnel: steps, ...reference } = await fromEvents(database.db, range);
    expect(report, `${range.from} to ${range.to}`).toEqual(reference);
    expect(funnel.slice(0, 2).map((step) => step.count)).toEqual(steps);
    expect(cappedDays).toEqual([]);
  }
}

describe('the daily figures', () => {
  it('give the dashboard the same numbers as the events they count (the demo history)', async () => {
    const [demo] = rowsOf<{ events: number; days: number }>(await database.db.execute(sql`select count(*)::int as events, count(distinct (received_at at time zone 'UTC')::date)::int as days from ${analyticsEvents}`));
    expect(demo).toEqual({ events: expect.any(Number), days: HISTORY_DAYS });
    expect(demo!.events).toBeGreaterThan(1000);
    await expectSameAsFromEvents();
  });

  it('are what the migration writes from events collected before it (0010 backfill)', async () => {
    const migration = fs.readFileSync(path.resolve('server/db/migrations/0010_analytics_daily.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').filter((statement) => /^\s*(--[^\n]*\n\s*)*INSERT INTO/.test(statement));
    expect(backfill).toHaveLength(5);
    const before = await analyticsReport(database.db, ranges()[1]!);
    for (const table of [analyticsDailyEvents, analyticsDailyTerms, analyticsDailyErrors, analyticsListingDays, analyticsDays]) await database.db.delete(table);
    expect((await analyticsReport(database.db, ranges()[1]!)).totals.events).toBe(0);
    for (const statement of backfill) await database.db.execute(sql.raw(statement));
    expect(await analyticsReport(database.db, ranges()[1]!)).toEqual(before);
    await expectSameAsFromEvents();
  });
});
