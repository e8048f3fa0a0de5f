import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutQuote } from '../../src/domain/checkout/checkout.ts';
import type { BookingConfirmation, CheckoutPageData } from '../../src/domain/content.ts';
import { addLineItem, emptyOrder, type Order } from '../../src/domain/order/order.ts';
import { derivePrice } from '../../src/domain/pricing/derived.ts';
import { toQueryString } from '../../src/domain/pricing/query.ts';
import type { AvailItem, Price } from '../../src/domain/pricing/types.ts';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { CA_PROVINCES, US_STATES } from '../demo/provinces.ts';
import { createMailQueue, type MailQueue } from '../mail/mail-queue.ts';
import { createMailTransport } from '../mail/transport.ts';
import { createOrderStore } from '../orders/order-store.ts';
import { orderPricing } from '../orders/pricing-adapter.ts';
import { PROVINCE_MESSAGE, SESSION_COOKIE } from '../orders/routes.ts';
import { dayOf, isoOfDay } from '../pricing/model.ts';
import { createPricingService, type PricingService } from '../pricing/pricing-service.ts';
import { fixtureSettings, insertFixture, NOW, TODAY } from '../pricing/test-fixture.ts';
import { testRenderer as renderer } from '../test-renderer.ts';
import { openTestDatabase } from '../test-support.ts';
import { createCheckoutService, type CheckoutService } from './checkout-service.ts';
import { createTestPaymentProvider, TEST_TOKENS } from './payment.ts';

const settings = fixtureSettings(loadSiteSettings(path.resolve('config/site.json')));
const ORIGIN = 'https://www.coralhaven.example';

let database: OpenDatabase;
let app: FastifyInstance;
let pricing: PricingService;
let mail: MailQueue;
let checkoutService: CheckoutService;
let outbox: string;
const payments = createTestPaymentProvider();

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixture(database.db);
  await database.db.insert(schema.provinces).values([
    ...US_STATES.map(([code, name]) => ({ countryCode: 'US', code, name })),
    ...CA_PROVINCES.map(([code, name]) => ({ countryCode: 'CA', code, name })),
  ]);
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-outbox-'));
  pricing = createPricingService({ db: database.db, settings, now: () => NOW });
  const store = createOrderStore(database.db, { secret: 'checkout-test-secret' });
  mail = createMailQueue({ db: database.db, transport: createMailTransport({ outboxDir: outbox }), from: { name: settings.site.name, address: settings.site.email } });
  checkoutService = createCheckoutService({
    db: database.db,
    settings,
    pricing: orderPricing(pricing),
    markBooked: (stays) => pricing.markBooked(stays),
    store,
    payments,
    mail,
    publicOrigin: ORIGIN,
    secret: 'checkout-test-secret',
    // The engine's clock: a hold lapses on the clock that says which nights are free.
    now: () => NOW,
  });
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings, { now: () => NOW, pricing, checkout: checkoutService }),
    renderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: 'test-secret-test-secret',
    pricing,
    orders: { store, pricing: orderPricing(pricing) },
    checkout: checkoutService,
    // One test client books hundreds of times; the checkout limit itself is tested with the other limits (server/security).
    security: { rateLimitExempt: ['127.0.0.1'] },
  });
});

afterAll(async () => {
  await app?.close();
  await mail?.close();
  await database?.close();
  if (outbox) fs.rmSync(outbox, { recursive: true, force: true });
});

/** Bookings made by earlier tests are removed, so each test finds its stays free. */
beforeEach(async () => {
  await mail.idle();
  await database.db.execute(sql`delete from trip_bookings`);
  await database.db.execute(sql`delete from mail_queue`);
  pricing.invalidate();
});

/** The site's own calls carry X-Requested-With (src/effects/http-client.ts); the cross-site check wants it or an Origin. */
const OWN_CALL = { 'x-requested-with': 'XMLHttpRequest' };

const today = dayOf(TODAY) as number;

