/**
 * Search documents of the listings index (spec §3 Search document), built from the database.
 *
 * One query for all units (or the units of a content change): the rate plan the 'from' price is
 * priced from is a column of the row; review statistics, the amenity names and the cover photo
 * come from lateral subqueries, so 320 or 100 000 units are still one round trip. Field names follow the Solr dynamic-field
 * conventions the site configuration uses (ss_ string, sm_ strings, is_ int, fs_ float,
 * bs_ boolean, ts_/tm_ text, locs_ location) and the Solr config set in solr/configsets/rentals.
 *
 * @example
 * const docs = await buildSearchDocuments(db, settings);          // every unit
 * const changed = await buildSearchDocuments(db, settings, { eids: [1001] });
 */
import { uploadedPhotoAt } from '../media/photo-sources.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { Database } from '../db/client.ts';
import { amenities, amenityCategories, areas, photos, unitAmenities, units } from '../db/schema.ts';
import { unitFromPrice } from '../pricing/from-price.ts';
import { contentUrls, mediaUrl, reviewStats } from '../content/content-service.ts';
import type { SearchDocument } from './types.ts';

/** The spec's document id `{siteHash}-{indexId}-{entityKey}` (the same as the content service's docId). */
export function searchDocumentId(settings: SiteSettings, eid: number): string {
  return `${settings.search.hash}-${settings.search.index}-${eid}`;
}

/** The eid of a document id of this site and index, or null. */
export function eidOfSearchDocumentId(settings: SiteSettings, id: string): number | null {
  const prefix = `${settings.search.hash}-${settings.search.index}-`;
  if (!id.startsWith(prefix)) return null;
  const rest = id.slice(prefix.length);
  return /^[1-9][0-9]{0,9}$/.test(rest) ? Number(rest) : null;
}

/** A json array column: parsed by pg and PGlite alike (a string only if a driver leaves json as text). */
function stringArray(value: unknown): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

export async function buildSearchDocuments(
  db: Database,
  settings: SiteSettings,
  /** `today` (YYYY-MM-DD, UTC by default): seasons over by then do not count for the 'from' price. */
  options: { eids?: readonly number[]; today?: string } = {},
): Promise<SearchDocument[]> {
  if (options.eids && options.eids.length === 0) return [];
  const stats = reviewStats(db);
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const amenityNames = db
    .select({
      names: sql<string[]>`coalesce(json_agg(${amenities.name} order by ${amenityCategories.position}, ${amenities.position}, ${amenities.name}), '[]'::json)`.as(
        'names',
      ),
    })
    .from(unitAmenities)
    .innerJoin(amenities, eq(amenities.id, unitAmenities.amenityId))
    .innerJoin(amenityCategories, eq(amenityCategories.id, amenities.categoryId))
    .where(eq(unitAmenities.unitEid, units.eid))
    .as('amenity_names');
  const cover = db
    .select({ path: photos.path, caption: sql<string>`coalesce(nullif(${photos.description}, ''), ${photos.caption})`.as('caption'), width: photos.width })
    .from(photos)
    .where(sql`${photos.ownerKind} = 'unit' and ${photos.ownerId} = ${units.eid}`)
    .orderBy(asc(photos.position))
    .limit(1)
    .as('cover');

  const rows = await db
    .select({
      eid: units.eid,
      slug: units.slug,
      name: units.name,
      propertyCode: units.propertyCode,
      area: areas.name,
      type: units.propertyType,
      bedrooms: units.bedrooms,
      bathrooms: units.bathrooms,
      sleeps: units.sleeps,
      latitude: units.latitude,
      longitude: units.longitude,
      summary: units.summary,
      description: units.description,
      virtualTourUrl: units.virtualTourUrl,
      rating: stats.rating,
      reviewCount: stats.reviewCount,
      // The 'from' price per night of the rate plan with every mandatory fee and tax, not the bare rent.
      ratePlan: units.ratePlan,
      amenities: amenityNames.names,
      photoPath: cover.path,
      photoCaption: cover.caption,
      photoWidth: cover.width,
    })
    .from(units)
    .innerJoin(areas, eq(areas.id, units.areaId))
    .leftJoinLateral(stats, sql`true`)
    .leftJoinLateral(amenityNames, sql`true`)
    .leftJoinLateral(cover, sql`true`)
    // Unpublished and archived listings are not searchable: a refresh of one deletes its document.
    .where(and(eq(units.status, 'published'), options.eids ? inArray(units.eid, [...options.eids]) : undefined))
    .orderBy(asc(units.eid));

  return rows.map((r) => {
    const doc: SearchDocument = {
      id: searchDocumentId(settings, r.eid),
      index_id: settings.search.index,
      entity_id: r.eid,
      ss_vrfusion_site_property_code: r.propertyCode,
      ss_name: r.name,
      ts_name: r.name,
      ss_slug: r.slug,
      ss_url: contentUrls.listing(r.slug),
      ss_area: r.area,
      ss_type: r.type,
      is_bedrooms: r.bedrooms,
      fs_bathrooms: Number(r.bathrooms),
      is_sleeps: r.sleeps,
      sm_amenities: stringArray(r.amenities),
      is_review_count: Number(r.reviewCount ?? 0),
      fs_lat: r.latitude,
      fs_lng: r.longitude,
      locs_location: `${r.latitude},${r.longitude}`,
      tm_summary: r.summary,
      tm_description: r.description,
      bs_virtual_tour: Boolean(r.virtualTourUrl),
    };
    // Absent values are left out rather than null: Solr and the engine treat both as "no value".
    if (r.rating !== null && r.rating !== undefined) doc.fs_rating = Math.round(Number(r.rating) * 10) / 10;
    const from = unitFromPrice(r.ratePlan, today);
    if (from) {
      doc.is_price_min = from.perNightCents;
      doc.is_price_max = from.maxPerNightCents;
      doc.is_price_nights = from.nights;
    }
    if (r.photoPath) {
      // A result card is at most 640 px wide (two columns of a wide screen, or a phone at 2×).
      doc.ss_image = uploadedPhotoAt(r.photoPath, r.photoWidth ?? 0, 640) ?? mediaUrl(r.photoPath);
      doc.ss_image_caption = r.photoCaption ?? r.name;
    }
    return doc;
  });
}
