/**
 * The owner's bookings and calendars pages (issue 26 item 3) behind the admin login: the list with
 * its filter and CSV, cancelling (confirmation, nights freed in the calendar and the export, the
 * guest emailed, the record kept), and per listing the export URL and the imported feeds with
 * their last sync and errors. Dates are relative to today.
 */
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { addDays } from '../demo/dates.ts';
import { insertFixture } from '../pricing/test-fixture.ts';
import type { PageRenderer } from '../renderer.ts';
import { FROM_THIS_SITE, openTestDatabase, ownerSession } from '../test-support.ts';
import { createCalendarService, type CalendarService } from '../calendar/calendar-service.ts';
import { serveCalendar, startFeedFixtureServer, type FeedFixtureServer } from '../calendar/feed-fixture-server.ts';
import { ADMIN_COOKIE } from './admin-session.ts';

/** These pages are the server's own HTML: no React page is rendered. */
const renderer: PageRenderer = { render: () => Promise.reject(new Error('no pages here')), assets: () => ({ scripts: [], styles: [] }), close: async () => {} };
const settings = loadSiteSettings(path.resolve('config/site.json'));
const PASSWORD = 'correct horse battery staple';
const today = new Date().toISOString().slice(0, 10);
const compact = (iso: string) => iso.replace(/-/g, '');

let database: OpenDatabase;
let app: FastifyInstance;
let fixture: FeedFixtureServer;
let calendar: CalendarService;
let cookie: string;
const queued: Array<{ kind: string; to: string; subject: string; text: string }> = [];
let address = 0;
const fresh = () => `198.51.100.${++address}`;

const get = (url: string) => app.inject({ url, remoteAddress: fresh(), headers: { cookie: `${ADMIN_COOKIE}=${cookie}` } });
const post = (url: string, form: Record<string, string> = {}, headers: InjectOptions['headers'] = FROM_THIS_SITE) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: fresh(),
    headers: { cookie: `${ADMIN_COOKIE}=${cookie}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });

async function insertBooking(code: string, first: string, unitEid: number, begin: string, end: string): Promise<void> {
  const [trip] = await database.db
    .insert(schema.tripBookings)
    .values({ code, requestHash: 'h', firstName: first, lastName: 'Guest', email: `${first.toLowerCase()}@example.com`, phone: '555', addressLine: '1 Main St', city: 'Town', postalCode: '12345', country: 'US', currency: 'USD', totalCents: 123_400, depositCents: 0, paymentOption: 'cc', paymentStatus: 'paid' })
    .returning({ id: schema.tripBookings.id });
  const [stay] = await database.db
    .insert(schema.reservations)
    .values({ tripBookingId: trip!.id, lineKey: 'l', position: 0, eid: unitEid, unitEid, name: `Unit ${unitEid}`, offer: 'std', offerName: 'Standard', beginDate: begin, endDate: end, nights: 3, adult: 2, child: 0, senior: 0, qp: {}, lines: [], payments: [], priceCents: 123_400 })
    .returning({ id: schema.reservations.id });
  await database.db.insert(schema.bookings).values({ unitEid, beginDate: begin, endDate: end, kind: 'booked', reservationId: stay!.id });
}

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixture(database.db);
  await database.db.delete(schema.bookings);
  fixture = await startFeedFixtureServer();
  const mail = {
    enqueue: async (_tx: unknown, message: { kind: string; to: string; subject: string; text: string }) => {
      queued.push(message);
    },
    kick: () => {},
  };
  calendar = createCalendarService({
    db: database.db,
    settings: { pollMinutes: 15, timeoutMs: 2000, maxBytes: 256 * 1024, parseBudgetMs: 5000, parseMemoryMb: 128, testLoopback: [fixture.hostPort] },
    siteName: settings.site.name,
    publicOrigin: 'http://localhost:3000',
    ownerEmail: 'owner@example.com',
    mail,
  });
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings),
    renderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: 'owner-routes-test-cookie-secret-xx',
    publicOrigin: 'http://localhost:3000',
    calendar,
    admin: { password: PASSWORD, db: database.db, owner: { db: database.db, calendar, mail } },
  });
  cookie = await ownerSession(app, PASSWORD, fresh());
  await insertBooking('booking-later-xxxxxxxxxxxxxxxx', 'Later', 1001, addDays(today, 20), addDays(today, 23));
  await insertBooking('booking-today-xxxxxxxxxxxxxxxx', 'Today', 1002, today, addDays(today, 3));
  fixture.routes.set(
    '/vrbo.ics',
    serveCalendar(() => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Vrbo//EN\r\nBEGIN:VEVENT\r\nUID:v1\r\nDTSTART;VALUE=DATE:${compact(addDays(today, 40))}\r\nDTEND;VALUE=DATE:${compact(addDays(today, 44))}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`),
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
  await fixture?.close();
  await database?.close();
});

