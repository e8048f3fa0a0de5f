import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadSiteSettings, readServerConfig } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { recordEvents } from '../analytics/aggregates.ts';
import { reservations, tripBookings, units } from '../db/schema.ts';
import { insertFixture } from '../pricing/test-fixture.ts';
import { DEFAULT_RATE_LIMITS } from '../security/rate-limits.ts';
import { testRenderer as renderer } from '../test-renderer.ts';
import { FROM_THIS_SITE, openTestDatabase } from '../test-support.ts';
import { ADMIN_COOKIE } from './admin-session.ts';
import { analyticsReport, MAX_RANGE_DAYS, parseDateRange } from './analytics-report.ts';
import { NO_PASSWORD, WRONG_PASSWORD } from './routes.ts';

/** The site owner's analytics dashboard (issue 16, items 5 and 6). */
const settings = loadSiteSettings(path.resolve('config/site.json'));
const PASSWORD = 'correct horse battery staple';
const SECRET = 'admin-test-cookie-secret-admin-test';
const LOGIN_LIMIT = 4;
// The dashboard's clock: the real time (no calendar date); the range is relative to it.
const clock = new Date();
const DAY_MS = 86_400_000;
/** YYYY-MM-DD `offset` days from the clock's day (UTC). */
const day = (offset: number) => new Date(clock.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
const at = (offset: number, hour = 12) => new Date(`${day(offset)}T${String(hour).padStart(2, '0')}:00:00Z`);

let database: OpenDatabase;
let app: FastifyInstance;
let off: FastifyInstance;
let codes: string[];

async function server(admin: boolean): Promise<FastifyInstance> {
  return buildServer({
    settings,
    content: createContentService(database.db, settings),
    renderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: SECRET,
    publicOrigin: 'http://localhost:3000',
    admin: admin ? { password: PASSWORD, db: database.db, now: () => clock } : undefined,
    security: { rateLimits: { ...DEFAULT_RATE_LIMITS, admin: { max: LOGIN_LIMIT, windowMs: 600_000 } } },
  });
}

interface Event {
  name: string;
  params: object;
  receivedAt: Date;
  page?: string;
}

/** Stored as the collector stores them (the daily figures the dashboard reads). */
async function insertEvents(events: Event[]): Promise<void> {
  await recordEvents(database.db, events.map((event) => ({ ...event, params: event.params as Record<string, unknown>, visitor: 'v', page: event.page ?? '/search' })));
}

/** A confirmed booking made at `createdAt` with `stays` stays. */
async function insertBooking(createdAt: Date, stays: number, status: 'confirmed' | 'cancelled' = 'confirmed'): Promise<void> {
  const [booking] = await database.db
    .insert(tripBookings)
    .values({
      code: `test-booking-${createdAt.getTime()}-${stays}-${status}-xxxxxxxx`,
      requestHash: 'h',
      status,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '555',
      addressLine: '1 Main St',
      city: 'Town',
      postalCode: '12345',
      country: 'US',
      currency: 'USD',
      totalCents: 1000,
      depositCents: 0,
      paymentOption: 'later',
      paymentStatus: 'unpaid',
      createdAt,
    })
    .returning({ id: tripBookings.id });
  await database.db.insert(reservations).values(
    Array.from({ length: stays }, (_, index) => ({
      tripBookingId: booking!.id,
      lineKey: `line-${index}`,
      position: index,
      eid: 1000 + index,
      name: 'Stay',
      offer: 'std',
      offerName: 'Standard',
      beginDate: day(30),
      endDate: day(33),
      nights: 3,
      adult: 2,
      child: 0,
      senior: 0,
      qp: {},
      lines: [],
      payments: [],
      priceCents: 1000,
    })),
  );
}

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixture(database.db);
  codes = (await database.db.select({ code: units.propertyCode }).from(units).orderBy(units.propertyCode)).map((row) => row.code);
  app = await server(true);
  off = await server(false);

  const search = (offset: number, term: string, results: number): Event => ({ name: 'search', params: { search_term: term, results }, receivedAt: at(offset) });
  const list = (offset: number, ids: string[]): Event => ({ name: 'view_item_list', params: { items: ids.map((item_id, index) => ({ item_id, index })) }, receivedAt: at(offset) });
  const click = (offset: number, id: string): Event => ({ name: 'select_item', params: { items: [{ item_id: id }] }, receivedAt: at(offset) });
  const [a, b] = codes as [string, string];
  await insertEvents([
    // Two days ago: 3 searches, 2 with no result; yesterday: 2 searches, 1 with no result.
    search(-2, 'Castle ', 0),
    search(-2, 'castle', 0),
    search(-2, 'beach', 12),
    search(-1, '', 0),
    search(-1, 'pool', 4),
    // A formula-like term: neutralised in the CSV.
    search(-1, '=HYPERLINK("http://evil.example","x")', 0),
    // Impressions: a 3 times, b 2 times; clicks: a once, b twice (b's CTR 100 %).
    list(-2, [a, b]),
    list(-1, [a, b]),
    list(-1, [a]),
    click(-1, a),
    click(-1, b),
    click(0, b),
    // An impression of an id that is no listing of the site: counted for the day, not listed.
    list(-5, ['NO-SUCH-LISTING']),
    { name: 'add_to_cart', params: { from: 'details' }, receivedAt: at(-2) },
    { name: 'add_to_cart', params: { from: 'list' }, receivedAt: at(-1) },
    { name: 'add_to_cart', params: { from: 'quote' }, receivedAt: at(-1) },
    { name: 'add_to_cart', params: { from: 'quote' }, receivedAt: at(-1) },
    { name: 'begin_checkout', params: {}, receivedAt: at(-1) },
    { name: 'begin_checkout', params: {}, receivedAt: at(-1) },
    { name: 'exception', params: { description: 'TypeError: x is undefined', fatal: false }, receivedAt: at(-2), page: '/search' },
    { name: 'exception', params: { description: 'TypeError: x is undefined', fatal: true }, receivedAt: at(-1), page: '/listing/a' },
    { name: 'exception', params: { description: 'Script error.' }, receivedAt: at(-1) },
    // Outside the range of the tests below (the last 30 days): never counted.
    search(-40, 'castle', 0),
    list(-40, [b, b, b]),
    { name: 'add_to_cart', params: {}, receivedAt: at(-40) },
    { name: 'exception', params: { description: 'Old error' }, receivedAt: at(-40) },
  ]);
  // Bookings: one with two stays and one with one stay in the range; a cancelled one and an old one are not counted.
  await insertBooking(at(-1, 10), 2);
  await insertBooking(at(-1, 11), 1);
  await insertBooking(at(-1, 12), 1, 'cancelled');
  await insertBooking(at(-40), 1);
});

