import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../src/domain/content.ts';
import { formatCents, toCents } from '../../src/domain/money.ts';
import { toQueryString, type QueryValue } from '../../src/domain/pricing/query.ts';
import type { AvailItem, Price } from '../../src/domain/pricing/types.ts';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { openTestDatabase } from '../test-support.ts';
import { createPricingService, pricingFingerprint, type PricingService } from './pricing-service.ts';
import { fixtureSettings, insertFixture, NOW } from './test-fixture.ts';
import { testRenderer as renderer } from '../test-renderer.ts';

const settings = fixtureSettings(loadSiteSettings(path.resolve('config/site.json')));

let database: OpenDatabase;
let app: FastifyInstance;
let pricing: PricingService;
let content: ContentSource;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixture(database.db);
  pricing = createPricingService({ db: database.db, settings, now: () => NOW });
  content = createContentService(database.db, settings, { now: () => NOW, pricing });
  app = await buildServer({ settings, content, renderer, mediaDir: path.resolve('.tmp/no-media'), cookieSecret: 'test-secret-test-secret', pricing });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A query string of params, or of a price's qp (an interface without an index signature). */
const qs = (params: object) => toQueryString(params as Record<string, QueryValue>);
const search = (params: Record<string, QueryValue>) => app.inject({ url: `/rcapi/item/avail/search?${toQueryString(params)}`, headers: { accept: 'application/json' } });
const quote = (params: object) => app.inject({ url: `/rescms/ajax/item/pricing/quote?${qs(params)}`, headers: { accept: 'application/json' } });