/** Standard offers of a unit from the engine: `nights` nights arriving `fromDay` days after the pinned today, with `flex` more arrivals. */
async function offers(eid: number, fromDay: number, nights: number, flex = 0, guests = { adult: 2, child: 0 }): Promise<Price[]> {
  const rcav = { begin: isoOfDay(today + fromDay), nights, ...guests, IDs: [eid], flex };
  const response = await app.inject({ url: `/rcapi/item/avail/search?${toQueryString({ rcav })}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AvailItem[]).flatMap((item) => item.prices).filter((p) => p.og === 'standard' && p.b >= isoOfDay(today + fromDay));
}

/** The first free week of a unit the engine offers from `fromDay` days ahead. */
async function freeStay(eid = 1002, fromDay = 45, nights = 7): Promise<Price> {
  const [offer] = await offers(eid, fromDay, nights, 28);
  if (!offer) throw new Error(`the engine offers no stay of ${eid}`);
  return offer;
}

const orderOf = (...prices: Price[]): Order => prices.reduce((order, price) => addLineItem(order, price).order, emptyOrder());

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
  notes: 'Arriving after 9 pm.',
  terms: '1',
  province: 'FL',
  ti: '-1',
  'payment[payment_option]': 'later',
};

const key = () => `test-${crypto.randomBytes(12).toString('hex')}`;

function post(body: object, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/rescms/order/checkout', payload: body, headers: { ...OWN_CALL, 'content-type': 'application/json', ...headers } } as InjectOptions);
}

async function counts(): Promise<{ bookings: number; reservations: number; calendar: number; mail: number }> {
  const result = await database.db.execute(sql`select
    (select count(*) from trip_bookings)::int as bookings,
    (select count(*) from reservations)::int as reservations,
    (select count(*) from bookings where reservation_id is not null)::int as calendar,
    (select count(*) from mail_queue)::int as mail`);
  return (result as unknown as { rows: { bookings: number; reservations: number; calendar: number; mail: number }[] }).rows[0] as {
    bookings: number;
    reservations: number;
    calendar: number;
    mail: number;
  };
}

const nothing = { bookings: 0, reservations: 0, calendar: 0, mail: 0 };

describe('GET /rescms/order/provinces/{countryCode} (spec §7)', () => {
  it('answers the states of a country, code to name, in name order', async () => {
    const response = await app.inject({ url: '/rescms/order/provinces/US' });
    expect(response.statusCode).toBe(200);
    const states = response.json() as Record<string, string>;
    expect(states.FL).toBe('Florida');
    expect(Object.keys(states)).toHaveLength(US_STATES.length);
    expect(Object.values(states)).toEqual([...Object.values(states)].sort((a, b) => a.localeCompare(b)));
    expect((await app.inject({ url: '/rescms/order/provinces/CA' })).json()).toMatchObject({ ON: 'Ontario', QC: 'Quebec' });
  });

  it('answers {} for a country without provinces', async () => {
    const response = await app.inject({ url: '/rescms/order/provinces/FR' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it.each(['us', 'USA', 'U1', '%3Cb%3E'])('refuses the malformed code %s with 400 and a message', async (code) => {
    const response = await app.inject({ url: `/rescms/order/provinces/${code}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/two capital letters/);
  });
});

describe('the checkout page data', () => {
  it('lists the countries with provinces first, then every country by name, and the test payment provider', async () => {
    const response = await app.inject({ url: '/api/content/checkout' });
    expect(response.statusCode).toBe(200);
    const data = response.json() as CheckoutPageData;
    expect(data.countries.slice(0, 2)).toEqual([
      { code: 'US', name: 'United States', provinces: true },
      { code: 'CA', name: 'Canada', provinces: true },
    ]);
    expect(data.countries.length).toBeGreaterThan(240);
    expect(data.countries.find((c) => c.code === 'FR')).toEqual({ code: 'FR', name: 'France', provinces: false });
    expect(data.payment).toMatchObject({ provider: 'test', test: true, options: ['cc', 'ach', 'later'] });
    expect(data.payment.testTokens.map((t) => t.token)).toContain(TEST_TOKENS.success);
  });
});

describe('POST /rcapi/order/verify: the protection offered at checkout', () => {
  const verify = (body: object) => app.inject({ method: 'POST', url: '/rcapi/order/verify', payload: body, headers: OWN_CALL });

  it('prices trip insurance as 7% of each stay and damage protection flat, from the optional fees', async () => {
    const stay = await freeStay();
    const response = await verify({ order: orderOf(stay), province: 'FL' });
    expect(response.statusCode, response.body).toBe(200);
    const checkout = response.json().checkout as CheckoutQuote;
    const [item] = checkout.items;
    expect(item).toMatchObject({ key: 'ind-0', eid: stay.eid, price: stay.p, begin: stay.b, end: stay.e, nights: 7 });
    expect(item?.ti).toMatchObject({ kind: 'ti', name: 'Trip insurance', choice: 'forced', amount: Math.round(stay.p * 7) / 100 });
    expect(item?.dp).toMatchObject({ kind: 'dp', name: 'Damage protection', choice: 'declinable', amount: 59 });
    // 45 days ahead: 30% deposit now, the balance 30 days before arrival.
    expect(item?.payments.map((p) => p.due === null)).toEqual([true, false]);
    expect(checkout.dueNow).toBe(item?.payments[0]?.amount);
    expect(checkout.insurance).toEqual({ province: 'FL', provinceRequired: true, note: null });
  });

  it('offers no trip insurance before a state is chosen, nor to a guest whose state is not listed', async () => {
    const stay = await freeStay();
    const none = (await verify({ order: orderOf(stay), province: 'none' })).json().checkout as CheckoutQuote;
    expect(none.items[0]?.ti).toBeNull();
    expect(none.items[0]?.dp).not.toBeNull();
    expect(none.insurance.note).toMatch(/not available for residents/);
    const unknown = (await verify({ order: orderOf(stay) })).json().checkout as CheckoutQuote;
    expect(unknown.items[0]?.ti).toBeNull();
    expect(unknown.insurance.note).toMatch(/Choose the state/);
    const fromCookie = await app.inject({ method: 'POST', url: '/rcapi/order/verify', payload: { order: orderOf(stay) }, headers: { ...OWN_CALL, cookie: 'rcstate=TX' } });
    expect((fromCookie.json().checkout as CheckoutQuote).items[0]?.ti).not.toBeNull();
  });
});