describe('owner pages need the login', () => {
  it.each(['/admin/bookings', '/admin/calendars'])('%s sends a visitor without a session to the login', async (url) => {
    const response = await app.inject({ url, remoteAddress: fresh() });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/analytics/login');
  });

  it('a cancel without a session is 401 and from another site 403', async () => {
    expect((await app.inject({ method: 'POST', url: '/admin/bookings/booking-later-xxxxxxxxxxxxxxxx/cancel', remoteAddress: fresh(), headers: FROM_THIS_SITE })).statusCode).toBe(401);
    expect((await post('/admin/bookings/booking-later-xxxxxxxxxxxxxxxx/cancel', {}, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });
});

describe('calendars page', () => {
  it('shows the export URL, adds a feed (read at once), and lists it with its last sync', async () => {
    const page = await get('/admin/calendars?listing=1001');
    expect(page.statusCode).toBe(200);
    const url = /id="export-url" class="url" type="text" readonly value="([^"]+)"/.exec(page.body)?.[1];
    expect(url).toMatch(/^http:\/\/localhost:3000\/calendar\/1001\/[A-Za-z0-9_-]{32}\.ics$/);
    const added = await post('/admin/calendars/1001/feeds', { channel: 'Vrbo', url: `${fixture.origin}/vrbo.ics` });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/admin/calendars?listing=1001&done=added');
    const after = await get(added.headers.location as string);
    expect(after.body).toContain('The feed is added');
    expect(after.body).toMatch(/<td>Vrbo<\/td><td class="text">Pelican Place<\/td>.*<td class="n">1<\/td><td>\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC<\/td><td class="text">Good<\/td>/);
    expect(after.body).toContain('aria-label="Read the Vrbo feed of Pelican Place now"');
  });

  it('refuses a feed address that is not http(s) or on a private host with the form and a message, and shows a feed that fails since when', async () => {
    const refused = await post('/admin/calendars/1002/feeds', { channel: 'Airbnb', url: 'file:///etc/passwd' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('role="alert">Only http and https feed addresses are read, not file.');
    expect(refused.body).toContain('value="file:///etc/passwd" aria-invalid="true"');
    // A private host is refused when added (400 with the reason), and nothing is stored.
    const inside = await post('/admin/calendars/1002/feeds', { channel: 'Airbnb', url: 'http://10.0.0.8/a.ics' });
    expect(inside.statusCode).toBe(400);
    expect(inside.body).toContain('role="alert">The feed address http://10.0.0.8 is not a public address (loopback, private and link-local addresses are refused).');
    const missing = await post('/admin/calendars/1002/feeds', { channel: 'Airbnb', url: `${fixture.origin}/missing.ics` });
    expect(missing.statusCode).toBe(303);
    const page = await get('/admin/calendars?listing=1002');
    expect(page.body).not.toContain('http://10.0.0.8/a.ics');
    expect(page.body).toMatch(/<span class="failing">Failing since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC<\/span>: The feed answered HTTP 404/);
  });
});

describe('bookings page', () => {
  it('lists bookings made here and imported stays, today\'s arrivals first, with guest, listing, dates, amount, payment option, status and channel', async () => {
    const page = await get('/admin/bookings');
    expect(page.statusCode).toBe(200);
    const rows = [...page.body.matchAll(/<tr(?: class="today")?><td class="text">([^<]*)/g)].map((m) => m[1]);
    expect(rows).toEqual(['Today Guest ', 'Later Guest', '–']);
    expect(page.body).toContain(`<td class="text">Unit 1002</td><td>${today}</td><td>${addDays(today, 3)}</td><td class="n">$1,234.00</td><td>Card</td><td>Confirmed</td><td>This site</td>`);
    expect(page.body).toContain(`<td class="text">Pelican Place</td><td>${addDays(today, 40)}</td><td>${addDays(today, 44)}</td><td class="n">–</td><td>–</td><td>Blocked by feed</td><td>Vrbo</td>`);
  });

  it('filters by listing and dates, and refuses a bad date with the form', async () => {
    const one = await get('/admin/bookings?listing=1001');
    expect(one.body).toContain('Later Guest');
    expect(one.body).not.toContain('Today Guest');
    const dates = await get(`/admin/bookings?from=${addDays(today, 30)}&to=${addDays(today, 60)}`);
    expect(dates.body).not.toContain('Later Guest');
    expect(dates.body).toContain('Vrbo');
    const bad = await get('/admin/bookings?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert">From must be a date (YYYY-MM-DD).');
  });

  it('exports the rows as CSV', async () => {
    const csv = await get('/admin/bookings.csv?listing=1002');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe(`code,guest,listing_id,listing,arrival,departure,amount,currency,payment_option,status,hold,held_until,channel\r\nbooking-today-xxxxxxxxxxxxxxxx,Today Guest,1002,Unit 1002,${today},${addDays(today, 3)},1234,USD,Card,confirmed,,,This site\r\n`);
  });

  it('cancels after a confirmation: the nights are free in the calendar and the export, the guest is emailed, the record stays', async () => {
    const token = await calendar.exportToken(1001);
    const before = await app.inject({ url: `/calendar/1001/${token}.ics` });
    expect(before.body).toContain(`DTSTART;VALUE=DATE:${compact(addDays(today, 20))}`);
    const confirm = await get('/admin/bookings/booking-later-xxxxxxxxxxxxxxxx/cancel');
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Cancel this booking?');
    expect(confirm.body).toContain('<button type="submit" class="danger" aria-describedby="cancel-effect">Cancel the booking</button>');
    const done = await post('/admin/bookings/booking-later-xxxxxxxxxxxxxxxx/cancel');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/admin/bookings?done=cancelled');
    const nights = await database.db.select().from(schema.bookings).where(eq(schema.bookings.unitEid, 1001));
    expect(nights.filter((n) => n.beginDate === addDays(today, 20))).toEqual([]);
    const after = await app.inject({ url: `/calendar/1001/${token}.ics` });
    expect(after.body).not.toContain(`DTSTART;VALUE=DATE:${compact(addDays(today, 20))}`);
    expect(queued.filter((m) => m.kind === 'booking-cancelled')).toMatchObject([{ to: 'later@example.com', subject: `Your booking with ${settings.site.name} is cancelled` }]);
    const list = await get('/admin/bookings?done=cancelled&listing=1001');
    expect(list.body).toContain('role="status">The booking is cancelled');
    expect(list.body).toMatch(/Later Guest<\/td>.*<td>Cancelled<\/td><td>This site<\/td><td><\/td>/);
    const again = await post('/admin/bookings/booking-later-xxxxxxxxxxxxxxxx/cancel');
    expect(again.headers.location).toBe('/admin/bookings?done=already');
  });
});
