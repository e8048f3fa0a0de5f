/**
 * Deeply nested JSON is refused with 400 on every JSON route, before any handler walks it (it
 * used to overflow the stack in the checkout's idempotency hash: 500), and the verify and
 * checkout routes check the insurance state's form and length.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsCollector } from '../analytics/collector.ts';
import { buildServer } from '../app.ts';
import { canonical } from '../checkout/checkout-fields.ts';
import { createCheckoutService } from '../checkout/checkout-service.ts';
import { createTestPaymentProvider } from '../checkout/payment.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { createMailQueue, type MailQueue } from '../mail/mail-queue.ts';
import { createMailTransport } from '../mail/transport.ts';
import { createOrderStore } from '../orders/order-store.ts';
import { orderPricing } from '../orders/pricing-adapter.ts';
import { PROVINCE_MESSAGE } from '../orders/routes.ts';
import { createPricingService } from '../pricing/pricing-service.ts';
import { fixtureSettings, insertFixture, NOW } from '../pricing/test-fixture.ts';
import type { PageRenderer } from '../renderer.ts';
import { openTestDatabase } from '../test-support.ts';
import { JSON_MAX_DEPTH, jsonDeeperThan, tooDeepMessage } from './json-body.ts';

const settings = fixtureSettings(loadSiteSettings(path.resolve('config/site.json')));
/** No page is rendered here (a stub: the page bundle is not loaded for a test that needs none). */
const renderer: PageRenderer = {
  render: () => Promise.reject(new Error('no pages in this test')),
  assets: () => ({ scripts: [], styles: [] }) as unknown as ReturnType<PageRenderer['assets']>,
  close: async () => {},
};
const OWN_CALL = { 'x-requested-with': 'XMLHttpRequest' };

let database: OpenDatabase;
let app: FastifyInstance;
let mail: MailQueue;
let outbox: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixture(database.db);
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'json-body-outbox-'));
  const pricing = createPricingService({ db: database.db, settings, now: () => NOW });
  const store = createOrderStore(database.db, { secret: 'json-body-test-secret' });
  mail = createMailQueue({ db: database.db, transport: createMailTransport({ outboxDir: outbox }), from: { name: settings.site.name, address: settings.site.email } });
  const checkout = createCheckoutService({
    db: database.db,
    settings,
    pricing: orderPricing(pricing),
    markBooked: (stays) => pricing.markBooked(stays),
    store,
    payments: createTestPaymentProvider(),
    mail,
    publicOrigin: 'https://www.coralhaven.example',
    secret: 'json-body-secret',
  });
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings, { now: () => NOW, pricing, checkout }),
    renderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: 'test-secret-test-secret',
    pricing,
    orders: { store, pricing: orderPricing(pricing) },
    checkout,
    analytics: createAnalyticsCollector({ db: database.db, secret: 'test-secret' }),
    security: { rateLimitExempt: ['127.0.0.1'] },
  });
});

afterAll(async () => {
  await app?.close();
  await mail?.close();
  await database?.close();
  if (outbox) fs.rmSync(outbox, { recursive: true, force: true });
});

const post = (url: string, payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url, payload, headers: { ...OWN_CALL, 'content-type': contentType } } as InjectOptions);

/** `levels` arrays inside one another around a checkout's fields: about 2 bytes a level. */
const deep = (levels: number, fields: Record<string, unknown> = {}) => JSON.stringify({ ...fields, x: 0 }).replace('0', `${'['.repeat(levels)}1${']'.repeat(levels)}`);

