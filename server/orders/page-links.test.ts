/**
 * Page short links live like shared Trips Collections (issue 23 item 6): a quota of new links per
 * client and day, a cap on the total, and an expiry after SHARE_DAYS without an opening or a new
 * share. They had neither (about 24 MB a day per client, kept for good).
 */
import cookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseSiteSettings } from '../../src/domain/settings.ts';
import type { OpenDatabase } from '../db/client.ts';
import { registerSecurity } from '../security/register-security.ts';
import { FROM_THIS_SITE, openTestDatabase } from '../test-support.ts';
import { createOrderStore, type ShareLimits } from './order-store.ts';
import { createPageLinks, type PageLinks } from './page-links.ts';
import { registerOrderRoutes } from './routes.ts';
import type { OrderPricing } from './order-pricing.ts';

const settings = parseSiteSettings(JSON.parse(fs.readFileSync(path.resolve('config/site.json'), 'utf8')));
const DAY = 86_400_000;
const LIMITS: ShareLimits = { days: 90, quotaPerDay: 3, maxTotal: 6 };
const pricing: OrderPricing = { price: async () => ({ ok: false, message: 'no pricing here' }) };

let database: OpenDatabase;
let clock: Date;
let links: PageLinks;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  links = createPageLinks(database.db, { secret: 'page-links-secret', shares: LIMITS, now: () => clock });
  app = Fastify();
  await app.register(cookie, { secret: 'page-links-secret' });
  await registerSecurity(app, { publicOrigin: 'https://coral.test', rateLimits: false });
  await registerOrderRoutes(app, { store: createOrderStore(database.db, { secret: 'page-links-secret' }), pricing, settings, publicOrigin: 'https://coral.test', pageLinks: links });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

beforeEach(async () => {
  clock = new Date();
  await database.db.execute(sql`delete from page_links`);
});

const share = (pagePath: string, client: string) =>
  app.inject({ method: 'POST', url: '/rescms/page/share', remoteAddress: client, headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_THIS_SITE }, payload: new URLSearchParams({ path: pagePath }).toString() });
const codeOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const kept = async () => ((await database.db.execute(sql`select count(*)::int as n from page_links`)) as unknown as { rows: { n: number }[] }).rows[0]?.n;

describe('page short links (POST /rescms/page/share, GET /s/{code})', () => {
  it(`lets one client make ${LIMITS.quotaPerDay} new links a day, then 429 with Retry-After; pages that have a link cost nothing; another client is not held up`, async () => {
    for (let i = 0; i < LIMITS.quotaPerDay; i++) expect((await share(`/events?page=${i}`, '198.51.100.1')).statusCode).toBe(200);
    const refused = await share('/events?page=99', '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(DAY / 1000 - 60);
    expect(refused.json().message).toMatch(/shared many new pages today/);
    // A page already shortened is shared again whoever asks.
    expect((await share('/events?page=0', '198.51.100.1')).statusCode).toBe(200);
    expect((await share('/events?page=99', '198.51.100.2')).statusCode).toBe(200);
    // The next day the first client may make new ones again.
    clock = new Date(clock.getTime() + DAY + 1000);
    expect((await share('/events?page=100', '198.51.100.1')).statusCode).toBe(200);
  });

  it(`keeps at most SHARE_MAX_TOTAL (${LIMITS.maxTotal}): beyond it 503 with Retry-After, nothing stored`, async () => {
    for (let i = 0; i < LIMITS.maxTotal; i++) expect((await share(`/p${i}`, `203.0.113.${i}`)).statusCode).toBe(200);
    const refused = await share('/one-more', '203.0.113.200');
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await kept()).toBe(LIMITS.maxTotal);
  });

  it('expires a link neither opened nor shared for SHARE_DAYS; opening or sharing it renews it; the sweep removes it with its leads', async () => {
    const used = codeOf((await share('/used', '192.0.2.1')).json().url);
    const forgotten = codeOf((await share('/forgotten', '192.0.2.1')).json().url);
    await database.db.execute(sql`insert into page_share_leads (code, sender_name, sender_email, recipient_email, opt_in) values (${forgotten}, 'A', 'a@example.com', '', true)`);
    // Opened 60 days on, the first lives 90 days from then; the second is not opened.
    clock = new Date(clock.getTime() + 60 * DAY);
    expect((await app.inject({ url: `/s/${used}` })).statusCode).toBe(302);
    clock = new Date(clock.getTime() + 31 * DAY);
    expect((await app.inject({ url: `/s/${used}` })).headers.location).toBe('/used');
    const expired = await app.inject({ url: `/s/${forgotten}` });
    expect(expired.statusCode).toBe(404);
    expect(await links.sweep(clock)).toBe(1);
    expect(await kept()).toBe(1);
    const leads = (await database.db.execute(sql`select count(*)::int as n from page_share_leads`)) as unknown as { rows: { n: number }[] };
    expect(leads.rows[0]?.n).toBe(0);
    // Shared again after it went, the page gets a new link.
    const again = codeOf((await share('/forgotten', '192.0.2.1')).json().url);
    expect(again).not.toBe(forgotten);
    expect((await app.inject({ url: `/s/${again}` })).headers.location).toBe('/forgotten');
  });

  it('keeps no client address: only a keyed hash of it', async () => {
    await share('/who', '198.51.100.77');
    const rows = (await database.db.execute(sql`select client_key from page_links`)) as unknown as { rows: Array<{ client_key: string }> };
    expect(rows.rows[0]?.client_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(rows.rows)).not.toContain('198.51.100.77');
  });
});
