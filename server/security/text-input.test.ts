/**
 * One text rule for every route: NUL characters and unpaired surrogates are refused with 400
 * naming the field wherever they come in (JSON, form bodies, a text/plain beacon, query strings),
 * nothing is stored, and line breaks are refused in single-line fields with the field's message
 * while multi-line fields keep them. These requests answered 500 before (or, for CR/LF in
 * checkout names, 201 with the line break stored). Deeply nested JSON is refused with 400 on
 * every JSON route before any handler walks it (it overflowed the stack in the checkout's
 * idempotency hash: 500).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANTIBOT_KEY_FIELD, ANTIBOT_KEYS_PATH, FORM_ID_FIELD, HONEYPOT_FIELD, LEAD_FORMS, LEAD_SUBMIT_PATH } from '../../src/domain/lead-form-definitions.ts';
import { CAPTCHA_RESPONSE_FIELD, OPT_IN_FIELD } from '../../src/domain/lead-forms.ts';
import { addLineItem, emptyOrder, type Order } from '../../src/domain/order/order.ts';
import { toQueryString } from '../../src/domain/pricing/query.ts';
import type { AvailItem, Price } from '../../src/domain/pricing/types.ts';
import { createAnalyticsCollector } from '../analytics/collector.ts';
import { buildServer } from '../app.ts';
import { createCheckoutService } from '../checkout/checkout-service.ts';
import { createTestPaymentProvider } from '../checkout/payment.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { US_STATES } from '../demo/provinces.ts';
import { reverseKey } from '../leads/antibot.ts';
import { createMailQueue, type MailQueue } from '../mail/mail-queue.ts';
import { createMailTransport } from '../mail/transport.ts';
import { createOrderStore } from '../orders/order-store.ts';
import { orderPricing } from '../orders/pricing-adapter.ts';
import { NO_CAPTCHA } from '../orders/share-send.ts';
import { dayOf, isoOfDay } from '../pricing/model.ts';
import { createPricingService, type PricingService } from '../pricing/pricing-service.ts';
import { fixtureSettings, insertFixture, NOW, TODAY } from '../pricing/test-fixture.ts';
import type { PageRenderer } from '../renderer.ts';
import { FROM_THIS_SITE, openTestDatabase } from '../test-support.ts';
import { JSON_MAX_DEPTH, tooDeepMessage } from './json-body.ts';
import { findBadText, hasLineBreak, parseJsonText } from './text-input.ts';

describe('the rule (server/security/text-input.ts)', () => {
  it('finds NUL and unpaired surrogates in values and keys, at any depth, and names the field', () => {
    expect(findBadText({ events: [{ name: 'search', params: { search_term: 'a\u0000b' } }] })).toBe('events[0].params.search_term');
    expect(findBadText({ first_name: 'Eve\ud800' })).toBe('first_name');
    expect(findBadText({ note: 'x\udc00y' })).toBe('note');
    expect(findBadText({ 'a\u0000': 'x' })).toBe('"a\\u0000"');
    expect(findBadText(new URLSearchParams('name=Ana&message=a%00b'))).toBe('message');
    expect(findBadText(['ok', 'n\u0000'])).toBe('body[1]');
    expect(findBadText('a\u0000', '')).toBe('body');
  });

  it('lets every other string through: emoji (a surrogate pair), accents, line breaks, control characters left to each field', () => {
    expect(findBadText({ name: 'Zoë 🏖️', message: 'line 1\r\nline 2\t\u0007', list: [1, true, null, { deep: 'ok' }] })).toBeNull();
    expect(findBadText(new URLSearchParams('a=%F0%9F%8F%96&b=%E2%80%A8'))).toBeNull();
  });

  it('parses a text/plain beacon under the same rule', () => {
    expect(parseJsonText('{"events":[{"name":"search","params":{"search_term":"a\\u0000b"}}]}')).toEqual({ ok: false, message: expect.stringMatching(/^The field events\[0\]\.params\.search_term holds a character that is not text/) });
    expect(parseJsonText('{"a":"\\ud83c"}').ok).toBe(false);
    expect(parseJsonText('{"a":"\\ud83c\\udfd6"}')).toEqual({ ok: true, value: { a: '🏖' } });
    expect(parseJsonText('{')).toEqual({ ok: false, message: 'The body is not JSON' });
  });

  it('knows every line break a single-line field refuses', () => {
    for (const name of ['Eve\r\nBcc: x', 'a\nb', 'a\rb', 'a\vb', 'a\fb', 'a\u0085b', 'a\u2028b', 'a\u2029b']) expect(hasLineBreak(name), JSON.stringify(name)).toBe(true);
    expect(hasLineBreak('Eve Tab\tOk')).toBe(false);
  });
});

const settings = fixtureSettings(loadSiteSettings(path.resolve('config/site.json')));
/** No page is rendered here (a stub: the page bundle is not loaded for a test that needs none). */
const renderer: PageRenderer = {
  render: () => Promise.reject(new Error('no pages in this test')),
  assets: () => ({ scripts: [], styles: [] }) as unknown as ReturnType<PageRenderer['assets']>,
  close: async () => {},
};
const today = dayOf(TODAY) as number;
/** The site's own calls carry X-Requested-With (src/effects/http-client.ts). */
const OWN_CALL = { 'x-requested-with': 'XMLHttpRequest' };

