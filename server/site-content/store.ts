/**
 * The site's own content besides its listings, as the owner edits it (routes.ts): specials,
 * events and things to do, content pages, the homepage's community photos and the site's name
 * and contacts. Each kind is read into the shared shapes of src/domain/owner/site-content.ts and
 * written back from them into the tables the guest pages and the pricing already read.
 *
 *   const store = createSiteContentStore({ db, settings });
 *   const { items } = await store.list('pages');
 *   const saved = await store.update('pages', 'about-us', items[0].revision, { slug: 'about-us', title: 'About us', text: '…' });
 *
 * No save overwrites what it did not see: an item's revision is a digest of its stored fields, a
 * save or a delete names the revision it was made from, and it runs in one transaction that locks
 * the item's rows, compares the revision (stale: refused with the current item) and validates the
 * fields against the site as it is inside that transaction (invalid: refused) before writing.
 * Writes of one kind are serialized, so two new items never take the same id or slug.
 */
import crypto from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FieldProblem, ListingPhoto } from '../../src/domain/owner/listing-content.ts';
import { firstPerPath } from '../../src/domain/owner/listing-validation.ts';
import { pageHtmlToText, pageTextToHtml } from '../../src/domain/owner/page-text.ts';
import {
  SINGLE_KINDS,
  validateSiteContent,
  type CommunityFields,
  type EventFields,
  type PageFields,
  type SiteContentFields,
  type SiteContentItem,
  type SiteContentKind,
  type SiteContentOptions,
  type SiteFields,
  type SpecialFields,
} from '../../src/domain/owner/site-content.ts';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { Database } from '../db/client.ts';
import { areas, contentPages, events, meta, photos, specials, uploadedPhotos, units } from '../db/schema.ts';
import { addDays, unixSeconds } from '../demo/dates.ts';
import { COMMUNITY_CAPTION } from '../demo/generate-common.ts';
import { photoKeyOfPath, photoPathOfKey } from '../owner-content/document.ts';

/** The meta row the owner's site details are kept in (JSON of SiteFields). */
export const SITE_DETAILS_KEY = 'site_details';
export const COMMUNITY_ID = 'community';
export const SITE_ID = 'site';

export type WriteResult<K extends SiteContentKind = SiteContentKind> =
  | { ok: true; item: SiteContentItem<K> }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'single' }
  | { ok: false; reason: 'stale'; current: SiteContentItem<K> | null }
  | { ok: false; reason: 'invalid'; problems: FieldProblem[] };

export type DeleteResult = { ok: true } | { ok: false; reason: 'missing' } | { ok: false; reason: 'single' } | { ok: false; reason: 'stale'; current: SiteContentItem };

export interface SiteContentStoreOptions {
  db: Database;
  /** The live settings: site details read from them when the owner never saved any, and written onto them after a save. */
  settings: Pick<SiteSettings, 'site'>;
}

export type SiteContentStore = ReturnType<typeof createSiteContentStore>;

/** Keys in a fixed order at every level, so equal fields always have the same JSON. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The revision of an item: the first 16 hex characters of the SHA-256 of its fields' JSON. */
export function revisionOf(fields: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(canonical(fields))).digest('hex').slice(0, 16);
}

const itemOf = <K extends SiteContentKind>(id: string, label: string, fields: SiteContentFields[K]): SiteContentItem<K> => ({ id, revision: revisionOf(fields), label, fields });

