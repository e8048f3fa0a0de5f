/**
 * The owner's listing content in the database: drafts (saved with optimistic concurrency: a
 * save names the revision it was made from, and a stale one is refused, never merged or
 * overwritten), published versions (each kept whole with who and when), publishing (one
 * transaction: the units row, its amenities and photos, the rate plan, the old slug, the
 * version, the draft gone), restoring a version into the draft, and the listing's status.
 *
 *   const store = createListingStore({ db });
 *   const saved = await store.saveDraft(1001, 0, document, 'owner');   // { ok: true, draft } | { ok: false, reason: 'stale', current }
 *   const published = await store.publish(1001, saved.draft.revision, 'owner', check);
 *
 * What follows a publication outside the database (the search index, the page caches, the
 * prices) is the caller's (publish.ts), after the commit.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ListingContent, ListingStatus } from '../../src/domain/owner/listing-content.ts';
import type { Database } from '../db/client.ts';
import { amenities, amenityCategories, areas, bookings, listingDrafts, listingSlugs, listingVersions, photos, unitAmenities, units } from '../db/schema.ts';
import { legacyRatePlanOf } from '../pricing/fill-rate-plans.ts';
import { defaultDocument, documentOfRows, photoColumnsOf, photoPathOfKey, unitColumnsOf } from './document.ts';

/** The property types the site has always had; the database may hold more. */
export const PROPERTY_TYPES = ['Condo', 'Townhome', 'Cottage', 'Bungalow', 'House', 'Villa'] as const;

export interface DraftRecord {
  baseVersion: number;
  revision: number;
  document: ListingContent;
  savedAt: string;
}

export interface PublishedRecord {
  version: number;
  document: ListingContent;
  publishedAt: string | null;
  publishedBy: string | null;
}

export interface ListingRecord {
  eid: number;
  status: ListingStatus;
  version: number;
  published: PublishedRecord | null;
  draft: DraftRecord | null;
}

export interface ListingOptions {
  areas: { slug: string; name: string; id: number; latitude: number; longitude: number }[];
  amenities: { slug: string; name: string; category: string; id: number }[];
  types: string[];
}

export type SaveResult = { ok: true; draft: DraftRecord } | { ok: false; reason: 'stale'; current: DraftRecord | null } | { ok: false; reason: 'missing' };

export interface ListingStoreOptions {
  db: Database;
  now?: () => Date;
}

const iso = (date: Date) => date.toISOString();
const isStatus = (value: string): value is ListingStatus => value === 'published' || value === 'unpublished' || value === 'archived';

export type ListingStore = ReturnType<typeof createListingStore>;

