/**
 * Errors never log personal data: a request that fails in the database is
 * logged as what failed, without the values it carried (Drizzle puts them in its message, the
 * driver in its detail), and what a visitor sends (bodies, query strings) stays out of the log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANTIBOT_KEY_FIELD, ANTIBOT_KEYS_PATH, FORM_ID_FIELD, HONEYPOT_FIELD, LEAD_FORMS, LEAD_SUBMIT_PATH } from '../../src/domain/lead-form-definitions.ts';
import { OPT_IN_FIELD } from '../../src/domain/lead-forms.ts';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { leads } from '../db/schema.ts';
import { reverseKey } from '../leads/antibot.ts';
import { createMailQueue, type MailQueue } from '../mail/mail-queue.ts';
import { createMailTransport } from '../mail/transport.ts';
import { NO_CAPTCHA } from '../orders/share-send.ts';
import type { PageRenderer } from '../renderer.ts';
import { FROM_THIS_SITE, logInto, openTestDatabase } from '../test-support.ts';
import { loggedRoute, maskEmails, safeError, secretFreePath, SECRET, withoutQuery } from './log-redaction.ts';

const settings = loadSiteSettings(path.resolve('config/site.json'));
/** No page is rendered here (a stub: the page bundle is not loaded for a test that needs none). */
const renderer: PageRenderer = {
  render: () => Promise.reject(new Error('no pages in this test')),
  assets: () => ({ scripts: [], styles: [] }) as unknown as ReturnType<PageRenderer['assets']>,
  close: async () => {},
};
const GUEST = { name: 'Eve Private', email: 'eve.private@example.com', phone: '+1 555 867 5309', message: 'Booking code ABC123xyz, 42 Hidden Lane' };

let database: OpenDatabase;
let mail: MailQueue;
let outbox: string;
let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'log-redaction-outbox-'));
  mail = createMailQueue({ db: database.db, transport: createMailTransport({ outboxDir: outbox }), from: { name: settings.site.name, address: settings.site.email } });
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings),
    renderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: 'log-redaction-secret-log-redaction',
    // Every line, requests included (debug), into memory.
    logger: { level: 'debug', stream: logInto(logged) },
    leads: { db: database.db, mail, captcha: NO_CAPTCHA, ownerEmail: 'owner@coral.test' },
    security: { rateLimits: false },
  });
});

afterAll(async () => {
  await app?.close();
  await mail?.close();
  await database?.close();
  if (outbox) fs.rmSync(outbox, { recursive: true, force: true });
});

async function sendLead(): Promise<number> {
  const form = LEAD_FORMS.contact.id;
  const keys = (await app.inject({ url: ANTIBOT_KEYS_PATH })).json() as Record<string, string>;
  const response = await app.inject({
    method: 'POST',
    url: `${LEAD_SUBMIT_PATH}/${form}?email=${encodeURIComponent(GUEST.email)}`,
    headers: { ...FROM_THIS_SITE, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ [FORM_ID_FIELD]: form, [ANTIBOT_KEY_FIELD]: reverseKey(keys[form] ?? ''), [HONEYPOT_FIELD]: '', ...GUEST, [OPT_IN_FIELD]: '1' }).toString(),
  });
  return response.statusCode;
}

describe('a request that fails in the database', () => {
  it('is logged as what failed, never with the guest\'s email, phone, message or booking code', async () => {
    // The database refuses every new lead, as a full disk or a broken constraint would.
    await database.db.execute(sql`alter table leads add constraint leads_refused check (false) not valid`);
    try {
      logged.length = 0;
      expect(await sendLead()).toBe(500);
    } finally {
      await database.db.execute(sql`alter table leads drop constraint leads_refused`);
    }
    const log = logged.join('');
    const failure = logged.map((line) => JSON.parse(line) as { msg: string; err?: { type: string; message: string; query?: string; cause?: { message: string; constraint?: string } } }).find((line) => line.msg === 'request failed');
    expect(failure?.err?.type).toBe('DrizzleQueryError');
    // Nothing the guest typed, in any line …
    for (const value of [GUEST.email, 'eve.private', GUEST.phone, 'Hidden Lane', 'ABC123xyz', 'Eve Private']) expect(log, value).not.toContain(value);
    // … but what failed: the SQL and the database's reason.
    expect(failure?.err?.query).toMatch(/^insert into "leads"/);
    expect(failure?.err?.cause?.constraint).toBe('leads_refused');
    expect(await database.db.select().from(leads)).toEqual([]);
  });

  it('a request that goes through logs its path without the query string', async () => {
    logged.length = 0;
    expect(await sendLead()).toBe(200);
    await mail.idle();
    const completed = logged.map((line) => JSON.parse(line) as { msg: string; url?: string }).find((line) => line.msg === 'request completed' && line.url?.startsWith(LEAD_SUBMIT_PATH));
    expect(completed?.url).toBe(`${LEAD_SUBMIT_PATH}/${LEAD_FORMS.contact.id}?[query]`);
    expect(logged.join('')).not.toContain('eve.private');
  });
});