afterAll(async () => {
  await app?.close();
  await off?.close();
  await database?.close();
});

let address = 0;
/** A fresh client address for each test, so the login limit of one does not touch the next. */
const fresh = () => `198.51.100.${++address}`;

const login = (password: string, options: Partial<InjectOptions> = {}) =>
  app.inject({
    method: 'POST',
    url: '/admin/analytics/login',
    remoteAddress: options.remoteAddress ?? fresh(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_THIS_SITE, ...options.headers },
    payload: new URLSearchParams({ password }).toString(),
  });

async function sessionCookie(): Promise<string> {
  const response = await login(PASSWORD);
  expect(response.statusCode, response.body).toBe(303);
  const cookie = response.cookies.find((c) => c.name === ADMIN_COOKIE);
  expect(cookie).toBeDefined();
  return cookie!.value;
}

const dashboard = (cookie: string | null, query = '') =>
  app.inject({ url: `/admin/analytics${query}`, remoteAddress: fresh(), headers: cookie ? { cookie: `${ADMIN_COOKIE}=${cookie}` } : {} });

describe('without ADMIN_PASSWORD', () => {
  it('the dashboard, its login and its exports are not there (404)', async () => {
    for (const url of ['/admin/analytics', '/admin/analytics/login', '/admin/analytics/export/funnel.csv']) {
      expect((await off.inject({ url })).statusCode, url).toBe(404);
    }
    const post = await off.inject({ method: 'POST', url: '/admin/analytics/login', headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_THIS_SITE }, payload: `password=${PASSWORD}` });
    expect(post.statusCode).toBe(404);
    expect(post.cookies).toEqual([]);
  });

  it('ADMIN_PASSWORD empty leaves it off; a short one stops the server with a message', () => {
    expect(readServerConfig({ ADMIN_PASSWORD: '' }).adminPassword).toBeUndefined();
    expect(readServerConfig({}).adminPassword).toBeUndefined();
    expect(readServerConfig({ ADMIN_PASSWORD: PASSWORD }).adminPassword).toBe(PASSWORD);
    expect(() => readServerConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD must be at least 12 characters/);
  });
});