let database: OpenDatabase;
let pricing: PricingService;
let mail: MailQueue;
let outbox: string;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixture(database.db);
  await database.db.insert(schema.provinces).values(US_STATES.map(([code, name]) => ({ countryCode: 'US', code, name })));
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'text-input-outbox-'));
  pricing = createPricingService({ db: database.db, settings, now: () => NOW });
  const store = createOrderStore(database.db, { secret: 'text-input-secret' });
  mail = createMailQueue({ db: database.db, transport: createMailTransport({ outboxDir: outbox }), from: { name: settings.site.name, address: settings.site.email } });
  const checkout = createCheckoutService({ db: database.db, settings, pricing: orderPricing(pricing), markBooked: (stays) => pricing.markBooked(stays), store, payments: createTestPaymentProvider(), mail, publicOrigin: 'https://www.coral.test', secret: 'text-input-secret', now: () => NOW });
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings, { now: () => NOW, pricing, checkout }),
    renderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: 'text-input-cookie-secret-text-input',
    publicOrigin: 'https://www.coral.test',
    pricing,
    orders: { store, pricing: orderPricing(pricing) },
    checkout,
    analytics: createAnalyticsCollector({ db: database.db, secret: 'text-input-secret' }),
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

const count = async (table: string) => ((await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]?.n;

function expectRefused(response: LightMyRequestResponse, field: string): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().message).toBe(`The field ${field} holds a character that is not text (a NUL character or an unpaired surrogate). Please remove it and send again.`);
}