/** The day (ISO, UTC) a stored moment in Unix seconds falls on. */
function dayOfSeconds(seconds: number): string {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** The last second of a day: windows include their last day whole. */
const endOfDay = (iso: string) => unixSeconds(addDays(iso, 1)) - 1;

const KIND_LOCK = 0x53435431;
const KIND_NUMBER: Record<SiteContentKind, number> = { specials: 1, events: 2, pages: 3, community: 4, site: 5 };
const NUMERIC_ID = /^[1-9][0-9]{0,8}$/;

type SpecialRow = typeof specials.$inferSelect;
type EventRow = typeof events.$inferSelect & { area: string };
type PhotoRow = { path: string; caption: string; description: string; width: number; height: number };

function specialItem(row: SpecialRow): SiteContentItem<'specials'> {
  const fields: SpecialFields = {
    title: row.title,
    description: row.description,
    webOnly: row.specialType === '2',
    units: row.units.map(Number).filter((eid) => Number.isSafeInteger(eid)),
    stayFrom: dayOfSeconds(row.stayBegin),
    stayTo: dayOfSeconds(row.stayEnd),
    bookFrom: dayOfSeconds(row.bookBegin),
    bookTo: dayOfSeconds(row.bookEnd),
    minGuests: row.minGuests,
    maxGuests: row.maxGuests,
    minNights: row.minNights,
    maxNights: row.maxNights,
    discountPercent: row.discountPercent,
  };
  return itemOf<'specials'>(String(row.id), row.title, fields);
}

/** A special's columns from its fields; a special that is not web only keeps its other type. */
function specialColumns(f: SpecialFields, type: string | null) {
  return {
    title: f.title.trim(),
    description: f.description,
    specialType: f.webOnly ? '2' : type !== null && type !== '2' ? type : '1',
    units: [...new Set(f.units)].map(String),
    stayBegin: unixSeconds(f.stayFrom),
    stayEnd: endOfDay(f.stayTo),
    bookBegin: unixSeconds(f.bookFrom),
    bookEnd: endOfDay(f.bookTo),
    minGuests: f.minGuests,
    maxGuests: f.maxGuests,
    minNights: f.minNights,
    maxNights: f.maxNights,
    discountPercent: f.discountPercent,
  };
}

function eventItem(row: EventRow): SiteContentItem<'events'> {
  const fields: EventFields = {
    kind: row.kind === 'thing-to-do' ? 'thing-to-do' : 'event',
    title: row.title,
    slug: row.slug,
    beginDate: row.beginDate ?? '',
    endDate: row.endDate ?? '',
    place: row.place,
    area: row.area,
    latitude: row.latitude,
    longitude: row.longitude,
    summary: row.summary,
    description: row.description,
  };
  return itemOf<'events'>(String(row.id), row.title, fields);
}

function eventColumns(f: EventFields, areaId: number) {
  // A thing to do is there all year: it has no dates.
  const dated = f.kind === 'event';
  return {
    kind: f.kind,
    title: f.title.trim(),
    slug: f.slug,
    beginDate: dated ? f.beginDate : null,
    endDate: dated ? f.endDate : null,
    place: f.place.trim(),
    areaId,
    latitude: f.latitude,
    longitude: f.longitude,
    summary: f.summary,
    description: f.description,
  };
}

const pageItem = (row: { slug: string; title: string; body: string }): SiteContentItem<'pages'> =>
  itemOf<'pages'>(row.slug, row.title, { slug: row.slug, title: row.title, text: pageHtmlToText(row.body) } satisfies PageFields);

function communityItem(rows: readonly PhotoRow[]): SiteContentItem<'community'> {
  const photoList: ListingPhoto[] = rows.map((row) => ({
    key: photoKeyOfPath(row.path),
    // The demo marks its slider's photos with this caption: to the owner they have none.
    caption: row.caption === COMMUNITY_CAPTION ? '' : row.caption,
    alt: row.description,
    width: row.width,
    height: row.height,
  }));
  return itemOf<'community'>(COMMUNITY_ID, 'Community photos', { photos: photoList } satisfies CommunityFields);
}

/** The owner's saved site details, each part that is text; null when there are none (or they do not read). */
function storedSiteDetails(value: string | undefined): Partial<SiteFields> | null {
  if (value === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    const out: Partial<SiteFields> = {};
    for (const key of ['name', 'slogan', 'phone', 'email'] as const) if (typeof record[key] === 'string') out[key] = record[key];
    return out;
  } catch {
    return null;
  }
}

function siteFieldsOf(stored: Partial<SiteFields> | null, settings: Pick<SiteSettings, 'site'>): SiteFields {
  const { site } = settings;
  return { name: stored?.name ?? site.name, slogan: stored?.slogan ?? site.slogan, phone: stored?.phone ?? site.phone, email: stored?.email ?? site.email };
}

const siteItem = (fields: SiteFields): SiteContentItem<'site'> => itemOf<'site'>(SITE_ID, fields.name, fields);

/**
 * Puts the owner's saved site details onto the live settings (a start-up step, before anything
 * reads settings.site): a restart keeps what the owner saved instead of config/site.json's.
 * Answers whether there were any.
 */
export async function applySiteDetails(db: Pick<Database, 'select'>, settings: Pick<SiteSettings, 'site'>): Promise<boolean> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, SITE_DETAILS_KEY));
  const stored = storedSiteDetails(row?.value);
  if (!stored) return false;
  const fields = siteFieldsOf(stored, settings);
  // What does not pass the owner's form would not pass the settings either: keep the file's.
  if (validateSiteContent('site', fields).length > 0) return false;
  Object.assign(settings.site, fields);
  return true;
}