describe('deeply nested JSON', () => {
  const checkoutFields = { idempotency_key: 'deep-json-key-1', first_name: 'Ada', terms: '1', 'payment[payment_option]': 'later' };

  it('is refused with 400 and a message at the checkout: 5 000 and 10 000 levels (20 KB), never 500', async () => {
    for (const levels of [5_000, 10_000]) {
      const body = deep(levels, checkoutFields);
      expect(body.length).toBeLessThan(21_000);
      const response = await post('/rescms/order/checkout', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message: tooDeepMessage() });
    }
    // Objects nest the same way.
    const objects = `{"idempotency_key":"deep-json-key-2",${'"a":{'.repeat(6_000)}${'}'.repeat(6_000)}}`;
    expect((await post('/rescms/order/checkout', objects)).statusCode).toBe(400);
  });

  it('is refused with 400 on the other JSON routes: verify, the analytics collector (JSON and its text/plain beacon)', async () => {
    for (const [url, type] of [
      ['/rcapi/order/verify', 'application/json'],
      ['/analytics/collect', 'application/json'],
      ['/analytics/collect', 'text/plain'],
    ] as const) {
      const response = await post(url, deep(5_000), type);
      expect(response.statusCode, `${url} ${type}: ${response.body}`).toBe(400);
      expect(response.json().message).toBe(tooDeepMessage());
    }
  });

  it('just inside the limit is read as before (the route answers on its own terms)', async () => {
    const response = await post('/rcapi/order/verify', JSON.stringify({ order: JSON.parse(`${'['.repeat(JSON_MAX_DEPTH - 1)}${']'.repeat(JSON_MAX_DEPTH - 1)}`) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).not.toBe(tooDeepMessage());
  });

  it('keeps the poisoning guard: a __proto__ key is still refused', async () => {
    const response = await post('/rcapi/order/verify', '{"__proto__":{"polluted":true},"order":{}}');
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('depth is counted outside strings only, and matches the nesting JSON.parse sees', () => {
    expect(jsonDeeperThan('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', 2)).toBe(false);
    expect(jsonDeeperThan('{"a\\"[[[":[[1]]}', 2)).toBe(true);
    const depthOf = (value: unknown): number => (value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (value, max) => {
        expect(jsonDeeperThan(JSON.stringify(value), max)).toBe(depthOf(value) > max);
      }),
    );
  });
});

describe('the canonical text of a checkout (its idempotency hash)', () => {
  /** What canonical wrote before, by recursion: the iterative one must write the same. */
  const recursive = (value: unknown): string => {
    if (Array.isArray(value)) return `[${value.map(recursive).join(',')}]`;
    if (value && typeof value === 'object') {
      return `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${recursive((value as Record<string, unknown>)[k])}`)
        .join(',')}}`;
    }
    return JSON.stringify(value) ?? 'null';
  };

  it('is the same text as before for any JSON value, keys sorted', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonical(value)).toBe(recursive(value));
      }),
    );
    expect(canonical({ b: [1, { d: 2, c: null }], a: 'x', u: undefined })).toBe('{"a":"x","b":[1,{"c":null,"d":2}],"u":null}');
  });

  it('does not overflow the stack on a value 100 000 levels deep', () => {
    let value: unknown = 1;
    for (let i = 0; i < 100_000; i++) value = i % 2 ? [value] : { k: value };
    expect(canonical(value)).toHaveLength(100_000 * 4 + 1);
  });
});

describe('the insurance state (province)', () => {
  it('60 KB at verify: 400 with a message naming the field', async () => {
    const response = await post('/rcapi/order/verify', JSON.stringify({ order: { lict: 0, lis: {}, litot: 0 }, province: 'A'.repeat(60_000) }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(PROVINCE_MESSAGE);
  });

  it('at verify, anything but a state code or none is refused; a listed code, none, or none given is read', async () => {
    const empty = { lict: 0, lis: {}, litot: 0 };
    for (const province of ['ZZ', 'F', 'FL; drop', 12, ['FL'], { code: 'FL' }]) {
      const response = await post('/rcapi/order/verify', JSON.stringify({ order: empty, province }));
      expect(response.statusCode, JSON.stringify(province)).toBe(400);
    }
    const listed = Object.keys(settings.insurance.states)[0];
    for (const province of [listed, listed?.toLowerCase(), 'none', undefined, null, '']) {
      const response = await post('/rcapi/order/verify', JSON.stringify({ order: empty, province }));
      expect(response.statusCode, `${String(province)}: ${response.body}`).toBe(200);
    }
  });

  it('at verify, a field that is not order or province is refused', async () => {
    const response = await post('/rcapi/order/verify', JSON.stringify({ order: { lict: 0, lis: {}, litot: 0 }, ['x'.repeat(100)]: 1 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^The field "x{40}" is not taken here/);
  });

  it('60 KB at checkout: 400 with a message naming the field, nothing booked', async () => {
    const response = await post('/rescms/order/checkout', JSON.stringify({ idempotency_key: 'province-60kb-1', province: 'A'.repeat(60_000) }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/province/);
  });
});