describe('NUL and unpaired surrogates: 400 naming the field on every route, nothing stored (they answered 500)', () => {
  const collect = (payload: string, type = 'application/json') => app.inject({ method: 'POST', url: '/analytics/collect', headers: { ...OWN_CALL, 'content-type': type }, payload });

  it('the analytics collector, as JSON and as a text/plain beacon', async () => {
    const before = await count('analytics_events');
    const nul = JSON.stringify({ events: [{ name: 'search', params: { search_term: 'a\u0000b' } }] });
    expectRefused(await collect(nul), 'events[0].params.search_term');
    expectRefused(await collect(nul, 'text/plain;charset=UTF-8'), 'events[0].params.search_term');
    const surrogate = '{"events":[{"name":"search","params":{"search_term":"\\ud800"}}]}';
    expectRefused(await collect(surrogate), 'events[0].params.search_term');
    expectRefused(await collect(surrogate, 'text/plain'), 'events[0].params.search_term');
    expect(await count('analytics_events')).toBe(before);
    // The same batch without them is stored.
    expect((await collect(JSON.stringify({ events: [{ name: 'search', params: { search_term: 'ab' } }] }))).statusCode).toBe(204);
  });

  it('the checkout (JSON), each guest field', async () => {
    for (const field of ['first_name', 'email', 'address', 'notes']) {
      const response = await app.inject({ method: 'POST', url: '/rescms/order/checkout', headers: { ...OWN_CALL, 'content-type': 'application/json' }, payload: JSON.stringify({ first_name: 'Ada', [field]: 'x\u0000y' }) });
      expectRefused(response, field);
    }
    const surrogate = await app.inject({ method: 'POST', url: '/rescms/order/checkout', headers: { ...OWN_CALL, 'content-type': 'application/json' }, payload: '{"city":"Marlow\\udfff"}' });
    expectRefused(surrogate, 'city');
    expect(await count('trip_bookings')).toBe(0);
  });

  it('a form body (the lead form), a query string and a path', async () => {
    const response = await app.inject({ method: 'POST', url: `${LEAD_SUBMIT_PATH}/${LEAD_FORMS.contact.id}`, headers: { ...FROM_THIS_SITE, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=Ana&message=hi%00there' });
    expectRefused(response, 'message');
    expect(await count('leads')).toBe(0);
    expectRefused(await app.inject({ url: '/rcapi/item/avail/search?rcav[begin]=%00' }), 'rcav[begin]');
    expectRefused(await app.inject({ url: '/api/content/listing?slug=a%00' }), 'slug');
    expectRefused(await app.inject({ url: '/rescms/order/provinces/U%00' }), 'country');
    // A page (a browser navigation) gets the message as a page.
    const page = await app.inject({ url: '/search?q=%00', headers: { 'sec-fetch-mode': 'navigate' } });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('The field q holds a character that is not text');
  });
});

describe('line breaks: refused in single-line fields with the field\'s message, kept in multi-line ones', () => {
  /** Standard offers of a unit from the engine, from the fixture's pinned today. */
  async function freeStay(eid = 1002, fromDay = 45, nights = 7): Promise<Price> {
    const rcav = { begin: isoOfDay(today + fromDay), nights, adult: 2, child: 0, IDs: [eid], flex: 28 };
    const response = await app.inject({ url: `/rcapi/item/avail/search?${toQueryString({ rcav })}` });
    const offer = (response.json() as AvailItem[]).flatMap((item) => item.prices).find((p) => p.og === 'standard' && p.b >= isoOfDay(today + fromDay));
    if (!offer) throw new Error(`the engine offers no stay of ${eid}`);
    return offer;
  }
  const orderOf = (price: Price): Order => addLineItem(emptyOrder(), price).order;
  const guest = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: '+1 555 0100',
    address: '12 Analytical Row',
    city: 'Marlow',
    postal_code: '32459',
    country: 'US',
    state: 'FL',
    terms: '1',
    province: 'FL',
    ti: '-1',
    'payment[payment_option]': 'later',
  };
  const checkout = (body: object) =>
    app.inject({ method: 'POST', url: '/rescms/order/checkout', payload: body, headers: { ...OWN_CALL, 'content-type': 'application/json', 'idempotency-key': `t-${crypto.randomBytes(8).toString('hex')}` } } as InjectOptions);

  it('the checkout refuses CR/LF in first name, last name, city, address, phone, email and postal code with each field\'s message (it answered 201)', async () => {
    const stay = await freeStay();
    const response = await checkout({
      ...guest,
      first_name: 'Eve\r\nBcc: victim@example.net',
      last_name: 'Lee\nX',
      city: 'Marlow\u2028Town',
      address: '12 Row\rFlat 2',
      phone: '+1 555\n0100',
      order: orderOf(stay),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toMatchObject({
      first_name: 'First name must be on one line.',
      last_name: 'Last name must be on one line.',
      city: 'City must be on one line.',
      address: 'Address must be on one line.',
      phone: 'Phone must be on one line.',
    });
    for (const [field, value] of [['email', 'ada@example.com\r\nBcc: x@y.z'], ['postal_code', '32459\n1']] as const) {
      const one = await checkout({ ...guest, [field]: value, order: orderOf(stay) });
      expect(one.statusCode).toBe(400);
      expect(Object.keys(one.json().errors)).toContain(field);
    }
    expect(await count('trip_bookings')).toBe(0);
  });

  it('the checkout keeps the line breaks of the arrival notes', async () => {
    const stay = await freeStay(1003);
    const response = await checkout({ ...guest, notes: 'Arriving late.\r\nTwo dogs.', order: orderOf(stay) });
    expect(response.statusCode, response.body).toBe(201);
    const rows = (await database.db.execute(sql`select first_name, notes from trip_bookings`)) as unknown as { rows: Array<{ first_name: string; notes: string }> };
    expect(rows.rows).toEqual([{ first_name: 'Ada', notes: 'Arriving late.\r\nTwo dogs.' }]);
    await mail.idle();
  });

  it('a lead form refuses a line break in the name, email and phone with the field\'s message, and keeps the message\'s', async () => {
    const keys = (await app.inject({ url: ANTIBOT_KEYS_PATH })).json() as Record<string, string>;
    const form = LEAD_FORMS.contact.id;
    const send = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `${LEAD_SUBMIT_PATH}/${form}`,
        headers: { ...FROM_THIS_SITE, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ [FORM_ID_FIELD]: form, [ANTIBOT_KEY_FIELD]: reverseKey(keys[form] ?? ''), [HONEYPOT_FIELD]: '', [CAPTCHA_RESPONSE_FIELD]: '', name: 'Ana', email: 'ana@example.com', message: 'Hello', [OPT_IN_FIELD]: '1', ...fields }).toString(),
      });
    const refused = await send({ name: 'Ana\u2028Lima', phone: '+1 555\r\n0100' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ name: 'Your name must be on one line.', phone: 'Phone must be on one line.' });
    const kept = await send({ message: 'Line one.\r\nLine two.' });
    expect(kept.statusCode, kept.body).toBe(200);
    const rows = (await database.db.execute(sql`select message from leads`)) as unknown as { rows: Array<{ message: string }> };
    expect(rows.rows).toEqual([{ message: 'Line one.\r\nLine two.' }]);
    await mail.idle();
  });
});

/** A raw JSON text posted as the site's own call. */
const postText = (url: string, payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url, payload, headers: { ...OWN_CALL, 'content-type': contentType } } as InjectOptions);