export function createSiteContentStore(options: SiteContentStoreOptions) {
  const { db, settings } = options;

  const lockKind = (tx: Database, kind: SiteContentKind) => tx.execute(sql`select pg_advisory_xact_lock(${KIND_LOCK}, ${KIND_NUMBER[kind]})`);

  const eventSelect = (tx: Database) =>
    tx
      .select({
        id: events.id,
        slug: events.slug,
        kind: events.kind,
        title: events.title,
        beginDate: events.beginDate,
        endDate: events.endDate,
        place: events.place,
        areaId: events.areaId,
        latitude: events.latitude,
        longitude: events.longitude,
        summary: events.summary,
        description: events.description,
        area: areas.slug,
      })
      .from(events)
      .innerJoin(areas, eq(areas.id, events.areaId));

  const communityRows = (tx: Database) =>
    tx
      .select({ path: photos.path, caption: photos.caption, description: photos.description, width: photos.width, height: photos.height, scene: photos.scene })
      .from(photos)
      .where(and(eq(photos.ownerKind, 'community'), eq(photos.ownerId, 0)))
      .orderBy(asc(photos.position), asc(photos.id));

  async function siteDetails(tx: Database, lock: boolean): Promise<SiteFields> {
    const query = tx.select({ value: meta.value }).from(meta).where(eq(meta.key, SITE_DETAILS_KEY));
    const [row] = lock ? await query.for('update') : await query;
    return siteFieldsOf(storedSiteDetails(row?.value), settings);
  }

  async function areaList(tx: Database) {
    return tx.select({ id: areas.id, slug: areas.slug, name: areas.name }).from(areas).orderBy(asc(areas.position), asc(areas.name));
  }

  /** The current item `id` of a kind, its rows locked for the rest of the transaction; null when there is none. */
  async function current(tx: Database, kind: SiteContentKind, id: string): Promise<{ item: SiteContentItem; type?: string } | null> {
    switch (kind) {
      case 'specials': {
        if (!NUMERIC_ID.test(id)) return null;
        const [row] = await tx.select().from(specials).where(eq(specials.id, Number(id))).for('update');
        return row ? { item: specialItem(row), type: row.specialType } : null;
      }
      case 'events': {
        if (!NUMERIC_ID.test(id)) return null;
        const [locked] = await tx.select({ id: events.id }).from(events).where(eq(events.id, Number(id))).for('update');
        if (!locked) return null;
        const [row] = await eventSelect(tx).where(eq(events.id, locked.id));
        return row ? { item: eventItem(row) } : null;
      }
      case 'pages': {
        const [row] = await tx.select().from(contentPages).where(eq(contentPages.slug, id)).for('update');
        return row ? { item: pageItem(row) } : null;
      }
      case 'community': {
        if (id !== COMMUNITY_ID) return null;
        await tx.select({ id: photos.id }).from(photos).where(and(eq(photos.ownerKind, 'community'), eq(photos.ownerId, 0))).for('update');
        return { item: communityItem(await communityRows(tx)) };
      }
      case 'site':
        return id === SITE_ID ? { item: siteItem(await siteDetails(tx, true)) } : null;
    }
  }

  /**
   * Every problem of the fields of item `id` (null: a new one), checked against the site inside
   * the transaction; for community photos also the rows each photo will be.
   */
  async function check(tx: Database, kind: SiteContentKind, id: string | null, fields: unknown): Promise<{ problems: FieldProblem[]; areaIds: Map<string, number>; photoRows: Array<PhotoRow & { scene: string | null }> }> {
    const f = (typeof fields === 'object' && fields !== null ? fields : {}) as Record<string, unknown>;
    const slug = typeof f.slug === 'string' ? f.slug : null;
    const [areaRows, unitRows] = await Promise.all([
      kind === 'events' ? areaList(tx) : Promise.resolve([]),
      kind === 'specials' ? tx.select({ eid: units.eid }).from(units) : Promise.resolve([]),
    ]);
    let slugTaken = false;
    if (slug !== null && kind === 'events') {
      const others = await tx
        .select({ id: events.id })
        .from(events)
        .where(id === null ? eq(events.slug, slug) : and(eq(events.slug, slug), ne(events.id, Number(id))))
        .limit(1);
      slugTaken = others.length > 0;
    }
    if (slug !== null && kind === 'pages') {
      const others = await tx
        .select({ slug: contentPages.slug })
        .from(contentPages)
        .where(id === null ? eq(contentPages.slug, slug) : and(eq(contentPages.slug, slug), ne(contentPages.slug, id)))
        .limit(1);
      slugTaken = others.length > 0;
    }
    const problems = validateSiteContent(kind, fields, {
      areas: areaRows.map((a) => a.slug),
      listings: new Set(unitRows.map((u) => u.eid)),
      slugTaken: (value) => value === slug && slugTaken,
    });
    const photoRows: Array<PhotoRow & { scene: string | null }> = [];
    if (kind === 'community' && problems.length === 0) {
      const list = (f as unknown as CommunityFields).photos;
      const paths = list.map((photo) => photoPathOfKey(photo.key));
      const keys = list.map((photo) => photo.key).filter((key) => /^[0-9a-f]{24}$/.test(key));
      const [existing, uploaded] = await Promise.all([
        paths.length > 0
          ? tx.select({ path: photos.path, ownerKind: photos.ownerKind, width: photos.width, height: photos.height, scene: photos.scene }).from(photos).where(inArray(photos.path, paths))
          : Promise.resolve([]),
        keys.length > 0 ? tx.select({ key: uploadedPhotos.key, width: uploadedPhotos.width, height: uploadedPhotos.height }).from(uploadedPhotos).where(inArray(uploadedPhotos.key, keys)) : Promise.resolve([]),
      ]);
      const rowOf = new Map(existing.map((row) => [row.path, row]));
      const uploadOf = new Map(uploaded.map((row) => [row.key, row]));
      list.forEach((photo, i) => {
        const path = paths[i]!;
        const row = rowOf.get(path);
        const base = { path, caption: photo.caption.trim() === '' ? COMMUNITY_CAPTION : photo.caption.trim(), description: photo.alt.trim() };
        // An image is one photos row: one another page shows cannot join the slider as well.
        if (row && row.ownerKind !== 'community') problems.push({ path: `photos.${i}`, message: `Photo ${i + 1} is shown on another page: upload it again for the slider.` });
        else if (row) photoRows.push({ ...base, width: row.width, height: row.height, scene: row.scene });
        else {
          const upload = uploadOf.get(photo.key);
          // The size is the image's own, never what the form says.
          if (upload) photoRows.push({ ...base, width: upload.width, height: upload.height, scene: null });
          else problems.push({ path: `photos.${i}`, message: `Photo ${i + 1} is not an image the site has: upload it first.` });
        }
      });
    }
    return { problems: firstPerPath(problems), areaIds: new Map(areaRows.map((a) => [a.slug, a.id])), photoRows };
  }

  /** Writes item `id`'s fields (checked) and answers its id afterwards. */
  async function write(tx: Database, kind: SiteContentKind, id: string | null, fields: unknown, checked: Awaited<ReturnType<typeof check>>, type: string | null): Promise<string> {
    switch (kind) {
      case 'specials': {
        const columns = specialColumns(fields as SpecialFields, type);
        if (id !== null) {
          await tx.update(specials).set(columns).where(eq(specials.id, Number(id)));
          return id;
        }
        const [next] = await tx.select({ id: sql<number>`coalesce(max(${specials.id}), 0) + 1`, position: sql<number>`coalesce(max(${specials.position}), -1) + 1` }).from(specials);
        const newId = Number(next?.id ?? 1);
        await tx.insert(specials).values({ id: newId, position: Number(next?.position ?? 0), ...columns });
        return String(newId);
      }
      case 'events': {
        const f = fields as EventFields;
        const columns = eventColumns(f, checked.areaIds.get(f.area)!);
        if (id !== null) {
          await tx.update(events).set(columns).where(eq(events.id, Number(id)));
          return id;
        }
        const [next] = await tx.select({ id: sql<number>`coalesce(max(${events.id}), 0) + 1` }).from(events);
        const newId = Number(next?.id ?? 1);
        await tx.insert(events).values({ id: newId, ...columns });
        return String(newId);
      }
      case 'pages': {
        const f = fields as PageFields;
        const columns = { slug: f.slug, title: f.title.trim(), body: pageTextToHtml(f.text) };
        if (id !== null) await tx.update(contentPages).set(columns).where(eq(contentPages.slug, id));
        else await tx.insert(contentPages).values(columns);
        return f.slug;
      }
      case 'community': {
        await tx.delete(photos).where(and(eq(photos.ownerKind, 'community'), eq(photos.ownerId, 0)));
        const rows = checked.photoRows.map((row, position) => ({ ...row, ownerKind: 'community', ownerId: 0, position }));
        if (rows.length > 0) await tx.insert(photos).values(rows);
        return COMMUNITY_ID;
      }
      case 'site': {
        const f = fields as SiteFields;
        const value = JSON.stringify({ name: f.name.trim(), slogan: f.slogan.trim(), phone: f.phone.trim(), email: f.email.trim() });
        await tx.insert(meta).values({ key: SITE_DETAILS_KEY, value }).onConflictDoUpdate({ target: meta.key, set: { value } });
        return SITE_ID;
      }
    }
  }

  /** After a site details save commits: pages and emails made from now on use them. */
  function applied(item: SiteContentItem): void {
    const fields = item.fields as SiteFields;
    Object.assign(settings.site, { name: fields.name, slogan: fields.slogan, phone: fields.phone, email: fields.email });
  }

  async function save(kind: SiteContentKind, id: string | null, revision: string | null, fields: unknown): Promise<WriteResult> {
    const result = await db.transaction(async (tx): Promise<WriteResult> => {
      await lockKind(tx, kind);
      let type: string | null = null;
      if (id !== null) {
        const found = await current(tx, kind, id);
        if (!found) return { ok: false, reason: 'missing' };
        if (found.item.revision !== revision) return { ok: false, reason: 'stale', current: found.item };
        type = found.type ?? null;
      }
      const checked = await check(tx, kind, id, fields);
      if (checked.problems.length > 0) return { ok: false, reason: 'invalid', problems: checked.problems };
      const newId = await write(tx, kind, id, fields, checked, type);
      const saved = await current(tx, kind, newId);
      if (!saved) throw new Error(`the ${kind} item ${newId} just written is not there`);
      return { ok: true, item: saved.item };
    });
    if (result.ok && kind === 'site') applied(result.item);
    return result;
  }

  return {
    /** Every item of a kind, in the order the owner's list shows them. */
    async list<K extends SiteContentKind>(kind: K): Promise<SiteContentItem<K>[]> {
      const items = await (async (): Promise<SiteContentItem[]> => {
        switch (kind) {
          case 'specials':
            return (await db.select().from(specials).orderBy(asc(specials.position), asc(specials.id))).map(specialItem);
          case 'events':
            return (await eventSelect(db).orderBy(asc(events.kind), sql`${events.beginDate} asc nulls last`, asc(events.title), asc(events.id))).map(eventItem);
          case 'pages':
            return (await db.select().from(contentPages).orderBy(asc(contentPages.slug))).map(pageItem);
          case 'community':
            return [communityItem(await communityRows(db))];
          case 'site':
            return [siteItem(await siteDetails(db, false))];
        }
        return [];
      })();
      return items as SiteContentItem<K>[];
    },

    /** The listings a special can name and the areas an event can be in. */
    async options(): Promise<SiteContentOptions> {
      const [unitRows, areaRows] = await Promise.all([
        db.select({ eid: units.eid, name: units.name, propertyCode: units.propertyCode, type: units.propertyType }).from(units).orderBy(asc(units.name), asc(units.eid)),
        areaList(db),
      ]);
      return { listings: unitRows, areas: areaRows.map((a) => ({ slug: a.slug, name: a.name })) };
    },

    /** A new item of a kind with a list (the single kinds have theirs already). */
    async create(kind: SiteContentKind, fields: unknown): Promise<WriteResult> {
      if (SINGLE_KINDS.has(kind)) return { ok: false, reason: 'single' };
      return save(kind, null, null, fields);
    },

    /** Item `id` saved from `revision`: stale when it is at another one now. */
    update(kind: SiteContentKind, id: string, revision: string, fields: unknown): Promise<WriteResult> {
      return save(kind, id, revision, fields);
    },

    /** Deletes item `id` at `revision` (an event with its photos). */
    async remove(kind: SiteContentKind, id: string, revision: string): Promise<DeleteResult> {
      if (SINGLE_KINDS.has(kind)) return { ok: false, reason: 'single' };
      return db.transaction(async (tx): Promise<DeleteResult> => {
        await lockKind(tx, kind);
        const found = await current(tx, kind, id);
        if (!found) return { ok: false, reason: 'missing' };
        if (found.item.revision !== revision) return { ok: false, reason: 'stale', current: found.item };
        if (kind === 'specials') await tx.delete(specials).where(eq(specials.id, Number(id)));
        if (kind === 'events') {
          await tx.delete(photos).where(and(eq(photos.ownerKind, 'event'), eq(photos.ownerId, Number(id))));
          await tx.delete(events).where(eq(events.id, Number(id)));
        }
        if (kind === 'pages') await tx.delete(contentPages).where(eq(contentPages.slug, id));
        return { ok: true };
      });
    },
  };
}
