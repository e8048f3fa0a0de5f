/**
 * The site's content: towns, amenities, rental units and their photos and reviews (with the reviews
 * waiting for moderation), activities, packages, events, content pages, provinces and the
 * database's own facts.
 * Part of the one schema: server/db/schema.ts re-exports every table.
 */
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { RatePlan } from '../../src/domain/owner/listing-content.ts';

/** Towns of the destination. */
export const areas = pgTable('areas', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  position: smallint('position').notNull().default(0),
});

/** Amenity groups; `description` is the text of the amenity info tooltip (`amenity-detail-{id}`). */
export const amenityCategories = pgTable('amenity_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: smallint('position').notNull().default(0),
});

export const amenities = pgTable(
  'amenities',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    categoryId: text('category_id')
      .notNull()
      .references(() => amenityCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('amenities_category_idx').on(t.categoryId)],
);

/** Accommodation units (search documents of the listings index). */
export const units = pgTable(
  'units',
  {
    eid: integer('eid').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    /** ss_vrfusion_site_property_code, e.g. 'CHC-1001'. */
    propertyCode: text('property_code').notNull().unique(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    propertyType: text('property_type').notNull(),
    bedrooms: smallint('bedrooms').notNull(),
    /** In steps of 0.5 (a half bath has no shower). */
    bathrooms: numeric('bathrooms', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    sleeps: smallint('sleeps').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    virtualTourUrl: text('virtual_tour_url'),
    videoUrl: text('video_url'),
    cleaningFeeCents: integer('cleaning_fee_cents').notNull().default(0),
    /**
     * The listing's rates, fees and taxes (RatePlan): what the pricing engine prices it from. Null
     * only in a database made before rate plans, until the start-up fill (server/pricing/fill-rate-plans.ts)
     * writes the plan of its old rows; `cleaning_fee_cents` and the seasons' rates are those old rows.
     */
    ratePlan: jsonb('rate_plan').$type<RatePlan>(),
    // The owner's content (server/owner-content): what a published version wrote, read by the
    // guest pages, the search index and the sitemap. `status` keeps a listing off them
    // (unpublished, archived); `version` is the published version's number (0: never published).
    // The description's "space" part is `description` above.
    status: text('status').notNull().default('published'),
    version: integer('version').notNull().default(1),
    nickname: text('nickname').notNull().default(''),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull().default(''),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('US'),
    beds: smallint('beds').notNull().default(0),
    access: text('access').notNull().default(''),
    neighbourhood: text('neighbourhood').notNull().default(''),
    transit: text('transit').notNull().default(''),
    notes: text('notes').notNull().default(''),
    checkInTime: text('check_in_time').notNull().default('16:00'),
    checkOutTime: text('check_out_time').notNull().default('10:00'),
    houseRules: text('house_rules').notNull().default(''),
    cancellationPolicy: text('cancellation_policy').notNull().default(''),
  },
  (t) => [
    index('units_area_idx').on(t.areaId),
    check('units_status_check', sql`${t.status} in ('published', 'unpublished', 'archived')`),
    check('units_version_check', sql`${t.version} >= 0`),
    check('units_beds_check', sql`${t.beds} >= 0`),
    index('units_name_idx').on(t.name),
    check('units_eid_range', sql`${t.eid} between 1000 and 4999`),
    check('units_bedrooms_check', sql`${t.bedrooms} >= 0`),
    check('units_bathrooms_check', sql`${t.bathrooms} >= 0`),
    check('units_sleeps_check', sql`${t.sleeps} >= 1`),
    check('units_cleaning_fee_check', sql`${t.cleaningFeeCents} >= 0`),
  ],
);

export const unitAmenities = pgTable(
  'unit_amenities',
  {
    unitEid: integer('unit_eid')
      .notNull()
      .references(() => units.eid, { onDelete: 'cascade' }),
    amenityId: integer('amenity_id')
      .notNull()
      .references(() => amenities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.unitEid, t.amenityId] }), index('unit_amenities_amenity_idx').on(t.amenityId)],
);

