import type { ListingSummary } from './content';

/** A string field's value; of a multi-valued one (tm_summary: Solr answers a list), the first. */
const text = (value: unknown, max = 500): string | null => {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.length > 0 ? first.slice(0, max) : null;
};
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
/** Only site paths: a document's URL or image never points elsewhere. */
const sitePath = (value: unknown): string | null => {
  const path = text(value, 300);
  return path && /^\/(?![/\\])[^\s"'<>]*$/.test(path) ? path : null;
};

/**
 * A search document's eid: its `entity_id`, else the number that ends its id; null without one.
 *
 * @example documentEid({ id: 'chc1-listings-1001' }) // 1001
 */
export function documentEid(doc: { id: string } & Readonly<Record<string, unknown>>): number | null {
  const eid = number(doc.entity_id) ?? Number(/-(\d+)$/.exec(doc.id)?.[1] ?? NaN);
  return Number.isSafeInteger(eid) ? eid : null;
}

/**
 * A result card's data from a full search document (spec §3 Search document). Documents are
 * untrusted: a document without a name, a site URL or an eid is dropped (null).
 *
 * @example listingFromDocument({ id: 'chc1-listings-1001', entity_id: 1001, ss_name: 'Sea Glass', ss_url: '/listing/sea-glass', … })
 */
export function listingFromDocument(doc: { id: string } & Readonly<Record<string, unknown>>): ListingSummary | null {
  const name = text(doc.ss_name, 200);
  const url = sitePath(doc.ss_url);
  const eid = documentEid(doc);
  if (!name || !url || eid === null) return null;
  const slug = url.replace(/^\/listing\//, '');
  return {
    eid,
    slug,
    name,
    docId: doc.id,
    propertyCode: text(doc.ss_vrfusion_site_property_code, 50) ?? '',
    area: text(doc.ss_area, 100) ?? '',
    type: text(doc.ss_type, 100) ?? '',
    bedrooms: number(doc.is_bedrooms) ?? 0,
    bathrooms: number(doc.fs_bathrooms) ?? 0,
    sleeps: number(doc.is_sleeps) ?? 0,
    rating: number(doc.fs_rating),
    reviewCount: number(doc.is_review_count) ?? 0,
    fromNightly: number(doc.is_price_min) ?? 0,
    fromNights: number(doc.is_price_nights) ?? 0,
    photo: {
      src: sitePath(doc.ss_image) ?? '/media/placeholder.svg',
      caption: text(doc.ss_image_caption, 200) ?? name,
      width: 1200,
      height: 800,
    },
    summary: text(doc.tm_summary, 400) ?? '',
  };
}

/** The listing's position, for maps: [lat, lng] or null. */
export function listingPosition(doc: Readonly<Record<string, unknown>>): [number, number] | null {
  const lat = number(doc.fs_lat);
  const lng = number(doc.fs_lng);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return [lat, lng];
}