describe('the serializers', () => {
  it('drop a failed query\'s parameters and the driver\'s detail, keep the SQL and the reason', () => {
    const cause = Object.assign(new Error('new row for relation "leads" violates check constraint "leads_refused"'), { code: '23514', constraint: 'leads_refused', detail: 'Failing row contains (1, eve@example.com, +1 555)' });
    const error = Object.assign(new Error('Failed query: insert into "leads" ("email") values ($1)\nparams: eve@example.com,+1 555'), {
      query: 'insert into "leads" ("email") values ($1)',
      params: ['eve@example.com', '+1 555'],
      cause,
    });
    const safe = safeError(error) as Record<string, unknown>;
    expect(safe.message).toBe('Failed query: insert into "leads" ("email") values ($1)');
    expect(JSON.stringify(safe)).not.toMatch(/eve@example|555|Failing row/);
    expect(safe.cause).toMatchObject({ code: '23514', constraint: 'leads_refused' });
  });

  it('mask email addresses in messages and transport errors, and leave query strings off URLs', () => {
    expect(safeError('550 5.1.1 <ben@example.org>: Recipient address rejected')).toBe('550 5.1.1 <[email]>: Recipient address rejected');
    expect(maskEmails('to ana.b+x@mail.example.co.uk, done')).toBe('to [email], done');
    expect(withoutQuery('/search?q=eve@example.com')).toBe('/search?[query]');
    expect(withoutQuery('/s/AbC')).toBe('/s/AbC');
  });
});

describe('secrets in paths', () => {
  const TOKEN = 'Xk9_3hQ2vB7mN1pL0aZcR4tY6uW8eD5f';
  const CODE = 'AbC123xyz_-9QrStUvWxYz01';

  it('are cut from every logged path: a calendar\'s token, a booking\'s code, a shared collection\'s code, anything token-like', () => {
    expect(withoutQuery(`/calendar/1002/${TOKEN}.ics`)).toBe(`/calendar/1002/${SECRET}.ics`);
    expect(withoutQuery(`/calendar/1002/short.ics?x=1`)).toBe(`/calendar/1002/${SECRET}.ics?[query]`);
    expect(withoutQuery(`/rescms/order/confirmation/${CODE}`)).toBe(`/rescms/order/confirmation/${SECRET}`);
    expect(withoutQuery(`/rescms/order/shorturl/abc12`)).toBe(`/rescms/order/shorturl/${SECRET}`);
    expect(withoutQuery(`/admin/bookings/${CODE}/cancel`)).toBe(`/admin/bookings/${SECRET}/cancel`);
    // A pay-later hold's link: code and token, also when neither looks like a token (no digit).
    expect(withoutQuery(`/rescms/order/confirm/abcdefghijkl/${TOKEN}`)).toBe(`/rescms/order/confirm/${SECRET}/${SECRET}`);
    expect(withoutQuery(`/rescms/order/confirm/${CODE}/NoDigitsInThisTokenAtAll_x?a=1`)).toBe(`/rescms/order/confirm/${SECRET}/${SECRET}?[query]`);
    expect(withoutQuery(`/some/new/confirm/${CODE}`)).toBe(`/some/new/confirm/${SECRET}`);
    // Paths that hold no secret are kept as they are.
    for (const path of ['/rescms/order/checkout', '/admin/bookings', '/admin/calendars/12/feeds', '/assets/s/x.js', '/listing/sunny-cabin-with-a-lake-view-42', '/calendar']) expect(withoutQuery(path)).toBe(path);
  });

  it('are cut from messages too, wherever a path stands in them', () => {
    expect(secretFreePath(`GET https://www.coral.test/calendar/3/${TOKEN}.ics timed out`)).toBe(`GET https://www.coral.test/calendar/3/${SECRET}.ics timed out`);
    expect((safeError(new Error(`no booking at /rescms/order/confirmation/${CODE}`)) as { message: string }).message).toBe(`no booking at /rescms/order/confirmation/${SECRET}`);
  });

  it('that only look like tokens are cut from every path a message, a stack or a full URL holds', () => {
    expect(secretFreePath(`GET https://www.coral.test/some/new/confirm/${CODE} failed`)).toBe(`GET https://www.coral.test/some/new/confirm/${SECRET} failed`);
    expect(secretFreePath(`no link at /some/new/${TOKEN}.`)).toBe(`no link at /some/new/${SECRET}.`);
    const error = new Error(`fetch (/hooks/${TOKEN}) refused`);
    const safe = safeError(error) as { message: string; stack: string };
    expect(safe.message).toBe(`fetch (/hooks/${SECRET}) refused`);
    expect(safe.stack).not.toContain(TOKEN);
    // A stack's file paths and line numbers are kept.
    expect(secretFreePath('at handler (file:///srv/app/server/checkout/holds.ts:12:3)')).toBe('at handler (file:///srv/app/server/checkout/holds.ts:12:3)');
  });

  it('stay out of the slow-request line, which names the route by its pattern', () => {
    expect(loggedRoute({ url: `/rescms/order/confirm/abcdefghijkl/${TOKEN}`, routeOptions: { url: '/rescms/order/confirm/:code/:token' } })).toBe('/rescms/order/confirm/:code/:token');
    // The pages' catch-all and unknown paths: the path, which the url serializer then cuts.
    expect(withoutQuery(loggedRoute({ url: `/rescms/order/confirmation/${CODE}`, routeOptions: { url: '/*' } }))).toBe(`/rescms/order/confirmation/${SECRET}`);
    expect(loggedRoute({ url: '/nowhere', routeOptions: {} })).toBe('/nowhere');
  });

  it('never reach the request log lines', async () => {
    logged.length = 0;
    for (const url of [`/calendar/1002/${TOKEN}.ics`, `/rescms/order/confirmation/${CODE}`, `/rescms/order/shorturl/${CODE}`]) await app.inject({ url });
    const lines = logged.map((line) => JSON.parse(line) as { msg: string; url?: string });
    expect(lines.filter((line) => line.msg === 'request completed').map((line) => line.url)).toEqual([
      `/calendar/1002/${SECRET}.ics`,
      `/rescms/order/confirmation/${SECRET}`,
      `/rescms/order/shorturl/${SECRET}`,
    ]);
    expect(logged.join('')).not.toContain(TOKEN);
    expect(logged.join('')).not.toContain(CODE);
  });
});