/**
 * Photos of units, activities, packages and events, and the homepage community photos
 * (owner_kind 'community', owner_id 0, caption 'Community photos').
 * `path` is relative to the media directory, served at `/media/{path}`.
 * `scene` names the procedural drawing of a generated image (null for uploaded photos).
 */
export const photos = pgTable(
  'photos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ownerKind: text('owner_kind').notNull(),
    ownerId: integer('owner_id').notNull(),
    position: smallint('position').notNull(),
    path: text('path').notNull().unique(),
    caption: text('caption').notNull(),
    description: text('description').notNull().default(''),
    width: smallint('width').notNull(),
    height: smallint('height').notNull(),
    scene: text('scene'),
  },
  (t) => [
    index('photos_owner_idx').on(t.ownerKind, t.ownerId, t.position),
    check('photos_owner_kind_check', sql`${t.ownerKind} in ('unit', 'activity', 'package', 'event', 'community', 'area')`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    unitEid: integer('unit_eid')
      .notNull()
      .references(() => units.eid, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    author: text('author').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    reviewedOn: date('reviewed_on', { mode: 'string' }).notNull(),
  },
  (t) => [index('reviews_unit_idx').on(t.unitEid), check('reviews_rating_check', sql`${t.rating} between 1 and 5`)],
);

export const activities = pgTable(
  'activities',
  {
    eid: integer('eid').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    /** Meeting point. */
    place: text('place').notNull(),
    pricePerPersonCents: integer('price_per_person_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
  },
  (t) => [
    check('activities_eid_range', sql`${t.eid} between 5000 and 7999`),
    check('activities_price_check', sql`${t.pricePerPersonCents} >= 0`),
    check('activities_duration_check', sql`${t.durationMinutes} > 0`),
  ],
);

export const packages = pgTable(
  'packages',
  {
    eid: integer('eid').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    nights: smallint('nights').notNull(),
    /** Lowest package price for two guests, in cents. */
    priceFromCents: integer('price_from_cents').notNull(),
    unitEids: integer('unit_eids').array().notNull().default(sql`'{}'::integer[]`),
    activityEids: integer('activity_eids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    check('packages_eid_range', sql`${t.eid} >= 8000`),
    check('packages_nights_check', sql`${t.nights} >= 1`),
  ],
);

/** Events (dated) and things to do (begin and end null when they run all year). */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    beginDate: date('begin_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    place: text('place').notNull(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
  },
  (t) => [
    index('events_kind_begin_idx').on(t.kind, t.beginDate),
    check('events_kind_check', sql`${t.kind} in ('event', 'thing-to-do')`),
    check('events_dates_check', sql`(${t.beginDate} is null) = (${t.endDate} is null) and (${t.endDate} is null or ${t.endDate} >= ${t.beginDate})`),
  ],
);

/** States and provinces by country (GET /rescms/order/provinces/{countryCode}). */
export const provinces = pgTable(
  'provinces',
  {
    countryCode: text('country_code').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.code] })],
);

/** Plain content pages (About us, Terms and conditions, …); body is trusted HTML. */
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
});

/** Small key/value facts about the database itself, e.g. the demo content seed and date. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Reviews sent by visitors with the listing's review form (issue 15 item 7), kept here until the
 * site owner approves (a row in `reviews` is published from it, in the same transaction) or
 * rejects one at /admin/reviews. Only `reviews` is shown and counted, so nothing here changes a
 * page or the search index until it is approved.
 */
export const reviewSubmissions = pgTable(
  'review_submissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    unitEid: integer('unit_eid')
      .notNull()
      .references(() => units.eid, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    author: text('author').notNull(),
    body: text('body').notNull(),
    /** The month of the stay, YYYY-MM. */
    stayMonth: text('stay_month').notNull(),
    status: text('status').notNull().default('pending'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** The published review, once approved. */
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('review_submissions_status_idx').on(t.status, t.submittedAt),
    check('review_submissions_rating_check', sql`${t.rating} between 1 and 5`),
    check('review_submissions_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('review_submissions_stay_month_check', sql`${t.stayMonth} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