async function offers(rcav: Record<string, QueryValue>): Promise<AvailItem[]> {
  const response = await search({ rcav });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /rcapi/item/avail/search', () => {
  it('answers every bookable unit with its offers, prices and groups (spec §7)', async () => {
    const items = await offers({ begin: '2027-01-20', end: '2027-01-23', adult: 2, child: 0 });
    expect(items.map((i) => i.eid)).toEqual([1001, 1002, 1003]);
    const standard = items[0]?.prices.find((p) => p.og === 'standard');
    expect(standard).toMatchObject({ eid: 1001, p: 548.5, s: 0, c: 'USD', b: '2027-01-20', e: '2027-01-23', n: 'Pelican Place', dn: 'Standard rate' });
    expect(items[0]?.groups?.map((g) => [g.id, g.featured])).toEqual([
      ['special', true],
      ['standard', true],
      ['nonrefundable', false],
    ]);
  });

  it('reads MM/DD/YYYY dates and nights instead of the end', async () => {
    const [item] = await offers({ begin: '01/20/2027', nights: 3, adult: 2, IDs: [1001] });
    expect(item?.prices[0]).toMatchObject({ b: '2027-01-20', e: '2027-01-23' });
  });

  it.each<[string, string, RegExp]>([
    ['no rcav', 'q=1', /rcav is required/],
    ['rcav as a plain value', 'rcav=abc', /rcav is required/],
    ['an unknown rcav field', 'rcav[begin]=2027-01-20&rcav[nights]=3&rcav[bogus]=1', /rcav\[bogus\] is not an availability parameter/],
    ['no begin', 'rcav[end]=2027-01-23', /rcav\[begin\] is required/],
    ['an impossible date', 'rcav[begin]=2027-02-30&rcav[nights]=3', /rcav\[begin\] must be a real date/],
    ['a date in words', 'rcav[begin]=tomorrow&rcav[nights]=3', /rcav\[begin\] must be a real date/],
    ['a bad end date', 'rcav[begin]=2027-01-20&rcav[end]=2027-13-01', /rcav\[end\] must be a real date/],
    ['the end before the begin', 'rcav[begin]=2027-01-20&rcav[end]=2027-01-19', /rcav\[end\] must be after rcav\[begin\]/],
    ['the end on the begin', 'rcav[begin]=2027-01-20&rcav[end]=2027-01-20', /rcav\[end\] must be after rcav\[begin\]/],
    ['no end and no nights', 'rcav[begin]=2027-01-20&rcav[adult]=2', /Give rcav\[end\]/],
    ['more than 365 nights by dates', 'rcav[begin]=2027-01-20&rcav[end]=2028-01-21', /at most 365 nights/],
    ['more than 365 nights', 'rcav[begin]=2027-01-20&rcav[nights]=366', /rcav\[nights\] must be a whole number from 1 to 365/],
    ['nights that disagree with the dates', 'rcav[begin]=2027-01-20&rcav[end]=2027-01-23&rcav[nights]=4', /does not match/],
    ['zero adults', 'rcav[begin]=2027-01-20&rcav[nights]=3&rcav[adult]=0', /rcav\[adult\] must be a whole number from 1 to 50/],
    ['negative adults', 'rcav[begin]=2027-01-20&rcav[nights]=3&rcav[adult]=-2', /rcav\[adult\]/],
    ['fractional adults', 'rcav[begin]=2027-01-20&rcav[nights]=3&rcav[adult]=1.5', /rcav\[adult\]/],
    ['negative children', 'rcav[begin]=2027-01-20&rcav[nights]=3&rcav[child]=-1', /rcav\[child\] must be a whole number from 0 to 50/],
    ['too many seniors', 'rcav[begin]=2027-01-20&rcav[nights]=3&rcav[senior]=51', /rcav\[senior\]/],
    ['an unknown eid', 'rcav[begin]=2027-01-20&rcav[nights]=3&rcav[IDs][]=4242', /No bookable item with eid 4242/],
    ['an eid that is not a number', 'rcav[begin]=2027-01-20&rcav[nights]=3&rcav[IDs][]=abc', /rcav\[IDs\]\[0\] must be a whole number/],
    ['an unknown package', 'rcav[begin]=2027-01-20&rcav[IDs][]=1001&rcav[IDs][]=0&rcav[IDs][]=8999', /No package with eid 8999/],
    ['a unit outside the package', 'rcav[begin]=2027-03-10&rcav[IDs][]=1003&rcav[IDs][]=0&rcav[IDs][]=8001', /Unit 1003 is not part of package 8001/],
    ['a flexible window beyond the maximum', 'rcav[begin]=2027-01-20&rcav[nights]=3&rcav[flex]=29', /rcav\[flex\] must be a whole number from 0 to 28/],
    ['an arrival in the past', 'rcav[begin]=2027-01-01&rcav[nights]=3', /rcav\[begin\] is in the past/],
    ['a parameter given twice', 'rcav[begin]=2027-01-20&rcav[begin]=2027-01-21&rcav[nights]=3', /given twice/],
    ['a malformed parameter name', 'rcav[begin=2027-01-20', /Malformed query/],
    ['a prototype key', 'rcav[__proto__][x]=1', /Malformed query/],
    ['an overlong coupon', `rcav[begin]=2027-01-20&rcav[nights]=3&rcav[coupon]=${'X'.repeat(41)}`, /rcav\[coupon\] must be at most 40 characters/],
  ])('refuses %s with a 400 that says why', async (_title, query, message) => {
    const response = await app.inject({ url: `/rcapi/item/avail/search?${query}`, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toMatch(message);
  });

  it('never answers 500, whatever the query (property)', async () => {
    const fragment = fc.oneof(
      fc.constantFrom('rcav[begin]=2027-01-20', 'rcav[end]=2027-01-23', 'rcav[nights]=3', 'rcav[adult]=2', 'rcav[IDs][]=1001', 'rcav[IDs][]=8001', 'rcav[flex]=3', 'rcav[coupon]=SUNNY10', 'rcav[IDs][2]=8001', 'rcav[child]=', 'rcav', 'rcav[]=1', '%', '&&', 'rcav[begin][x]=1'),
      fc.string({ maxLength: 20 }).map((text) => encodeURIComponent(text)),
      fc.string({ maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fragment, { maxLength: 8 }), async (parts) => {
        const response = await app.inject({ url: `/rcapi/item/avail/search?${parts.join('&')}` });
        expect([200, 400]).toContain(response.statusCode);
      }),
      { numRuns: 150 },
    );
  });
});

describe('GET /rescms/ajax/item/pricing/quote', () => {
  async function firstOffer(og: string, rcav: Record<string, QueryValue>): Promise<Price> {
    const items = await offers(rcav);
    const price = items.flatMap((i) => i.prices).find((p) => p.og === og);
    if (!price) throw new Error(`no ${og} offer`);
    return price;
  }

  it('itemises the stay: nights by season, fees, taxes, savings, total, payment schedule, cancellation, and the buy link', async () => {
    const price = await firstOffer('standard', { begin: '2027-02-26', end: '2027-03-03', adult: 2, IDs: [1001], coupon: 'sunny10' });
    const response = await quote({ ...price.qp, buy_text: 'Book now' });
    expect(response.statusCode).toBe(200);
    const { content } = response.json() as { content: string };
    expect(content).toContain('Pelican Place');
    expect(content).toContain('Fri, Feb 26, 2027 – Wed, Mar 3, 2027 · 5 nights · 2 Adults');
    expect(content).toMatch(/Winter 2027<\/th><td>3 nights × \$100\.00<\/td><td class="rc-quote__amount">\$300\.00/);
    expect(content).toMatch(/Spring 2027<\/th><td>2 nights × \$150\.00<\/td><td class="rc-quote__amount">\$300\.00/);
    expect(content).toMatch(/Coupon SUNNY10<\/th><td>10% off the rent<\/td><td class="rc-quote__amount">-\$60\.00/);
    expect(content).toContain('Cleaning fee');
    expect(content).toContain('Reservation fee');
    expect(content).toMatch(/Linen service<\/th><td>5 nights × \$5\.00/);
    expect(content).toMatch(/Lodging tax<\/th><td>11\.5% of the rent after discounts<\/td><td class="rc-quote__amount">\$62\.10/);
    expect(content).not.toContain('Damage protection');
    expect(content).toContain(`Total</th><td class="rc-quote__amount">${formatCents(toCents(price.p), 'USD', 2)}`);
    expect(content).toContain('You save</th><td class="rc-quote__amount">$60.00');
    expect(content).toContain('Deposit (30%) at booking');
    expect(content).toContain('Balance, due Wed, Jan 27, 2027');
    expect(content).toContain('Cancel on or before Wed, Jan 27, 2027 for a full refund');
    const href = /<a class="button button--primary rc-quote__buy" href="([^"]+)">Book now<\/a>/.exec(content)?.[1];
    expect(href?.replace(/&amp;/g, '&')).toBe(`/rescms/item/1001/buy?${qs(price.qp)}`);
  });

  it('round-trips a price’s qp: the quote total is the search price, for every offer', async () => {
    const items = await offers({ begin: '2027-03-10', nights: 4, adult: 2, child: 1, coupon: 'SUNNY10' });
    const prices = items.flatMap((i) => i.prices);
    expect(prices.length).toBeGreaterThan(3);
    for (const price of prices) {
      const response = await quote({ ...price.qp, buy_text: 'Book now' });
      const { content } = response.json() as { content: string };
      expect(content, `${price.eid} ${price.og}`).toContain(`Total</th><td class="rc-quote__amount">${formatCents(toCents(price.p), 'USD', 2)}`);
    }
  });

  it('pays in full at booking for a non-refundable rate or an arrival within 30 days', async () => {
    const nonrefundable = await firstOffer('nonrefundable', { begin: '2027-03-10', nights: 4, adult: 2, IDs: [1002] });
    const first = (await quote({ ...nonrefundable.qp })).json().content as string;
    expect(first).toContain('Non-refundable rate');
    expect(first).toContain('Paid in full at booking');
    expect(first).toContain('nothing is refunded');
    const soon = await firstOffer('standard', { begin: '2027-01-20', nights: 3, adult: 2, IDs: [1002] });
    expect((await quote({ ...soon.qp })).json().content).toContain('Paid in full at booking');
  });

  it('says why when the stay is not available', async () => {
    const response = await quote({ rcav: { begin: '2027-02-11', nights: 3, adult: 2, IDs: [1001] } });
    expect(response.statusCode).toBe(200);
    expect(response.json().content).toContain('Not available: Pelican Place is already booked for some of these nights.');
  });

  it('escapes every text: names and the buy_text', async () => {
    const response = await quote({ rcav: { begin: '2027-01-20', nights: 2, adult: 1, IDs: [1003] }, buy_text: '<img src=x onerror=alert(1)>' });
    const { content } = response.json() as { content: string };
    expect(content).toContain('Sea &lt;b&gt;Breeze&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(content).toContain('&lt;img src=x onerror=alert(1)&gt;</a>');
    expect(content).not.toMatch(/<img|<b>/);
  });

  it('uses the configured buy text when none is given', async () => {
    const response = await quote({ rcav: { begin: '2027-01-20', nights: 2, adult: 1, IDs: [1003] } });
    expect(response.json().content).toContain(`>${settings.pricing.quote_buy_text}</a>`);
  });

  it('refuses a quote without an item, or over a flexible window, with 400', async () => {
    expect((await quote({ rcav: { begin: '2027-01-20', nights: 2, adult: 1 } })).json().message).toMatch(/rcav\[IDs\] is required/);
    expect((await quote({ rcav: { begin: '2027-01-20', nights: 2, adult: 1, IDs: [1001], flex: 3 } })).statusCode).toBe(400);
    expect((await quote({ rcav: { begin: '2027-01-20', nights: 2, adult: 1, IDs: [1001] }, og: 'cheapest' })).json().message).toMatch(/og must be one of/);
  });
});

