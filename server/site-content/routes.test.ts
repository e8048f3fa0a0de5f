/**
 * The owner's site content API end to end on a built server (the real page renderer, the page
 * cache, the pricing service): each kind is listed, specials, events and pages are added,
 * changed and deleted and the guest pages follow at once, a stale save is refused with the
 * current item and changes nothing, invalid fields are refused by path with nothing written,
 * community photos are reordered from known images only, and the site details rename the site.
 */
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { cachedContentSource } from '../content/cached-content.ts';
import { createContentService } from '../content/content-service.ts';
import { createContentVersion } from '../content/content-version.ts';
import type { OpenDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { addDays, unixSeconds } from '../demo/dates.ts';
import { COMMUNITY_CAPTION } from '../demo/generate-common.ts';
import { createPageCache } from '../page-cache.ts';
import { createPricingService } from '../pricing/pricing-service.ts';
import { insertFixture } from '../pricing/test-fixture.ts';
import { testRenderer } from '../test-renderer.ts';
import { FROM_THIS_SITE, inProcessCallers, openTestDatabase, ownerSession } from '../test-support.ts';
import type { CommunityFields, EventFields, PageFields, SiteContentItem, SiteContentOptions, SiteFields, SpecialFields } from '../../src/domain/owner/site-content.ts';
import { STALE_ITEM_MESSAGE } from '../../src/domain/owner/site-content.ts';
import { INVALID_MESSAGE } from './routes.ts';
import { applySiteDetails, createSiteContentStore, SITE_DETAILS_KEY } from './store.ts';

const settings = loadSiteSettings(path.resolve('config/site.json'));
const fileSite = { ...settings.site };
const PASSWORD = 'correct horse battery staple';
const today = new Date().toISOString().slice(0, 10);
const UPLOAD = 'b'.repeat(24);

let database: OpenDatabase;
let app: FastifyInstance;
let cookie: string;
const changedKinds: string[] = [];
const { fresh, api, guest } = inProcessCallers(() => app, () => cookie);

interface Listed<F> {
  kind: string;
  items: Array<SiteContentItem & { fields: F }>;
  options: SiteContentOptions;
}
async function list<F>(kind: string): Promise<Array<SiteContentItem & { fields: F }>> {
  const response = await api('GET', `/admin/api/content/${kind}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Array<SiteContentItem & { fields: F }> }).items;
}
const itemOf = <F>(response: { json: () => unknown }) => (response.json() as { item: SiteContentItem & { fields: F } }).item;
const pageSpecials = (html: string) => {
  const json = /<script id="page-settings" type="application\/json">([^]*?)<\/script>/.exec(html)?.[1];
  return (JSON.parse(json ?? 'null') as { specials: { nid: number; special_type: string; stay_end: number }[] }).specials;
};

const special = (over: Partial<SpecialFields> = {}): SpecialFields => ({
  title: 'Spring break deal',
  description: 'Ten percent off the rent.',
  webOnly: false,
  units: [1001],
  stayFrom: today,
  stayTo: addDays(today, 10),
  bookFrom: addDays(today, -1),
  bookTo: addDays(today, 30),
  minGuests: 0,
  maxGuests: 0,
  minNights: 2,
  maxNights: 0,
  discountPercent: 10,
  ...over,
});
const event = (over: Partial<EventFields> = {}): EventFields => ({
  kind: 'event',
  title: 'Sunset festival',
  slug: 'sunset-festival',
  beginDate: addDays(today, 20),
  endDate: addDays(today, 22),
  place: 'Pier park',
  area: 'coral-haven',
  latitude: 30.1,
  longitude: -86.1,
  summary: 'Music on the beach.',
  description: 'Three days of music.',
  ...over,
});

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await insertFixture(db);
  await db.insert(schema.contentPages).values([
    { slug: 'about-us', title: 'About us', body: '<h2>Who we are</h2>\n<p>A family business.</p>' },
    { slug: 'privacy-policy', title: 'Privacy policy', body: '<p>We keep little.</p>' },
  ]);
  await db.insert(schema.events).values({ id: 1, slug: 'kite-day', kind: 'event', title: 'Kite day', beginDate: addDays(today, 5), endDate: addDays(today, 5), place: 'Beach', areaId: 1, latitude: 30, longitude: -86, summary: 'Kites.', description: 'Kites.' });
  await db.insert(schema.photos).values([
    { ownerKind: 'community', ownerId: 0, position: 0, path: 'community/1.svg', caption: COMMUNITY_CAPTION, description: 'The pier at dawn', width: 1200, height: 800, scene: 'ocean' },
    { ownerKind: 'community', ownerId: 0, position: 1, path: 'community/2.svg', caption: 'Market day', description: 'The Saturday market', width: 1200, height: 900, scene: 'town' },
    { ownerKind: 'unit', ownerId: 1001, position: 0, path: 'units/1001/1.svg', caption: 'Living room', description: 'Living room', width: 1200, height: 800 },
  ]);
  await db.insert(schema.uploadedPhotos).values({ key: UPLOAD, width: 2400, height: 1600, bytes: 100_000, format: 'jpeg' });

  const contentVersion = createContentVersion(db);
  const pricing = createPricingService({ db, settings });
  const pageContent = cachedContentSource(createContentService(db, settings, { pricing }), contentVersion);
  app = await buildServer({
    settings,
    content: pageContent,
    contentVersion: () => contentVersion.current(),
    pageCache: createPageCache({ version: () => contentVersion.current() }),
    pricing,
    renderer: testRenderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: 'site-content-test-cookie-secret-xx',
    publicOrigin: 'http://localhost:3000',
    admin: {
      password: PASSWORD,
      db,
      siteContent: {
        store: createSiteContentStore({ db, settings }),
        changed: (kind) => {
          changedKinds.push(kind);
          contentVersion.invalidate();
          if (kind === 'specials') pricing.invalidate();
        },
      },
    },
  });
  cookie = await ownerSession(app, PASSWORD, fresh());
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the site content API needs the login and this site', () => {
  it('answers 401 without a session', async () => {
    const read = await app.inject({ url: '/admin/api/content/pages', remoteAddress: fresh() });
    expect(read.statusCode).toBe(401);
    expect(read.json()).toMatchObject({ error: 'login' });
    const write = await app.inject({ method: 'POST', url: '/admin/api/content/pages', remoteAddress: fresh(), headers: { 'content-type': 'application/json', ...FROM_THIS_SITE }, payload: JSON.stringify({ fields: { slug: 'x', title: 'X', text: 'X' } }) });
    expect(write.statusCode).toBe(401);
  });

  it('refuses a cross-site post even with the session cookie', async () => {
    const response = await api('POST', '/admin/api/content/pages', { fields: { slug: 'evil', title: 'Evil', text: 'Evil' } }, { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect((await list<PageFields>('pages')).map((p) => p.id)).not.toContain('evil');
  });

  it('answers 404 for a kind it does not have, 405 for adding or deleting a single one', async () => {
    expect((await api('GET', '/admin/api/content/listings')).json()).toMatchObject({ error: 'not-found' });
    expect((await api('GET', '/admin/api/content/listings')).statusCode).toBe(404);
    const site = (await list<SiteFields>('site'))[0]!;
    expect((await api('POST', '/admin/api/content/site', { fields: site.fields })).statusCode).toBe(405);
    expect((await api('DELETE', '/admin/api/content/community/community', { revision: site.revision })).statusCode).toBe(405);
    expect((await api('PUT', '/admin/api/content/specials/999', { revision: site.revision, fields: special() })).statusCode).toBe(404);
  });
});

describe('each kind lists its items with their revisions', () => {
  it('specials, with the listings and areas to choose from', async () => {
    const response = await api('GET', '/admin/api/content/specials');
    expect(response.statusCode).toBe(200);
    const body = response.json() as Listed<SpecialFields>;
    expect(body.items.map((i) => [i.id, i.label])).toEqual([['1', 'Winter warmer'], ['2', 'Web deal'], ['3', 'Expired deal']]);
    expect(body.items[0]!.fields).toMatchObject({ units: [1001, 1002], webOnly: false, minNights: 3, discountPercent: 15 });
    expect(body.items[1]!.fields.webOnly).toBe(true);
    expect(body.items[0]!.revision).toMatch(/^[0-9a-f]{16}$/);
    expect(body.options.listings.map((l) => l.eid)).toEqual([1002, 1001, 1003]);
    expect(body.options.listings[0]).toEqual({ eid: 1002, name: 'Dune House', propertyCode: 'CHC-1002', type: 'House' });
    expect(body.options.areas).toEqual([{ slug: 'coral-haven', name: 'Coral Haven' }]);
  });

  it('events, pages, community photos and the site details', async () => {
    expect((await list<EventFields>('events')).map((e) => [e.id, e.fields.slug, e.fields.area])).toEqual([['1', 'kite-day', 'coral-haven']]);
    const pages = await list<PageFields>('pages');
    expect(pages.map((p) => p.id)).toEqual(['about-us', 'privacy-policy']);
    expect(pages[0]!.fields.text).toBe('## Who we are\n\nA family business.');
    const [community] = await list<CommunityFields>('community');
    expect(community).toMatchObject({ id: 'community', label: 'Community photos' });
    expect(community!.fields.photos).toEqual([
      { key: 'community/1.svg', caption: '', alt: 'The pier at dawn', width: 1200, height: 800 },
      { key: 'community/2.svg', caption: 'Market day', alt: 'The Saturday market', width: 1200, height: 900 },
    ]);
    const [site] = await list<SiteFields>('site');
    expect(site).toMatchObject({ id: 'site', fields: { name: fileSite.name, slogan: fileSite.slogan, phone: fileSite.phone, email: fileSite.email } });
  });
});

describe('specials', () => {
  it('are added, changed and deleted, and the page settings follow at once', async () => {
    const created = await api('POST', '/admin/api/content/specials', { fields: special() });
    expect(created.statusCode, created.body).toBe(201);
    const item = itemOf<SpecialFields>(created);
    expect(item).toMatchObject({ id: '4', label: 'Spring break deal', fields: special() });
    const [row] = await database.db.select().from(schema.specials).where(eq(schema.specials.id, 4));
    expect(row).toMatchObject({ position: 3, specialType: '1', units: ['1001'], stayBegin: unixSeconds(today), stayEnd: unixSeconds(addDays(today, 11)) - 1 });
    expect(pageSpecials((await guest('/')).body).find((s) => s.nid === 4)).toMatchObject({ special_type: '1', stay_end: unixSeconds(addDays(today, 11)) - 1 });

    const changed = await api('PUT', '/admin/api/content/specials/4', { revision: item.revision, fields: special({ webOnly: true, discountPercent: 25 }) });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = itemOf<SpecialFields>(changed);
    expect(after.fields).toMatchObject({ webOnly: true, discountPercent: 25 });
    expect(after.revision).not.toBe(item.revision);
    expect(pageSpecials((await guest('/')).body).find((s) => s.nid === 4)?.special_type).toBe('2');

    // Someone else saved since the first revision: refused, and told what is there now.
    const stale = await api('PUT', '/admin/api/content/specials/4', { revision: item.revision, fields: special({ title: 'Mine' }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: 'stale', message: STALE_ITEM_MESSAGE, current: after });
    expect((await database.db.select({ title: schema.specials.title }).from(schema.specials).where(eq(schema.specials.id, 4)))[0]?.title).toBe('Spring break deal');
    expect((await api('DELETE', '/admin/api/content/specials/4', { revision: item.revision })).statusCode).toBe(409);

    const deleted = await api('DELETE', '/admin/api/content/specials/4', { revision: after.revision });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: '4' });
    expect(pageSpecials((await guest('/')).body).some((s) => s.nid === 4)).toBe(false);
    expect(changedKinds.filter((kind) => kind === 'specials')).toHaveLength(3);
  });

  it('keep a type of their own when not web only', async () => {
    await database.db.update(schema.specials).set({ specialType: '3' }).where(eq(schema.specials.id, 3));
    const expired = (await list<SpecialFields>('specials')).find((s) => s.id === '3')!;
    const saved = await api('PUT', '/admin/api/content/specials/3', { revision: expired.revision, fields: { ...expired.fields, title: 'Expired deal, renamed' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await database.db.select({ type: schema.specials.specialType }).from(schema.specials).where(eq(schema.specials.id, 3)))[0]?.type).toBe('3');
  });

  it('refuse a window that ends before it begins and an unknown listing, writing nothing', async () => {
    const response = await api('POST', '/admin/api/content/specials', { fields: special({ title: '', stayTo: addDays(today, -1), units: [4242] }) });
    expect(response.statusCode).toBe(422);
    const body = response.json() as { error: string; message: string; problems: { path: string }[] };
    expect(body).toMatchObject({ error: 'invalid', message: INVALID_MESSAGE });
    expect(body.problems.map((p) => p.path).sort()).toEqual(['stayTo', 'title', 'units']);
    expect(await database.db.select({ id: schema.specials.id }).from(schema.specials)).toHaveLength(3);
  });
});

describe('events', () => {
  it('are added, changed, made a thing to do and deleted with their photos; the guest page follows', async () => {
    const created = await api('POST', '/admin/api/content/events', { fields: event() });
    expect(created.statusCode, created.body).toBe(201);
    const item = itemOf<EventFields>(created);
    expect(item).toMatchObject({ id: '2', label: 'Sunset festival', fields: event() });
    const page = await guest('/events/sunset-festival');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sunset festival');

    const renamed = await api('PUT', '/admin/api/content/events/2', { revision: item.revision, fields: event({ title: 'Sunset music festival' }) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await guest('/events/sunset-festival')).body).toContain('Sunset music festival');

    const todo = await api('PUT', '/admin/api/content/events/2', { revision: itemOf<EventFields>(renamed).revision, fields: event({ kind: 'thing-to-do', title: 'Sunset music festival' }) });
    expect(todo.statusCode, todo.body).toBe(200);
    const thing = itemOf<EventFields>(todo);
    expect(thing.fields).toMatchObject({ kind: 'thing-to-do', beginDate: '', endDate: '' });
    expect((await database.db.select({ begin: schema.events.beginDate, end: schema.events.endDate }).from(schema.events).where(eq(schema.events.id, 2)))[0]).toEqual({ begin: null, end: null });
    expect((await guest('/things-to-do/sunset-festival')).statusCode).toBe(200);

    await database.db.insert(schema.photos).values({ ownerKind: 'event', ownerId: 2, position: 0, path: 'events/2/1.svg', caption: 'Stage', description: 'Stage', width: 800, height: 600 });
    const deleted = await api('DELETE', '/admin/api/content/events/2', { revision: thing.revision });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await database.db.select().from(schema.photos).where(and(eq(schema.photos.ownerKind, 'event'), eq(schema.photos.ownerId, 2)))).toEqual([]);
    expect((await guest('/things-to-do/sunset-festival')).statusCode).toBe(404);
  });

  it('refuse an empty title, a reserved or taken address and dates that end before they begin, writing nothing', async () => {
    const response = await api('POST', '/admin/api/content/events', { fields: event({ title: ' ', slug: 'admin', endDate: addDays(today, 1) }) });
    expect(response.statusCode).toBe(422);
    expect((response.json() as { problems: { path: string }[] }).problems.map((p) => p.path).sort()).toEqual(['endDate', 'slug', 'title']);
    const taken = await api('POST', '/admin/api/content/events', { fields: event({ slug: 'kite-day' }) });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ problems: [{ path: 'slug', message: 'Another event or thing to do has this page address.' }] });
    expect((await list<EventFields>('events')).map((e) => e.id)).toEqual(['1']);
  });
});

describe('content pages', () => {
  it('are renamed to a new address, their text shown with its marks and any HTML as text', async () => {
    const about = (await list<PageFields>('pages')).find((p) => p.id === 'about-us')!;
    expect((await guest('/about-us')).body).toContain('A family business.');
    const text = '## Our story\n\nWe are **three** sisters. <script>alert(1)</script>\n\n- Open all year';
    const saved = await api('PUT', '/admin/api/content/pages/about-us', { revision: about.revision, fields: { slug: 'about', title: 'About the sisters', text } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(itemOf<PageFields>(saved)).toMatchObject({ id: 'about', label: 'About the sisters', fields: { slug: 'about', text } });
    const page = await guest('/about');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('About the sisters');
    expect(page.body).toContain('<strong>three</strong>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)');
    expect((await guest('/about-us')).statusCode).toBe(404);
    // The old address is gone: a save from it finds nothing.
    expect((await api('PUT', '/admin/api/content/pages/about-us', { revision: about.revision, fields: about.fields })).statusCode).toBe(404);
  });

  it('refuse another page’s address and a stale save, changing nothing', async () => {
    const privacy = (await list<PageFields>('pages')).find((p) => p.id === 'privacy-policy')!;
    const taken = await api('PUT', '/admin/api/content/pages/privacy-policy', { revision: privacy.revision, fields: { ...privacy.fields, slug: 'about' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ problems: [{ path: 'slug' }] });
    const stale = await api('PUT', '/admin/api/content/pages/privacy-policy', { revision: '0123456789abcdef', fields: { ...privacy.fields, title: 'Mine' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'stale', current: privacy });
    expect((await list<PageFields>('pages')).find((p) => p.id === 'privacy-policy')).toEqual(privacy);
  });

  it('are added and deleted', async () => {
    const created = await api('POST', '/admin/api/content/pages', { fields: { slug: 'house-rules', title: 'House rules', text: 'No parties.' } });
    expect(created.statusCode, created.body).toBe(201);
    expect((await guest('/house-rules')).body).toContain('No parties.');
    const deleted = await api('DELETE', '/admin/api/content/pages/house-rules', { revision: itemOf<PageFields>(created).revision });
    expect(deleted.statusCode).toBe(200);
    expect((await guest('/house-rules')).statusCode).toBe(404);
  });
});

describe('community photos', () => {
  it('are reordered with an upload, its size from the upload', async () => {
    const [community] = await list<CommunityFields>('community');
    const [first, second] = community!.fields.photos;
    const photos = [second!, { key: UPLOAD, caption: 'Boardwalk', alt: 'The boardwalk at noon', width: 1, height: 1 }, { ...first!, caption: '' }];
    const saved = await api('PUT', '/admin/api/content/community/community', { revision: community!.revision, fields: { photos } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(itemOf<CommunityFields>(saved).fields.photos.map((p) => [p.key, p.caption, p.width])).toEqual([['community/2.svg', 'Market day', 1200], [UPLOAD, 'Boardwalk', 2400], ['community/1.svg', '', 1200]]);
    const rows = await database.db.select({ path: schema.photos.path, caption: schema.photos.caption, scene: schema.photos.scene }).from(schema.photos).where(eq(schema.photos.ownerKind, 'community')).orderBy(asc(schema.photos.position));
    expect(rows).toEqual([
      { path: 'community/2.svg', caption: 'Market day', scene: 'town' },
      { path: `uploads/${UPLOAD}`, caption: 'Boardwalk', scene: null },
      { path: 'community/1.svg', caption: COMMUNITY_CAPTION, scene: 'ocean' },
    ]);
    expect((await guest('/')).body).toContain('The boardwalk at noon');
  });

  it('refuse an image the site does not have or another page shows', async () => {
    const [community] = await list<CommunityFields>('community');
    const photos = [...community!.fields.photos, { key: 'c'.repeat(24), caption: '', alt: 'Unknown', width: 10, height: 10 }, { key: 'units/1001/1.svg', caption: '', alt: 'Living room', width: 10, height: 10 }];
    const response = await api('PUT', '/admin/api/content/community/community', { revision: community!.revision, fields: { photos } });
    expect(response.statusCode).toBe(422);
    expect((response.json() as { problems: { path: string }[] }).problems.map((p) => p.path)).toEqual(['photos.3', 'photos.4']);
    expect((await list<CommunityFields>('community'))[0]).toEqual(community);
  });
});

describe('site details', () => {
  it('rename the site on its pages at once, and after a restart', async () => {
    const [site] = await list<SiteFields>('site');
    const bad = await api('PUT', '/admin/api/content/site/site', { revision: site!.revision, fields: { ...site!.fields, email: 'not an address' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ problems: [{ path: 'email' }] });
    const fields = { name: 'Gulf Breeze Rentals', slogan: 'Sand, sun and quiet.', phone: '+1 555 0100', email: 'stay@gulfbreeze.example' };
    const saved = await api('PUT', '/admin/api/content/site/site', { revision: site!.revision, fields });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(itemOf<SiteFields>(saved)).toMatchObject({ id: 'site', label: 'Gulf Breeze Rentals', fields });
    expect(settings.site).toMatchObject(fields);
    // The rendered page, not only the settings it carries for the browser.
    const home = (await guest('/')).body;
    expect(home).toMatch(/<title>[^<]*Sand, sun and quiet\.[^<]*<\/title>/);
    expect(/<div id="root">([^]*)<\/div>/.exec(home)?.[1]).toContain('Gulf Breeze Rentals');

    // A restart reads config/site.json again, then the owner's details over it.
    const restarted = { site: { ...fileSite } };
    expect(await applySiteDetails(database.db, restarted)).toBe(true);
    expect(restarted.site).toMatchObject(fields);
    expect(restarted.site.map_tile_url).toBe(fileSite.map_tile_url);
    const [row] = await database.db.select().from(schema.meta).where(eq(schema.meta.key, SITE_DETAILS_KEY));
    expect(JSON.parse(row!.value)).toEqual(fields);
  });
});
