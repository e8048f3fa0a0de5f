import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stayLabel } from '../../src/domain/order/verification.ts';
import { addLineItem, emptyOrder, type Order } from '../../src/domain/order/order.ts';
import { toQueryString } from '../../src/domain/pricing/query.ts';
import type { AvailItem, Price } from '../../src/domain/pricing/types.ts';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { createPricingService } from '../pricing/pricing-service.ts';
import { fixtureSettings, insertFixture, NOW } from '../pricing/test-fixture.ts';
import { FROM_THIS_SITE, openTestDatabase } from '../test-support.ts';
import { createOrderStore } from './order-store.ts';
import { orderPricing } from './pricing-adapter.ts';
import { SESSION_COOKIE } from './routes.ts';
import { testRenderer as renderer } from '../test-renderer.ts';

const settings = fixtureSettings(loadSiteSettings(path.resolve('config/site.json')));

let database: OpenDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixture(database.db);
  const pricing = createPricingService({ db: database.db, settings, now: () => NOW });
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings, { now: () => NOW, pricing }),
    renderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: 'test-secret-test-secret',
    pricing,
    orders: { store: createOrderStore(database.db, { secret: 'test-secret' }), pricing: orderPricing(pricing) },
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A request of the site's own pages (as a browser sends it, with Fetch Metadata). */
const site = (options: InjectOptions) => app.inject({ ...options, headers: { ...FROM_THIS_SITE, ...options.headers } });

async function offersFor(rcav: object): Promise<Price[]> {
  const response = await site({ url: `/rcapi/item/avail/search?${toQueryString({ rcav })}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AvailItem[]).flatMap((item) => item.prices);
}

describe('the order re-prices through the pricing engine', () => {
  it('adds the offer of a qp at the engine price, and its qp round-trips unchanged', async () => {
    const [offer, other] = (await offersFor({ begin: '2027-01-20', end: '2027-01-23', adult: 2, child: 0 })).filter((p) => p.og === 'standard');
    if (!offer || !other) throw new Error('the fixture has standard offers');
    const first = await site({ url: `/rcapi/order/add?${toQueryString(offer.qp)}` });
    expect(first.statusCode, first.body).toBe(200);
    const cookie = `${SESSION_COOKIE}=${first.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    const second = await site({ url: `/rcapi/order/add?${toQueryString(other.qp)}`, headers: { cookie } });
    const order = second.json() as Order;
    expect(order.lict).toBe(2);
    expect(order.lis['ind-0']).toMatchObject({ eid: offer.eid, p: offer.p, b: offer.b, e: offer.e, qp: offer.qp });
    expect(order.litot).toBe(Math.round((offer.p + other.p) * 100) / 100);
  });

  it('gives a web-only special (type 2) when adding, though a detailed quote leaves it out', async () => {
    const special = (await offersFor({ begin: '2027-01-20', end: '2027-01-23', adult: 1, child: 0, IDs: [1003] })).find((p) => p.og === 'special');
    if (!special) throw new Error('the fixture has a web-only special for 1003');
    const added = await site({ url: `/rcapi/order/add?${toQueryString(special.qp)}` });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as Order).lis['ind-0']).toMatchObject({ p: special.p, og: 'special' });
    const quote = await site({ url: `/rescms/ajax/item/pricing/quote?${toQueryString(special.qp)}`, headers: { accept: 'application/json' } });
    expect(quote.json().content).toContain('is not given on detailed quotes');
  });

  it('refuses a stay that is booked, and a malformed one, with 400 and the reason', async () => {
    const booked = await site({ url: `/rcapi/order/add?${toQueryString({ rcav: { begin: '2027-02-11', end: '2027-02-14', adult: 2, child: 0, IDs: [1001] } })}` });
    expect(booked.statusCode).toBe(400);
    expect(booked.json().message).toBe('Pelican Place is already booked for some of these nights.');
    const bad = await site({ url: `/rcapi/order/add?${toQueryString({ rcav: { begin: '2027-02-30', adult: 2, IDs: [1001] } })}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/begin/);
  });
});

describe('POST /rcapi/order/verify: every price checked again before checkout', () => {
  const verify = (body: unknown, cookie?: string) =>
    site({ method: 'POST', url: '/rcapi/order/verify', payload: body as object, headers: cookie ? { cookie } : {} });

  it('keeps prices that still hold, corrects a changed one and removes an offer that can no longer be had', async () => {
    const [offer] = (await offersFor({ begin: '2027-01-20', end: '2027-01-23', adult: 2, child: 0 })).filter((p) => p.og === 'standard');
    if (!offer) throw new Error('the fixture has a standard offer');
    const booked: Price = { ...offer, p: 10, b: '2027-02-11', e: '2027-02-14', qp: { rcav: { begin: '2027-02-11', end: '2027-02-14', adult: 2, child: 0, IDs: [1001] } } };
    let order = addLineItem(emptyOrder(), offer).order;
    order = addLineItem(order, { ...offer, p: 1 }).order;
    order = addLineItem(order, booked).order;

    const response = await verify({ order });
    expect(response.statusCode, response.body).toBe(200);
    const { order: checked, changes } = response.json() as { order: Order; changes: Array<{ key: string; was: number; now: number | null; problem?: string }> };
    expect(changes).toEqual([
      // Named with its dates, and why in a guest's words (issue 22).
      { key: 'ind-1', n: stayLabel(offer.n as string, offer.b, offer.e), was: 1, now: offer.p },
      { key: 'ind-2', n: stayLabel(offer.n as string, booked.b, booked.e), was: 10, now: null, problem: 'Pelican Place is already booked for some of these nights.' },
    ]);
    expect(Object.keys(checked.lis)).toEqual(['ind-0', 'ind-1']);
    expect(checked.litot).toBe(Math.round(offer.p * 2 * 100) / 100);
  });

  it('checks the session order in session mode and keeps the checked one', async () => {
    const [offer] = (await offersFor({ begin: '2027-01-20', end: '2027-01-23', adult: 2, child: 0 })).filter((p) => p.og === 'standard');
    if (!offer) throw new Error('the fixture has a standard offer');
    const added = await site({ url: `/rcapi/order/add?${toQueryString(offer.qp)}` });
    const cookie = `${SESSION_COOKIE}=${added.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    const response = await verify({ order: emptyOrder() }, cookie);
    expect(response.json()).toMatchObject({ order: added.json(), changes: [] });
  });

  it('refuses a malformed order with 400', async () => {
    const response = await verify({ order: { lict: 1, lis: { evil: {} }, litot: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid order/);
  });
});
