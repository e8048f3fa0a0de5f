import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { analyticsEvents, rankingClicks, rankingImpressions, units } from '../db/schema.ts';
import { createRankingService } from '../ranking/ranking-service.ts';
import { DEFAULT_RATE_LIMITS } from '../security/rate-limits.ts';
import { FROM_THIS_SITE, openTestDatabase } from '../test-support.ts';
import { testRenderer as renderer } from '../test-renderer.ts';
import { insertFixture } from '../pricing/test-fixture.ts';
import { createAnalyticsCollector } from './collector.ts';

/** The first-party analytics collector (issue 16, Delivery; Retention and privacy; the ranking learns). */
const settings = loadSiteSettings(path.resolve('config/site.json'));
const CLIENT = '203.0.113.7';
let database: OpenDatabase;
let app: FastifyInstance;
// The collector's clock, moved by the retention test (it starts at the real time: no calendar date).
let clock = new Date();
let collectorSweep: () => Promise<number>;
let codes: string[];

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixture(database.db);
  codes = (await database.db.select({ code: units.propertyCode }).from(units)).map((row) => row.code);
  const ranking = createRankingService({ db: database.db, settings, secret: 'analytics-test-secret', now: () => clock, cacheMs: 0 });
  const collector = createAnalyticsCollector({ db: database.db, secret: 'analytics-test-secret', ranking, now: () => clock, retentionDays: 400 });
  collectorSweep = () => collector.sweep();
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings),
    renderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: 'analytics-test-secret-analytics',
    analytics: collector,
    security: { rateLimits: { ...DEFAULT_RATE_LIMITS, analytics: { max: 5, windowMs: 60_000 } } },
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(analyticsEvents);
});

const post = (payload: string | object, options: Partial<InjectOptions> = {}) =>
  app.inject({
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

  it('feeds the built-in ranking: listings seen count as impressions, a product click as a click, once per visitor and day', async () => {
    const [seen, picked] = codes as [string, string];
    const count = async (table: typeof rankingImpressions | typeof rankingClicks, code: string) =>
      (await database.db.select().from(table)).filter((row) => row.propertyCode === code).length;
    const before = { impressions: await count(rankingImpressions, seen), clicks: await count(rankingClicks, picked) };
    const client = fresh();
    const batch = {
      events: [
        { name: 'view_item_list', params: { items: [{ item_id: seen }, { item_id: seen }, { item_id: 'NO-SUCH-CODE' }] } },
        { name: 'select_item', params: { items: [{ item_id: picked }] } },
      ],
    };
    expect((await post(batch, { remoteAddress: client })).statusCode).toBe(204);
    expect((await post(batch, { remoteAddress: client })).statusCode).toBe(204);
    expect(await count(rankingImpressions, seen)).toBe(before.impressions + 1);
    expect(await count(rankingClicks, picked)).toBe(before.clicks + 1);
  });

  it('the sweep deletes events older than the retention period and keeps the rest', async () => {
    const started = clock;
    expect((await post({ events: [{ name: 'view_item', params: {} }] }, { remoteAddress: fresh() })).statusCode).toBe(204);
    clock = new Date(started.getTime() + 200 * 86_400_000);
    expect((await post({ events: [{ name: 'view_item', params: {} }] }, { remoteAddress: fresh() })).statusCode).toBe(204);
    clock = new Date(started.getTime() + 401 * 86_400_000);
    expect(await collectorSweep()).toBe(1);
    expect(await stored()).toHaveLength(1);
    clock = started;
  });
});
