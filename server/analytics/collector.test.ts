import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_EVENTS_PER_BATCH } from '../../src/domain/analytics/events.ts';
import { IMPRESSION_BATCH } from '../../src/machines/analytics-machine.ts';
import { analyticsReport } from '../admin/analytics-report.ts';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { Database, OpenDatabase } from '../db/client.ts';
import { analyticsDailyErrors, analyticsDailyEvents, analyticsDailyTerms, analyticsDays, analyticsEvents, analyticsListingDays, rankingClicks, rankingImpressions, units } from '../db/schema.ts';
import { insertFixture } from '../pricing/test-fixture.ts';
import { createRankingService, type RankingEntity } from '../ranking/ranking-service.ts';
import { DEFAULT_RATE_LIMITS } from '../security/rate-limits.ts';
import { testRenderer as renderer } from '../test-renderer.ts';
import { FROM_THIS_SITE, openTestDatabase } from '../test-support.ts';
import { MAX_LISTING_ITEMS_PER_BATCH } from './aggregates.ts';
import { createAnalyticsCollector } from './collector.ts';

/** The first-party analytics collector (issue 16, Delivery; Retention and privacy; issue 23, Hardening). */
const settings = loadSiteSettings(path.resolve('config/site.json'));
const CLIENT = '203.0.113.7';
const SECRET = 'analytics-test-secret-analytics';
let database: OpenDatabase;
let app: FastifyInstance;
// The collector's clock, moved by the retention test (it starts at the real time: no calendar date).
let clock = new Date();
let collectorSweep: () => Promise<number>;
let codes: string[];
/** Statements the collector sent to the database (it is given a counting wrapper of the database). */
let statements = 0;

