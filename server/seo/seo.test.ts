import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { ensureDemoContent } from '../demo/seed.ts';
import { openTestDatabase } from '../test-support.ts';
import { testRenderer as renderer } from '../test-renderer.ts';
import { databaseSitemap } from './sitemap.ts';

/**
 * Pages search engines and link previews understand (issue 15): JSON-LD, Open Graph, canonical
 * addresses on the public origin, /sitemap.xml and /robots.txt, on the demo content.
 */
const settings = loadSiteSettings(path.resolve('config/site.json'));
const PUBLIC = 'https://coralhaven.example';
// A request may name any host; nothing the crawler reads may take it.
const HOSTILE = { host: 'evil.example', 'x-forwarded-host': 'evil.example', accept: 'text/html' };

let database: OpenDatabase;
let app: FastifyInstance;
let mediaDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seo-media-'));
  await ensureDemoContent(database.db, mediaDir);
  app = await buildServer({
    settings,
    content: createContentService(database.db, settings),
    renderer,
    mediaDir,
    cookieSecret: 'test-secret-test-secret',
    publicOrigin: PUBLIC,
    sitemap: databaseSitemap(database.db),
    security: { rateLimitExempt: ['127.0.0.1'] },
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const jsonLdOf = (html: string): Array<Record<string, unknown>> =>
  [...html.matchAll(/<script type="application\/ld\+json">([^]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
const metaOf = (html: string, key: string): string | null =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1] ?? null;
const canonicalOf = (html: string): string | null => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? null;

async function sitemapPaths(): Promise<string[]> {
  const response = await app.inject({ url: '/sitemap.xml', headers: HOSTILE });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/xml');
  const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
  for (const loc of locs) expect(loc.startsWith(`${PUBLIC}/`)).toBe(true);
  return locs.map((loc) => loc.slice(PUBLIC.length));
}

describe('/sitemap.xml and /robots.txt', () => {
  it('lists the home page, the search, every listing, event and content page, on the public origin whatever the Host header', async () => {
    const paths = await sitemapPaths();
    expect(paths).toEqual(expect.arrayContaining(['/', '/search', '/events', '/things-to-do', '/listing/cove-commons-42', '/about-us']));
    const listings = paths.filter((p) => p.startsWith('/listing/'));
    const units = await database.db.select({ eid: schema.units.eid }).from(schema.units);
    expect(listings).toHaveLength(units.length);
    expect(paths.some((p) => p.startsWith('/events/'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/things-to-do/'))).toBe(true);
    expect(paths).not.toContain('/mytrip');
  });

  it('every page in the sitemap answers 200, with a canonical address that is itself', async () => {
    const paths = (await sitemapPaths()).filter((p) => !p.startsWith('/listing/')).concat('/listing/cove-commons-42');
    for (const p of paths) {
      const response = await app.inject({ url: p, headers: HOSTILE });
      expect(response.statusCode, p).toBe(200);
      expect(canonicalOf(response.body), p).toBe(new URL(p, `${PUBLIC}/`).href);
      expect(metaOf(response.body, 'robots'), p).toBeNull();
    }
  });

  it('robots.txt keeps crawlers off the visitor’s own pages and the APIs, and names the sitemap', async () => {
    const response = await app.inject({ url: '/robots.txt', headers: HOSTILE });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('User-agent: *');
    for (const path of ['/mytrip', '/rescms/', '/rcapi/', '/api/']) expect(response.body).toContain(`Disallow: ${path}\n`);
    expect(response.body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    expect(response.body).not.toContain('evil.example');
  });
});

describe('JSON-LD, Open Graph and canonical addresses', () => {
  it('every listing carries a VacationRental with address, geo, images, amenities and its accommodation, which parses', async () => {
    const listings = (await sitemapPaths()).filter((p) => p.startsWith('/listing/'));
    let rated = 0;
    for (const p of listings) {
      const html = (await app.inject({ url: p, headers: HOSTILE })).body;
      const [rental, ...others] = jsonLdOf(html);
      expect(others, p).toEqual([]);
      expect(rental, p).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'VacationRental',
        url: `${PUBLIC}${p}`,
        name: expect.any(String),
        identifier: expect.stringMatching(/^CHC-\d+$/),
        address: { '@type': 'PostalAddress', addressLocality: expect.any(String) },
        geo: { '@type': 'GeoCoordinates', latitude: expect.any(Number), longitude: expect.any(Number) },
        containsPlace: { '@type': 'Accommodation', occupancy: { '@type': 'QuantitativeValue', maxValue: expect.any(Number) }, numberOfBedrooms: expect.any(Number) },
      });
      const images = rental!.image as string[];
      expect(images.length, p).toBeGreaterThan(0);
      for (const image of images) expect(image.startsWith(`${PUBLIC}/media/`), image).toBe(true);
      const amenities = (rental!.containsPlace as { amenityFeature: Array<{ name: string; value: boolean }> }).amenityFeature;
      expect(amenities.length, p).toBeGreaterThan(0);
      if (rental!.aggregateRating) {
        rated++;
        expect(rental!.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: expect.any(Number), reviewCount: expect.any(Number), bestRating: 5 });
      }
      expect(metaOf(html, 'og:type')).toBe('article');
    }
    expect(rated).toBeGreaterThan(0);
  });

  it('a listing’s preview: title, description, its first photo as an absolute URL, a large card', async () => {
    const html = (await app.inject({ url: '/listing/cove-commons-42', headers: HOSTILE })).body;
    expect(metaOf(html, 'og:title')).toMatch(/^Cove Commons 42 \| /);
    const description = metaOf(html, 'description')!;
    expect(description.length).toBeGreaterThan(20);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(metaOf(html, 'og:description')).toBe(description);
    expect(metaOf(html, 'og:image')).toMatch(new RegExp(`^${PUBLIC}/media/units/1002/`));
    expect(metaOf(html, 'og:url')).toBe(`${PUBLIC}/listing/cove-commons-42`);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).not.toContain('evil.example');
  });

  it('an event page carries an Event with its dates and place; a thing to do one as well (an Event, or a TouristAttraction when it runs all year)', async () => {
    const paths = await sitemapPaths();
    const event = paths.find((p) => p.startsWith('/events/'))!;
    const [json] = jsonLdOf((await app.inject({ url: event, headers: HOSTILE })).body);
    expect(json).toMatchObject({
      '@type': 'Event',
      url: `${PUBLIC}${event}`,
      startDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      endDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      location: { '@type': 'Place', geo: { '@type': 'GeoCoordinates' } },
    });
    const thing = paths.find((p) => p.startsWith('/things-to-do/'))!;
    const [thingJson] = jsonLdOf((await app.inject({ url: thing, headers: HOSTILE })).body);
    expect(['Event', 'TouristAttraction']).toContain(thingJson!['@type']);
    expect(thingJson!.url).toBe(`${PUBLIC}${thing}`);
  });

  it('the visitor’s own pages and a missing page are not for indexing and have no canonical address', async () => {
    for (const p of ['/mytrip', '/rescms/order/checkout', '/statecharts', '/no-such-page']) {
      const html = (await app.inject({ url: p, headers: HOSTILE })).body;
      expect(metaOf(html, 'robots'), p).toBe('noindex');
      expect(canonicalOf(html), p).toBeNull();
    }
  });

  it('the canonical address drops the query and the visitor’s parameters', async () => {
    const html = (await app.inject({ url: '/search?utm_source=mail&q=x', headers: HOSTILE })).body;
    expect(canonicalOf(html)).toBe(`${PUBLIC}/search`);
  });
});
