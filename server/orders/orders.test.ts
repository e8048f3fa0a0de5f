import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addLineItem, decodeOrder, emptyOrder, encodeOrder, MAX_ORDER_BASE64, MAX_SHARED_ORDER, type Order } from '../../src/domain/order/order.ts';
import { parseNestedQuery, toQueryString } from '../../src/domain/pricing/query.ts';
import type { Price, PriceQueryParams } from '../../src/domain/pricing/types.ts';
import { parseSiteSettings } from '../../src/domain/settings.ts';
import type { OpenDatabase } from '../db/client.ts';
import { openTestDatabase } from '../test-support.ts';
import { createOrderStore, newShareCode, type OrderStore, type ShareLimits } from './order-store.ts';
import { registerOrderRoutes, SESSION_COOKIE } from './routes.ts';
import type { OrderPricing } from './order-pricing.ts';

const settings = parseSiteSettings(JSON.parse(fs.readFileSync(path.resolve('config/site.json'), 'utf8')));
const PUBLIC_ORIGIN = 'https://coral.test';

/** The engine's answer for a qp: eid 1001 costs $1,234.56, eid 1002 $0.10; eid 1999 is booked. */
const PRICES: Record<string, number> = { '1001': 1234.56, '1002': 0.1, '1003': 0.2 };
const pricing: OrderPricing = {
  async price(raw) {
    const parsed = parseNestedQuery(raw);
    if (!parsed.ok) return { ok: false, message: parsed.error };
    const rcav = parsed.value.rcav as Record<string, string | string[]>;
    const eid = Array.isArray(rcav.IDs) ? rcav.IDs[0] : undefined;
    if (typeof eid !== 'string' || !(eid in PRICES)) return { ok: false, message: `Item ${String(eid)} is not available for these dates` };
    const qp: PriceQueryParams = { rcav: { begin: String(rcav.begin), end: String(rcav.end), adult: Number(rcav.adult), child: Number(rcav.child ?? 0), IDs: [Number(eid)] } };
    const price: Price = { eid: Number(eid), p: PRICES[eid] as number, c: 'USD', b: String(rcav.begin), e: String(rcav.end), n: `Rental ${eid}`, dn: 'Standard rate', qp };
    return { ok: true, price };
  },
};

const qpOf = (eid: number): PriceQueryParams => ({ rcav: { begin: '2027-03-01', end: '2027-03-08', adult: 2, child: 1, IDs: [eid] } });

let database: OpenDatabase;
let store: OrderStore;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  store = createOrderStore(database.db, { secret: 'test-secret' });
  app = Fastify();
  await app.register(cookie, { secret: 'test-secret' });
  await registerOrderRoutes(app, { store, pricing, settings, publicOrigin: PUBLIC_ORIGIN });
});

