import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../src/domain/content.ts';
import { parseSiteSettings } from '../../src/domain/settings.ts';
import type { OpenDatabase } from '../db/client.ts';
import { ensureDemoContent } from '../demo/seed.ts';
import { openTestDatabase } from '../test-support.ts';
import { createContentService, isSlug } from './content-service.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const TODAY = '2026-11-22';
const settings = parseSiteSettings(JSON.parse(fs.readFileSync(path.resolve('config/site.json'), 'utf8')));

let database: OpenDatabase;
let mediaDir: string;
let content: ContentSource;

const HOSTILE = [
  '',
  'a'.repeat(10_000),
  "x' or '1'='1",
  "'; drop table units; --",
  '../../etc/passwd',
  'about-us/../privacy-policy',
  'ABOUT-US',
  'about us',
  'about-us\0',
  '%27%20or%201%3D1',
  '<script>alert(1)</script>',
];

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-media-'));
  await ensureDemoContent(database.db, mediaDir, { today: NOW });
  content = createContentService(database.db, settings, { now: () => NOW });
});

afterAll(async () => {
  await database?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

async function unitCount(): Promise<number> {
  const result = (await database.db.execute(sql`select count(*)::int as n from units`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('home', () => {
  it('has community photos, featured listings, towns and upcoming events', async () => {
    const home = await content.home();
    expect(home.title).toBe(settings.site.name);
    expect(home.communityPhotos.length).toBeGreaterThanOrEqual(8);
    for (const p of home.communityPhotos) {
      expect(p.caption).toBe('Community photos');
      expect(p.src).toMatch(/^\/media\/community\/\d+\.svg$/);
      expect(fs.existsSync(path.join(mediaDir, p.src.slice('/media/'.length)))).toBe(true);
    }
    expect(home.featured).toHaveLength(8);
    for (let i = 1; i < home.featured.length; i++) expect(home.featured[i]!.rating!).toBeLessThanOrEqual(home.featured[i - 1]!.rating!);
    for (const f of home.featured) expect(f.reviewCount).toBeGreaterThanOrEqual(3);
    expect(home.areas).toHaveLength(6);
    expect(home.areas.reduce((s, a) => s + a.listingCount, 0)).toBe(await unitCount());
    expect(home.upcomingEvents.length).toBeGreaterThan(0);
    expect(home.upcomingEvents.length).toBeLessThanOrEqual(6);
    for (const e of home.upcomingEvents) {
      expect(e.kind).toBe('event');
      expect(e.end! >= TODAY).toBe(true);
    }
    const begins = home.upcomingEvents.map((e) => e.begin!);
    expect([...begins].sort()).toEqual(begins);
  });
});

describe('search', () => {
  it('returns the first 12 listings in the search index order, the total and the towns', async () => {
    const page = await content.search();
    expect(page.total).toBe(await unitCount());
    expect(page.listings).toHaveLength(12);
    const eids = page.listings.map((l) => l.eid);
    expect([...eids].sort((a, b) => a - b)).toEqual(eids);
    expect(page.areas).toHaveLength(6);
    const first = page.listings[0]!;
    expect(first.docId).toBe(`chc1-listings-${first.eid}`);
    expect(first.propertyCode).toBe(`CHC-${first.eid}`);
    expect(first.fromNightly).toBeGreaterThan(0);
    expect(first.photo.src).toBe(`/media/units/${first.eid}/1.svg`);
    expect(first.sleeps).toBeGreaterThanOrEqual(first.bedrooms * 2);
  });
});

describe('listing', () => {
  it('returns the whole detail of a listing by slug', async () => {
    const { listings } = await content.search();
    const slug = listings[3]!.slug;
    const listing = (await content.listing(slug))!;
    expect(listing).not.toBeNull();
    expect(listing.slug).toBe(slug);
    expect(listing.description.length).toBeGreaterThan(100);
    expect(listing.photos.length).toBeGreaterThanOrEqual(5);
    expect(listing.photos.length).toBeLessThanOrEqual(15);
    expect(listing.photos[0]).toEqual(listing.photo);
    expect(listing.amenityCategories.length).toBeGreaterThan(0);
    for (const c of listing.amenityCategories) {
      expect(c.description.length).toBeGreaterThan(20);
      expect(c.amenities.length).toBeGreaterThan(0);
    }
    expect(Math.abs(listing.latitude - 30.26)).toBeLessThan(0.1);
    expect(listing.reviews.length).toBe(listing.reviewCount);
    const dates = listing.reviews.map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    if (listing.reviewCount > 0) {
      const avg = listing.reviews.reduce((s, r) => s + r.rating, 0) / listing.reviewCount;
      expect(listing.rating).toBeCloseTo(avg, 1);
    } else {
      expect(listing.rating).toBeNull();
    }
  });

  it('returns virtual tour and video URLs where a unit has them', async () => {
    const result = (await database.db.execute(
      sql`select slug, virtual_tour_url from units where virtual_tour_url is not null order by eid limit 1`,
    )) as unknown as { rows: { slug: string; virtual_tour_url: string }[] };
    const row = result.rows[0]!;
    const listing = await content.listing(row.slug);
    expect(listing?.virtualTourUrl).toBe(row.virtual_tour_url);
  });

  it('returns null for unknown and hostile slugs, which change nothing', async () => {
    expect(await content.listing('no-such-listing')).toBeNull();
    for (const slug of HOSTILE) expect(await content.listing(slug)).toBeNull();
    expect(await content.listing(42 as unknown as string)).toBeNull();
    expect(await content.listing(null as unknown as string)).toBeNull();
    expect(await unitCount()).toBeGreaterThanOrEqual(300);
  });
});

describe('similar listings (an unknown slug, issue 11)', () => {
  it("puts the rentals that hold the slug's words first", async () => {
    const { listings } = await content.search();
    const wanted = listings[5]!;
    const similar = await content.similarListings(`${wanted.slug}-sold`);
    expect(similar).toHaveLength(4);
    expect(similar.map((listing) => listing.eid)).toContain(wanted.eid);
    const words = (listing: { name: string; area: string; type: string }) => `${listing.name} ${listing.area} ${listing.type}`.toLowerCase();
    expect(words(similar[0]!)).toContain(wanted.name.toLowerCase().split(/[^a-z0-9]+/).find((w) => w.length >= 3));
  });

  it('answers the best rated for slugs with no useful word, and shrugs off hostile ones', async () => {
    const plain = await content.similarListings('42');
    expect(plain).toHaveLength(4);
    for (const slug of HOSTILE) expect(await content.similarListings(slug)).toHaveLength(4);
  });
});

describe('events', () => {
  it('lists upcoming events by date and things to do by title', async () => {
    const list = await content.events('event');
    expect(list.title).toBe('Events');
    expect(list.events.length).toBeGreaterThanOrEqual(20);
    for (const e of list.events) expect(e.end! >= TODAY).toBe(true);
    const begins = list.events.map((e) => e.begin!);
    expect([...begins].sort()).toEqual(begins);
    const things = await content.events('thing-to-do');
    expect(things.title).toBe('Things to do');
    expect(things.events.length).toBeGreaterThanOrEqual(8);
    for (const e of things.events) {
      expect(e.kind).toBe('thing-to-do');
      expect(e.begin).toBeNull();
      expect(e.photo.src).toBe(`/media/events/${e.slug}.svg`);
    }
  });

  it('returns an event or a thing to do by slug, with its place on the map', async () => {
    const { events } = await content.events('event');
    const event = (await content.event(events[0]!.slug))!;
    expect(event.title).toBe(events[0]!.title);
    expect(event.description.length).toBeGreaterThan(50);
    expect(Math.abs(event.longitude + 86.1)).toBeLessThan(0.5);
    const pier = await content.event('coral-haven-pier');
    expect(pier?.kind).toBe('thing-to-do');
  });

  it('returns null for unknown and hostile slugs', async () => {
    expect(await content.event('no-such-event')).toBeNull();
    for (const slug of HOSTILE) expect(await content.event(slug)).toBeNull();
  });
});

describe('activities and items', () => {
  it('lists the activities with prices and durations', async () => {
    const list = await content.activities();
    expect(list.length).toBeGreaterThanOrEqual(15);
    for (const a of list) {
      expect(a.eid).toBeGreaterThanOrEqual(5000);
      expect(a.pricePerPerson).toBeGreaterThan(0);
      expect(a.durationHours).toBeGreaterThan(0);
      expect(a.photo.src).toBe(`/media/activities/${a.eid}.svg`);
    }
  });

  it('resolves units, activities and packages by eid', async () => {
    const unit = await content.item(1001);
    expect(unit?.kind).toBe('unit');
    expect(unit?.url).toBe(`/listing/${unit?.slug}`);
    // The id analytics names the rental by, as its result cards and detail page do (issue 22).
    expect(unit?.propertyCode).toBe((await content.listing(unit?.slug ?? ''))?.propertyCode);
    expect(unit?.propertyCode).toMatch(/\S/);
    const activity = await content.item(5001);
    expect(activity?.kind).toBe('activity');
    expect(activity?.propertyCode).toBeUndefined();
    expect(activity?.url).toBe(`/activities/${activity?.slug}`);
    const pkg = await content.item(8001);
    expect(pkg?.kind).toBe('package');
    expect(pkg?.url).toBe(`/packages/${pkg?.slug}`);
    expect(pkg?.photo.src).toBe('/media/packages/8001.svg');
  });

  it('returns null for unknown and impossible eids', async () => {
    for (const eid of [0, -1, 999, 4999, 7999, 9999, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, 2 ** 53, '1001' as unknown as number]) {
      expect(await content.item(eid)).toBeNull();
    }
  });
});

describe('favourites', () => {
  it('returns the listings of the ids in the search index order, ignoring unknown ids and repeats', async () => {
    const page = await content.favourites(['chc1-listings-1007', 'chc1-listings-1002', 'chc1-listings-4998', 'chc1-listings-1007', 'listings-1003', 'other-listings-1004']);
    expect(page.listings.map((l) => l.eid)).toEqual([1002, 1003, 1007]);
    expect(page.listings.map((l) => l.docId)).toEqual(['chc1-listings-1002', 'chc1-listings-1003', 'chc1-listings-1007']);
  });

  it('shrugs off hostile input', async () => {
    expect((await content.favourites([])).listings).toEqual([]);
    expect((await content.favourites(HOSTILE)).listings).toEqual([]);
    expect((await content.favourites(['chc1-listings-1001 or 1=1', 'chc1-listings-', 'chc1-listings-01001', `chc1-listings-${'9'.repeat(40)}`])).listings).toEqual([]);
    expect((await content.favourites('chc1-listings-1001' as unknown as string[])).listings).toEqual([]);
    expect((await content.favourites([1001, null, {}] as unknown as string[])).listings).toEqual([]);
    const many = Array.from({ length: 5000 }, (_, i) => `chc1-listings-${1001 + (i % 400)}`);
    const page = await content.favourites(many);
    expect(page.listings.length).toBeLessThanOrEqual(200);
    expect(page.listings.length).toBeGreaterThan(0);
  });
});

describe('inquiry and pages', () => {
  it('offers every property as a {name}::{url} option', async () => {
    const page = await content.inquiry();
    expect(page.properties.length).toBe((await unitCount()) + 1);
    expect(page.properties[0]!.value).toBe('/search');
    for (const option of page.properties.slice(1)) {
      expect(option.value).toBe(`${option.label}::${option.value.split('::')[1]}`);
      expect(option.value.split('::')[1]).toMatch(/^\/listing\/[a-z0-9-]+$/);
    }
  });

  it('returns the plain content pages', async () => {
    for (const slug of ['about-us', 'terms-and-conditions', 'privacy-policy', 'cancellation-policy']) {
      const page = await content.page(slug);
      expect(page?.slug).toBe(slug);
      expect(page?.body).toContain('<p>');
      expect(page?.body.toLowerCase()).not.toContain('lorem');
    }
    expect(await content.page('no-such-page')).toBeNull();
    for (const slug of HOSTILE) expect(await content.page(slug)).toBeNull();
  });

  it('recognises slugs', () => {
    expect(isSlug('a-b-1')).toBe(true);
    expect(isSlug('-a')).toBe(false);
    expect(isSlug('a--b')).toBe(false);
    expect(isSlug('a'.repeat(161))).toBe(false);
  });
});
