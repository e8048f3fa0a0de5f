/**
 * Page data from the database (the server side of `ContentSource`, src/domain/content.ts).
 *
 * Every list is one query: listing summaries join their review statistics, season rates (for
 * the 'from' price with fees: server/pricing/from-price.ts, plus one query of the fees) and
 * cover photo through lateral subqueries, so 300 units never mean 300 queries. Inputs that
 * come from URLs (slugs, eids, favourites ids) are checked before they reach SQL; anything
 * malformed is simply "not found".
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  ActivitySummary,
  AmenityCategory,
  AreaSummary,
  BookingConfirmation,
  BuyPageData,
  CheckoutPageData,
  ContentPage,
  ContentSource,
  EventDetail,
  EventSummary,
  EventsPage,
  FavouritesPage,
  HomePage,
  InquiryPage,
  ItemPage,
  ListingDetail,
  ListingSummary,
  Photo,
  Review,
  SearchPage,
} from '../../src/domain/content.ts';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { ListingContent } from '../../src/domain/owner/listing-content.ts';
import { photoPathOfKey } from '../owner-content/document.ts';
import { SIMILAR_LISTINGS, slugWords } from '../../src/domain/similar-listings.ts';
import type { Database } from '../db/client.ts';
import { isoOfDay } from '../pricing/model.ts';
import { unitFromPrice } from '../pricing/from-price.ts';
import type { CheckoutService } from '../checkout/checkout-service.ts';
import { createPricingService, type PricingService } from '../pricing/pricing-service.ts';
import { PricingInputError } from '../pricing/validate.ts';
import { uploadedPhotoSources } from '../media/photo-sources.ts';
import {
  activities,
  amenities,
  amenityCategories,
  areas,
  contentPages,
  events,
  packages,
  photos,
  reviews,
  listingSlugs,
  unitAmenities,
  units,
} from '../db/schema.ts';

export interface ContentServiceOptions {
  /** Checkout and bookings (issue 13): the checkout page's data and the confirmation pages. */
  checkout?: Pick<CheckoutService, 'pageData' | 'confirmation'>;
  /** The clock, for "upcoming" events and current rates (tests pin it). */
  now?: () => Date;
  /** The pricing engine for the buy page (one is made when none is given). */
  pricing?: PricingService;
}

/** Public URLs of the pages the content links to. */
export const contentUrls = {
  listing: (slug: string) => `/listing/${slug}`,
  event: (slug: string) => `/events/${slug}`,
  thingToDo: (slug: string) => `/things-to-do/${slug}`,
  activity: (slug: string) => `/activities/${slug}`,
  package: (slug: string) => `/packages/${slug}`,
};

export const SEARCH_FIRST_PAGE = 12;
export const FEATURED_COUNT = 8;
export const UPCOMING_EVENTS = 6;
/** Most favourites ids looked up at once (the cookie is bounded anyway). */
export const MAX_FAVOURITES = 200;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Byte-order sorting, so PGlite and PostgreSQL (whatever its locale) list names alike. */
const byName = sql`${units.name} collate "C"`;
/** The listings guests see: not unpublished or archived ones. */
const PUBLISHED = eq(units.status, 'published');
const MAX_SLUG_LENGTH = 160;
const MAX_INT4 = 2_147_483_647;

export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_SLUG_LENGTH && SLUG.test(value);
}

function isEid(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_INT4;
}

/** Public URL of a stored media path. */
export function mediaUrl(path: string): string {
  return path.startsWith('/') ? path : `/media/${path}`;
}

const PLACEHOLDER: Omit<Photo, 'caption'> = { src: '/media/placeholder.svg', width: 1200, height: 800 };

interface PhotoColumns {
  path: string | null;
  caption: string | null;
  width: number | null;
  height: number | null;
}

