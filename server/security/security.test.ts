/**
 * The whole server as an attacker meets it (issue 12): requests from other sites, a poisoned
 * Host header, rate limits a client tries to lift with X-Forwarded-For, and odd input that
 * used to answer 500. Each `describe` names the numbered failure of the issue it covers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLineItem, emptyOrder, encodeOrder, type Order } from '../../src/domain/order/order.ts';
import { toQueryString } from '../../src/domain/pricing/query.ts';
import type { Price } from '../../src/domain/pricing/types.ts';
import { buildServer, type ServerDependencies } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { ensureDemoContent } from '../demo/seed.ts';
import { createOrderStore } from '../orders/order-store.ts';
import { orderPricing } from '../orders/pricing-adapter.ts';
import { SESSION_COOKIE } from '../orders/routes.ts';
import { createPricingService, type PricingService } from '../pricing/pricing-service.ts';
import { createEmbeddedEngine } from '../search/engine/engine.ts';
import { createSearchService, type SearchService } from '../search/search-service.ts';
import { FROM_THIS_SITE, openTestDatabase } from '../test-support.ts';
import { testRenderer as renderer } from '../test-renderer.ts';
import { FALLBACK_CSP } from './error-page.ts';
import { DEFAULT_RATE_LIMITS } from './rate-limits.ts';
import { parseTrustProxy } from './trust-proxy.ts';

const settings = loadSiteSettings(path.resolve('config/site.json'));
const PUBLIC_ORIGIN = 'https://www.coral.test';
const SIBLING = 'https://blog.coral.test';

let database: OpenDatabase;
let mediaDir: string;
let pricing: PricingService;
let search: SearchService;
let app: FastifyInstance;
/** Offers on sale now (from the engine, never a date written here). */
let offers: Price[];