/** `levels` arrays inside one another around a checkout's fields: about 2 bytes a level. */
const deep = (levels: number, fields: Record<string, unknown> = {}) => JSON.stringify({ ...fields, x: 0 }).replace('0', `${'['.repeat(levels)}1${']'.repeat(levels)}`);

describe('deeply nested JSON', () => {
  const checkoutFields = { idempotency_key: 'deep-json-key-1', first_name: 'Ada', terms: '1', 'payment[payment_option]': 'later' };

  it('is refused with 400 and a message at the checkout: 5 000 and 10 000 levels (20 KB), never 500', async () => {
    for (const levels of [5_000, 10_000]) {
      const body = deep(levels, checkoutFields);
      expect(body.length).toBeLessThan(21_000);
      const response = await postText('/rescms/order/checkout', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message: tooDeepMessage() });
    }
    // Objects nest the same way.
    const objects = `{"idempotency_key":"deep-json-key-2",${'"a":{'.repeat(6_000)}${'}'.repeat(6_000)}}`;
    expect((await postText('/rescms/order/checkout', objects)).statusCode).toBe(400);
  });

  it('is refused with 400 on the other JSON routes: verify, the analytics collector (JSON and its text/plain beacon)', async () => {
    for (const [url, type] of [
      ['/rcapi/order/verify', 'application/json'],
      ['/analytics/collect', 'application/json'],
      ['/analytics/collect', 'text/plain'],
    ] as const) {
      const response = await postText(url, deep(5_000), type);
      expect(response.statusCode, `${url} ${type}: ${response.body}`).toBe(400);
      expect(response.json().message).toBe(tooDeepMessage());
    }
  });

  it('just inside the limit is read as before (the route answers on its own terms)', async () => {
    const response = await postText('/rcapi/order/verify', JSON.stringify({ order: JSON.parse(`${'['.repeat(JSON_MAX_DEPTH - 1)}${']'.repeat(JSON_MAX_DEPTH - 1)}`) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).not.toBe(tooDeepMessage());
  });

  it('keeps the poisoning guard: a __proto__ key is still refused', async () => {
    const response = await postText('/rcapi/order/verify', '{"__proto__":{"polluted":true},"order":{}}');
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

});
