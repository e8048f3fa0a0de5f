/**
 * The owner's listing API end to end on a built server (the real page renderer, the embedded
 * search engine behind its Solr-style proxy, the page cache): a new listing is drafted, a stale
 * save is refused with both versions kept, a publication is searchable and on its page within
 * 2 s, unpublishing takes it off search and its page, a slug change redirects, archiving with
 * stays ahead is refused, a version is restored, and the security layer refuses what it should.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { cachedContentSource } from '../content/cached-content.ts';
import { createContentService } from '../content/content-service.ts';
import { createContentVersion } from '../content/content-version.ts';
import type { OpenDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { addDays } from '../demo/dates.ts';
import { createPageCache } from '../page-cache.ts';
import { insertFixture } from '../pricing/test-fixture.ts';
import { createEmbeddedEngine } from '../search/engine/engine.ts';
import { createSearchService, type SearchService } from '../search/search-service.ts';
import { databaseSitemap } from '../seo/sitemap.ts';
import { testRenderer } from '../test-renderer.ts';
import { inProcessCallers, openTestDatabase, ownerSession } from '../test-support.ts';
import type { ListingContent } from '../../src/domain/owner/listing-content.ts';
import { backfillListingVersions } from './backfill-versions.ts';
import { listingChanged } from './publish.ts';
import { draftPreview } from './preview.ts';
import { STALE_MESSAGE } from './routes.ts';
import { createListingStore } from './store.ts';
import { testDocument } from './test-document.ts';

const settings = loadSiteSettings(path.resolve('config/site.json'));
const PASSWORD = 'correct horse battery staple';
const today = new Date().toISOString().slice(0, 10);

let database: OpenDatabase;
let app: FastifyInstance;
let search: SearchService;
let cookie: string;
const { fresh, api, guest } = inProcessCallers(() => app, () => cookie);
const searchFor = async (eid: number) => {
  const response = await app.inject({ url: `/solr/select?q=*:*&fq=entity_id:${eid}&wt=json`, remoteAddress: fresh() });
  return (response.json() as { response: { docs: { entity_id: number; ss_name: string; ss_url: string }[] } }).response.docs;
};

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await insertFixture(db);
  await db.delete(schema.bookings);
  await db.insert(schema.amenityCategories).values({ id: 'outdoor', name: 'Outdoor', description: 'Outside' });
  await db.insert(schema.amenities).values([
    { id: 1, slug: 'hot-tub', categoryId: 'outdoor', name: 'Hot tub' },
    { id: 2, slug: 'pool', categoryId: 'outdoor', name: 'Pool' },
  ]);
  const contentVersion = createContentVersion(db);
  search = createSearchService({ db, settings, backend: createEmbeddedEngine() });
  await search.rebuild();
  const contentService = createContentService(db, settings);
  const pageContent = cachedContentSource(contentService, contentVersion);
  const publicOrigin = 'http://localhost:3000';
  app = await buildServer({
    settings,
    content: pageContent,
    contentVersion: () => contentVersion.current(),
    pageCache: createPageCache({ version: async () => `${await contentVersion.current()}/${search.generation}` }),
    renderer: testRenderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: 'owner-content-test-cookie-secret-xx',
    publicOrigin,
    search,
    sitemap: databaseSitemap(db),
    admin: {
      password: PASSWORD,
      db,
      listings: {
        store: createListingStore({ db }),
        changed: listingChanged({ contentVersion, search }),
        embedOrigins: ['https://tours.example.com'],
        currency: 'USD',
        // The test's uploads: keys of 24 a's and a digit.
        knownPhotos: async (keys) => new Set(keys.filter((key) => /^a{23}\d$/.test(key))),
        preview: draftPreview({ content: contentService, pageContent, renderer: testRenderer, settings, publicOrigin }),
      },
    },
  });
  cookie = await ownerSession(app, PASSWORD, fresh());
}, 120_000);

afterAll(async () => {
  await app?.close();
  await search?.close();
  await database?.close();
});

interface Draft {
  baseVersion: number;
  revision: number;
  document: ListingContent;
}

async function createListing(name: string, propertyCode: string): Promise<{ eid: number; draft: Draft }> {
  const created = await api('POST', '/admin/api/listings', { name, propertyCode, area: 'coral-haven', type: 'Cottage' });
  expect(created.statusCode, created.body).toBe(201);
  const { eid } = created.json() as { eid: number };
  const got = await api('GET', `/admin/api/listings/${eid}`);
  return { eid, draft: (got.json() as { draft: Draft }).draft };
}

async function saveAndPublish(eid: number, revision: number, document: ListingContent): Promise<number> {
  const saved = await api('PUT', `/admin/api/listings/${eid}/draft`, { revision, document });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await api('POST', `/admin/api/listings/${eid}/publish`, { revision: (saved.json() as { draft: Draft }).draft.revision });
  expect(published.statusCode, published.body).toBe(200);
  return (published.json() as { version: number }).version;
}

describe('the owner’s listing API needs the login and this site', () => {
  it('answers 401 without a session', async () => {
    const response = await app.inject({ url: '/admin/api/listings', remoteAddress: fresh() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'login' });
  });

  it('refuses a cross-site post even with the session cookie', async () => {
    const response = await api('POST', '/admin/api/listings', { name: 'Evil', propertyCode: 'EVIL-1', area: 'coral-haven', type: 'Cottage' }, { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    const listings = (await api('GET', '/admin/api/listings')).json() as { listings: { propertyCode: string }[] };
    expect(listings.listings.map((l) => l.propertyCode)).not.toContain('EVIL-1');
  });

  it('lists the listings with their readiness', async () => {
    const response = await api('GET', '/admin/api/listings');
    expect(response.statusCode).toBe(200);
    const { listings } = response.json() as { listings: { eid: number; status: string; version: number; readiness: Record<string, number> }[] };
    expect(listings.map((l) => l.eid)).toEqual(expect.arrayContaining([1001, 1002, 1003]));
    expect(listings.find((l) => l.eid === 1001)).toMatchObject({ status: 'published', version: 1, readiness: { blocking: 0 } });
  });
});

describe('drafts, publication and search', () => {
  it('creates, saves, refuses a stale save keeping both, publishes: searchable, on its page and in the sitemap within 2 s', async () => {
    const { eid, draft } = await createListing('Heron Hideaway', 'CHC-4001');
    expect(eid).toBeGreaterThanOrEqual(1000);
    expect(draft).toMatchObject({ baseVersion: 0, revision: 1 });
    expect(draft.document.rates.baseNightlyCents).toBe(0);
    expect(await searchFor(eid)).toEqual([]);
    expect((await guest(`/listing/${draft.document.slug}`)).statusCode).toBe(404);

    // Without a base rate the listing cannot be published.
    const blocked = await api('POST', `/admin/api/listings/${eid}/publish`, { revision: 1 });
    expect(blocked.statusCode).toBe(422);
    expect((blocked.json() as { problems: { path: string }[] }).problems.map((p) => p.path)).toContain('rates.baseNightlyCents');

    const mine = testDocument({ name: 'Heron Hideaway', slug: draft.document.slug });
    const first = await api('PUT', `/admin/api/listings/${eid}/draft`, { revision: 1, document: mine });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as { draft: Draft }).draft.revision).toBe(2);

    // Someone else saved from revision 1 too: refused, and told what is there now.
    const theirs = { ...mine, name: 'Heron Hideaway by the sea' };
    const stale = await api('PUT', `/admin/api/listings/${eid}/draft`, { revision: 1, document: theirs });
    expect(stale.statusCode).toBe(409);
    const body = stale.json() as { error: string; message: string; current: { revision: number; document: ListingContent } };
    expect(body).toMatchObject({ error: 'stale', message: STALE_MESSAGE, current: { revision: 2 } });
    expect(body.current.document.name).toBe('Heron Hideaway');
    // Nothing of the refused save was kept.
    expect(((await api('GET', `/admin/api/listings/${eid}`)).json() as { draft: Draft }).draft.document.name).toBe('Heron Hideaway');

    const started = performance.now();
    const published = await api('POST', `/admin/api/listings/${eid}/publish`, { revision: 2 });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ version: 1, warnings: [] });
    const docs = await searchFor(eid);
    const page = await guest(`/listing/${mine.slug}`);
    const sitemap = await app.inject({ url: '/sitemap.xml', remoteAddress: fresh() });
    const elapsed = performance.now() - started;
    expect(docs.map((d) => d.ss_name)).toEqual(['Heron Hideaway']);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Heron Hideaway');
    expect(page.body).toContain('Quiet hours 22:00 to 07:00 &amp; no smoking indoors.');
    expect(sitemap.body).toContain(`/listing/${mine.slug}</loc>`);
    // The VacationRental JSON-LD has what Google asks for.
    expect(page.body).toContain('"identifier":"CHC-4001"');
    expect(page.body).toContain('"streetAddress":"12 Gulf Lane"');
    expect(page.body).toContain('"occupancy":{"@type":"QuantitativeValue","value":4');
    expect(elapsed).toBeLessThan(2_000);

    const after = (await api('GET', `/admin/api/listings/${eid}`)).json() as { status: string; draft: Draft | null; published: { version: number; document: ListingContent } };
    expect(after).toMatchObject({ status: 'published', draft: null, published: { version: 1 } });
  });

  it('a published change replaces what the page cache and the search index had', async () => {
    const before = await guest('/listing/unit-1002');
    expect(before.statusCode).toBe(200);
    const listing = (await api('GET', '/admin/api/listings/1002')).json() as { published: { version: number; document: ListingContent } };
    expect(listing.published.version).toBe(1);
    const document = { ...listing.published.document, name: 'Dune House Renewed' };
    document.description = { ...document.description, summary: 'Renewed from top to bottom.' };
    expect(await saveAndPublish(1002, 0, document)).toBe(2);
    expect((await searchFor(1002)).map((d) => d.ss_name)).toEqual(['Dune House Renewed']);
    expect((await guest('/listing/unit-1002')).body).toContain('Dune House Renewed');
  });

  it('refuses hostile text with the field’s path, and saves nothing', async () => {
    const listing = (await api('GET', '/admin/api/listings/1001')).json() as { published: { document: ListingContent } };
    const document = { ...listing.published.document, name: 'Pelican <img src=x onerror=alert(1)>' };
    const response = await api('PUT', '/admin/api/listings/1001/draft', { revision: 0, document });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'invalid', problems: [{ path: 'name', message: 'Text only: remove the HTML tag <img' + '…' }] });
    expect(((await api('GET', '/admin/api/listings/1001')).json() as { draft: Draft | null }).draft).toBeNull();
  });
});

describe('what a save refuses', () => {
  it('another listing’s slug or property code', async () => {
    const listing = (await api('GET', '/admin/api/listings/1001')).json() as { published: { document: ListingContent } };
    const response = await api('PUT', '/admin/api/listings/1001/draft', { revision: 0, document: { ...listing.published.document, name: 'Pelican Place', slug: 'unit-1002', propertyCode: 'CHC-4001' } });
    expect(response.statusCode).toBe(422);
    expect((response.json() as { problems: { path: string }[] }).problems.map((p) => p.path).sort()).toEqual(['propertyCode', 'slug']);
    // A photo another listing shows (an image is one photos row).
    const heron = (await api('GET', '/admin/api/listings')).json() as { listings: { eid: number; propertyCode: string }[] };
    const heronEid = heron.listings.find((l) => l.propertyCode === 'CHC-4001')!.eid;
    const heronPhoto = ((await api('GET', `/admin/api/listings/${heronEid}`)).json() as { published: { document: ListingContent } }).published.document.photos[0]!;
    const shared = await api('PUT', '/admin/api/listings/1001/draft', { revision: 0, document: { ...listing.published.document, name: 'Pelican Place', photos: [heronPhoto] } });
    expect(shared.statusCode).toBe(422);
    expect((shared.json() as { problems: { path: string }[] }).problems.map((p) => p.path)).toEqual(['photos.0.key']);
    const created = await api('POST', '/admin/api/listings', { name: 'Another', propertyCode: 'CHC-4001', area: 'coral-haven', type: 'Cottage' });
    expect(created.statusCode).toBe(422);
  });
});

describe('status, slugs and versions', () => {
  it('unpublishing takes a listing off search, the sitemap and its page; publishing brings it back', async () => {
    expect(await searchFor(1003)).toHaveLength(1);
    const off = await api('POST', '/admin/api/listings/1003/status', { status: 'unpublished', version: 1 });
    expect(off.statusCode, off.body).toBe(200);
    expect(await searchFor(1003)).toEqual([]);
    expect((await guest('/listing/unit-1003')).statusCode).toBe(404);
    expect((await app.inject({ url: '/sitemap.xml', remoteAddress: fresh() })).body).not.toContain('/listing/unit-1003<');
    // The owner still previews it.
    const preview = await api('GET', '/admin/listings/1003/preview', undefined, {});
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.body).toContain('<meta name="robots" content="noindex">');
    const on = await api('POST', '/admin/api/listings/1003/status', { status: 'published', version: 1 });
    expect(on.statusCode).toBe(200);
    expect(await searchFor(1003)).toHaveLength(1);
  });

  it('a status change from a stale version is refused', async () => {
    const response = await api('POST', '/admin/api/listings/1003/status', { status: 'unpublished', version: 7 });
    expect(response.statusCode).toBe(409);
  });

  it('archiving is refused while stays end today or later, and unpublishing is not', async () => {
    await database.db.insert(schema.bookings).values({ unitEid: 1001, beginDate: addDays(today, 10), endDate: addDays(today, 13), kind: 'booked' });
    const refused = await api('POST', '/admin/api/listings/1001/status', { status: 'archived', version: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'booked', message: `This listing has bookings from ${addDays(today, 10)}; it can be unpublished, not archived.` });
    expect((await api('POST', '/admin/api/listings/1001/status', { status: 'unpublished', version: 1 })).statusCode).toBe(200);
    expect((await api('POST', '/admin/api/listings/1001/status', { status: 'published', version: 1 })).statusCode).toBe(200);
  });

  it('a changed slug redirects the old address with 301', async () => {
    const listing = (await api('GET', '/admin/api/listings/1003')).json() as { published: { document: ListingContent } };
    // The fixture's name and summary hold HTML, which a save refuses: the owner writes them as text.
    const document = { ...listing.published.document, slug: 'sea-breeze-cottage', name: 'Sea Breeze & Co' };
    document.description = { ...document.description, summary: 'Sea Breeze, a cottage.' };
    await saveAndPublish(1003, 0, document);
    const old = await guest('/listing/unit-1003');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/listing/sea-breeze-cottage');
    expect((await guest('/listing/sea-breeze-cottage')).statusCode).toBe(200);
  });

  it('keeps every version with who and when, and restores one into the draft', async () => {
    const versions = (await api('GET', '/admin/api/listings/1002/versions')).json() as { versions: { version: number; name: string; publishedBy: string }[] };
    expect(versions.versions.map((v) => [v.version, v.name])).toEqual([[2, 'Dune House Renewed']]);
    // Version 1 of a listing published before documents were kept is not in the history: restore the one there is.
    const restored = await api('POST', '/admin/api/listings/1002/versions/2/restore', { revision: 0 });
    expect(restored.statusCode, restored.body).toBe(200);
    const { draft } = restored.json() as { draft: Draft };
    expect(draft).toMatchObject({ revision: 1, document: { name: 'Dune House Renewed' } });
    expect((await api('POST', '/admin/api/listings/1002/versions/9/restore', { revision: 1 })).statusCode).toBe(404);
    expect((await api('DELETE', '/admin/api/listings/1002/draft', { revision: 5 })).statusCode).toBe(409);
    expect((await api('DELETE', '/admin/api/listings/1002/draft', { revision: 1 })).statusCode).toBe(200);
  });

  it('gives the quote preview’s sample stays', async () => {
    const response = await api('POST', '/admin/api/listings/1002/quote-preview', { document: testDocument() });
    expect(response.statusCode, response.body).toBe(200);
    const { samples } = response.json() as { samples: { id: string; nights: number; begin: string }[] };
    expect(samples.map((s) => s.id)).toEqual(['weekend', 'week', 'month', 'holiday']);
    expect(samples.every((s) => s.begin > today)).toBe(true);
  });
});

describe('listings published before the editor', () => {
  it('get their version 1 from their rows, once', async () => {
    const store = createListingStore({ db: database.db });
    expect(await backfillListingVersions(database.db, store)).toBe(1);
    expect(await backfillListingVersions(database.db, store)).toBe(0);
    const versions = (await api('GET', '/admin/api/listings/1001/versions')).json() as { versions: { version: number; name: string }[] };
    expect(versions.versions.map((v) => [v.version, v.name])).toEqual([[1, 'Pelican Place']]);
  });
});
