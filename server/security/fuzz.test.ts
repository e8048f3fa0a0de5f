/**
 * No input gives a 500 (issue 12 #7): the public routes of the whole server, fed generated paths,
 * query strings, bodies and headers (hostile Host, Origin, Fetch Metadata, cookies). Every answer
 * must be below 500; the server must keep answering.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsCollector } from '../analytics/collector.ts';
import { buildServer } from '../app.ts';
import { databaseSitemap } from '../seo/sitemap.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { ensureDemoContent } from '../demo/seed.ts';
import { createOrderStore } from '../orders/order-store.ts';
import { orderPricing } from '../orders/pricing-adapter.ts';
import { createPricingService } from '../pricing/pricing-service.ts';
import { createRankingService } from '../ranking/ranking-service.ts';
import { createEmbeddedEngine } from '../search/engine/engine.ts';
import { createSearchService } from '../search/search-service.ts';
import { openTestDatabase } from '../test-support.ts';
import { testRenderer as renderer } from '../test-renderer.ts';

const settings = loadSiteSettings(path.resolve('config/site.json'));
const SEGMENT = settings.ranking.segment;

let database: OpenDatabase;
let mediaDir: string;
let app: FastifyInstance;
const ADMIN_PASSWORD = 'fuzz site owner password';
let adminSession = '';

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-media-'));
  await ensureDemoContent(database.db, mediaDir);
  const pricing = createPricingService({ db: database.db, settings });
  const search = createSearchService({ db: database.db, settings, backend: createEmbeddedEngine({ maxRows: 100 }) });
  await search.rebuild();
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings, { pricing }),
    renderer,
    mediaDir,
    cookieSecret: 'test-secret-test-secret',
    publicOrigin: 'https://www.coral.test',
    security: { rateLimits: false },
    pricing,
    search,
    ranking: createRankingService({ db: database.db, settings, secret: 'test-secret-test-secret' }),
    orders: { store: createOrderStore(database.db, { secret: 'test-secret' }), pricing: orderPricing(pricing) },
    sitemap: databaseSitemap(database.db),
    analytics: createAnalyticsCollector({ db: database.db, secret: 'test-secret' }),
    admin: { password: ADMIN_PASSWORD, db: database.db },
  });
  // A session of the site owner, so the dashboard's own parsing (date range, export name) meets the generated input.
  const login = await app.inject({ method: 'POST', url: '/admin/analytics/login', headers: { host: 'www.coral.test', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ password: ADMIN_PASSWORD }).toString() });
  adminSession = login.cookies.find((cookie) => cookie.name === 'admin_session')?.value ?? '';
  expect(adminSession).not.toBe('');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** Pieces of URLs and values that have broken parsers before. */
const NASTY = ['%00', '%01evil', '%', '%zz', '%E0%A4%A', '%C0%AF', '..%2F..%2F', '//evil.example', 'javascript:alert(1)', '<script>', '"\'>', '__proto__', 'constructor', '[]', '[x][]', '[__proto__][a]', '*:*', '{!xmlparser}', '\\', '\u2028', 'NaN', '-1', '1e999', '99999999999999999999', ''];
const text = fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 12 }).map(encodeURIComponent), fc.stringMatching(/^[a-z0-9_-]{0,10}$/));
const key = fc.oneof(fc.constantFrom('from', 'ids', 'slug', 'kind', 'eid', 'q', 'rows', 'start', 'fq', 'index', 'to', 't', 'sig', 'cid', 'usage', 'host_name', 'full_url', 'rcav[begin]', 'rcav[end]', 'rcav[adult]', 'rcav[IDs][]', 'rcav[flex]', 'buy_text', 'facet.field', 'limit'), text);
const query = fc.array(fc.tuple(key, text), { maxLength: 6 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

const PATHS = [
  '/',
  '/search',
  '/search/map',
  '/mytrip',
  '/listing/{x}',
  '/events',
  '/rescms/order/checkout',
  '/rescms/item/{x}/buy',
  '/api/content/{x}',
  '/api/content/favourites',
  '/api/content/listing',
  '/rcapi/item/avail/search',
  '/rcapi/item/{x}/calendar',
  '/rescms/ajax/item/pricing/quote',
  '/rcapi/order/get',
  '/rcapi/order/add',
  '/rcapi/order/remove',
  '/rescms/order/shorturl/{x}',
  '/solr/select',
  '/solr/autocomplete',
  `/api/v2/${SEGMENT}/ranking`,
  `/api/v2/${SEGMENT}/track/click/{x}`,
  `/api/v2/${SEGMENT}/track/impression/{x}`,
  '/tiles/{x}/{x}/{x}.svg',
  '/media/{x}',
  '/statecharts',
  '/sitemap.xml',
  '/robots.txt',
  '/admin/analytics',
  '/admin/analytics/login',
  '/admin/analytics/export/{x}',
  '/admin/analytics/export/searches.csv',
];
const POSTS = ['/rescms/order/share', '/rescms/order/share/send', '/rcapi/order/verify', '/solr/select', `/api/v2/${SEGMENT}/track/click/{x}`, '/system/ajax', '/analytics/collect', '/admin/analytics/login', '/admin/analytics/logout'];

const headers = fc.record(
  {
    host: fc.constantFrom('www.coral.test', 'evil.example', '<b>x</b>', 'a b', '[::1]:80', 'x'.repeat(300)),
    origin: fc.constantFrom('https://www.coral.test', 'https://evil.example', 'null', 'not a url', ''),
    'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'same-site', 'none', 'bogus'),
    'sec-fetch-mode': fc.constantFrom('navigate', 'cors', 'no-cors'),
    accept: fc.constantFrom('text/html', 'application/json', '*/*', 'text/plain'),
    cookie: fc.oneof(text.map((v) => `rc_order_session=${v}`), text.map((v) => `admin_session=${v}`), text.map(() => `admin_session=${adminSession}`), text.map((v) => `riot_solr_flag_items=${v}`), text.map((v) => `status_messages=${v}`)),
    'x-forwarded-for': fc.constantFrom('127.0.0.1', 'x, y', '::1, 198.51.100.1'),
  },
  { requiredKeys: [] },
);

const request: fc.Arbitrary<InjectOptions> = fc.oneof(
  fc.tuple(fc.constantFrom(...PATHS), text, query, headers).map(([route, part, q, h]) => ({ method: 'GET' as const, url: `${route.replaceAll('{x}', part || 'x')}${q ? `?${q}` : ''}`, headers: h })),
  fc
    .tuple(fc.constantFrom(...POSTS), text, query, headers, fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain', 'multipart/form-data'))
    .map(([route, part, body, h, type]) => ({ method: 'POST' as const, url: route.replaceAll('{x}', part || 'x'), headers: { ...h, 'content-type': type }, payload: type === 'application/json' ? `{"order":${JSON.stringify(body)}}` : body })),
);

describe('no input gives a 500 (issue 12 #7)', () => {
  it('answers generated requests to every public route below 500', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (options) => {
        const response = await app.inject(options);
        expect(response.statusCode, `${options.method} ${options.url} ${JSON.stringify(options.headers)}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: Number(process.env.FUZZ_SEED ?? 12) },
    );
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  }, 300_000);
});