describe('login', () => {
  it('the login page is a labelled password form, private and noindex, with no script allowed', async () => {
    const response = await app.inject({ url: '/admin/analytics/login' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<label for="admin-password">Password<\/label><input id="admin-password" name="password" type="password"/);
    expect(response.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['cache-control']).toBe('no-store');
    // Not helmet's no-referrer: with it Chromium posts the form with `Origin: null`, which the cross-site check refuses.
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(String(response.headers['content-security-policy'])).toMatch(/default-src 'none'/);
    expect(String(response.headers['content-security-policy'])).not.toMatch(/script-src/);
  });

  it('the dashboard without a session sends the owner to the login page', async () => {
    const response = await dashboard(null);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/analytics/login');
    const csv = await app.inject({ url: '/admin/analytics/export/funnel.csv', headers: { accept: 'text/csv' } });
    expect(csv.statusCode).toBe(401);
  });

  it('a wrong password answers 401 with the form and a clear message, and no session', async () => {
    const response = await login('not the password at all');
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain(`<p id="login-error" class="error" role="alert">${WRONG_PASSWORD}</p>`);
    expect(response.body).toContain('aria-describedby="login-error"');
    expect(response.cookies).toEqual([]);
    const empty = await login('');
    expect(empty.statusCode).toBe(401);
    expect(empty.body).toContain(NO_PASSWORD);
  });

  it('the right password sets a signed HttpOnly SameSite=Strict session cookie and opens the dashboard', async () => {
    const response = await login(PASSWORD);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/analytics');
    const cookie = response.cookies.find((c) => c.name === ADMIN_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
    // The site is http here: not Secure (a browser would drop it); behind https it is (next test).
    expect(cookie.secure).toBeFalsy();
    const page = await dashboard(cookie.value);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('<h1>Analytics</h1>');
    // The login page sends a logged-in owner on to the dashboard.
    const again = await app.inject({ url: '/admin/analytics/login', headers: { cookie: `${ADMIN_COOKIE}=${cookie.value}` } });
    expect(again.statusCode).toBe(303);
  });

  it('the cookie is Secure when the site is https (PUBLIC_ORIGIN)', async () => {
    const https = await buildServer({
      settings,
      content: createContentService(database.db, settings),
      renderer,
      mediaDir: path.resolve('.tmp/no-media'),
      cookieSecret: SECRET,
      publicOrigin: 'https://www.example.com',
      admin: { password: PASSWORD, db: database.db },
    });
    try {
      const response = await https.inject({ method: 'POST', url: '/admin/analytics/login', headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_THIS_SITE }, payload: new URLSearchParams({ password: PASSWORD }).toString() });
      expect(response.statusCode).toBe(303);
      expect(response.cookies.find((c) => c.name === ADMIN_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await https.close();
    }
  });

  it('a tampered, unsigned or foreign cookie is no session', async () => {
    const good = await sessionCookie();
    const [value, signature] = [good.slice(0, good.lastIndexOf('.')), good.slice(good.lastIndexOf('.') + 1)];
    // A later expiry with the old signature; the bare value without a signature; garbage.
    const later = value.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10));
    for (const forged of [`${later}.${signature}`, value, 'x', `${value}.AAAA`, '']) {
      const response = await dashboard(forged);
      expect(response.statusCode, forged).toBe(303);
      expect(response.headers.location).toBe('/admin/analytics/login');
    }
    // Signed with this server's secret but made for another password: not a session either.
    const other = await buildServer({
      settings,
      content: createContentService(database.db, settings),
      renderer,
      mediaDir: path.resolve('.tmp/no-media'),
      cookieSecret: SECRET,
      admin: { password: 'another password entirely', db: database.db },
    });
    try {
      const response = await other.inject({ method: 'POST', url: '/admin/analytics/login', headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_THIS_SITE }, payload: 'password=another+password+entirely' });
      const foreign = response.cookies.find((c) => c.name === ADMIN_COOKIE)!.value;
      expect((await dashboard(foreign)).statusCode).toBe(303);
    } finally {
      await other.close();
    }
  });

  it('logout ends the session (the cookie is cleared)', async () => {
    const cookie = await sessionCookie();
    const response = await app.inject({ method: 'POST', url: '/admin/analytics/logout', remoteAddress: fresh(), headers: { ...FROM_THIS_SITE, cookie: `${ADMIN_COOKIE}=${cookie}` } });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/analytics/login');
    const cleared = response.cookies.find((c) => c.name === ADMIN_COOKIE)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/admin');
  });

  it('a login posted from another site is refused (403) and sets nothing', async () => {
    const response = await login(PASSWORD, { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example', 'sec-fetch-mode': 'navigate' } });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('another site');
    expect(response.cookies).toEqual([]);
    const noMetadata = await app.inject({ method: 'POST', url: '/admin/analytics/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `password=${encodeURIComponent(PASSWORD)}` });
    expect(noMetadata.statusCode).toBe(403);
  });

  it(`the login is rate limited per client: after ${LOGIN_LIMIT} tries 429 with Retry-After, even with the right password; another client is not`, async () => {
    const client = fresh();
    for (let i = 0; i < LOGIN_LIMIT; i++) expect((await login(`wrong ${i}`, { remoteAddress: client })).statusCode).toBe(401);
    const limited = await login(PASSWORD, { remoteAddress: client });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.cookies).toEqual([]);
    expect((await login(PASSWORD)).statusCode).toBe(303);
  });
});

describe('the report (aggregates in SQL over known events)', () => {
  const range = { from: day(-29), to: day(0) };

  it('searches per day, zero-result searches and the top zero-result terms (lower-cased, trimmed, empty kept)', async () => {
    const report = await analyticsReport(database.db, range);
    expect(report.searchesPerDay).toHaveLength(30);
    expect(report.searchesPerDay.find((row) => row.day === day(-2))).toEqual({ day: day(-2), searches: 3, zeroResults: 2 });
    expect(report.searchesPerDay.find((row) => row.day === day(-1))).toEqual({ day: day(-1), searches: 3, zeroResults: 2 });
    expect(report.searchesPerDay.filter((row) => row.searches === 0)).toHaveLength(28);
    expect(report.totals).toMatchObject({ searches: 6, zeroResults: 4, zeroResultRate: 66.7 });
    expect(report.zeroResultTerms.map(({ term, searches }) => ({ term, searches }))).toEqual([
      { term: 'castle', searches: 2 },
      { term: '', searches: 1 },
      { term: '=hyperlink("http://evil.example","x")', searches: 1 },
    ]);
  });

  it('top listings by impressions with clicks and click-through rate', async () => {
    const report = await analyticsReport(database.db, range);
    const [a, b] = codes as [string, string];
    expect(report.listings.map(({ itemId, impressions, clicks, ctr }) => ({ itemId, impressions, clicks, ctr }))).toEqual([
      { itemId: a, impressions: 3, clicks: 1, ctr: 33.3 },
      { itemId: b, impressions: 2, clicks: 2, ctr: 100 },
    ]);
    // Named and linked from the rentals table.
    const unit = (await database.db.select({ name: units.name, slug: units.slug, code: units.propertyCode }).from(units)).find((row) => row.code === a)!;
    expect(report.listings[0]).toMatchObject({ name: unit.name, slug: unit.slug });
  });

  it('the funnel: adds to cart → checkouts begun → stays booked (confirmed bookings of the range, from the reservations)', async () => {
    const report = await analyticsReport(database.db, range);
    expect(report.funnel).toEqual([
      { step: 'add_to_cart', count: 4, ofPrevious: null },
      { step: 'begin_checkout', count: 2, ofPrevious: 50 },
      { step: 'booking', count: 3, ofPrevious: 150 },
    ]);
  });

  it('errors by message, with fatal reports and pages', async () => {
    const report = await analyticsReport(database.db, range);
    expect(report.errors.map(({ message, count, fatal, pages }) => ({ message, count, fatal, pages }))).toEqual([
      { message: 'TypeError: x is undefined', count: 2, fatal: 1, pages: 2 },
      { message: 'Script error.', count: 1, fatal: 0, pages: 1 },
    ]);
  });

  it('a range of one old day counts only that day', async () => {
    const report = await analyticsReport(database.db, { from: day(-40), to: day(-40) });
    expect(report.totals.searches).toBe(1);
    expect(report.listings.map((row) => row.impressions)).toEqual([3]);
    expect(report.funnel.map((row) => row.count)).toEqual([1, 0, 1]);
    expect(report.errors.map((row) => row.message)).toEqual(['Old error']);
  });
});

describe('the date range', () => {
  it('defaults to the last 30 days, today included; either end may be given alone', () => {
    expect(parseDateRange({}, clock)).toEqual({ ok: true, range: { from: day(-29), to: day(0) } });
    expect(parseDateRange({ to: day(-10) }, clock)).toEqual({ ok: true, range: { from: day(-39), to: day(-10) } });
    expect(parseDateRange({ from: day(-5), to: '' }, clock)).toEqual({ ok: true, range: { from: day(-5), to: day(0) } });
  });

  it('refuses malformed and impossible dates, a reversed range and one too long, with a message', () => {
    expect(parseDateRange({ from: 'yesterday' }, clock)).toMatchObject({ ok: false, message: expect.stringMatching(/start date must be a day written as YYYY-MM-DD/) });
    expect(parseDateRange({ to: `${day(0).slice(0, 4)}-02-30` }, clock)).toMatchObject({ ok: false, message: expect.stringMatching(/end date must be a day/) });
    expect(parseDateRange({ from: day(0), to: day(-1) }, clock)).toMatchObject({ ok: false, message: expect.stringMatching(/must be on or before the end date/) });
    expect(parseDateRange({ from: day(-MAX_RANGE_DAYS), to: day(0) }, clock)).toMatchObject({ ok: false, message: expect.stringMatching(/at most 400 days/) });
    expect(parseDateRange({ from: ['a'] }, clock)).toMatchObject({ ok: false });
  });

  it('the dashboard answers a bad range with 400, the form and the message, and no figures', async () => {
    const cookie = await sessionCookie();
    const response = await dashboard(cookie, `?from=${day(0)}&to=${day(-3)}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/<p id="range-error" class="error" role="alert">The start date \(\d{4}-\d\d-\d\d\) must be on or before the end date/);
    expect(response.body).not.toContain('<svg');
    const csv = await app.inject({ url: `/admin/analytics/export/searches.csv?from=nope`, headers: { cookie: `${ADMIN_COOKIE}=${cookie}` } });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toMatch(/start date must be a day/);
  });
});

describe('the dashboard page and its CSV exports', () => {
  it('draws a chart for searches, listings, the funnel and errors, each with its table', async () => {
    const response = await dashboard(await sessionCookie());
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    for (const label of ['Searches per day', 'Top listings by impressions', 'Add to cart, checkout and booking funnel', 'Errors by message']) {
      expect(response.body).toMatch(new RegExp(`<svg[^>]*aria-label="${label}"`));
    }
    expect(response.body).toContain('<caption>What visitors searched for and found nothing</caption>');
    expect(response.body).toContain('<td class="text">castle</td><td class="n">2</td>');
    // A visitor's text is escaped on the page.
    expect(response.body).toContain('=hyperlink(&quot;http://evil.example&quot;,&quot;x&quot;)');
    expect(response.body).toContain('<td class="text">TypeError: x is undefined</td><td class="n">2</td>');
    expect(response.body).toContain(`href="/admin/analytics/export/zero-results.csv?from=${day(-29)}&amp;to=${day(0)}"`);
  });

  it('says which days of the range left something out of the tables (issue 23: the caps of the daily figures)', async () => {
    const response = await dashboard(await sessionCookie());
    expect(response.body).toContain('<h2 id="caps-title">Days beyond what is kept in detail</h2><p>On one day of this range');
    expect(response.body).toContain(`<tr><td class="text">${day(-5)}</td><td class="n">0</td><td class="n">0</td><td class="n">1</td></tr>`);
    const quiet = await dashboard(await sessionCookie(), `?from=${day(-2)}&to=${day(0)}`);
    expect(quiet.statusCode).toBe(200);
    expect(quiet.body).not.toContain('caps-title');
  });

  it('exports each table as CSV with correct quoting and formulas neutralised', async () => {
    const cookie = await sessionCookie();
    const get = (name: string) => app.inject({ url: `/admin/analytics/export/${name}.csv?from=${day(-29)}&to=${day(0)}`, headers: { cookie: `${ADMIN_COOKIE}=${cookie}` } });
    const terms = await get('zero-results');
    expect(terms.statusCode).toBe(200);
    expect(terms.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(terms.headers['content-disposition']).toBe(`attachment; filename="analytics-zero-results-${day(-29)}-to-${day(0)}.csv"`);
    const lines = terms.body.split('\r\n');
    expect(lines[0]).toBe('search_term,searches,last_seen_utc');
    expect(lines[1]).toMatch(/^castle,2,\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(lines).toContainEqual(expect.stringMatching(/^"'=hyperlink\(""http:\/\/evil\.example"",""x""\)",1,/));
    expect((await get('funnel')).body).toBe('step,count,percent_of_previous\r\nadd_to_cart,4,\r\nbegin_checkout,2,50\r\nbooking,3,150\r\n');
    const searches = (await get('searches')).body.split('\r\n');
    expect(searches).toContain(`${day(-2)},3,2`);
    expect(searches).toHaveLength(32);
    expect((await get('listings')).body).toContain(`${codes[1]},`);
    expect((await get('errors')).body).toContain('TypeError: x is undefined,2,1,2,');
    expect((await get('unknown')).statusCode).toBe(404);
  });
});