/** The database, counting every statement sent through it. */
function counting(db: Database): Database {
  return new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function' || !['execute', 'insert', 'select', 'update', 'delete', 'transaction'].includes(String(key))) return value;
      return (...args: unknown[]) => {
        statements += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixture(database.db);
  codes = (await database.db.select({ code: units.propertyCode }).from(units)).map((row) => row.code);
  const collector = createAnalyticsCollector({ db: counting(database.db), secret: 'analytics-test-secret', now: () => clock, retentionDays: 400 });
  collectorSweep = () => collector.sweep();
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings),
    renderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: SECRET,
    analytics: collector,
    security: { rateLimits: { ...DEFAULT_RATE_LIMITS, analytics: { max: 5, windowMs: 60_000 } } },
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

beforeEach(async () => {
  for (const table of [analyticsEvents, analyticsDailyEvents, analyticsDailyTerms, analyticsDailyErrors, analyticsListingDays, analyticsDays]) await database.db.delete(table);
});

const post = (payload: string | object, options: Partial<InjectOptions> = {}, server = app) =>
  server.inject({
    method: 'POST',
    url: '/analytics/collect',
    remoteAddress: options.remoteAddress ?? CLIENT,
    headers: { 'content-type': typeof payload === 'string' ? 'text/plain;charset=UTF-8' : 'application/json', ...FROM_THIS_SITE, ...options.headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const stored = () => database.db.select().from(analyticsEvents);
let address = 0;
/** A fresh client address for each test, so the rate limit of one does not touch the next. */
const fresh = () => `198.51.100.${++address}`;
const today = () => clock.toISOString().slice(0, 10);
const report = () => analyticsReport(database.db, { from: today(), to: today() });

describe('POST /analytics/collect', () => {
  it('stores a batch sent by sendBeacon (text/plain) as GA4 events, with a hashed visitor and never the address', async () => {
    const batch = {
      events: [
        { name: 'view_item_list', page: '/search', at: clock.getTime(), params: { items: codes.slice(0, 2).map((id, index) => ({ item_id: id, index, item_list_name: 'Search results', price: 100 })) } },
        { name: 'add_to_cart', page: '/listing/x', params: { from: 'quote', items: [{ item_id: codes[0]!, price: 1200, currency: 'USD' }], value: 1200, currency: 'USD' } },
        { name: 'exception', page: '/search', params: { description: 'TypeError: x is undefined', fatal: false } },
      ],
    };
    const response = await post(JSON.stringify(batch), { remoteAddress: fresh() });
    expect(response.statusCode, response.body).toBe(204);
    const rows = await stored();
    expect(rows.map((row) => row.name)).toEqual(['view_item_list', 'add_to_cart', 'exception']);
    expect(rows[1]!.params).toEqual(batch.events[1]!.params);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(1);
    expect(JSON.stringify(rows)).not.toContain('198.51.100');
    // And counted in the daily figures the dashboard reads.
    const figures = await report();
    expect(figures.totals.events).toBe(3);
    expect(figures.listings.map(({ itemId, impressions, clicks }) => ({ itemId, impressions, clicks }))).toEqual(
      codes.slice(0, 2).map((itemId) => ({ itemId, impressions: 1, clicks: 0 })).sort((a, b) => (a.itemId < b.itemId ? -1 : 1)),
    );
    expect(figures.funnel[0]!.count).toBe(1);
    expect(figures.errors.map(({ message, count, pages }) => ({ message, count, pages }))).toEqual([{ message: 'TypeError: x is undefined', count: 1, pages: 1 }]);
  });

  it.each([
    ['not JSON', '{events:'],
    ['no events', { events: [] }],
    ['an unknown event', { events: [{ name: 'purchase_everything', params: {} }] }],
    ['an unknown field', { events: [{ name: 'view_item', params: { items: [{ item_id: 'x' }], evil: 1 } }] }],
    ['a page with a query', { events: [{ name: 'view_item', page: '/search?q=secret', params: {} }] }],
    ['a negative price', { events: [{ name: 'add_to_cart', params: { items: [{ item_id: 'x', price: -5 }] } }] }],
    ['51 events', { events: Array.from({ length: 51 }, () => ({ name: 'view_item', params: {} })) }],
  ])('refuses %s with 400 and a message, and stores nothing', async (_what, payload) => {
    const response = await post(payload, { remoteAddress: fresh() });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^(Not an analytics batch: |The body is not JSON)/);
    expect(await stored()).toEqual([]);
  });

  it('refuses a 1 MB body with 413 and another content type with 415', async () => {
    const huge = JSON.stringify({ events: [{ name: 'exception', params: { description: 'x'.repeat(1024 * 1024) } }] });
    expect((await post(huge, { remoteAddress: fresh() })).statusCode).toBe(413);
    const form = await app.inject({ method: 'POST', url: '/analytics/collect', remoteAddress: fresh(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_THIS_SITE }, payload: 'events=1' });
    expect(form.statusCode).toBe(415);
    expect(await stored()).toEqual([]);
  });

  it('refuses a post from another site', async () => {
    const response = await post({ events: [{ name: 'view_item', params: {} }] }, { remoteAddress: fresh(), headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it('limits each client address (429 after the analytics limit), others go on', async () => {
    const client = fresh();
    const batch = { events: [{ name: 'view_item', params: {} }] };
    for (let i = 0; i < 5; i++) expect((await post(batch, { remoteAddress: client })).statusCode).toBe(204);
    expect((await post(batch, { remoteAddress: client })).statusCode).toBe(429);
    expect((await post(batch, { remoteAddress: fresh() })).statusCode).toBe(204);
  });
});

describe('what one batch costs (issue 23, item 1)', () => {
  it("refuses the issue's batch (50 select_item of 50 products each) with 413 and a message, before any statement", async () => {
    const batch = { events: Array.from({ length: 50 }, (_, e) => ({ name: 'select_item', params: { items: Array.from({ length: 50 }, (_, i) => ({ item_id: `Z-${e}-${i}` })) } })) };
    statements = 0;
    const response = await post(batch, { remoteAddress: fresh() });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(new RegExp(`at most ${MAX_LISTING_ITEMS_PER_BATCH} products .* this one has 2500`));
    expect(statements).toBe(0);
    expect(await stored()).toEqual([]);
  });

  it("the browser's largest batch fits (50 events of 10 impressions) and is written in one statement while /healthz answers", async () => {
    expect(MAX_EVENTS_PER_BATCH * IMPRESSION_BATCH).toBeLessThanOrEqual(MAX_LISTING_ITEMS_PER_BATCH);
    const batch = {
      events: Array.from({ length: MAX_EVENTS_PER_BATCH }, (_, e) => ({
        name: 'view_item_list',
        page: '/search',
        params: { items: Array.from({ length: IMPRESSION_BATCH }, (_, i) => ({ item_id: i % 2 === 0 ? codes[i % codes.length]! : `GONE-${e}-${i}`, index: i })) },
      })),
    };
    statements = 0;
    const [response, health] = await Promise.all([post(batch, { remoteAddress: fresh() }), app.inject({ url: '/healthz' })]);
    expect(response.statusCode, response.body).toBe(204);
    expect(health.statusCode).toBe(200);
    expect(statements).toBe(1);
    expect(await stored()).toHaveLength(MAX_EVENTS_PER_BATCH);
    const figures = await report();
    expect(figures.listings.reduce((sum, row) => sum + row.impressions, 0)).toBe(MAX_EVENTS_PER_BATCH * (IMPRESSION_BATCH / 2));
    // Products that name no listing of the site are counted for the day, not listed.
    expect(figures.cappedDays).toEqual([{ day: today(), termsOver: 0, errorsOver: 0, otherItems: MAX_EVENTS_PER_BATCH * (IMPRESSION_BATCH / 2) }]);
  });
});

describe('the ranking learns from its signed trackers only (issue 23, item 5)', () => {
  it('select_item posted from 50 IPv6 /64s behind the trusted proxy leaves the ranking order as it was; one signed click moves it', async () => {
    const ranking = createRankingService({ db: database.db, settings, secret: SECRET, cacheMs: 0 });
    const proxied = await buildServer({
      settings,
      content: createContentService(database.db, settings),
      renderer,
      mediaDir: path.resolve('.tmp/no-media'),
      cookieSecret: SECRET,
      trustProxy: { hops: 1 },
      ranking,
      analytics: createAnalyticsCollector({ db: database.db, secret: SECRET, now: () => clock }),
    });
    try {
      await database.db.delete(rankingClicks);
      await database.db.delete(rankingImpressions);
      const order = async () => {
        const response = await proxied.inject({ url: `/api/v2/${settings.ranking.segment}/ranking?${new URLSearchParams({ cid: settings.ranking.cid, host_name: 'example.com', full_url: 'https://example.com/search', usage: 'search' })}` });
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as { entities: RankingEntity[] }).entities;
      };
      const before = await order();
      const last = before.at(-1)!;
      expect(before.map((entity) => entity.id)).toHaveLength(codes.length);
      expect(before[0]!.id).not.toBe(last.id);
      for (let i = 0; i < 50; i++) {
        const response = await post(
          { events: [{ name: 'select_item', page: '/search', params: { items: [{ item_id: last.id, item_list_name: 'Search results', index: 0 }] } }] },
          { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': `2001:db8:${(0x100 + i).toString(16)}::1`, 'x-requested-with': 'XMLHttpRequest' } },
          proxied,
        );
        expect(response.statusCode, response.body).toBe(204);
      }
      // The owner's analytics count them; the ranking does not move.
      expect((await report()).listings.find((row) => row.itemId === last.id)?.clicks).toBe(50);
      expect((await order()).map((entity) => entity.id)).toEqual(before.map((entity) => entity.id));
      expect(await database.db.select().from(rankingClicks)).toEqual([]);
      // Its own signed click tracker (what the browser calls) counts: the listing goes to the top.
      const tracked = await proxied.inject({ method: 'POST', url: last.landing_page_click_tracker_url, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '2001:db8:ffff::1' } });
      expect(tracked.statusCode, tracked.body).toBe(204);
      expect((await order())[0]!.id).toBe(last.id);
    } finally {
      await proxied.close();
      await database.db.delete(rankingClicks);
    }
  });
});

describe('storage is bounded by day (issue 23, item 2)', () => {
  const collector = () => createAnalyticsCollector({ db: database.db, secret: 'analytics-test-secret', now: () => clock });
  const scalar = async (query: ReturnType<typeof sql>) => Number(((await database.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
  const count = (table: typeof analyticsDailyTerms | typeof analyticsDailyErrors) => scalar(sql`select count(*)::int as n from ${table}`);

  it('keeps at most TERMS_PER_DAY zero-result terms and ERRORS_PER_DAY error messages a day; the totals count every event and the day says it hit its cap', async () => {
    const { TERMS_PER_DAY, ERRORS_PER_DAY } = await import('./aggregates.ts');
    const store = collector();
    // A term searched before the cap is reached keeps counting after it.
    await store.store({ events: [{ name: 'search', params: { search_term: 'Treehouse', results: 0 } }] }, 'a');
    // Then as many new terms as a day keeps (one too many, with Treehouse), and as many error messages as a day keeps.
    const events = [
      ...Array.from({ length: TERMS_PER_DAY }, (_, i) => ({ name: 'search' as const, params: { search_term: `term ${i}`, results: 0 } })),
      ...Array.from({ length: ERRORS_PER_DAY }, (_, i) => ({ name: 'exception' as const, page: '/search', params: { description: `Error ${i}` } })),
    ];
    for (let start = 0; start < events.length; start += 50) await store.store({ events: events.slice(start, start + 50) }, 'b');
    await store.store({ events: [{ name: 'search', params: { search_term: 'treehouse ', results: 0 } }, { name: 'search', params: { search_term: 'pool', results: 3 } }] }, 'c');
    expect(await count(analyticsDailyTerms)).toBe(TERMS_PER_DAY);
    expect(await count(analyticsDailyErrors)).toBe(ERRORS_PER_DAY);
    const figures = await report();
    const zeroSearches = 1 + TERMS_PER_DAY + 1;
    expect(figures.totals).toMatchObject({ searches: zeroSearches + 1, zeroResults: zeroSearches });
    expect(figures.zeroResultTerms[0]).toMatchObject({ term: 'treehouse', searches: 2 });
    const [day] = figures.cappedDays;
    expect(day).toMatchObject({ day: today(), errorsOver: 0 });
    // Every zero-result search is counted once: under its term, or as over the cap.
    const underTerms = await scalar(sql`select sum(searches)::int as n from ${analyticsDailyTerms}`);
    expect(underTerms + day!.termsOver).toBe(zeroSearches);
    expect(day!.termsOver).toBe(1);
    // One more error message is one too many: counted in the totals, not by message.
    await store.store({ events: [{ name: 'exception', page: '/search', params: { description: 'One too many' } }, { name: 'exception', page: '/search', params: { description: 'Error 0' } }] }, 'd');
    expect(await count(analyticsDailyErrors)).toBe(ERRORS_PER_DAY);
    const after = await report();
    expect(after.cappedDays[0]).toMatchObject({ errorsOver: 1 });
    expect(after.errors.find((row) => row.message === 'Error 0')?.count).toBe(2);
    expect(after.totals.events).toBe(figures.totals.events + 2);
  });

  it(`logs at most RAW_EVENTS_PER_DAY events a day as received; the rest are still counted`, async () => {
    const { RAW_EVENTS_PER_DAY, recordEvents } = await import('./aggregates.ts');
    const event = { receivedAt: clock, name: 'view_item', visitor: 'v', params: {} };
    await recordEvents(database.db, Array.from({ length: RAW_EVENTS_PER_DAY - 10 }, () => event));
    await recordEvents(database.db, Array.from({ length: 30 }, () => event));
    expect(await scalar(sql`select count(*)::int as n from ${analyticsEvents}`)).toBe(RAW_EVENTS_PER_DAY);
    expect((await report()).totals.events).toBe(RAW_EVENTS_PER_DAY + 20);
    expect((await database.db.select().from(analyticsDays))[0]).toMatchObject({ rawEvents: RAW_EVENTS_PER_DAY, rawOver: 20 });
  });

  it('the sweep deletes the raw log after a week and the daily figures after the retention period; ranges over what is left stay right', async () => {
    const started = clock;
    const [a] = codes as [string];
    const seen = { events: [{ name: 'view_item_list' as const, params: { items: [{ item_id: a }] } }, { name: 'select_item' as const, params: { items: [{ item_id: a }] } }] };
    try {
      await collector().store(seen, 'x');
      clock = new Date(started.getTime() + 10 * 86_400_000);
      await collector().store(seen, 'x');
      clock = new Date(started.getTime() + 200 * 86_400_000);
      await collector().store(seen, 'x');
      await collector().store(seen, 'y');
      // Day 200: the raw log of days 0 and 10 goes; the figures stay.
      expect(await collectorSweep()).toBe(4);
      expect(await stored()).toHaveLength(4);
      const all = { from: started.toISOString().slice(0, 10), to: today() };
      expect((await analyticsReport(database.db, all)).listings[0]).toMatchObject({ itemId: a, impressions: 4, clicks: 4 });
      // Day 401: day 0 is past the retention: its figures go (every table), the later days' stay whole.
      clock = new Date(started.getTime() + 401 * 86_400_000);
      expect(await collectorSweep()).toBeGreaterThan(0);
      for (const range of [all, { from: all.from, to: new Date(started.getTime() + 10 * 86_400_000).toISOString().slice(0, 10) }]) {
        const figures = await analyticsReport(database.db, range);
        expect(figures.listings[0]).toMatchObject({ itemId: a, impressions: range === all ? 3 : 1, clicks: range === all ? 3 : 1 });
        expect(figures.totals.events).toBe(range === all ? 6 : 2);
      }
      const late = await analyticsReport(database.db, { from: new Date(started.getTime() + 11 * 86_400_000).toISOString().slice(0, 10), to: today() });
      expect(late.listings[0]).toMatchObject({ itemId: a, impressions: 2, clicks: 2 });
    } finally {
      clock = started;
    }
  });
});