describe('POST /rescms/order/checkout: a booking', () => {
  it('books a stay to pay later: 201 with an unguessable code, the reservation and its nights stored, the balance due', async () => {
    const stay = await freeStay();
    const response = await post({ ...guest, order: orderOf(stay), idempotency_key: key(), dp: '1' });
    expect(response.statusCode, response.body).toBe(201);
    const { code, url } = response.json() as { code: string; url: string };
    expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(url).toBe(`/rescms/order/confirmation/${code}`);
    expect(response.headers.location).toBe(url);
    expect(await counts()).toEqual({ bookings: 1, reservations: 1, calendar: 1, mail: 1 });

    const page = await app.inject({ url: `/api/content/confirmation?code=${code}` });
    expect(page.statusCode).toBe(200);
    const booking = page.json() as BookingConfirmation;
    expect(booking).toMatchObject({
      code,
      status: 'confirmed',
      guest: { firstName: 'Ada', lastName: 'Lovelace', country: 'US', countryName: 'United States', state: 'FL', stateName: 'Florida', notes: 'Arriving after 9 pm.' },
      payment: { option: 'later', status: 'unpaid', test: false },
      paid: 0,
    });
    expect(booking.items[0]).toMatchObject({ eid: stay.eid, begin: stay.b, end: stay.e, nights: 7, price: Math.round(stay.p * 100), url: `/listing/unit-${stay.eid}` });
    expect(booking.items[0]?.protection).toEqual([
      { kind: 'ti', name: 'Trip insurance', accepted: false, amount: 0 },
      { kind: 'dp', name: 'Damage protection', accepted: true, amount: 5900 },
    ]);
    expect(booking.total).toBe(Math.round(stay.p * 100) + 5900);
    expect(booking.balance).toBe(booking.total);
    expect(booking.balanceDue).toBe(isoOfDay((dayOf(stay.b) as number) - 30));
  });

  it('takes the deposit and the protection by card with a test token, and renders the confirmation page', async () => {
    const stay = await freeStay();
    const response = await post({ ...guest, order: orderOf(stay), idempotency_key: key(), ti: 1, dp: 1, 'payment[payment_option]': 'cc', 'payment[token]': TEST_TOKENS.success });
    expect(response.statusCode, response.body).toBe(201);
    const { code, url } = response.json() as { code: string; url: string };
    const booking = (await app.inject({ url: `/api/content/confirmation?code=${code}` })).json() as BookingConfirmation;
    const stayCents = Math.round(stay.p * 100);
    const ti = Math.round(stayCents * 0.07);
    expect(booking.total).toBe(stayCents + ti + 5900);
    const deposit = booking.items[0]?.payments[0]?.amount as number;
    expect(booking).toMatchObject({ payment: { option: 'cc', status: 'deposit_paid', test: true }, paid: deposit + ti + 5900, deposit: deposit + ti + 5900 });
    const charge = [...payments.charges.values()].find((c) => c.reference === code);
    expect(charge).toMatchObject({ amountCents: deposit + ti + 5900, currency: 'USD', token: TEST_TOKENS.success, method: 'cc' });

    const html = await app.inject({ url, headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['cache-control']).toBe('private, no-store');
    expect(html.headers['x-robots-tag']).toBe('noindex');
    expect(html.body).toContain('Your booking is confirmed');
    expect(html.body).toContain('Test payment: no money was taken.');
  });

  it('answers 404 for an unknown or malformed confirmation code', async () => {
    expect((await app.inject({ url: `/api/content/confirmation?code=${'A'.repeat(24)}` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/content/confirmation?code=../etc' })).statusCode).toBe(404);
    expect((await app.inject({ url: `/rescms/order/confirmation/${'B'.repeat(24)}`, headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });

  it('takes the booked nights out of availability search and the listing calendar at once', async () => {
    const stay = await freeStay();
    const before = await offers(stay.eid, (dayOf(stay.b) as number) - today, 7);
    expect(before.some((p) => p.b === stay.b)).toBe(true);
    expect((await post({ ...guest, order: orderOf(stay), idempotency_key: key() })).statusCode).toBe(201);
    const after = await offers(stay.eid, (dayOf(stay.b) as number) - today, 7);
    expect(after.some((p) => p.b === stay.b)).toBe(false);
    const calendar = await app.inject({ url: `/rcapi/item/${stay.eid}/calendar` });
    expect(calendar.json().booked).toContainEqual({ begin: stay.b, end: stay.e });
  });

  it('is seen by another server at its next check, which reads the new reservation instead of reloading its model', async () => {
    const other = createPricingService({ db: database.db, settings, now: () => NOW, freshMs: 0, staleMs: 0 });
    const stay = await freeStay();
    const search = async () => (await other.search(toQueryString({ rcav: { begin: stay.b, nights: 7, adult: 2, IDs: [stay.eid] } }))).items;
    expect((await search())[0]?.prices.some((p) => p.b === stay.b)).toBe(true);
    const model = await other.data();
    expect((await post({ ...guest, order: orderOf(stay), idempotency_key: key() })).statusCode).toBe(201);
    expect((await search())[0]?.prices.some((p) => p.b === stay.b)).toBe(false);
    expect(await other.data()).toBe(model);
    // Anything else (a cancelled reservation here) reloads it.
    await database.db.execute(sql`delete from trip_bookings`);
    expect((await search())[0]?.prices.some((p) => p.b === stay.b)).toBe(true);
    expect(await other.data()).not.toBe(model);
  });

  it('books the session order in session mode and empties it', async () => {
    const stay = await freeStay();
    const added = await app.inject({ url: `/rcapi/order/add?${toQueryString(stay.qp)}`, headers: OWN_CALL });
    expect(added.statusCode, added.body).toBe(200);
    const cookie = `${SESSION_COOKIE}=${added.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    const response = await post({ ...guest, idempotency_key: key() }, { cookie });
    expect(response.statusCode, response.body).toBe(201);
    expect((await app.inject({ url: '/rcapi/order/get', headers: { cookie } })).json()).toEqual(emptyOrder());
    expect(await counts()).toMatchObject({ reservations: 1, calendar: 1 });
  });
});

describe('a declined or failed payment books nothing', () => {
  it.each([
    [TEST_TOKENS.declined, 402, /Your card was declined\. Nothing was booked\./],
    [TEST_TOKENS.insufficientFunds, 402, /insufficient funds/],
    ['tok_made_up_token', 402, /not valid/],
    [TEST_TOKENS.unavailable, 503, /payment service did not answer/],
  ])('%s → %i', async (token, status, message) => {
    const stay = await freeStay();
    const response = await post({ ...guest, order: orderOf(stay), idempotency_key: key(), 'payment[payment_option]': 'cc', 'payment[token]': token });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toMatch(message);
    expect(await counts()).toEqual(nothing);
    // The stay is still free: a good card books it.
    const again = await post({ ...guest, order: orderOf(stay), idempotency_key: key(), 'payment[payment_option]': 'cc', 'payment[token]': TEST_TOKENS.success });
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('idempotency: a retried submit books nothing twice', () => {
  it('answers a retry with the first booking', async () => {
    const stay = await freeStay();
    const body = { ...guest, order: orderOf(stay), 'payment[payment_option]': 'cc', 'payment[token]': TEST_TOKENS.success };
    const headers = { 'idempotency-key': key() };
    const first = await post(body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await post(body, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await counts()).toEqual({ bookings: 1, reservations: 1, calendar: 1, mail: 1 });
    expect([...payments.charges.values()].filter((c) => c.reference === first.json().code)).toHaveLength(1);
  });

  it('answers retries sent while the first is still in flight with the same booking', async () => {
    const stay = await freeStay();
    const body = { ...guest, order: orderOf(stay), idempotency_key: key() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(body)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().code)).size).toBe(1);
    expect(await counts()).toMatchObject({ bookings: 1, reservations: 1, calendar: 1 });
  });

  it('refuses the same key for another checkout with 422', async () => {
    const [a, b] = await offers(1002, 45, 7, 28);
    if (!a || !b) throw new Error('two stays');
    const idempotency = key();
    expect((await post({ ...guest, order: orderOf(a), idempotency_key: idempotency })).statusCode).toBe(201);
    const other = await post({ ...guest, order: orderOf(b), idempotency_key: idempotency });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toHaveProperty('idempotency_key');
    expect(await counts()).toMatchObject({ bookings: 1 });
  });
});

describe('double booking is impossible', () => {
  it('100 checkouts of one unit at once for overlapping stays: exactly one booking and 99 clean 409s naming the stay', async () => {
    const stays = await offers(1002, 45, 7, 3);
    expect(stays.length).toBe(4);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const stay = stays[i % stays.length] as Price;
        return post({ ...guest, first_name: `Guest ${String.fromCharCode(97 + (i % 26), 97 + Math.floor(i / 26))}`, order: orderOf(stay), idempotency_key: key() });
      }),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const losers = answers.filter((a) => a.statusCode !== 201);
    expect(losers).toHaveLength(99);
    for (const loser of losers) {
      expect(loser.statusCode, loser.body).toBe(409);
      const body = loser.json();
      expect(body.reason).toBe('unavailable');
      expect(body.key).toBe('ind-0');
      expect(body.message).toMatch(/^Dune House, .+ – .+ was just booked by someone else\. Nothing was booked/);
    }
    expect(await counts()).toMatchObject({ bookings: 1, reservations: 1, calendar: 1, mail: 1 });
  });

  it('refuses a stay that overlaps a night the calendar already holds, even when the cached prices still offer it', async () => {
    const stay = await freeStay();
    // Another server books the nights: this one's cached model does not know yet.
    await database.db.insert(schema.bookings).values({ unitEid: stay.eid, beginDate: isoOfDay((dayOf(stay.b) as number) + 2), endDate: isoOfDay((dayOf(stay.b) as number) + 4), kind: 'blocked' });
    try {
      const response = await post({ ...guest, order: orderOf(stay), idempotency_key: key() });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ reason: 'unavailable', key: 'ind-0', stay: { name: 'Dune House', begin: stay.b, end: stay.e } });
      expect(await counts()).toEqual(nothing);
    } finally {
      await database.db.execute(sql`delete from bookings where reservation_id is null and unit_eid = ${stay.eid} and kind = 'blocked'`);
    }
  });

  it("keeps the loser's session order as it was", async () => {
    const stay = await freeStay();
    const added = await app.inject({ url: `/rcapi/order/add?${toQueryString(stay.qp)}`, headers: OWN_CALL });
    const cookie = `${SESSION_COOKIE}=${added.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    expect((await post({ ...guest, order: orderOf(stay), idempotency_key: key() })).statusCode).toBe(201);
    const lost = await post({ ...guest, idempotency_key: key() }, { cookie });
    expect(lost.statusCode).toBe(409);
    expect((await app.inject({ url: '/rcapi/order/get', headers: { cookie } })).json()).toEqual(added.json());
  });
});

describe('bad input gets a 4xx with a message, and nothing is booked', () => {
  const valid = async () => ({ ...guest, order: orderOf(await freeStay()), idempotency_key: key() });

  it.each<[string, (body: Record<string, unknown>) => Record<string, unknown>, string, RegExp]>([
    ['no first name', (b) => ({ ...b, first_name: '' }), 'first_name', /first name/],
    ['no last name', (b) => ({ ...b, last_name: undefined }), 'last_name', /last name/],
    ['no email', (b) => ({ ...b, email: ' ' }), 'email', /email/],
    ['a malformed email', (b) => ({ ...b, email: 'ada@' }), 'email', /valid email/],
    ['a phone without digits enough', (b) => ({ ...b, phone: '12 34' }), 'phone', /too short/],
    ['no address', (b) => ({ ...b, address: '' }), 'address', /street address/],
    ['no city', (b) => ({ ...b, city: '' }), 'city', /town or city/],
    ['no postal code', (b) => ({ ...b, postal_code: '' }), 'postal_code', /postal code/],
    ['no country', (b) => ({ ...b, country: '' }), 'country', /country/],
    ['an unknown country', (b) => ({ ...b, country: 'XX' }), 'country', /from the list/],
    ['no state for the US', (b) => ({ ...b, state: '' }), 'state', /state or province/],
    ['a state of another country', (b) => ({ ...b, state: 'ON' }), 'state', /from the list/],
    ['an oversized first name', (b) => ({ ...b, first_name: 'A'.repeat(61) }), 'first_name', /at most 60 characters/],
    ['oversized notes', (b) => ({ ...b, notes: 'x'.repeat(2001) }), 'notes', /at most 2000 characters/],
    ['the terms not accepted', (b) => ({ ...b, terms: '0' }), 'terms', /^Please accept the terms to proceed\.$/],
    ['no trip insurance answer (a forced choice)', (b) => ({ ...b, ti: undefined }), 'ti', /whether to add trip insurance/],
    ['a protection value other than 1 or -1', (b) => ({ ...b, dp: 'yes' }), 'dp', /1 to add damage protection or -1/],
    ['an insurance state not listed', (b) => ({ ...b, province: 'ZZ' }), 'province', /from the list/],
    ['no insurance state', (b) => ({ ...b, province: undefined }), 'province', /state you live in/],
    ['no payment option', (b) => ({ ...b, 'payment[payment_option]': undefined }), 'payment[payment_option]', /how to pay/],
    ['an unknown payment option', (b) => ({ ...b, 'payment[payment_option]': 'cash' }), 'payment[payment_option]', /card, bank account or pay later/],
    ['a card payment without a token', (b) => ({ ...b, 'payment[payment_option]': 'cc' }), 'payment[token]', /card details/],
    ['a protection answer for a line item not in the order', (b) => ({ ...b, 'ti[ind-7]': '1' }), 'ti[ind-7]', /not in your Trips Collection/],
    ['no idempotency key', (b) => ({ ...b, idempotency_key: undefined }), 'idempotency_key', /idempotency key is required/],
    ['a malformed idempotency key', (b) => ({ ...b, idempotency_key: 'short' }), 'idempotency_key', /8 to 200/],
    ['an empty order', (b) => ({ ...b, order: emptyOrder() }), 'order', /empty/],
    ['no order', (b) => ({ ...b, order: undefined }), 'order', /empty/],
    ['a malformed order', (b) => ({ ...b, order: { lict: 1, lis: { evil: {} }, litot: 1 } }), 'order', /^Your Trips Collection could not be read\. Please add your stays to it again\.$/],
    ['a first name that is not text', (b) => ({ ...b, first_name: { first: 'Ada' } }), 'first_name', /^First name must be text\.$/],
    ['an email given as a list', (b) => ({ ...b, email: ['ada@example.com', 'eve@example.com'] }), 'email', /^Email must be text\.$/],
    ['an order that is not an order', (b) => ({ ...b, order: 'W3sibGljdCI6MX1d' }), 'order', /^Your Trips Collection could not be read\./],
  ])('%s', async (_name, change, field, message) => {
    const response = await post(change(await valid()));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors?.[field]).toMatch(message);
    expect(await counts()).toEqual(nothing);
  });

  it('reports every field at once, under the form field names', async () => {
    const response = await post({ order: orderOf(await freeStay()), idempotency_key: key() });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(
      ['address', 'city', 'country', 'email', 'first_name', 'last_name', 'payment[payment_option]', 'phone', 'postal_code', 'province', 'terms'].sort(),
    );
  });

  it.each<[string, (stay: Price) => Price, RegExp]>([
    ['an unknown eid', (s) => ({ ...s, eid: 1999, qp: { ...s.qp, rcav: { ...s.qp.rcav, IDs: [1999] } } }), /^Dune House, \w{3}, \w{3} \d+, \d{4} – \w{3}, \w{3} \d+, \d{4} can no longer be booked\. It is no longer offered\.$/],
    ['a stay in the past', (s) => ({ ...s, qp: { ...s.qp, rcav: { ...s.qp.rcav, begin: isoOfDay(today - 10), end: isoOfDay(today - 3), nights: 7 } } }), /can no longer be booked\. Its arrival date has passed\.$/],
    ['an end before the begin', (s) => ({ ...s, qp: { ...s.qp, rcav: { ...s.qp.rcav, end: isoOfDay((dayOf(s.b) as number) - 2), nights: undefined } } }), /Its departure date is not after its arrival date\.$/],
    ['more guests than the unit sleeps', (s) => ({ ...s, qp: { ...s.qp, rcav: { ...s.qp.rcav, adult: 12 } } }), /Dune House sleeps 8; this stay is for 12 guests\.$/],
    ['no adult', (s) => ({ ...s, qp: { ...s.qp, rcav: { ...s.qp.rcav, adult: 0 } } }), /The number of adults must be from 1 to \d+\.$/],
  ])('refuses %s with 400, saying why in plain words', async (_name, tamper, message) => {
    const stay = tamper(await freeStay());
    const response = await post({ ...guest, order: orderOf(stay), idempotency_key: key() });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.order).toMatch(message);
    // Issue 22: no parameter names in what a guest reads.
    expect(response.json().message).not.toMatch(/rcav|\[|\]|eid|qp\b/);
    expect(await counts()).toEqual(nothing);
  });

  it('answers a tampered price with 409 and the corrected order, as verify does', async () => {
    const stay = await freeStay();
    const response = await post({ ...guest, order: orderOf({ ...stay, p: 1 }), idempotency_key: key() });
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body).toMatchObject({ reason: 'prices_changed', changes: [{ key: 'ind-0', was: 1, now: stay.p }] });
    expect(body.order.lis['ind-0'].p).toBe(stay.p);
    expect(body.order.litot).toBe(stay.p);
    expect((body.checkout as CheckoutQuote).items[0]?.price).toBe(stay.p);
    expect(await counts()).toEqual(nothing);
  });

  it('answers 409 when the total the guest was shown is not the total now', async () => {
    const stay = await freeStay();
    const response = await post({ ...guest, order: orderOf(stay), idempotency_key: key(), dp: 1, total: stay.p });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/The total is now \$/);
    const right = await post({ ...guest, order: orderOf(stay), idempotency_key: key(), dp: 1, total: Math.round(stay.p * 100 + 5900) / 100 });
    expect(right.statusCode, right.body).toBe(201);
  });

  it('refuses a 50-item order, and more than 10 stays in one booking', async () => {
    const stays = await offers(1002, 30, 2, 28);
    const fifty = Array.from({ length: 50 }, (_, i) => stays[i % stays.length] as Price);
    const response = await post({ ...guest, order: orderOf(...fifty), idempotency_key: key() });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.order).toMatch(/at most 10 stays and activities; this Trips Collection has 50/);
    const eleven = await post({ ...guest, order: orderOf(...fifty.slice(0, 11)), idempotency_key: key() });
    expect(eleven.json().errors.order).toMatch(/has 11/);
    expect(await counts()).toEqual(nothing);
  });

  it('refuses the same unit twice for overlapping nights in one booking', async () => {
    const [a, b] = await offers(1002, 45, 7, 2);
    if (!a || !b) throw new Error('two arrivals');
    const response = await post({ ...guest, order: orderOf(a, b), idempotency_key: key() });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.order).toMatch(/twice for nights that overlap/);
    expect(await counts()).toEqual(nothing);
  });

  it('books stays whose dates and weeks pass the Luhn check, for a guest whose phone number does (issue 22)', async () => {
    const luhn = (digits: string) => [...digits].reverse().reduce((sum, d, i) => sum + (i % 2 === 1 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][Number(d)]! : Number(d)), 0) % 10 === 0;
    // The browser keeps bt/et in ms (about 1 day in 10 passes Luhn) and wk = 8/7 = 1.1428571428571428.
    expect(luhn('8613800138002')).toBe(true);
    const booked: string[] = [];
    for (let day = 30; booked.length < 2 && day < 120; day++) {
      const begin = isoOfDay(today + day);
      if (!luhn(String(Date.parse(`${begin}T00:00:00Z`)))) continue;
      const [offer] = (await offers(1002, day, 8)).filter((p) => p.b === begin);
      if (!offer) continue;
      const line = derivePrice(offer, begin);
      expect(String(line.wk)).toBe('1.1428571428571428');
      const response = await post({ ...guest, phone: '+86 138 0013 8002', notes: 'Call +86 138 0013 8002 on arrival', order: orderOf(line), idempotency_key: key() });
      expect(response.statusCode, response.body).toBe(201);
      booked.push(begin);
    }
    expect(booked).toHaveLength(2);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a card number in the notes', { notes: 'my card 4242 4242 4242 4242 exp 12/29' }, 'notes'],
    ['a card number field', { 'payment[card_number]': '4111111111111111' }, 'payment[card_number]'],
    ['a CVC field, whatever its value', { cvc: '123' }, 'cvc'],
    ['a card number as the token', { 'payment[payment_option]': 'cc', 'payment[token]': '4000056655665556' }, 'payment[token]'],
  ])('refuses %s with 400 and stores nothing of it', async (_name, extra, field) => {
    const response = await post({ ...(await valid()), ...extra });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/never sent to this site/);
    expect(response.json().errors).toEqual({ [field]: expect.stringMatching(/card or account number/) });
    expect(await counts()).toEqual(nothing);
  });

  it('refuses a JSON value that is not an object (415), more than 200 fields and an oversized field (400)', async () => {
    for (const payload of ['[]', '"checkout"', 'null', '42']) {
      const response = await app.inject({ method: 'POST', url: '/rescms/order/checkout', payload, headers: { ...OWN_CALL, 'content-type': 'application/json' } });
      expect([400, 415], `${payload}: ${response.body}`).toContain(response.statusCode);
      expect(response.json().message).toMatch(/JSON/);
    }
    const base = await valid();
    const crowded = await post({ ...base, ...Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`extra_${i}`, 'x'])) });
    expect(crowded.statusCode).toBe(400);
    expect(crowded.json().message).toMatch(/more than 200 fields/);
    const long = await post({ ...base, remarks: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'The field remarks is too long.', errors: { remarks: 'At most 4000 characters.' } });
    expect(await counts()).toEqual(nothing);
  });

  it('refuses a form post (415) and a body over 64 KB (413)', async () => {
    const form = await app.inject({ method: 'POST', url: '/rescms/order/checkout', payload: 'first_name=Ada', headers: { ...OWN_CALL, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    expect(form.json().message).toMatch(/JSON/);
    const huge = await post({ ...(await valid()), pad: 'x'.repeat(70 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/too large/);
    const broken = await app.inject({ method: 'POST', url: '/rescms/order/checkout', payload: '{"first_name":', headers: { ...OWN_CALL, 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(await counts()).toEqual(nothing);
  });
});

describe('the confirmation email', () => {
  it('is written to the outbox as an .eml file, text and HTML, escaped, with the link on the public origin', async () => {
    const before = new Set(fs.readdirSync(outbox));
    const stay = await freeStay();
    const response = await post({ ...guest, first_name: "D'Arcy", last_name: 'Ó Súilleabháin', order: orderOf(stay), idempotency_key: key() });
    expect(response.statusCode, response.body).toBe(201);
    await mail.idle();
    const files = fs.readdirSync(outbox).filter((f) => !before.has(f));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const message = fs.readFileSync(path.join(outbox, files[0] as string), 'utf8');
    expect(message).toMatch(/^To: ada@example\.com$/m);
    // Pay later is a hold: the subject and the first words are the site's, and say what to do by when.
    expect(message.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^Subject: Coral Haven Coast Rentals: please confirm your booking by \d{2}:\d{2} UTC on \w{3}, \w{3} \d{1,2}, \d{4}\r?$/m);
    expect(message).toContain('Content-Type: text/plain');
    expect(message).toContain('Content-Type: text/html');
    // Pay later: the deposit is said to be due now, the rest by the balance date.
    expect(message.replace(/=\r?\n/g, '')).toMatch(/Due now: \$[\d,.]+; we will contact you to take it\. Then \$[\d,.]+ by \w{3}, \w{3} \d{1,2}, \d{4}\./);
    const link = `${ORIGIN}${response.json().url}`;
    expect(message.replace(/=\r?\n/g, '')).toContain(link);
    const html = message.slice(message.indexOf('Content-Type: text/html')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(html).toContain('D&#39;Arcy');
    const [row] = await database.db.select().from(schema.mailQueue);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, kind: 'booking-hold', reference: response.json().code });
    expect(row?.textBody.split('\n')[0]).toBe('Coral Haven Coast Rentals here. This email address was given for a booking on our website, to pay later.');
    expect(row?.textBody).toMatch(new RegExp(`Confirm your booking: ${ORIGIN}/rescms/order/confirm/${response.json().code}/[A-Za-z0-9_-]{32}\n`));
  });
});

/** A raw JSON text posted as the site's own call. */
const postText = (url: string, payload: string) => app.inject({ method: 'POST', url, payload, headers: { ...OWN_CALL, 'content-type': 'application/json' } } as InjectOptions);

describe('the insurance state (province)', () => {
  it('60 KB at verify: 400 with a message naming the field', async () => {
    const response = await postText('/rcapi/order/verify', JSON.stringify({ order: { lict: 0, lis: {}, litot: 0 }, province: 'A'.repeat(60_000) }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(PROVINCE_MESSAGE);
  });

  it('at verify, anything but a state code or none is refused; a listed code, none, or none given is read', async () => {
    const empty = { lict: 0, lis: {}, litot: 0 };
    for (const province of ['ZZ', 'F', 'FL; drop', 12, ['FL'], { code: 'FL' }]) {
      const response = await postText('/rcapi/order/verify', JSON.stringify({ order: empty, province }));
      expect(response.statusCode, JSON.stringify(province)).toBe(400);
    }
    const listed = Object.keys(settings.insurance.states)[0];
    for (const province of [listed, listed?.toLowerCase(), 'none', undefined, null, '']) {
      const response = await postText('/rcapi/order/verify', JSON.stringify({ order: empty, province }));
      expect(response.statusCode, `${String(province)}: ${response.body}`).toBe(200);
    }
  });

  it('at verify, a field that is not order or province is refused', async () => {
    const response = await postText('/rcapi/order/verify', JSON.stringify({ order: { lict: 0, lis: {}, litot: 0 }, ['x'.repeat(100)]: 1 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^The field "x{40}" is not taken here/);
  });

  it('60 KB at checkout: 400 with a message naming the field, nothing booked', async () => {
    const response = await postText('/rescms/order/checkout', JSON.stringify({ idempotency_key: 'province-60kb-1', province: 'A'.repeat(60_000) }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/province/);
  });
});
