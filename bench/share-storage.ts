/**
 * Storage per shared Trips Collection: POST /rescms/order/share with a full order of real offers
 * (priced by the engine on the demo database; the largest the share post accepts, at most 50 line
 * items), N times,
 * and the growth of the shares' tables (`pg_total_relation_size`: heap, TOAST and indexes).
 *
 * Run: `npx tsx bench/share-storage.ts` (BENCH_SHARES=500 sets how many). Prints bytes per share
 * and the request body size, and writes bench/results/share-storage.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import cookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { addLineItem, emptyOrder, encodeOrder, MAX_LINE_ITEMS, type LineItem, type Order } from '../src/domain/order/order.ts';
import { toQueryString } from '../src/domain/pricing/query.ts';
import type { Price } from '../src/domain/pricing/types.ts';
import { loadSiteSettings } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { ensureDemoContent } from '../server/demo/seed.ts';
import { createOrderStore } from '../server/orders/order-store.ts';
import { orderPricing } from '../server/orders/pricing-adapter.ts';
import { registerOrderRoutes } from '../server/orders/routes.ts';
import { createPricingService } from '../server/pricing/pricing-service.ts';

const root = path.resolve(import.meta.dirname, '..');
const SHARES = Math.max(10, Number(process.env.BENCH_SHARES ?? 500));
const settings = loadSiteSettings(path.join(root, 'config/site.json'));
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-share-media-'));
const database = await openDatabase({ dataDir: '', memory: true });

try {
  await ensureDemoContent(database.db, mediaDir);
  const pricing = createPricingService({ db: database.db, settings });
  const app = Fastify({ bodyLimit: 256 * 1024 });
  await app.register(cookie, { secret: 'bench' });
  await registerOrderRoutes(app, { store: createOrderStore(database.db, { secret: 'bench', shares: { days: 90, quotaPerDay: 1_000_000, maxTotal: 10_000_000 } }), pricing: orderPricing(pricing), settings, publicOrigin: 'http://localhost:3000' });
  await app.ready();

  // Stays on offer (a week, arrivals one to three months ahead), one per unit and arrival.
  const prices: Price[] = [];
  for (let days = 30; days <= 90 && prices.length < 2 * MAX_LINE_ITEMS; days += 7) {
    const begin = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const { items } = await pricing.search(toQueryString({ rcav: { begin, nights: 7, adult: 2, child: 1 } }));
    prices.push(...items.flatMap((item) => item.prices.slice(0, 1)));
  }
  const post = (candidate: Order) =>
    app.inject({
      method: 'POST',
      url: '/rescms/order/share',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ url: '/mytrip', hash: encodeOrder(candidate), order: JSON.stringify(candidate) }).toString(),
    });
  /** The largest order of these line items the share post accepts (at most 50). */
  const largest = async (items: LineItem[]) => {
    let order: Order = emptyOrder();
    for (const item of items) {
      if (Object.keys(order.lis).length >= MAX_LINE_ITEMS) break;
      const next = addLineItem(order, item).order;
      if ((await post(next)).statusCode !== 200) break;
      order = next;
    }
    return order;
  };
  /** Texts a client may write into a line item (name, display name, detail), random so they do not compress. */
  const noise = (length: number) => crypto.randomBytes(length).toString('base64').slice(0, length);
  const withNoise = (item: LineItem): LineItem => ({ ...item, n: noise(200), dn: noise(200), dd: noise(500) });

  const size = async () => {
    const result = (await database.db.execute(sql`select pg_total_relation_size('shared_orders')::bigint as bytes`)) as unknown as { rows: { bytes: string | number }[] };
    return Number(result.rows[0]?.bytes ?? 0);
  };
  /** Shares `make(i)` SHARES times and measures what the table grew by. */
  const measure = async (name: string, make: (i: number) => Order) => {
    await database.db.execute(sql`delete from shared_orders`);
    await database.db.execute(sql`vacuum full shared_orders`);
    const before = await size();
    let accepted = 0;
    let bodyBytes = 0;
    for (let i = 0; i < SHARES; i++) {
      const order = make(i);
      bodyBytes = Math.max(bodyBytes, new URLSearchParams({ url: '/mytrip', hash: encodeOrder(order), order: JSON.stringify(order) }).toString().length);
      if ((await post(order)).statusCode === 200) accepted++;
    }
    await database.db.execute(sql`checkpoint`);
    const after = await size();
    const lineItems = Object.keys(make(0).lis).length;
    const bytesPerShare = accepted > 0 ? Math.round((after - before) / accepted) : 0;
    console.log(`${name}: ${accepted} of ${SHARES} shares of ${lineItems} line items (request body up to ${(bodyBytes / 1024).toFixed(1)} KiB): shared_orders grew by ${((after - before) / 1024).toFixed(0)} KiB, ${bytesPerShare} bytes per share`);
    return { accepted, lineItems, bodyBytes, tableBytesBefore: before, tableBytesAfter: after, bytesPerShare };
  };

  // The same full Trips Collection of real offers, shared again and again.
  const real = await largest(prices as LineItem[]);
  const realFigures = await measure('real offers', () => real);
  // Every share different, its texts as long as allowed and random: what someone filling the disk would send.
  const hostileShape = Object.keys((await largest(prices.map((price) => withNoise(price as LineItem)))).lis).length;
  const hostileFigures = await measure('random texts', () => prices.slice(0, hostileShape).reduce<Order>((order, price) => addLineItem(order, withNoise(price as LineItem)).order, emptyOrder()));
  const figures = {
    date: new Date().toISOString(),
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    shares: SHARES,
    real: realFigures,
    randomTexts: hostileFigures,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/share-storage.json'), `${JSON.stringify(figures, null, 2)}\n`);
  await app.close();
} finally {
  await database.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
}
