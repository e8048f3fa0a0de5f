import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseSiteSettings } from '../../src/domain/settings.ts';
import type { OpenDatabase } from '../db/client.ts';
import { ensureDemoContent } from '../demo/seed.ts';
import { openTestDatabase } from '../test-support.ts';
import { createRankingService, type RankingService } from './ranking-service.ts';
import { registerRankingRoutes } from './routes.ts';

const settings = parseSiteSettings(JSON.parse(fs.readFileSync(path.resolve('config/site.json'), 'utf8')));
const SEGMENT = settings.ranking.segment;
const START = new Date('2026-11-22T12:00:00Z');

let database: OpenDatabase;
let mediaDir: string;
let clock: Date;
let service: RankingService;
let app: FastifyInstance;
let codes: string[];

interface Entity {
  id: string;
  impression_tracker_url: string;
  landing_page_click_tracker_url: string;
}

const rankingUrl = (query: Record<string, string>) => `/api/v2/${SEGMENT}/ranking?${new URLSearchParams(query)}`;
const valid = { cid: settings.ranking.cid, host_name: 'coralhaven.example', full_url: 'https://coralhaven.example/search#q=*:*', usage: 'search' };

async function entities(): Promise<Entity[]> {
  const response = await app.inject({ url: rankingUrl(valid) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { entities: Entity[] }).entities;
}

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ranking-media-'));
  await ensureDemoContent(database.db, mediaDir, { today: START });
  const result = (await database.db.execute(sql`select property_code from units order by property_code collate "C"`)) as unknown as { rows: { property_code: string }[] };
  codes = result.rows.map((r) => r.property_code);
  service = createRankingService({ db: database.db, settings, secret: 'test-secret', now: () => clock, cacheMs: 0 });
  app = Fastify();
  await registerRankingRoutes(app, service);
});