beforeEach(async () => {
  await database.db.execute(sql`delete from share_leads`);
  await database.db.execute(sql`delete from shared_orders`);
  await database.db.execute(sql`delete from order_sessions`);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A visitor: keeps the session cookie between requests, as a browser does. */
function visitor() {
  let jar = '';
  const send = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const response = await app.inject({ ...options, headers: { ...(jar ? { cookie: jar } : {}), ...(options.headers ?? {}) } });
    const set = response.cookies.find((c) => c.name === SESSION_COOKIE);
    if (set) jar = `${SESSION_COOKIE}=${set.value}`;
    return response;
  };
  return {
    get cookie() {
      return jar;
    },
    add: (qp: PriceQueryParams | string) => send({ url: `/rcapi/order/add?${typeof qp === 'string' ? qp : toQueryString(qp)}` }),
    remove: (index: string) => send({ url: `/rcapi/order/remove?index=${encodeURIComponent(index)}` }),
    get: () => send({ url: '/rcapi/order/get' }),
    send,
  };
}

describe('session mode (spec §4, §7)', () => {
  it('starts empty, without creating a session', async () => {
    const guest = visitor();
    const response = await guest.get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(emptyOrder());
    expect(guest.cookie).toBe('');
  });

  it('adds re-priced offers at the first free ind-N, removes them, totals to the cent', async () => {
    const guest = visitor();
    const first = await guest.add(qpOf(1002));
    expect(first.statusCode, first.body).toBe(200);
    const session = first.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    await guest.add(qpOf(1003));
    const order = (await guest.get()).json() as Order;
    expect(Object.keys(order.lis)).toEqual(['ind-0', 'ind-1']);
    expect(order).toMatchObject({ lict: 2, litot: 0.3 });
    expect(order.lis['ind-0']).toMatchObject({ eid: 1002, p: 0.1, n: 'Rental 1002', qp: qpOf(1002) });

    const removed = (await guest.remove('ind-0')).json() as Order;
    expect(removed).toMatchObject({ lict: 1, litot: 0.2 });
    const again = (await guest.add(qpOf(1001))).json() as Order;
    expect(Object.keys(again.lis).sort()).toEqual(['ind-0', 'ind-1']);
    expect(again.litot).toBe(1234.76);
  });

  it('never trusts a price sent by the client', async () => {
    const guest = visitor();
    const response = await guest.add(`${toQueryString(qpOf(1001))}&p=1&lis[ind-0][p]=0`);
    expect(response.statusCode).toBe(200);
    expect((response.json() as Order).litot).toBe(1234.56);
  });

  it('keeps two visitors apart, and marks the cookie Secure behind HTTPS', async () => {
    const a = visitor();
    const b = visitor();
    await a.add(qpOf(1001));
    expect(((await b.get()).json() as Order).lict).toBe(0);
    const proxied = Fastify({ trustProxy: true });
    await proxied.register(cookie, { secret: 's' });
    await registerOrderRoutes(proxied, { store, pricing, settings, publicOrigin: PUBLIC_ORIGIN });
    const secure = await proxied.inject({ url: `/rcapi/order/add?${toQueryString(qpOf(1002))}`, headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.statusCode).toBe(200);
    expect(secure.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    await proxied.close();
  });

  it('lands two adds sent at once', async () => {
    const guest = visitor();
    await guest.add(qpOf(1002));
    await Promise.all([guest.add(qpOf(1002)), guest.add(qpOf(1003)), guest.add(qpOf(1001))]);
    const order = (await guest.get()).json() as Order;
    expect(order.lict).toBe(4);
    expect(order.litot).toBe(1234.96);
  });

  it('treats a tampered or unknown session cookie as no session', async () => {
    const guest = visitor();
    await guest.add(qpOf(1001));
    const tampered = guest.cookie.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
    const response = await app.inject({ url: '/rcapi/order/get', headers: { cookie: tampered } });
    expect(response.json()).toEqual(emptyOrder());
    const forged = await app.inject({ url: '/rcapi/order/remove?index=ind-0', headers: { cookie: `${SESSION_COOKIE}=abc` } });
    expect(forged.json()).toEqual(emptyOrder());
  });

  it.each([
    ['no rcav', 'index=1', /rcav is required/],
    ['a malformed query', 'rcav[__proto__][x]=1', /not allowed/],
    ['an unavailable item', toQueryString(qpOf(1999)), /not available/],
    ['a query over 8 KB', `${toQueryString(qpOf(1001))}&pad=${'x'.repeat(8 * 1024)}`, /longer than 8192 characters/],
  ])('refuses an add with %s (400, nothing added)', async (_name, query, message) => {
    const guest = visitor();
    const response = await guest.add(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(guest.cookie).toBe('');
  });

  it.each([['ind-x'], [''], ['ind-99999'], ['__proto__']])('refuses removing %j', async (index) => {
    const response = await visitor().remove(index);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/line item key/);
  });

  it('says so when the Trips Collection is full', async () => {
    const guest = visitor();
    for (let i = 0; i < 50; i++) expect((await guest.add(qpOf(1002))).statusCode).toBe(200);
    const response = await guest.add(qpOf(1002));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/at most 50/);
  });

  it('sweeps sessions untouched for 30 days', async () => {
    const guest = visitor();
    await guest.add(qpOf(1001));
    expect((await store.sweep(new Date(Date.now() + 29 * 86_400_000))).sessions).toBe(0);
    expect((await store.sweep(new Date(Date.now() + 31 * 86_400_000))).sessions).toBe(1);
  });
});

const orderWith = (...eids: number[]): Order =>
  eids.reduce((order, eid) => addLineItem(order, { eid, p: PRICES[String(eid)] ?? 1, c: 'USD', b: '2027-03-01', e: '2027-03-08', n: `Rental ${eid}`, qp: qpOf(eid) }).order, emptyOrder());

const shareOn = (server: FastifyInstance, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  server.inject({ method: 'POST', url: '/rescms/order/share', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers }, payload: new URLSearchParams(fields).toString() });
const share = (fields: Record<string, string>, headers: Record<string, string> = {}) => shareOn(app, fields, headers);
const fieldsOf = (order: Order) => ({ url: '/mytrip', hash: encodeOrder(order), order: JSON.stringify(order) });
const codeOf = (url: string) => /#short-url=([A-Za-z0-9]+)$/.exec(url)?.[1] as string;

/** The price the engine gives a unit's qp now (what a friend opening the link should see). */
const priceNow = async (eid: number) => {
  const priced = await pricing.price(toQueryString(qpOf(eid)));
  if (!priced.ok) throw new Error(priced.message);
  return priced.price;
};

describe('sharing (spec §7 share, shorturl)', () => {
  it('stores the order under an unguessable code and answers the form and the short URL on the public origin, whatever the Host header', async () => {
    const order = orderWith(1001, 1002);
    const response = await share(fieldsOf(order), { host: 'evil.example' });
    expect(response.statusCode, response.body).toBe(200);
    const { form, url } = response.json() as { form: string; url: string };
    const code = codeOf(url);
    expect(url).toBe(`${PUBLIC_ORIGIN}/mytrip#short-url=${code}`);
    expect(form).not.toContain('evil.example');
    expect(code).toMatch(/^[A-Za-z0-9]{12}$/);

    const dom = new JSDOM(form).window.document;
    // The modal shows the heading, subheading and description; the form does not say them again.
    for (const text of [settings.order.share.heading, settings.order.share.subheading, settings.order.share.description].filter(Boolean)) expect(form).not.toContain(text);
    expect(dom.querySelector('h2')).toBeNull();
    expect(dom.querySelector<HTMLInputElement>('input[name="url"]')?.value).toBe(url);
    expect(dom.querySelector<HTMLInputElement>('input[name="fragment"]')?.value).toBe(`#short-url=${code}`);
    expect(dom.querySelector('input[name="g-recaptcha-response"]')).not.toBeNull();
    expect(dom.querySelector('input[type="checkbox"][name="bt_leads_optin"]')).not.toBeNull();
    const facebook = dom.querySelector('a[data-share-url="https://www.facebook.com/sharer/sharer.php"]');
    expect(facebook?.getAttribute('data-share-query')).toBe('u');
    expect(facebook?.getAttribute('href')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    for (const label of dom.querySelectorAll('label')) expect(dom.getElementById(label.getAttribute('for') ?? '')).not.toBeNull();

    const shortUrl = await app.inject({ url: `/rescms/order/shorturl/${code}` });
    expect(shortUrl.statusCode).toBe(200);
    expect(shortUrl.headers['content-type']).toMatch(/^text\/plain/);
    const expected = addLineItem(addLineItem(emptyOrder(), await priceNow(1001)).order, await priceNow(1002)).order;
    expect(decodeOrder(shortUrl.body, { maxLength: MAX_ORDER_BASE64 })).toEqual({ ok: true, value: expected });
  });

  it('keeps only what names each offer, priced by the engine: not the prices and texts the client sent', async () => {
    const tampered = addLineItem(emptyOrder(), { eid: 1001, p: 1, s: 999, c: 'USD', b: '2027-03-01', e: '2027-03-08', n: '<b>Free stay</b>', dd: 'x'.repeat(500), qp: qpOf(1001) }).order;
    const response = await share(fieldsOf(tampered));
    expect(response.statusCode, response.body).toBe(200);
    const rows = (await database.db.execute(sql`select "order" from shared_orders where code = ${codeOf(response.json().url)}`)) as unknown as { rows: { order: unknown }[] };
    expect(rows.rows[0]!.order).toEqual({ items: [{ qp: qpOf(1001), p: 1234.56, n: 'Rental 1001' }] });
  });

  it('shares a full Trips Collection (50 line items, too long for #rcod) by its code, and opens it whole', async () => {
    const full = Array.from({ length: 50 }, (_, i) => 1001 + (i % 3)).reduce(
      (order, eid) => addLineItem(order, { eid, p: PRICES[String(eid)]!, c: 'USD', b: '2027-03-01', e: '2027-03-08', n: `Rental ${eid} ${'with a long name '.repeat(6)}`, dn: 'Standard rate', dd: '7 nights · 2 adults, 1 child', qp: qpOf(eid) }).order,
      emptyOrder(),
    );
    const fields = fieldsOf(full);
    expect(fields.hash.length).toBeGreaterThan(MAX_SHARED_ORDER);
    const response = await share(fields);
    expect(response.statusCode, response.body).toBe(200);
    const opened = await app.inject({ url: `/rescms/order/shorturl/${codeOf(response.json().url)}`, headers: { accept: 'application/json' } });
    const { order, changes } = opened.json() as { order: string; changes: unknown[] };
    const decoded = decodeOrder(order, { maxLength: MAX_ORDER_BASE64 });
    expect(decoded.ok && decoded.value.lict).toBe(50);
    expect(changes).toEqual([]);
  });

  it("shows the friend today's prices, and says which offer can no longer be had instead of dropping it in silence", async () => {
    const response = await share(fieldsOf(orderWith(1001, 1003, 1002)));
    const code = codeOf(response.json().url);
    const was = { ...PRICES };
    PRICES['1001'] = 1300;
    delete PRICES['1003'];
    try {
      const opened = await app.inject({ url: `/rescms/order/shorturl/${code}`, headers: { accept: 'application/json' } });
      expect(opened.statusCode).toBe(200);
      const { order, changes } = opened.json() as { order: string; changes: unknown[] };
      const decoded = decodeOrder(order, { maxLength: MAX_ORDER_BASE64 });
      expect(decoded.ok && Object.values(decoded.value.lis).map((item) => [item.eid, item.p])).toEqual([
        [1001, 1300],
        [1002, 0.1],
      ]);
      expect(changes).toEqual([
        { key: 'ind-0', n: 'Rental 1001, Mon, Mar 1, 2027 – Mon, Mar 8, 2027', was: 1234.56, now: 1300 },
        { key: 'ind-1', n: 'Rental 1003, Mon, Mar 1, 2027 – Mon, Mar 8, 2027', was: 0.2, now: null, problem: 'Item 1003 is not available for these dates' },
      ]);
    } finally {
      Object.assign(PRICES, was);
    }
  });

  it('leaves out, and names in the form, an offer that can no longer be booked when shared', async () => {
    const response = await share(fieldsOf(orderWith(1001, 1999)));
    expect(response.statusCode, response.body).toBe(200);
    const note = new JSDOM(response.json().form).window.document.querySelector('.share-form__left-out');
    expect(note?.textContent).toBe('Not in the shared link, because it can no longer be booked:Rental 1999, Mon, Mar 1, 2027 – Mon, Mar 8, 2027');
    const none = await share(fieldsOf(orderWith(1999)));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('None of the offers in this Trips Collection can be booked any more, so there is nothing to share.');
  });

  it('hides the short URL field when a URL-shortener token is configured', async () => {
    const local = Fastify();
    await local.register(cookie, { secret: 's' });
    await registerOrderRoutes(local, { store, pricing, settings: { ...settings, order: { ...settings.order, url_shortener_token: 'token' } }, publicOrigin: PUBLIC_ORIGIN });
    const order = orderWith(1001);
    const response = await local.inject({ method: 'POST', url: '/rescms/order/share', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ url: '/mytrip', hash: encodeOrder(order), order: JSON.stringify(order) }).toString() });
    expect(response.statusCode).toBe(200);
    expect(response.json().form).not.toContain('name="url"');
    await local.close();
  });

  it('escapes everything it writes into the form', async () => {
    const order = orderWith(1001);
    const response = await share({ url: '/mytrip"><script>alert(1)</script>', hash: encodeOrder(order), order: JSON.stringify(order) });
    expect(response.statusCode).toBe(400);
    // A Host header with markup is not used at all: the link is on the public origin.
    const hostile = await share(fieldsOf(order), { host: 'evil"><img src=x onerror=alert(1)>' });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).not.toContain('<img');
    expect(hostile.json().url.startsWith(`${PUBLIC_ORIGIN}/mytrip#short-url=`)).toBe(true);
  });

  it.each([
    ['a missing order', { url: '/mytrip', hash: encodeOrder(orderWith(1001)) }, /order is required/],
    ['a hash that is not base64', { url: '/mytrip', hash: '%%%', order: JSON.stringify(orderWith(1001)) }, /not base64/],
    ['an order that does not match its hash', { url: '/mytrip', hash: encodeOrder(orderWith(1001)), order: JSON.stringify(orderWith(1002)) }, /do not match/],
    ['an order that is not JSON', { url: '/mytrip', hash: encodeOrder(orderWith(1001)), order: '{lict' }, /as JSON/],
    ['an empty order', { url: '/mytrip', hash: encodeOrder(emptyOrder()), order: JSON.stringify(emptyOrder()) }, /nothing to share/],
    ['a hash longer than the largest order', { url: '/mytrip', hash: 'A'.repeat(MAX_ORDER_BASE64 + 1), order: JSON.stringify(orderWith(1001)) }, new RegExp(`at most ${MAX_ORDER_BASE64}`)],
    ['a hostile __proto__ key', { url: '/mytrip', hash: btoa('{"lict":0,"lis":{},"litot":0,"__proto__":{"x":1}}'), order: '{"lict":0,"lis":{},"litot":0,"__proto__":{"x":1}}' }, /__proto__ is not allowed/],
    ['another site as url', { url: 'https://evil.example/', hash: encodeOrder(orderWith(1001)), order: JSON.stringify(orderWith(1001)) }, /path of this site/],
  ])('refuses %s with 400 and a message', async (_name, fields, message) => {
    const response = await share(fields as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    expect((await app.inject({ url: `/rescms/order/shorturl/${newShareCode()}` })).statusCode).toBe(404);
    const bad = await app.inject({ url: '/rescms/order/shorturl/..%2F..%2Fetc' });
    expect(bad.statusCode).toBe(400);
  });

  describe('quota, total cap and lifetime', () => {
    let clock: Date;
    let limited: FastifyInstance;
    let limitedStore: OrderStore;
    const limits: ShareLimits = { days: 90, quotaPerDay: 3, maxTotal: 5 };
    beforeAll(async () => {
      limitedStore = createOrderStore(database.db, { secret: 'test-secret', shares: limits, now: () => clock });
      limited = Fastify();
      await limited.register(cookie, { secret: 's' });
      await registerOrderRoutes(limited, { store: limitedStore, pricing, settings, publicOrigin: PUBLIC_ORIGIN });
    });
    afterAll(() => limited?.close());
    beforeEach(() => {
      clock = new Date();
    });
    const from = (remoteAddress: string) =>
      limited.inject({ method: 'POST', url: '/rescms/order/share', remoteAddress, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fieldsOf(orderWith(1001))).toString() });

    it('lets one client create SHARE_QUOTA shares a day, then answers 429 with Retry-After', async () => {
      for (let i = 0; i < 3; i++) expect((await from('192.0.2.1')).statusCode).toBe(200);
      const refused = await from('192.0.2.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
      expect(refused.json().message).toMatch(/shared many Trips Collections today/);
      // Another client is not held up by it; the next day the first may share again.
      expect((await from('192.0.2.2')).statusCode).toBe(200);
      clock = new Date(clock.getTime() + 86_400_000 + 1000);
      expect((await from('192.0.2.1')).statusCode).toBe(200);
    });

    it('keeps at most SHARE_MAX_TOTAL shares: beyond it 503 with Retry-After, and nothing stored', async () => {
      for (let i = 0; i < 5; i++) expect((await from(`192.0.2.${10 + i}`)).statusCode).toBe(200);
      const refused = await from('192.0.2.20');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('3600');
      const rows = (await database.db.execute(sql`select count(*)::int as n from shared_orders`)) as unknown as { rows: { n: number }[] };
      expect(rows.rows[0]!.n).toBe(5);
    });

    it('expires a share not opened for SHARE_DAYS; opening it renews it; the sweep removes it with its leads', async () => {
      const kept = codeOf((await from('192.0.2.30')).json().url);
      const forgotten = codeOf((await from('192.0.2.30')).json().url);
      await database.db.execute(sql`insert into share_leads (code, sender_name, sender_email, recipient_email, opt_in) values (${forgotten}, 'A', 'a@example.com', 'b@example.com', true)`);
      const open = (code: string) => limited.inject({ url: `/rescms/order/shorturl/${code}` });
      clock = new Date(clock.getTime() + 80 * 86_400_000);
      expect((await open(kept)).statusCode).toBe(200);
      clock = new Date(clock.getTime() + 20 * 86_400_000);
      expect((await open(kept)).statusCode).toBe(200);
      const expired = await open(forgotten);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().message).toBe('This shared Trips Collection does not exist or has expired.');
      expect(await limitedStore.sweep(clock)).toEqual({ sessions: 0, shares: 1 });
      const leads = (await database.db.execute(sql`select count(*)::int as n from share_leads`)) as unknown as { rows: { n: number }[] };
      expect(leads.rows[0]!.n).toBe(0);
      expect((await open(kept)).statusCode).toBe(200);
    });

    it('opens a share stored before shares were stripped (a whole order) at today\'s prices', async () => {
      await database.db.execute(sql`insert into shared_orders (code, "order") values ('LegacyCode12', ${JSON.stringify(orderWith(1001))}::jsonb)`);
      const opened = await limited.inject({ url: '/rescms/order/shorturl/LegacyCode12' });
      expect(opened.statusCode).toBe(200);
      const decoded = decodeOrder(opened.body, { maxLength: MAX_ORDER_BASE64 });
      expect(decoded.ok && decoded.value.lis['ind-0']).toEqual(await priceNow(1001));
    });
  });

  it('refuses a share that is not form-encoded', async () => {
    const response = await app.inject({ method: 'POST', url: '/rescms/order/share', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(response.statusCode).toBe(415);
  });
});

describe('sending a shared Trips Collection', () => {
  async function sharedCode(): Promise<string> {
    return codeOf((await share(fieldsOf(orderWith(1001)))).json().url);
  }
  const send = (fields: Record<string, string>, accept = 'application/json') =>
    app.inject({ method: 'POST', url: '/rescms/order/share/send', headers: { 'content-type': 'application/x-www-form-urlencoded', accept }, payload: new URLSearchParams(fields).toString() });

  it('keeps the sender as a lead and answers the email for the visitor\'s own email app', async () => {
    const code = await sharedCode();
    const response = await send({ code, name: 'Ana', email: 'ana@example.com', to: 'ben@example.org', message: 'Look!', bt_leads_optin: '1', fragment: `#short-url=${code}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Your email to ben@example.org is ready: send it from your own email app.');
    expect(response.json().mailto).toMatch(/^mailto:ben@example\.org\?subject=A%20Trips%20Collection%20of%20.+&body=Look%21%0D%0A/);
    expect(response.json().link).toBe(`${PUBLIC_ORIGIN}/mytrip#short-url=${code}`);
    const rows = (await database.db.execute(sql`select sender_email, recipient_email, opt_in from share_leads`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([{ sender_email: 'ana@example.com', recipient_email: '', opt_in: true }]);
  });

  it('without script, answers a page with the email ready and a link back to the shared trip', async () => {
    const code = await sharedCode();
    const response = await send({ code, name: 'Ana', email: 'ana@example.com', to: 'ben@example.org', bt_leads_optin: '1' }, 'text/html');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('href="mailto:ben@example.org?subject=');
    expect(response.body).toContain(`href="/mytrip#short-url=${code}"`);
  });

  it.each([
    ['the opt-in not accepted', {}, /Please accept the terms to proceed\./],
    ['a bad email', { email: 'ana@', bt_leads_optin: '1' }, /Your email address is not valid/],
    ['a bad recipient', { to: 'x <y@z.com>', bt_leads_optin: '1' }, /send to is not valid/],
    ['no name', { name: '', bt_leads_optin: '1' }, /name is required/],
  ])('refuses %s', async (_name, changes, message) => {
    const code = await sharedCode();
    const response = await send({ code, name: 'Ana', email: 'ana@example.com', to: 'ben@example.org', ...changes } as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('refuses an unknown code', async () => {
    const response = await send({ code: newShareCode(), name: 'Ana', email: 'ana@example.com', to: 'ben@example.org', bt_leads_optin: '1' });
    expect(response.statusCode).toBe(404);
  });
});