export function createListingStore(options: ListingStoreOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  /** The document the listing's rows stand for (its live content, whatever the versions say). */
  async function documentOfUnit(tx: Database, eid: number): Promise<ListingContent | null> {
    const [row] = await tx.select({ unit: units, area: areas.slug }).from(units).innerJoin(areas, eq(areas.id, units.areaId)).where(eq(units.eid, eid));
    if (!row) return null;
    const [amenityRows, photoRows] = await Promise.all([
      tx
        .select({ slug: amenities.slug })
        .from(unitAmenities)
        .innerJoin(amenities, eq(amenities.id, unitAmenities.amenityId))
        .innerJoin(amenityCategories, eq(amenityCategories.id, amenities.categoryId))
        .where(eq(unitAmenities.unitEid, eid))
        .orderBy(asc(amenityCategories.position), asc(amenities.position)),
      tx
        .select({ path: photos.path, caption: photos.caption, description: photos.description, width: photos.width, height: photos.height })
        .from(photos)
        .where(and(eq(photos.ownerKind, 'unit'), eq(photos.ownerId, eid)))
        .orderBy(asc(photos.position)),
    ]);
    // A unit of a database made before rate plans is priced from its old rows until the start-up fill writes its plan.
    const rates = row.unit.ratePlan ?? (await legacyRatePlanOf(tx, eid, row.unit.cleaningFeeCents));
    return documentOfRows({ unit: { ...row.unit, bathrooms: Number(row.unit.bathrooms) }, area: row.area, amenities: amenityRows.map((a) => a.slug), photos: photoRows, rates });
  }

  async function draftOf(tx: Database, eid: number): Promise<DraftRecord | null> {
    const [row] = await tx.select().from(listingDrafts).where(eq(listingDrafts.eid, eid));
    return row ? { baseVersion: row.baseVersion, revision: row.revision, document: row.document, savedAt: iso(row.savedAt) } : null;
  }

  async function publishedOf(tx: Database, eid: number, version: number): Promise<PublishedRecord | null> {
    if (version < 1) return null;
    const [row] = await tx.select().from(listingVersions).where(eq(listingVersions.eid, eid)).orderBy(desc(listingVersions.version)).limit(1);
    if (row) return { version: row.version, document: row.document, publishedAt: iso(row.publishedAt), publishedBy: row.publishedBy };
    const document = await documentOfUnit(tx, eid);
    return document ? { version, document, publishedAt: null, publishedBy: null } : null;
  }

  async function unitState(tx: Database, eid: number): Promise<{ status: ListingStatus; version: number; slug: string } | null> {
    const [row] = await tx.select({ status: units.status, version: units.version, slug: units.slug }).from(units).where(eq(units.eid, eid));
    if (!row) return null;
    return { status: isStatus(row.status) ? row.status : 'unpublished', version: row.version, slug: row.slug };
  }

  return {
    documentOfUnit: (eid: number) => documentOfUnit(db, eid),

    async options(): Promise<ListingOptions> {
      const [areaRows, amenityRows, typeRows] = await Promise.all([
        db.select({ id: areas.id, slug: areas.slug, name: areas.name, latitude: areas.latitude, longitude: areas.longitude }).from(areas).orderBy(asc(areas.position), asc(areas.name)),
        db
          .select({ id: amenities.id, slug: amenities.slug, name: amenities.name, category: amenityCategories.name })
          .from(amenities)
          .innerJoin(amenityCategories, eq(amenityCategories.id, amenities.categoryId))
          .orderBy(asc(amenityCategories.position), asc(amenities.position)),
        db.selectDistinct({ type: units.propertyType }).from(units),
      ]);
      const types = [...new Set<string>([...PROPERTY_TYPES, ...typeRows.map((row) => row.type)])];
      return { areas: areaRows, amenities: amenityRows, types };
    },

    /** Whether another listing than `eid` has this property code, or this slug as its current one. */
    async taken(eid: number, document: { propertyCode?: unknown; slug?: unknown }): Promise<{ propertyCode: boolean; slug: boolean }> {
      const code = typeof document.propertyCode === 'string' ? document.propertyCode : '';
      const slug = typeof document.slug === 'string' ? document.slug : '';
      const [byCode, bySlug] = await Promise.all([
        code ? db.select({ eid: units.eid }).from(units).where(and(eq(units.propertyCode, code), ne(units.eid, eid))).limit(1) : [],
        slug ? db.select({ eid: units.eid }).from(units).where(and(eq(units.slug, slug), ne(units.eid, eid))).limit(1) : [],
      ]);
      return { propertyCode: byCode.length > 0, slug: bySlug.length > 0 };
    },

    /** The photo keys of these whose image another listing (or page) shows: an image is one photos row. */
    async photosElsewhere(eid: number, keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const paths = new Map(keys.map((key) => [photoPathOfKey(key), key]));
      const rows = await db
        .select({ path: photos.path })
        .from(photos)
        .where(and(inArray(photos.path, [...paths.keys()]), sql`not (${photos.ownerKind} = 'unit' and ${photos.ownerId} = ${eid})`));
      return new Set(rows.map((row) => paths.get(row.path)!));
    },

    /** Every listing with its draft's state: the owner's list. */
    async list() {
      const rows = await db
        .select({ eid: units.eid, status: units.status, version: units.version, revision: listingDrafts.revision, savedAt: listingDrafts.savedAt, draft: listingDrafts.document })
        .from(units)
        .leftJoin(listingDrafts, eq(listingDrafts.eid, units.eid))
        .orderBy(asc(units.eid));
      const latest = await db
        .selectDistinctOn([listingVersions.eid], { eid: listingVersions.eid, document: listingVersions.document })
        .from(listingVersions)
        .orderBy(asc(listingVersions.eid), desc(listingVersions.version));
      const published = new Map(latest.map((row) => [row.eid, row.document]));
      const out = [];
      for (const row of rows) {
        const document = row.draft ?? published.get(row.eid) ?? (await documentOfUnit(db, row.eid));
        if (!document) continue;
        out.push({ eid: row.eid, status: isStatus(row.status) ? row.status : 'unpublished', version: row.version, hasDraft: row.draft !== null, savedAt: row.savedAt ? iso(row.savedAt) : null, document });
      }
      return out;
    },

    async get(eid: number): Promise<ListingRecord | null> {
      const state = await unitState(db, eid);
      if (!state) return null;
      const [published, draft] = await Promise.all([publishedOf(db, eid, state.version), draftOf(db, eid)]);
      return { eid, status: state.status, version: state.version, published, draft };
    },

    /** A new unpublished listing (version 0) with the next free eid of the units' range and a first draft (revision 1). */
    async create(fields: { name: string; propertyCode: string; area: string; type: string; slug: string }, by: string): Promise<{ eid: number } | { taken: 'propertyCode' | 'slug' | 'eids' }> {
      return db.transaction(async (tx) => {
        const [area] = await tx.select({ id: areas.id, latitude: areas.latitude, longitude: areas.longitude }).from(areas).where(eq(areas.slug, fields.area));
        if (!area) throw new Error(`unknown area ${fields.area}`);
        // One new listing at a time: two creations never pick the same eid.
        await tx.execute(sql`select pg_advisory_xact_lock(${0x4c495354})`);
        const [code] = await tx.select({ eid: units.eid }).from(units).where(eq(units.propertyCode, fields.propertyCode)).limit(1);
        if (code) return { taken: 'propertyCode' as const };
        let slug = fields.slug;
        for (let n = 2; (await tx.select({ eid: units.eid }).from(units).where(eq(units.slug, slug)).limit(1)).length > 0; n++) slug = `${fields.slug}-${n}`;
        const free = await tx.execute(sql`select s as eid from generate_series(1000, 4999) s where not exists (select 1 from ${units} where ${units.eid} = s) order by s limit 1`);
        const eid = Number(((free as { rows?: { eid: number }[] }).rows ?? [])[0]?.eid ?? NaN);
        if (!Number.isSafeInteger(eid)) return { taken: 'eids' as const };
        const document = defaultDocument({ ...fields, slug, latitude: area.latitude, longitude: area.longitude });
        await tx.insert(units).values({ eid, areaId: area.id, ...unitColumnsOf(document), status: 'unpublished', version: 0 });
        await tx.insert(listingDrafts).values({ eid, baseVersion: 0, revision: 1, document, savedAt: now(), savedBy: by });
        return { eid };
      });
    },

    /**
     * Saves the draft made from revision `revision` (0: there was none): refused as stale when
     * the draft is no longer at that revision (another save, a discard or a publication came first).
     */
    async saveDraft(eid: number, revision: number, document: ListingContent, by: string): Promise<SaveResult> {
      const state = await unitState(db, eid);
      if (!state) return { ok: false, reason: 'missing' };
      const at = now();
      const rows =
        revision === 0
          ? await db
              .insert(listingDrafts)
              .values({ eid, baseVersion: state.version, revision: 1, document, savedAt: at, savedBy: by })
              .onConflictDoNothing()
              .returning()
          : await db
              .update(listingDrafts)
              .set({ revision: sql`${listingDrafts.revision} + 1`, document, savedAt: at, savedBy: by })
              .where(and(eq(listingDrafts.eid, eid), eq(listingDrafts.revision, revision)))
              .returning();
      const row = rows[0];
      if (!row) return { ok: false, reason: 'stale', current: await draftOf(db, eid) };
      return { ok: true, draft: { baseVersion: row.baseVersion, revision: row.revision, document: row.document, savedAt: iso(row.savedAt) } };
    },

    async discardDraft(eid: number, revision: number): Promise<{ ok: true } | { ok: false; current: DraftRecord | null }> {
      const rows = await db.delete(listingDrafts).where(and(eq(listingDrafts.eid, eid), eq(listingDrafts.revision, revision))).returning({ eid: listingDrafts.eid });
      return rows.length > 0 ? { ok: true } : { ok: false, current: await draftOf(db, eid) };
    },

    /**
     * Publishes the draft at `revision` in one transaction; `check` sees the document inside it and
     * may refuse (what would break the page). The first publication of a new listing puts it on
     * the site; a later one keeps its status.
     */
    async publish(
      eid: number,
      revision: number,
      by: string,
      check: (document: ListingContent) => Promise<{ path: string; message: string }[]>,
    ): Promise<{ ok: true; version: number; publishedAt: string; slugChanged: boolean } | { ok: false; reason: 'stale'; current: DraftRecord | null } | { ok: false; reason: 'blocked'; problems: { path: string; message: string }[] } | { ok: false; reason: 'missing' }> {
      // Checked before the transaction (the check reads the site's lists); the transaction then
      // publishes only the revision that was checked.
      const checked = await draftOf(db, eid);
      if (!checked || checked.revision !== revision) return { ok: false as const, reason: 'stale' as const, current: checked };
      const problems = await check(checked.document);
      if (problems.length > 0) return { ok: false as const, reason: 'blocked' as const, problems };
      return db.transaction(async (tx) => {
        const [draftRow] = await tx.select().from(listingDrafts).where(eq(listingDrafts.eid, eid)).for('update');
        if (!draftRow || draftRow.revision !== revision) return { ok: false as const, reason: 'stale' as const, current: await draftOf(tx, eid) };
        const state = await unitState(tx, eid);
        if (!state) return { ok: false as const, reason: 'missing' as const };
        const document = draftRow.document;
        const [area] = await tx.select({ id: areas.id }).from(areas).where(eq(areas.slug, document.area));
        if (!area) return { ok: false as const, reason: 'blocked' as const, problems: [{ path: 'area', message: 'Choose an area the site has.' }] };
        const version = state.version + 1;
        const at = now();
        const slugChanged = state.slug !== document.slug;
        // The old slug redirects; the new one is nobody's old slug any more.
        if (slugChanged) {
          await tx.delete(listingSlugs).where(eq(listingSlugs.slug, document.slug));
          await tx.insert(listingSlugs).values({ slug: state.slug, eid }).onConflictDoUpdate({ target: listingSlugs.slug, set: { eid } });
        }
        await tx
          .update(units)
          .set({ ...unitColumnsOf(document), areaId: area.id, version, ...(state.version === 0 ? { status: 'published' } : {}) })
          .where(eq(units.eid, eid));
        const amenityIds = document.amenities.length > 0 ? await tx.select({ id: amenities.id }).from(amenities).where(inArray(amenities.slug, document.amenities)) : [];
        await tx.delete(unitAmenities).where(eq(unitAmenities.unitEid, eid));
        if (amenityIds.length > 0) await tx.insert(unitAmenities).values(amenityIds.map((a) => ({ unitEid: eid, amenityId: a.id })));
        // A demo image keeps the drawing it is generated from (ensureDemoMedia writes a missing one again).
        const oldPhotos = await tx.select({ path: photos.path, scene: photos.scene }).from(photos).where(and(eq(photos.ownerKind, 'unit'), eq(photos.ownerId, eid)));
        const scenes = new Map(oldPhotos.map((p) => [p.path, p.scene]));
        await tx.delete(photos).where(and(eq(photos.ownerKind, 'unit'), eq(photos.ownerId, eid)));
        const photoRows = photoColumnsOf(document).map((p, position) => ({ ...p, ownerKind: 'unit', ownerId: eid, position, scene: scenes.get(p.path) ?? null }));
        if (photoRows.length > 0) await tx.insert(photos).values(photoRows);
        await tx.update(units).set({ ratePlan: document.rates }).where(eq(units.eid, eid));
        await tx.insert(listingVersions).values({ eid, version, document, publishedAt: at, publishedBy: by });
        await tx.delete(listingDrafts).where(eq(listingDrafts.eid, eid));
        return { ok: true as const, version, publishedAt: iso(at), slugChanged };
      });
    },

    async versions(eid: number) {
      const rows = await db
        .select({ version: listingVersions.version, publishedAt: listingVersions.publishedAt, publishedBy: listingVersions.publishedBy, name: sql<string>`${listingVersions.document}->>'name'` })
        .from(listingVersions)
        .where(eq(listingVersions.eid, eid))
        .orderBy(desc(listingVersions.version));
      return rows.map((row) => ({ ...row, publishedAt: iso(row.publishedAt), name: String(row.name ?? '') }));
    },

    /** Version `version`'s document becomes the draft (made from `revision`, as a save is); publishing makes it live. */
    async restore(eid: number, version: number, revision: number, by: string): Promise<SaveResult | { ok: false; reason: 'no-version' }> {
      const [row] = await db.select({ document: listingVersions.document }).from(listingVersions).where(and(eq(listingVersions.eid, eid), eq(listingVersions.version, version)));
      if (!row) return { ok: false, reason: 'no-version' };
      return this.saveDraft(eid, revision, row.document, by);
    },

    /**
     * Puts a listing on or off the site. `version` is the published version the owner saw
     * (stale: another publication came first). Archiving refuses a listing with stays that end
     * today or later: it can be unpublished instead.
     */
    async setStatus(eid: number, status: ListingStatus, version: number, today: string): Promise<{ ok: true; status: ListingStatus } | { ok: false; reason: 'stale'; version: number } | { ok: false; reason: 'booked'; from: string } | { ok: false; reason: 'missing' } | { ok: false; reason: 'never-published' }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ version: units.version }).from(units).where(eq(units.eid, eid)).for('update');
        if (!row) return { ok: false as const, reason: 'missing' as const };
        if (row.version !== version) return { ok: false as const, reason: 'stale' as const, version: row.version };
        if (status === 'published' && row.version === 0) return { ok: false as const, reason: 'never-published' as const };
        if (status === 'archived') {
          const [booked] = await tx
            .select({ begin: bookings.beginDate })
            .from(bookings)
            .where(and(eq(bookings.unitEid, eid), eq(bookings.kind, 'booked'), sql`${bookings.endDate} >= ${today}`, sql`(${bookings.heldUntil} is null or ${bookings.heldUntil} > ${now().toISOString()})`))
            .orderBy(asc(bookings.beginDate))
            .limit(1);
          if (booked) return { ok: false as const, reason: 'booked' as const, from: booked.begin };
        }
        await tx.update(units).set({ status }).where(eq(units.eid, eid));
        return { ok: true as const, status };
      });
    },
  };
}