beforeEach(async () => {
  clock = START;
  await database.db.execute(sql`delete from ranking_clicks`);
  await database.db.execute(sql`delete from ranking_impressions`);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('GET /api/v2/{segment}/ranking', () => {
  it('lists every listing by property code when nothing has been recorded yet, each with its two tracker URLs', async () => {
    const list = await entities();
    expect(list.map((e) => e.id)).toEqual(codes);
    const first = list[0]!;
    expect(first.impression_tracker_url).toMatch(new RegExp(`^/api/v2/${SEGMENT}/track/impression/${first.id}\\?t=\\d+&sig=[\\w-]{22}$`));
    expect(first.landing_page_click_tracker_url).toMatch(new RegExp(`^/api/v2/${SEGMENT}/track/click/${first.id}\\?t=\\d+&sig=[\\w-]{22}&to=%2Flisting%2F[a-z0-9-]+$`));
  });

  it('orders by 10 × clicks + impressions, ties by property code, and counts only the last 90 days', async () => {
    const [a, b, c, d] = [codes[10]!, codes[20]!, codes[30]!, codes[40]!];
    for (let i = 0; i < 25; i++) await service.record('impression', a, `192.0.2.${i}`); // 25
    await service.record('click', b, '192.0.2.1');
    await service.record('click', b, '192.0.2.2'); // 20
    await service.record('click', c, '192.0.2.1');
    for (let i = 0; i < 10; i++) await service.record('impression', c, `192.0.2.${i}`); // 20, ties with b
    clock = new Date(START.getTime() - 100 * 86_400_000);
    for (let i = 0; i < 5; i++) await service.record('click', d, `192.0.2.${i}`); // too old to count
    clock = START;
    const order = (await entities()).map((e) => e.id);
    expect(order.slice(0, 3)).toEqual([a, ...[b, c].sort()]);
    expect(order).toHaveLength(codes.length);
    expect(order.slice(3)).toEqual(codes.filter((code) => ![a, b, c].includes(code)));
  });

  it('tags the order: the same order keeps its tag, a changed order gets another (search pages are kept per tag)', async () => {
    const first = await service.orderTag();
    expect(first).toMatch(/^[\w-]{16}$/);
    await service.record('impression', codes[50]!, '192.0.2.1');
    const moved = await service.orderTag();
    expect(moved).not.toBe(first);
    // Another visitor's impression of the same listing does not change the order here: the tag stays.
    await service.record('impression', codes[50]!, '192.0.2.2');
    expect(await service.orderTag()).toBe(moved);
  });

  it('accepts an optional ga_id of two dot-separated numbers', async () => {
    const response = await app.inject({ url: rankingUrl({ ...valid, ga_id: '1234567890.1699999999' }) });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a wrong cid', { ...valid, cid: 'someone-else' }, 'cid is not a client id of this ranking service'],
    ['no cid', { ...valid, cid: '' }, 'cid is required'],
    ['usage other than search', { ...valid, usage: 'homepage' }, "usage must be 'search'"],
    ['no host_name', { cid: valid.cid, full_url: valid.full_url, usage: 'search' }, 'host_name is required'],
    ['no full_url', { cid: valid.cid, host_name: valid.host_name, usage: 'search' }, 'full_url is required'],
    ['a huge full_url', { ...valid, full_url: `https://x.example/${'a'.repeat(3000)}` }, 'full_url must be at most 2048 characters'],
    ['a huge host_name', { ...valid, host_name: 'h'.repeat(300) }, 'host_name must be at most 255 characters'],
    ['a malformed ga_id', { ...valid, ga_id: 'GA1.2.3.4' }, 'ga_id must be two numbers joined by a dot'],
  ])('refuses %s with 400 and a message', async (_name, query, message) => {
    const response = await app.inject({ url: rankingUrl(query as Record<string, string>) });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(message);
  });

  it('refuses a repeated parameter and answers 404 for another segment', async () => {
    const repeated = await app.inject({ url: `${rankingUrl(valid)}&usage=search` });
    expect(repeated.statusCode).toBe(400);
    expect((repeated.json() as { message: string }).message).toBe('usage may be given only once');
    const other = await app.inject({ url: `/api/v2/elsewhere/ranking?${new URLSearchParams(valid)}` });
    expect(other.statusCode).toBe(404);
  });
});

describe('tracker URLs', () => {
  it('record an impression (204) and a click that lands on the listing (302), which move the listing up; a repeat by the same visitor counts once', async () => {
    const list = await entities();
    const last = list[list.length - 1]!;
    const impression = await app.inject({ url: last.impression_tracker_url });
    expect(impression.statusCode).toBe(204);
    const click = await app.inject({ url: last.landing_page_click_tracker_url });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toMatch(/^\/listing\/[a-z0-9-]+$/);
    const beacon = await app.inject({ method: 'POST', url: last.impression_tracker_url, headers: { 'content-type': 'text/plain' }, payload: '' });
    expect(beacon.statusCode).toBe(204);
    // A beacon would follow a redirect and fetch the listing page for nothing: a posted click answers 204.
    const clickBeacon = await app.inject({ method: 'POST', url: last.landing_page_click_tracker_url, headers: { 'content-type': 'text/plain' }, payload: '' });
    expect(clickBeacon.statusCode).toBe(204);
    expect(clickBeacon.headers.location).toBeUndefined();
    expect((await entities())[0]!.id).toBe(last.id);
    const counts = (await database.db.execute(
      sql`select (select count(*)::int from ranking_clicks) as clicks, (select count(*)::int from ranking_impressions) as impressions`,
    )) as unknown as { rows: { clicks: number; impressions: number }[] };
    expect(counts.rows[0]).toEqual({ clicks: 1, impressions: 1 });
  });

  it('send a click whose `to` was changed to the listing itself, uncounted: `to` is signed (no 500, no redirect elsewhere)', async () => {
    const [entity] = await entities();
    const signed = entity!.landing_page_click_tracker_url;
    const listing = decodeURIComponent(/&to=([^&]+)$/.exec(signed)![1]!);
    const base = signed.replace(/&to=.*$/, '');
    const raw = ['/%00', '/%01evil', '//evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)', 'https://evil.example/', '/%5Cevil.example', '/listing/a%20b', '/%E2%80%AEevil'];
    for (const to of raw) {
      const response = await app.inject({ url: `${base}&to=${to}` });
      expect(response.statusCode, to).toBe(302);
      expect(response.headers.location, to).toBe(listing);
    }
    // Without `to` the signature does not match either (it covers the `to` it was given with).
    expect((await app.inject({ url: base })).statusCode).toBe(400);
    const counts = (await database.db.execute(sql`select count(*)::int as n from ranking_clicks`)) as unknown as { rows: { n: number }[] };
    expect(counts.rows[0]!.n).toBe(0);
  });

  it('ignore replays: one signed click URL sent 150 times moves the listing no further than one click', async () => {
    const before = await entities();
    const target = before[before.length - 1]!;
    // Two listings with clicks from several visitors: 30 and 20 points.
    const [a, b] = [before[5]!.id, before[6]!.id];
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) await service.record('click', a, client);
    for (const client of ['198.51.100.1', '198.51.100.2']) await service.record('click', b, client);
    const first = await app.inject({ url: target.landing_page_click_tracker_url, remoteAddress: '203.0.113.9' });
    expect(first.statusCode).toBe(302);
    const afterOne = (await entities()).map((e) => e.id);
    expect(afterOne.slice(0, 3)).toEqual([a, b, target.id]);
    for (let i = 0; i < 149; i++) {
      // The same visitor, whatever X-Forwarded-For it writes (no proxy is trusted here).
      const replay = await app.inject({ url: target.landing_page_click_tracker_url, remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': `10.0.${i}.1` } });
      expect(replay.statusCode).toBe(302);
    }
    expect((await entities()).map((e) => e.id)).toEqual(afterOne);
    const counts = (await database.db.execute(sql`select count(*)::int as n from ranking_clicks where property_code = ${target.id}`)) as unknown as { rows: { n: number }[] };
    expect(counts.rows[0]!.n).toBe(1);
    // The next day the same visitor counts again, once.
    clock = new Date(START.getTime() + 86_400_000);
    await service.record('click', target.id, '203.0.113.9');
    await service.record('click', target.id, '203.0.113.9');
    const again = (await database.db.execute(sql`select count(*)::int as n from ranking_clicks where property_code = ${target.id}`)) as unknown as { rows: { n: number }[] };
    expect(again.rows[0]!.n).toBe(2);
  });

  it('refuse a forged, tampered or expired link without recording anything', async () => {
    const [entity, other] = await entities();
    const url = new URL(entity!.impression_tracker_url, 'http://x');
    const forged = await app.inject({ url: `/api/v2/${SEGMENT}/track/impression/${other!.id}${url.search}` });
    expect(forged.statusCode).toBe(400);
    expect((forged.json() as { message: string }).message).toBe('The tracker link is not valid or has expired');
    const asClick = await app.inject({ url: `/api/v2/${SEGMENT}/track/click/${entity!.id}${url.search}` });
    expect(asClick.statusCode).toBe(400);
    const noSignature = await app.inject({ url: `/api/v2/${SEGMENT}/track/impression/${entity!.id}` });
    expect(noSignature.statusCode).toBe(400);
    clock = new Date(START.getTime() + 25 * 3_600_000);
    const expired = await app.inject({ url: entity!.impression_tracker_url });
    expect(expired.statusCode).toBe(400);
    const counts = (await database.db.execute(sql`select count(*)::int as n from ranking_impressions`)) as unknown as { rows: { n: number }[] };
    expect(counts.rows[0]!.n).toBe(0);
  });

  it('answer 404 for a property code that is no listing, and 400 for a malformed one', async () => {
    expect(await service.record('click', 'NOPE-0000', '192.0.2.1')).toBe('unknown');
    expect(await service.record('click', "x' or 1=1 --", '192.0.2.1')).toBe('unknown');
    const malformed = await app.inject({ url: `/api/v2/${SEGMENT}/track/click/${encodeURIComponent('<script>')}?t=1&sig=x` });
    expect(malformed.statusCode).toBe(400);
  });
});
