import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addLineItem, decodeOrder, emptyOrder, encodeOrder, type Order } from '../../src/domain/order/order.ts';
import { parseNestedQuery, toQueryString } from '../../src/domain/pricing/query.ts';
import type { Price, PriceQueryParams } from '../../src/domain/pricing/types.ts';
import { parseSiteSettings } from '../../src/domain/settings.ts';
import type { OpenDatabase } from '../db/client.ts';
import { openTestDatabase } from '../test-support.ts';
import { createOrderStore, newShareCode, type OrderStore } from './order-store.ts';
import { registerOrderRoutes, SESSION_COOKIE, type OrderPricing } from './routes.ts';

const settings = parseSiteSettings(JSON.parse(fs.readFileSync(path.resolve('config/site.json'), 'utf8')));

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
  store = createOrderStore(database.db);
  app = Fastify();
  await app.register(cookie, { secret: 'test-secret' });
  await registerOrderRoutes(app, { store, pricing, settings });
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
    await registerOrderRoutes(proxied, { store, pricing, settings });
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
    expect(await store.sweep(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await store.sweep(new Date(Date.now() + 31 * 86_400_000))).toBe(1);
  });
});

const orderWith = (...eids: number[]): Order =>
  eids.reduce((order, eid) => addLineItem(order, { eid, p: PRICES[String(eid)] ?? 1, c: 'USD', b: '2027-03-01', e: '2027-03-08', n: `Rental ${eid}`, qp: qpOf(eid) }).order, emptyOrder());

const share = (fields: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/rescms/order/share', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', host: 'coral.test:3000' }, payload: new URLSearchParams(fields).toString() });

describe('sharing (spec §7 share, shorturl)', () => {
  it('stores the order under an unguessable code and answers the form and the short URL', async () => {
    const order = orderWith(1001, 1002);
    const response = await share({ url: '/mytrip', hash: encodeOrder(order), order: JSON.stringify(order) });
    expect(response.statusCode, response.body).toBe(200);
    const { form, url } = response.json() as { form: string; url: string };
    const code = /#short-url=([A-Za-z0-9]+)$/.exec(url)?.[1] as string;
    expect(url).toBe(`http://coral.test:3000/mytrip#short-url=${code}`);
    expect(code).toMatch(/^[A-Za-z0-9]{12}$/);

    const dom = new JSDOM(form).window.document;
    expect(dom.querySelector('h2')?.textContent).toBe(settings.order.share.heading);
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
    expect(decodeOrder(shortUrl.body)).toEqual({ ok: true, value: order });
  });

  it('hides the short URL field when a URL-shortener token is configured', async () => {
    const local = Fastify();
    await local.register(cookie, { secret: 's' });
    await registerOrderRoutes(local, { store, pricing, settings: { ...settings, order: { ...settings.order, url_shortener_token: 'token' } } });
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
    const hostile = await app.inject({
      method: 'POST',
      url: '/rescms/order/share',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'evil"><img src=x onerror=alert(1)>' },
      payload: new URLSearchParams({ url: '/mytrip', hash: encodeOrder(order), order: JSON.stringify(order) }).toString(),
    });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.body).not.toContain('<img');
  });

  it.each([
    ['a missing order', { url: '/mytrip', hash: encodeOrder(orderWith(1001)) }, /order is required/],
    ['a hash that is not base64', { url: '/mytrip', hash: '%%%', order: JSON.stringify(orderWith(1001)) }, /not base64/],
    ['an order that does not match its hash', { url: '/mytrip', hash: encodeOrder(orderWith(1001)), order: JSON.stringify(orderWith(1002)) }, /do not match/],
    ['an order that is not JSON', { url: '/mytrip', hash: encodeOrder(orderWith(1001)), order: '{lict' }, /as JSON/],
    ['an empty order', { url: '/mytrip', hash: encodeOrder(emptyOrder()), order: JSON.stringify(emptyOrder()) }, /nothing to share/],
    ['a hash over 16 KB', { url: '/mytrip', hash: 'A'.repeat(16 * 1024 + 1), order: JSON.stringify(orderWith(1001)) }, /at most 16384/],
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

  it('refuses a share that is not form-encoded', async () => {
    const response = await app.inject({ method: 'POST', url: '/rescms/order/share', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(response.statusCode).toBe(415);
  });
});

describe('sending a shared Trips Collection', () => {
  async function sharedCode(): Promise<string> {
    const order = orderWith(1001);
    const response = await share({ url: '/mytrip', hash: encodeOrder(order), order: JSON.stringify(order) });
    return /#short-url=(\w+)$/.exec(response.json().url)?.[1] as string;
  }
  const send = (fields: Record<string, string>, accept = 'application/json') =>
    app.inject({ method: 'POST', url: '/rescms/order/share/send', headers: { 'content-type': 'application/x-www-form-urlencoded', accept }, payload: new URLSearchParams(fields).toString() });

  it('keeps the request as a lead and confirms it', async () => {
    const code = await sharedCode();
    const response = await send({ code, name: 'Ana', email: 'ana@example.com', to: 'ben@example.org', message: 'Look!', bt_leads_optin: '1', fragment: `#short-url=${code}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Your Trips Collection is on its way to ben@example.org.');
    const rows = (await database.db.execute(sql`select sender_email, recipient_email, opt_in from share_leads`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([{ sender_email: 'ana@example.com', recipient_email: 'ben@example.org', opt_in: true }]);
  });

  it('without script, goes back to the shared trip with a status message', async () => {
    const code = await sharedCode();
    const response = await send({ code, name: 'Ana', email: 'ana@example.com', to: 'ben@example.org', bt_leads_optin: '1' }, 'text/html');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/mytrip#short-url=${code}`);
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