function dependencies(overrides: Partial<ServerDependencies> = {}): ServerDependencies {
  return {
    settings,
    content: createContentService(database.db, settings, { pricing }),
    renderer,
    mediaDir,
    cookieSecret: 'test-secret-test-secret',
    publicOrigin: PUBLIC_ORIGIN,
    pricing,
    orders: { store: createOrderStore(database.db, { secret: 'test-secret' }), pricing: orderPricing(pricing) },
    search,
    ...overrides,
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-media-'));
  await ensureDemoContent(database.db, mediaDir);
  pricing = createPricingService({ db: database.db, settings });
  search = createSearchService({ db: database.db, settings, backend: createEmbeddedEngine({ maxRows: 100 }) });
  await search.rebuild();
  app = await buildServer(dependencies({ security: { trustedOrigins: [], rateLimits: false } }));
  // A week a few weeks ahead, whichever units the demo calendar has free then.
  offers = [];
  for (let days = 21; days <= 180 && offers.length < 3; days += 7) {
    const begin = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const { items } = await pricing.search(toQueryString({ rcav: { begin, nights: 7, adult: 2, child: 0 } }));
    offers.push(...items.flatMap((item) => item.prices.slice(0, 1)));
  }
  expect(offers.length, 'the demo calendar has free weeks').toBeGreaterThanOrEqual(3);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** A visitor with a session holding one offer, added by the site's own page. */
async function visitorWithOneItem(server = app): Promise<{ cookie: string; order: () => Promise<Order> }> {
  const added = await server.inject({ url: `/rcapi/order/add?${toQueryString(offers[0]!.qp)}`, headers: FROM_THIS_SITE });
  expect(added.statusCode, added.body).toBe(200);
  const session = added.cookies.find((c) => c.name === SESSION_COOKIE)!;
  const cookie = `${SESSION_COOKIE}=${session.value}`;
  return { cookie, order: async () => (await server.inject({ url: '/rcapi/order/get', headers: { cookie } })).json() as Order };
}

const addUrl = () => `/rcapi/order/add?${toQueryString(offers[1]!.qp)}`;
const orderOf = (...prices: Price[]) => prices.reduce((order, price) => addLineItem(order, price).order, emptyOrder());
const shareBody = (order: Order) => new URLSearchParams({ url: '/mytrip', hash: encodeOrder(order), order: JSON.stringify(order) }).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** What Chromium sends for each way a page on another site can reach a URL here. */
const CROSS_SITE = {
  link: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1', accept: 'text/html' },
  img: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image', accept: 'image/avif,image/webp,*/*' },
  fetch: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty', origin: 'https://evil.example' },
} as const;

describe('requests that change state come from this site (issue 12 #1, #3 share/send)', () => {
  it.each(Object.entries(CROSS_SITE))('refuses an add and a remove sent by a %s on another site, and the Trips Collection stays as it was', async (_way, headers) => {
    const visitor = await visitorWithOneItem();
    const before = await visitor.order();
    for (const url of [addUrl(), '/rcapi/order/remove?index=ind-0']) {
      const response = await app.inject({ url, headers: { ...headers, cookie: visitor.cookie } });
      expect(response.statusCode, url).toBe(403);
    }
    expect(await visitor.order()).toEqual(before);
  });

  it('answers a refused navigation with a page that says why, under a Content-Security-Policy', async () => {
    const visitor = await visitorWithOneItem();
    const response = await app.inject({ url: addUrl(), headers: { ...CROSS_SITE.link, cookie: visitor.cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toBe(FALLBACK_CSP);
    expect(response.body).toContain('This request was refused because it came from another site (Sec-Fetch-Site: cross-site');
  });

  it('refuses a sibling origin of the same site (another subdomain shares the cookie) unless TRUSTED_ORIGINS names it', async () => {
    const sibling = { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate', referer: `${SIBLING}/post` };
    const visitor = await visitorWithOneItem();
    expect((await app.inject({ url: addUrl(), headers: { ...sibling, cookie: visitor.cookie } })).statusCode).toBe(403);
    const trusting = await buildServer(dependencies({ security: { trustedOrigins: [SIBLING], rateLimits: false } }));
    const ours = await visitorWithOneItem(trusting);
    expect((await trusting.inject({ url: addUrl(), headers: { ...sibling, cookie: ours.cookie } })).statusCode).toBe(200);
    expect((await ours.order()).lict).toBe(2);
    await trusting.close();
  });

  it('without Fetch Metadata (an older browser, a tool), takes only the site’s own calls: X-Requested-With or an Origin of this site', async () => {
    const visitor = await visitorWithOneItem();
    const before = await visitor.order();
    for (const headers of [{}, { referer: 'https://evil.example/page' }, { origin: 'https://evil.example' }, { origin: 'null' }]) {
      const response = await app.inject({ url: addUrl(), headers: { ...headers, cookie: visitor.cookie } });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await visitor.order()).toEqual(before);
    const own = await app.inject({ url: addUrl(), headers: { 'x-requested-with': 'XMLHttpRequest', cookie: visitor.cookie } });
    expect(own.statusCode).toBe(200);
    const fromOurPage = await app.inject({ url: '/rcapi/order/remove?index=ind-1', headers: { referer: `${PUBLIC_ORIGIN}/mytrip`, cookie: visitor.cookie } });
    expect(fromOurPage.statusCode).toBe(200);
    expect(await visitor.order()).toEqual(before);
  });

  it('refuses a POST form or fetch from another site (Origin), and takes the site’s own', async () => {
    const order = orderOf(offers[0]!);
    const evil = await app.inject({ method: 'POST', url: '/rescms/order/share', headers: { ...FORM, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, payload: shareBody(order) });
    expect(evil.statusCode).toBe(403);
    const spoofed = await app.inject({ method: 'POST', url: '/rescms/order/share', headers: { ...FORM, origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }, payload: shareBody(order) });
    expect(spoofed.statusCode).toBe(403);
    const oldBrowser = await app.inject({ method: 'POST', url: '/rescms/order/share', headers: { ...FORM, origin: 'https://evil.example' }, payload: shareBody(order) });
    expect(oldBrowser.statusCode).toBe(403);
    const own = await app.inject({ method: 'POST', url: '/rescms/order/share', headers: { ...FORM, origin: PUBLIC_ORIGIN }, payload: shareBody(order) });
    expect(own.statusCode, own.body).toBe(200);
    const verify = await app.inject({ method: 'POST', url: '/rcapi/order/verify', headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, payload: { order } });
    expect(verify.statusCode).toBe(403);
  });

  it('refuses a cross-site "send to a friend" and stores no lead', async () => {
    const shared = await app.inject({ method: 'POST', url: '/rescms/order/share', headers: { ...FORM, ...FROM_THIS_SITE }, payload: shareBody(orderOf(offers[0]!)) });
    const code = /#short-url=(\w+)$/.exec(shared.json().url)![1]!;
    await database.db.execute(sql`delete from share_leads`);
    const lead = new URLSearchParams({ code, name: 'Attacker', email: 'a@evil.example', to: 'victim@example.com', message: 'Buy now at evil.example', bt_leads_optin: '1' }).toString();
    const refused = await app.inject({ method: 'POST', url: '/rescms/order/share/send', headers: { ...FORM, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', origin: 'https://evil.example' }, payload: lead });
    expect(refused.statusCode).toBe(403);
    const leads = (await database.db.execute(sql`select count(*)::int as n from share_leads`)) as unknown as { rows: { n: number }[] };
    expect(leads.rows[0]!.n).toBe(0);
  });

  it('lets reads and searches through from anywhere (they change nothing)', async () => {
    expect((await app.inject({ url: '/rcapi/order/get', headers: CROSS_SITE.fetch })).statusCode).toBe(200);
    expect((await app.inject({ url: '/', headers: CROSS_SITE.link })).statusCode).toBe(200);
  });
});

describe('absolute URLs use PUBLIC_ORIGIN, never the Host header (issue 12 #2)', () => {
  it('answers a share posted with Host: evil.example with a link on the public origin', async () => {
    const response = await app.inject({ method: 'POST', url: '/rescms/order/share', headers: { ...FORM, ...FROM_THIS_SITE, host: 'evil.example' }, payload: shareBody(orderOf(offers[0]!)) });
    expect(response.statusCode, response.body).toBe(200);
    const { url, form } = response.json() as { url: string; form: string };
    expect(url.startsWith(`${PUBLIC_ORIGIN}/mytrip#short-url=`)).toBe(true);
    expect(`${url}${form}`).not.toContain('evil.example');
  });

  it('renders pages for Host: evil.example without it appearing anywhere', async () => {
    const response = await app.inject({ url: '/mytrip', headers: { host: 'evil.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('evil.example');
  });
});

describe('rate limits on the real client address (issue 12 #3)', () => {
  const limits = {
    ...DEFAULT_RATE_LIMITS,
    search: { max: 3, windowMs: 60_000 },
    share: { max: 2, windowMs: 60_000 },
    shorturl: { max: 3, windowMs: 60_000 },
    form: { max: 2, windowMs: 600_000 },
  };
  let limited: FastifyInstance;
  let code: string;
  const search = (remoteAddress: string, forwardedFor?: string) =>
    limited.inject({ method: 'POST', url: '/solr/select', remoteAddress, headers: { ...FORM, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) }, payload: 'q=*:*&rows=1' });

  beforeAll(async () => {
    limited = await buildServer(dependencies({ security: { rateLimits: limits, rateLimitExempt: ['127.0.0.1'] } }));
    const shared = await app.inject({ method: 'POST', url: '/rescms/order/share', headers: { ...FORM, ...FROM_THIS_SITE }, payload: shareBody(orderOf(offers[0]!)) });
    code = /#short-url=(\w+)$/.exec(shared.json().url)![1]!;
  });
  afterAll(() => limited?.close());

  const expectLimited = (response: LightMyRequestResponse, what: string) => {
    expect(response.statusCode, what).toBe(429);
    expect(Number(response.headers['retry-after']), what).toBeGreaterThan(0);
    expect(response.json().message, what).toMatch(/^Too many requests from your address \(at most \d+ per (\d+ )?minutes?\)\. Please try again in \d+ s\.$/);
  };

  it('limits share creation, short-link lookups and the share form, each with 429 and Retry-After', async () => {
    const client = '198.51.100.20';
    const post = (url: string, payload: string) => limited.inject({ method: 'POST', url, remoteAddress: client, headers: { ...FORM, ...FROM_THIS_SITE }, payload });
    const body = shareBody(orderOf(offers[0]!));
    for (let i = 0; i < 2; i++) expect((await post('/rescms/order/share', body)).statusCode).toBe(200);
    expectLimited(await post('/rescms/order/share', body), 'share');
    for (let i = 0; i < 3; i++) expect((await limited.inject({ url: `/rescms/order/shorturl/${code}`, remoteAddress: client })).statusCode).toBe(200);
    expectLimited(await limited.inject({ url: `/rescms/order/shorturl/${code}`, remoteAddress: client }), 'shorturl');
    const lead = new URLSearchParams({ code, name: 'Ana', email: 'ana@example.com', to: 'ben@example.org', bt_leads_optin: '1' }).toString();
    // Without script the form is answered with a page holding the email for the visitor's email app.
    for (let i = 0; i < 2; i++) expect((await post('/rescms/order/share/send', lead)).statusCode).toBe(200);
    expectLimited(await post('/rescms/order/share/send', lead), 'share/send');
  });

  it('without TRUST_PROXY, ignores X-Forwarded-For: a client cannot pass for an exempt or a fresh address', async () => {
    const client = '198.51.100.11';
    for (let i = 0; i < 3; i++) expect((await search(client, `10.0.0.${i}`)).statusCode).toBe(200);
    expectLimited(await search(client, '127.0.0.1'), 'search');
    expectLimited(await search(client, '127.0.0.1, 198.51.100.99'), 'search');
    // The exempt address itself is not limited.
    for (let i = 0; i < 5; i++) expect((await search('127.0.0.1')).statusCode).toBe(200);
  });

  it.each([
    ['a hop count', '1', '10.0.0.5'],
    ['the proxy’s address', '10.0.0.0/8', '10.0.0.5'],
  ])('behind a proxy trusted by %s, reads X-Forwarded-For from the right: entries the client writes do not lift the limit', async (_how, setting, proxy) => {
    const proxied = await buildServer(dependencies({ trustProxy: parseTrustProxy(setting), security: { rateLimits: limits, rateLimitExempt: ['127.0.0.1'] } }));
    // The proxy appends the address it saw (198.51.100.12) to whatever the client sent.
    const via = (written: string) => proxied.inject({ method: 'POST', url: '/solr/select', remoteAddress: proxy, headers: { ...FORM, 'x-forwarded-for': `${written}198.51.100.12` }, payload: 'q=*:*&rows=1' });
    for (let i = 0; i < 3; i++) expect((await via(`192.0.2.${i}, `)).statusCode).toBe(200);
    expectLimited(await via('127.0.0.1, '), 'left-most 127.0.0.1');
    expectLimited(await via(''), 'no entry of its own');
    // Another client behind the same proxy has its own budget.
    expect((await proxied.inject({ method: 'POST', url: '/solr/select', remoteAddress: proxy, headers: { ...FORM, 'x-forwarded-for': '198.51.100.13' }, payload: 'q=*:*' })).statusCode).toBe(200);
    await proxied.close();
  });
});

describe('odd input answers 400, never 500; every HTML answer has a CSP (issue 12 #7)', () => {
  it('refuses a repeated content parameter: /api/content/favourites?ids=a&ids=b', async () => {
    const response = await app.inject({ url: '/api/content/favourites?ids=a&ids=b' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('ids may be given only once');
  });

  it.each([
    ['no Host header (HTTP/1.0)', undefined, 'The request has no Host header'],
    ['a Host header with markup', '<script>alert(1)</script>', 'The Host header is not a host name'],
    ['a Host header with quotes', 'a"b', 'The Host header is not a host name'],
  ])('refuses a request with %s with 400', async (_name, host, message) => {
    const response = await rawRequest(host);
    expect(response.status).toBe(400);
    expect(response.body).toContain(message);
    expect(response.headers['content-security-policy']).toBe(FALLBACK_CSP);
  });

  it('answers a load balancer’s bare HTTP/1.0 health check', async () => {
    const response = await rawRequest(undefined, '/healthz');
    expect(response.status).toBe(200);
  });

  it('gives the error and not-found pages a Content-Security-Policy', async () => {
    const failing = await buildServer(dependencies({ security: { rateLimits: false } }));
    failing.get('/boom', async () => {
      throw new Error('broken');
    });
    const boom = await failing.inject({ url: '/boom', headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    expect(boom.statusCode).toBe(500);
    expect(boom.headers['content-security-policy']).toBe(FALLBACK_CSP);
    expect(boom.body).not.toContain('broken');
    const missing = await failing.inject({ url: '/media/nothing-here.svg', headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.headers['content-security-policy']).toBe(FALLBACK_CSP);
    // A folder of media is not listed: 403, as a page with the same policy.
    const folder = await failing.inject({ url: '/media/units/', headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    expect(folder.statusCode).toBe(403);
    expect(folder.headers['content-security-policy']).toBe(FALLBACK_CSP);
    const page = await failing.inject({ url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self' 'nonce-");
    await failing.close();
  });
});

/** A raw HTTP/1.0 request on a real socket (inject always adds a Host). */
async function rawRequest(host: string | undefined, target = '/search'): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const server = await buildServer(dependencies({ security: { rateLimits: false } }));
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as { port: number };
  const net = await import('node:net');
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.0\r\n${host === undefined ? '' : `Host: ${host}\r\n`}Accept: text/html\r\n\r\n`));
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
  await server.close();
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('Strict-Transport-Security only over https (issue 23 item 6)', () => {
  it('is never sent to a plain-http site; sent when PUBLIC_ORIGIN is https, or the request came over https through a trusted proxy', async () => {
    const hsts = (response: LightMyRequestResponse) => response.headers['strict-transport-security'];
    const plain = await buildServer(dependencies({ publicOrigin: 'http://localhost:3000', security: { rateLimits: false } }));
    const proxied = await buildServer(dependencies({ publicOrigin: 'http://localhost:3000', trustProxy: parseTrustProxy('1'), security: { rateLimits: false } }));
    try {
      for (const url of ['/healthz', '/', '/nothing-here']) {
        expect(hsts(await plain.inject({ url })), url).toBeUndefined();
        // A client's own X-Forwarded-Proto is not believed without TRUST_PROXY.
        expect(hsts(await plain.inject({ url, headers: { 'x-forwarded-proto': 'https' } })), url).toBeUndefined();
        expect(hsts(await proxied.inject({ url })), url).toBeUndefined();
        expect(hsts(await proxied.inject({ url, headers: { 'x-forwarded-proto': 'https' } })), url).toBe('max-age=31536000; includeSubDomains');
        expect(hsts(await app.inject({ url })), url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await plain.close();
      await proxied.close();
    }
  });
});