function toPhoto(p: PhotoColumns, fallbackCaption: string): Photo {
  if (!p.path) return { ...PLACEHOLDER, caption: fallbackCaption };
  const width = p.width ?? 1200;
  // An uploaded photo has a file per width (server/media/); its src is the largest JPEG.
  return { src: mediaUrl(p.path), caption: p.caption ?? fallbackCaption, width, height: p.height ?? 800, ...uploadedPhotoSources(p.path, width) };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first photo of an owner, as a lateral subquery. */
function coverPhoto(db: Database, ownerKind: string, ownerId: AnyPgColumn, alias: string) {
  return db
    // A card shows no caption: its photo's text is the alt text the owner wrote, else the caption.
    .select({ path: photos.path, caption: sql<string>`coalesce(nullif(${photos.description}, ''), ${photos.caption})`.as('caption'), width: photos.width, height: photos.height })
    .from(photos)
    .where(and(eq(photos.ownerKind, ownerKind), eq(photos.ownerId, ownerId)))
    .orderBy(asc(photos.position))
    .limit(1)
    .as(alias);
}

/** Per-unit review statistics (average rating, count) as a lateral subquery on `units`. */
export function reviewStats(db: Database) {
  return db
    .select({
      rating: sql<number | null>`avg(${reviews.rating})::float8`.as('rating'),
      reviewCount: sql<number>`count(*)::int`.as('review_count'),
    })
    .from(reviews)
    .where(eq(reviews.unitEid, units.eid))
    .as('stats');
}

/** The content service, and the owner's preview of a listing page from a draft document. */
export interface ContentService extends ContentSource {
  /** The listing page's data as the document would make it (any status: the owner's preview), or null for an unknown listing. */
  listingPreview(eid: number, document: ListingContent): Promise<ListingDetail | null>;
}

export function createContentService(db: Database, settings: SiteSettings, options: ContentServiceOptions = {}): ContentService {
  const now = options.now ?? (() => new Date());
  let pricing = options.pricing ?? null;
  const pricingService = () => (pricing ??= createPricingService({ db, settings, now }));
  const docPrefix = `${settings.search.hash}-${settings.search.index}-`;
  const shortPrefix = `${settings.search.index}-`;
  const docId = (eid: number) => `${docPrefix}${eid}`;

  /** Listing summaries in one query. */
  async function listingSummaries(opts: { where?: SQL; orderBy: SQL[]; limit?: number; anyStatus?: boolean }): Promise<ListingSummary[]> {
    const today = isoDay(now());
    const stats = reviewStats(db);
    const cover = coverPhoto(db, 'unit', units.eid, 'cover');
    let query = db
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
        summary: units.summary,
        rating: stats.rating,
        reviewCount: stats.reviewCount,
        // The 'from' price with every mandatory fee and tax, as the search documents have it.
        ratePlan: units.ratePlan,
        photoPath: cover.path,
        photoCaption: cover.caption,
        photoWidth: cover.width,
        photoHeight: cover.height,
      })
      .from(units)
      .innerJoin(areas, eq(areas.id, units.areaId))
      .leftJoinLateral(stats, sql`true`)
      .leftJoinLateral(cover, sql`true`)
      // Guests see published listings only (an owner's preview asks for its own listing by eid).
      .where(opts.anyStatus ? opts.where : and(PUBLISHED, opts.where))
      .orderBy(...opts.orderBy)
      .$dynamic();
    if (opts.limit !== undefined) query = query.limit(opts.limit);
    const rows = await query;
    return rows.map((r) => {
      const from = unitFromPrice(r.ratePlan, today);
      return {
        eid: r.eid,
        slug: r.slug,
        name: r.name,
        docId: docId(r.eid),
        propertyCode: r.propertyCode,
        area: r.area,
        type: r.type,
        bedrooms: r.bedrooms,
        bathrooms: Number(r.bathrooms),
        sleeps: r.sleeps,
        rating: r.rating === null || r.rating === undefined ? null : Math.round(Number(r.rating) * 10) / 10,
        reviewCount: Number(r.reviewCount ?? 0),
        fromNightly: from?.perNightCents ?? 0,
        fromNights: from?.nights ?? 0,
        photo: toPhoto({ path: r.photoPath, caption: r.photoCaption, width: r.photoWidth, height: r.photoHeight }, r.name),
        summary: r.summary,
      };
    });
  }

  async function areaSummaries(): Promise<AreaSummary[]> {
    const rows = await db
      .select({
        slug: areas.slug,
        name: areas.name,
        description: areas.description,
        listingCount: sql<number>`count(${units.eid})::int`,
      })
      .from(areas)
      .leftJoin(units, and(eq(units.areaId, areas.id), PUBLISHED))
      .groupBy(areas.id)
      .orderBy(asc(areas.position), asc(areas.name));
    return rows.map((r) => ({ ...r, listingCount: Number(r.listingCount) }));
  }

  async function eventSummaries(opts: { where: SQL | undefined; orderBy: SQL[]; limit?: number; withDetail?: false }): Promise<EventSummary[]>;
  async function eventSummaries(opts: { where: SQL | undefined; orderBy: SQL[]; limit?: number; withDetail: true }): Promise<EventDetail[]>;
  async function eventSummaries(opts: { where: SQL | undefined; orderBy: SQL[]; limit?: number; withDetail?: boolean }): Promise<EventSummary[] | EventDetail[]> {
    const cover = coverPhoto(db, 'event', events.id, 'cover');
    let query = db
      .select({
        slug: events.slug,
        kind: events.kind,
        title: events.title,
        begin: events.beginDate,
        end: events.endDate,
        place: events.place,
        area: areas.name,
        summary: events.summary,
        description: events.description,
        latitude: events.latitude,
        longitude: events.longitude,
        photoPath: cover.path,
        photoCaption: cover.caption,
        photoWidth: cover.width,
        photoHeight: cover.height,
      })
      .from(events)
      .innerJoin(areas, eq(areas.id, events.areaId))
      .leftJoinLateral(cover, sql`true`)
      .where(opts.where)
      .orderBy(...opts.orderBy)
      .$dynamic();
    if (opts.limit !== undefined) query = query.limit(opts.limit);
    const rows = await query;
    return rows.map((r) => {
      const summary: EventSummary = {
        slug: r.slug,
        kind: r.kind === 'thing-to-do' ? 'thing-to-do' : 'event',
        title: r.title,
        begin: r.begin,
        end: r.end,
        place: r.place,
        area: r.area,
        photo: toPhoto({ path: r.photoPath, caption: r.photoCaption, width: r.photoWidth, height: r.photoHeight }, r.title),
        summary: r.summary,
      };
      return opts.withDetail ? { ...summary, description: r.description, latitude: r.latitude, longitude: r.longitude } : summary;
    });
  }

  async function unitCount(): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(units).where(PUBLISHED);
    return Number(row?.n ?? 0);
  }

  /** The eid of a favourites id (`{hash}-{index}-{eid}` or `{index}-{eid}`), or null. */
  function eidOfDocId(id: unknown): number | null {
    if (typeof id !== 'string' || id.length > 64) return null;
    const rest = id.startsWith(docPrefix) ? id.slice(docPrefix.length) : id.startsWith(shortPrefix) ? id.slice(shortPrefix.length) : null;
    if (rest === null || !/^[1-9][0-9]{0,9}$/.test(rest)) return null;
    const eid = Number(rest);
    return isEid(eid) ? eid : null;
  }

  async function item(eid: number): Promise<ItemPage | null> {
    if (!isEid(eid)) return null;
    const photoOf = async (ownerKind: string, name: string): Promise<Photo> => {
      const [p] = await db
        .select({ path: photos.path, caption: photos.caption, width: photos.width, height: photos.height })
        .from(photos)
        .where(and(eq(photos.ownerKind, ownerKind), eq(photos.ownerId, eid)))
        .orderBy(asc(photos.position))
        .limit(1);
      return p ? toPhoto(p, name) : { ...PLACEHOLDER, caption: name };
    };
    const [unit] = await db
      .select({ slug: units.slug, name: units.name, summary: units.summary, propertyCode: units.propertyCode })
      .from(units)
      .where(and(eq(units.eid, eid), PUBLISHED));
    if (unit) return { eid, kind: 'unit', ...unit, url: contentUrls.listing(unit.slug), photo: await photoOf('unit', unit.name) };
    const [activity] = await db
      .select({ slug: activities.slug, name: activities.name, summary: activities.summary })
      .from(activities)
      .where(eq(activities.eid, eid));
    if (activity) {
      return { eid, kind: 'activity', ...activity, url: contentUrls.activity(activity.slug), photo: await photoOf('activity', activity.name) };
    }
    const [pkg] = await db
      .select({ slug: packages.slug, name: packages.name, summary: packages.summary })
      .from(packages)
      .where(eq(packages.eid, eid));
    if (pkg) return { eid, kind: 'package', ...pkg, url: contentUrls.package(pkg.slug), photo: await photoOf('package', pkg.name) };
    return null;
  }

  /** A listing's page data (published listings only, unless `anyStatus`: the owner's preview). */
  async function listingDetail(opts: { where: SQL; anyStatus?: boolean }): Promise<ListingDetail | null> {
    const [summary] = await listingSummaries({ where: opts.where, orderBy: [asc(units.eid)], limit: 1, anyStatus: opts.anyStatus });
    if (!summary) return null;
    const eid = summary.eid;
    const [detailRows, photoRows, amenityRows, reviewRows] = await Promise.all([
      db
        .select({
          description: units.description,
          latitude: units.latitude,
          longitude: units.longitude,
          virtualTourUrl: units.virtualTourUrl,
          videoUrl: units.videoUrl,
          checkInTime: units.checkInTime,
          checkOutTime: units.checkOutTime,
          houseRules: units.houseRules,
          cancellationPolicy: units.cancellationPolicy,
          access: units.access,
          neighbourhood: units.neighbourhood,
          transit: units.transit,
          notes: units.notes,
          beds: units.beds,
          line1: units.addressLine1,
          line2: units.addressLine2,
          city: units.city,
          region: units.region,
          postalCode: units.postalCode,
          country: units.country,
        })
        .from(units)
        .where(eq(units.eid, eid)),
      db
        .select({ path: photos.path, caption: photos.caption, description: photos.description, width: photos.width, height: photos.height })
        .from(photos)
        .where(and(eq(photos.ownerKind, 'unit'), eq(photos.ownerId, eid)))
        .orderBy(asc(photos.position)),
      db
        .select({
          categoryId: amenityCategories.id,
          categoryName: amenityCategories.name,
          categoryDescription: amenityCategories.description,
          amenity: amenities.name,
        })
        .from(unitAmenities)
        .innerJoin(amenities, eq(amenities.id, unitAmenities.amenityId))
        .innerJoin(amenityCategories, eq(amenityCategories.id, amenities.categoryId))
        .where(eq(unitAmenities.unitEid, eid))
        .orderBy(asc(amenityCategories.position), asc(amenities.position)),
      db
        .select({ author: reviews.author, rating: reviews.rating, title: reviews.title, body: reviews.body, date: reviews.reviewedOn })
        .from(reviews)
        .where(eq(reviews.unitEid, eid))
        .orderBy(desc(reviews.reviewedOn), desc(reviews.id))
        .limit(100),
    ]);
    const detail = detailRows[0];
    if (!detail) return null;
    const categories: AmenityCategory[] = [];
    for (const row of amenityRows) {
      let category = categories[categories.length - 1];
      if (!category || category.id !== row.categoryId) {
        category = { id: row.categoryId, name: row.categoryName, description: row.categoryDescription, amenities: [] };
        categories.push(category);
      }
      category.amenities.push(row.amenity);
    }
    const reviewList: Review[] = reviewRows.map((r) => ({ ...r }));
    return {
      ...summary,
      description: detail.description,
      photos: photoRows.length > 0 ? photoRows.map((p) => ({ ...toPhoto(p, summary.name), ...(p.description ? { description: p.description } : {}) })) : [summary.photo],
      amenityCategories: categories,
      latitude: detail.latitude,
      longitude: detail.longitude,
      virtualTourUrl: detail.virtualTourUrl,
      videoUrl: detail.videoUrl,
      reviews: reviewList,
      info: {
        checkInTime: detail.checkInTime,
        checkOutTime: detail.checkOutTime,
        houseRules: detail.houseRules,
        cancellationPolicy: detail.cancellationPolicy,
        access: detail.access,
        neighbourhood: detail.neighbourhood,
        transit: detail.transit,
        notes: detail.notes,
        beds: detail.beds,
        address: { line1: detail.line1, line2: detail.line2, city: detail.city, region: detail.region, postalCode: detail.postalCode, country: detail.country },
      },
    };
  }

  /** The published page data with what the document changes: the same mapping (toPhoto, amenity categories) the page uses. */
  async function listingPreview(eid: number, document: ListingContent): Promise<ListingDetail | null> {
    if (!isEid(eid)) return null;
    const detail = await listingDetail({ where: eq(units.eid, eid), anyStatus: true });
    if (!detail) return null;
    const [areaRows, amenityRows] = await Promise.all([
      db.select({ name: areas.name }).from(areas).where(eq(areas.slug, document.area)),
      document.amenities.length === 0
        ? []
        : db
            .select({ categoryId: amenityCategories.id, categoryName: amenityCategories.name, categoryDescription: amenityCategories.description, amenity: amenities.name })
            .from(amenities)
            .innerJoin(amenityCategories, eq(amenityCategories.id, amenities.categoryId))
            .where(inArray(amenities.slug, document.amenities))
            .orderBy(asc(amenityCategories.position), asc(amenities.position)),
    ]);
    const categories: AmenityCategory[] = [];
    for (const row of amenityRows) {
      let category = categories[categories.length - 1];
      if (!category || category.id !== row.categoryId) categories.push((category = { id: row.categoryId, name: row.categoryName, description: row.categoryDescription, amenities: [] }));
      category.amenities.push(row.amenity);
    }
    const photoList = document.photos.map((photo) => ({ ...toPhoto({ path: photoPathOfKey(photo.key), caption: photo.caption, width: photo.width, height: photo.height }, document.name), description: photo.alt }));
    const { description: parts, address } = document;
    return {
      ...detail,
      name: document.name,
      slug: document.slug,
      propertyCode: document.propertyCode,
      area: areaRows[0]?.name ?? detail.area,
      type: document.type,
      bedrooms: document.bedrooms,
      bathrooms: document.bathrooms,
      sleeps: document.sleeps,
      summary: parts.summary,
      description: parts.space,
      photo: photoList[0] ?? detail.photo,
      photos: photoList.length > 0 ? photoList : [detail.photo],
      amenityCategories: categories,
      latitude: document.latitude,
      longitude: document.longitude,
      virtualTourUrl: document.virtualTourUrl,
      videoUrl: document.videoUrl,
      info: {
        checkInTime: document.checkInTime,
        checkOutTime: document.checkOutTime,
        houseRules: document.houseRules,
        cancellationPolicy: document.cancellationPolicy,
        access: parts.access,
        neighbourhood: parts.neighbourhood,
        transit: parts.transit,
        notes: parts.notes,
        beds: document.beds,
        address: { ...address },
      },
    };
  }

  return {
    listingPreview,
    async home(): Promise<HomePage> {
      const today = isoDay(now());
      const [community, featured, areaList, upcoming] = await Promise.all([
        db
          .select({ path: photos.path, caption: photos.caption, description: photos.description, width: photos.width, height: photos.height })
          .from(photos)
          .where(eq(photos.ownerKind, 'community'))
          .orderBy(asc(photos.position)),
        listingSummaries({
          where: sql`stats.review_count >= 3`,
          orderBy: [sql`stats.rating desc nulls last`, sql`stats.review_count desc`, byName],
          limit: FEATURED_COUNT,
        }),
        areaSummaries(),
        eventSummaries({
          where: and(eq(events.kind, 'event'), gte(events.endDate, today)),
          orderBy: [asc(events.beginDate), asc(events.id)],
          limit: UPCOMING_EVENTS,
        }),
      ]);
      return {
        title: settings.site.name,
        intro: settings.site.slogan,
        communityPhotos: community.map((p) => ({ ...toPhoto(p, 'Community photos'), ...(p.description ? { description: p.description } : {}) })),
        featured,
        areas: areaList,
        upcomingEvents: upcoming,
      };
    },

    async search(): Promise<SearchPage> {
      const [listings, total, areaList] = await Promise.all([
        // The search index's default order, so nothing reshuffles when the search takes over.
        listingSummaries({ orderBy: [asc(units.eid)], limit: SEARCH_FIRST_PAGE }),
        unitCount(),
        areaSummaries(),
      ]);
      return {
        title: 'Search vacation rentals',
        intro: `Choose from ${total} beach houses, condos, cottages and villas in ${areaList.length} towns along the coast.`,
        listings,
        total,
        areas: areaList,
      };
    },

    async similarListings(slug: string): Promise<ListingSummary[]> {
      // Each slug word found in a rental's name, town or type counts once; ties go to the best rated.
      const text = sql`lower(${units.name} || ' ' || ${areas.name} || ' ' || ${units.propertyType})`;
      const words = slugWords(slug);
      const score = sql.join(words.map((word) => sql`(case when ${text} like ${`%${word}%`} then 1 else 0 end)`), sql` + `);
      const best = [sql`stats.rating desc nulls last`, sql`stats.review_count desc`, byName];
      return listingSummaries({
        orderBy: words.length > 0 ? [sql`(${score}) desc`, ...best] : best,
        limit: SIMILAR_LISTINGS,
      });
    },

    async listing(slug: string): Promise<ListingDetail | null> {
      if (!isSlug(slug)) return null;
      return listingDetail({ where: eq(units.slug, slug) });
    },

    async listingMoved(slug: string): Promise<string | null> {
      if (!isSlug(slug)) return null;
      const [row] = await db
        .select({ slug: units.slug })
        .from(listingSlugs)
        .innerJoin(units, eq(units.eid, listingSlugs.eid))
        .where(and(eq(listingSlugs.slug, slug), PUBLISHED))
        .limit(1);
      return row && row.slug !== slug ? row.slug : null;
    },


    async events(kind: 'event' | 'thing-to-do'): Promise<EventsPage> {
      if (kind === 'thing-to-do') {
        return {
          title: 'Things to do',
          intro: 'Beaches, trails, boat trips and rainy-day ideas around the Coral Haven Coast.',
          events: await eventSummaries({ where: eq(events.kind, 'thing-to-do'), orderBy: [sql`${events.title} collate "C"`, asc(events.id)] }),
        };
      }
      const today = isoDay(now());
      return {
        title: 'Events',
        intro: 'Festivals, markets, concerts and races on the coast in the months ahead.',
        events: await eventSummaries({
          where: and(eq(events.kind, 'event'), isNotNull(events.endDate), gte(events.endDate, today)),
          orderBy: [asc(events.beginDate), asc(events.id)],
        }),
      };
    },

    async event(slug: string): Promise<EventDetail | null> {
      if (!isSlug(slug)) return null;
      const [row] = await eventSummaries({ where: eq(events.slug, slug), orderBy: [asc(events.id)], limit: 1, withDetail: true });
      return row ?? null;
    },

    async activities(): Promise<ActivitySummary[]> {
      const cover = coverPhoto(db, 'activity', activities.eid, 'cover');
      const rows = await db
        .select({
          eid: activities.eid,
          slug: activities.slug,
          name: activities.name,
          area: areas.name,
          pricePerPerson: activities.pricePerPersonCents,
          durationMinutes: activities.durationMinutes,
          summary: activities.summary,
          photoPath: cover.path,
          photoCaption: cover.caption,
          photoWidth: cover.width,
          photoHeight: cover.height,
        })
        .from(activities)
        .innerJoin(areas, eq(areas.id, activities.areaId))
        .leftJoinLateral(cover, sql`true`)
        .orderBy(sql`${activities.name} collate "C"`);
      return rows.map((r) => ({
        eid: r.eid,
        slug: r.slug,
        name: r.name,
        area: r.area,
        pricePerPerson: r.pricePerPerson,
        durationHours: Math.round((r.durationMinutes / 60) * 100) / 100,
        photo: toPhoto({ path: r.photoPath, caption: r.photoCaption, width: r.photoWidth, height: r.photoHeight }, r.name),
        summary: r.summary,
      }));
    },

    item,

    async buy(eid: number, query: string): Promise<BuyPageData | null> {
      const found = await item(eid);
      if (!found) return null;
      const raw = typeof query === 'string' ? query.replace(/^\?/, '') : '';
      if (!/(^|&)rcav(%5B|\[)/i.test(raw)) return { item: found, asked: null, quote: null, problem: null };
      // The buy URL names its item in the path; rcav[IDs] may leave it out.
      const withItem = /(^|&)rcav(%5B|\[)IDs(%5D|\])/i.test(raw) ? raw : `${raw}&rcav%5BIDs%5D%5B%5D=${eid}`;
      try {
        const { input, result } = await pricingService().quote(withItem, { detailedQuote: false });
        const { query: stay } = input;
        const askedItem = stay.item;
        const askedEid = askedItem?.kind === 'activity' ? askedItem.activity.eid : askedItem?.unit.eid;
        if (askedEid !== eid) return { item: found, asked: null, quote: null, problem: 'This booking link is for another item.' };
        const nights = askedItem?.kind === 'unit' && askedItem.pkg ? askedItem.pkg.nights : (stay.nights ?? 0);
        const asked = { begin: isoOfDay(stay.begin), end: isoOfDay(stay.begin + nights), nights, ...stay.guests };
        return result.ok ? { item: found, asked, quote: result.quote, problem: null } : { item: found, asked, quote: null, problem: result.problem };
      } catch (error) {
        if (error instanceof PricingInputError) return { item: found, asked: null, quote: null, problem: `This booking link is not valid: ${error.message}.` };
        throw error;
      }
    },

    async favourites(docIds: string[]): Promise<FavouritesPage> {
      const eids: number[] = [];
      const seen = new Set<number>();
      for (const id of Array.isArray(docIds) ? docIds.slice(0, MAX_FAVOURITES) : []) {
        const eid = eidOfDocId(id);
        if (eid !== null && !seen.has(eid)) {
          seen.add(eid);
          eids.push(eid);
        }
      }
      if (eids.length === 0) return { title: 'Your favourites', listings: [] };
      // The search index's order, which the favourites view's search answers in.
      return { title: 'Your favourites', listings: await listingSummaries({ where: inArray(units.eid, eids), orderBy: [asc(units.eid)] }) };
    },

    async inquiry(): Promise<InquiryPage> {
      const rows = await db.select({ name: units.name, slug: units.slug }).from(units).where(PUBLISHED).orderBy(byName, asc(units.eid));
      return {
        title: 'Contact us',
        intro:
          'Tell us about your trip and our local reservation team will answer the same day. Choose a property below to see its page, or write to us about any home on the coast.',
        properties: [
          { label: 'Not sure yet? Browse all rentals', value: settings.order.search_accom_path },
          ...rows.map((r) => ({ label: r.name, value: `${r.name}::${contentUrls.listing(r.slug)}` })),
        ],
      };
    },

    async checkout(): Promise<CheckoutPageData> {
      if (!options.checkout) throw new Error('Checkout is not available on this server');
      return options.checkout.pageData();
    },

    async confirmation(code: string): Promise<BookingConfirmation | null> {
      return options.checkout ? options.checkout.confirmation(code) : null;
    },

    async page(slug: string): Promise<ContentPage | null> {
      if (!isSlug(slug)) return null;
      const [row] = await db
        .select({ slug: contentPages.slug, title: contentPages.title, body: contentPages.body })
        .from(contentPages)
        .where(eq(contentPages.slug, slug));
      return row ?? null;
    },
  };
}