describe('the buy page (spec §2 Item routes)', () => {
  it('re-prices the stay of its query string on the server', async () => {
    const [item] = await offers({ begin: '2027-03-10', nights: 4, adult: 2, child: 1, IDs: [1002] });
    const price = item?.prices.find((p) => p.og === 'standard') as Price;
    const page = await content.buy(1002, qs(price.qp));
    expect(page?.problem).toBeNull();
    expect(page?.quote).toMatchObject({ eid: 1002, begin: '2027-03-10', end: '2027-03-14', nights: 4, adult: 2, child: 1, total: toCents(price.p) });
    expect(page?.quote?.payments.reduce((sum, p) => sum + p.amount, 0)).toBe(toCents(price.p));
  });

  it('renders the itemised stay and the way on to checkout', async () => {
    const response = await app.inject({ url: `/rescms/item/1002/buy?${toQueryString({ rcav: { begin: '2027-03-10', nights: 4, adult: 2, child: 1, IDs: [1002] } })}`, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('2 Adults, 1 Child');
    expect(response.body).toContain('Spring 2027');
    expect(response.body).toMatch(/href="\/rescms\/order\/checkout\?rcav/);
    expect(response.body).toContain('<title>Book Dune House');
  });

  it('says when the stay is not available, with the stay asked for', async () => {
    const page = await content.buy(1001, toQueryString({ rcav: { begin: '2027-02-11', nights: 3, adult: 2 } }));
    expect(page?.quote).toBeNull();
    expect(page?.asked).toMatchObject({ begin: '2027-02-11', end: '2027-02-14', nights: 3, adult: 2 });
    expect(page?.problem).toBe('Pelican Place is already booked for some of these nights.');
  });

  it('asks for dates without a query, and explains a broken link', async () => {
    expect(await content.buy(1001, '')).toMatchObject({ quote: null, problem: null, asked: null });
    expect((await content.buy(1001, 'rcav[begin]=2027-02-30&rcav[nights]=3'))?.problem).toMatch(/This booking link is not valid: rcav\[begin\] must be a real date/);
    expect((await content.buy(1001, toQueryString({ rcav: { begin: '2027-01-20', nights: 3, IDs: [1002] } })))?.problem).toBe('This booking link is for another item.');
    expect(await content.buy(4242, '')).toBeNull();
  });
});

describe('specials and coupons in the page settings', () => {
  it('sends the specials still bookable, in the site’s order, and keeps the coupon codes on the server', async () => {
    const response = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    const json = /<script id="page-settings" type="application\/json">([^]*?)<\/script>/.exec(response.body)?.[1] ?? 'null';
    const page = JSON.parse(json);
    expect(page.specials.map((s: { nid: number }) => s.nid)).toEqual([1, 2]);
    expect(page.specials[0]).toEqual({
      nid: 1,
      units: ['1001', '1002'],
      special_type: '1',
      stay_begin: Date.UTC(2027, 0, 10) / 1000,
      stay_end: Date.UTC(2027, 2, 1) / 1000 - 1,
      book_begin: Date.UTC(2027, 0, 1) / 1000,
      book_end: Date.UTC(2027, 1, 10) / 1000,
      max_guests: 0,
      min_guests: 0,
      max_nights: 0,
      min_nights: 3,
    });
    expect(page.settings.pricing).not.toHaveProperty('coupons');
    expect(response.body).not.toContain('SUNNY10');
  });
});

describe('the cached calendar', () => {
  it('notices a change in the database by its fingerprint, without invalidate()', async () => {
    const watching = createPricingService({ db: database.db, settings, now: () => NOW, freshMs: 0, staleMs: 0 });
    const query = qs({ rcav: { begin: '2027-04-20', nights: 3, adult: 2, IDs: [1001] } });
    expect((await watching.search(query)).items[0]?.prices[0]?.b).toBe('2027-04-20');
    const print = await pricingFingerprint(database.db);
    const model = await watching.data();
    expect(await watching.data()).toBe(model);
    await database.db.insert(bookings).values({ unitEid: 1001, beginDate: '2027-04-19', endDate: '2027-04-22', kind: 'blocked' });
    expect(await pricingFingerprint(database.db)).not.toBe(print);
    const { items: after } = await watching.search(query);
    expect(after[0]?.prices.some((p) => p.b === '2027-04-20')).toBe(false);
  });

  it('sees a new booking after invalidate()', async () => {
    const before = await offers({ begin: '2027-04-10', nights: 3, adult: 2, IDs: [1002] });
    expect(before[0]?.prices[0]?.b).toBe('2027-04-10');
    await database.db.insert(bookings).values({ unitEid: 1002, beginDate: '2027-04-09', endDate: '2027-04-12', kind: 'booked' });
    pricing.invalidate();
    const after = await offers({ begin: '2027-04-10', nights: 3, adult: 2, IDs: [1002] });
    expect(after[0]?.prices.some((p) => p.b === '2027-04-10')).toBe(false);
    expect(after[0]?.prices[0]?.b).toBe('2027-04-12');
  });
});
