/**
 * The demo content of "Coral Haven Coast" as pure data: same seed and same day, same content.
 *
 * Everything is drawn from seeded streams (random.ts). Only the calendar-bound parts — seasons
 * and rates, bookings, events and specials — depend on `today`; they cover the 18 months that
 * follow it. Units, photos, reviews, activities and packages depend on the seed alone.
 */
import { ACTIVITIES, AMENITY_CATEGORIES, AREAS, COMMUNITY_PHOTOS, EVENTS, FEES, PACKAGES, THINGS_TO_DO } from './catalog.ts';
import { toIso } from './dates.ts';
import { DEMO_PAGES } from './pages.ts';
import { CA_PROVINCES, US_STATES } from './provinces.ts';
import { Random } from './random.ts';
import { PHOTO_HEIGHT, PHOTO_WIDTH } from './svg.ts';
import { DEFAULT_SEED, ACTIVITY_EID_BASE, PACKAGE_EID_BASE, CALENDAR_MONTHS, COMMUNITY_CAPTION, type AmenityCategoryRow, type AmenityRow, type UnitAmenityRow, type PhotoRow, type ActivityRow, type PackageRow, type EventRow, type DemoContent, type FeeRow, type UnitRateRow, round6 } from './generate-common.ts';
import { type UnitDraft, photoPlan, makeUnits, makeReviews } from './generate-units.ts';
import { makeSeasons, makeRates, makeBookings, areaBySlug, makeEvents, makeSpecials } from './generate-calendar.ts';
import { ratePlanFromLegacy } from '../pricing/legacy-rate-plan.ts';
import { documentOfRows } from '../owner-content/document.ts';
import type { RatePlan } from '../../src/domain/owner/listing-content.ts';
import type { ListingVersionRow, UnitRow } from './generate-common.ts';

export { DEFAULT_SEED, UNIT_COUNT, UNIT_EID_BASE, ACTIVITY_EID_BASE, PACKAGE_EID_BASE, CALENDAR_MONTHS, REVIEW_ANCHOR, COMMUNITY_CAPTION, slugify, type AreaRow, type AmenityCategoryRow, type AmenityRow, type UnitRow, type UnitAmenityRow, type PhotoRow, type ReviewRow, type SeasonRow, type UnitRateRow, type BookingRow, type FeeRow, type ActivityRow, type PackageRow, type EventRow, type SpecialRow, type ProvinceRow, type ContentPageRow, type MetaRow, type DemoContent } from './generate-common.ts';
export { calendarWindow, seasonOfDay } from './generate-calendar.ts';

function makeActivities(seed: string): ActivityRow[] {
  return ACTIVITIES.map((spec, i) => {
    const area = areaBySlug(spec.area);
    const r = Random.of(seed, 'activity', spec.slug);
    return {
      eid: ACTIVITY_EID_BASE + i,
      slug: spec.slug,
      name: spec.name,
      areaId: area.id,
      place: spec.place,
      pricePerPersonCents: spec.priceDollars * 100,
      durationMinutes: spec.minutes,
      latitude: round6(area.latitude + r.float(-0.004, 0.002)),
      longitude: round6(area.longitude + r.float(-0.02, 0.02)),
      summary: spec.summary,
      description: spec.description,
    };
  });
}

function makePackages(seed: string, drafts: readonly UnitDraft[], activities: ActivityRow[]): PackageRow[] {
  return PACKAGES.map((spec, i) => {
    const r = Random.of(seed, 'package', spec.slug);
    const rule = spec.unitRule;
    const candidates = drafts.filter(
      (d) => rule.types.includes(d.type) && d.row.bedrooms >= rule.minBedrooms && d.row.bedrooms <= rule.maxBedrooms && (!rule.areas || rule.areas.includes(d.area.slug)),
    );
    const chosen = r.sample(candidates, 6).sort((a, b) => a.row.eid - b.row.eid);
    const acts = spec.activities.map((slug) => {
      const a = activities.find((x) => x.slug === slug);
      if (!a) throw new Error(`Unknown activity ${slug}`);
      return a;
    });
    const cheapest = Math.min(...chosen.map((d) => d.baseRate * 0.7));
    const dollars = spec.nights * cheapest + acts.reduce((sum, a) => sum + (a.pricePerPersonCents / 100) * 2, 0);
    return {
      eid: PACKAGE_EID_BASE + i,
      slug: spec.slug,
      name: spec.name,
      summary: spec.summary,
      description: spec.description,
      nights: spec.nights,
      priceFromCents: Math.round((dollars * 0.9) / 5) * 500,
      unitEids: chosen.map((d) => d.row.eid),
      activityEids: acts.map((a) => a.eid),
    };
  });
}

function makePhotos(seed: string, drafts: readonly UnitDraft[], activities: ActivityRow[], packages: PackageRow[], events: EventRow[]): PhotoRow[] {
  const photos: PhotoRow[] = [];
  const base = { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, description: '' };
  for (const d of drafts) {
    const r = Random.of(seed, 'photos', d.row.eid);
    photoPlan(r, d).forEach((p, i) => {
      photos.push({ ...base, ownerKind: 'unit', ownerId: d.row.eid, position: i, path: `units/${d.row.eid}/${i + 1}.svg`, caption: p.caption, scene: p.scene });
    });
  }
  COMMUNITY_PHOTOS.forEach((c, i) => {
    photos.push({ ...base, ownerKind: 'community', ownerId: 0, position: i, path: `community/${i + 1}.svg`, caption: COMMUNITY_CAPTION, description: c.description, scene: c.scene });
  });
  for (const a of activities) {
    const spec = ACTIVITIES.find((s) => s.slug === a.slug)!;
    photos.push({ ...base, ownerKind: 'activity', ownerId: a.eid, position: 0, path: `activities/${a.eid}.svg`, caption: a.name, scene: spec.scene });
  }
  for (const p of packages) {
    const spec = PACKAGES.find((s) => s.slug === p.slug)!;
    photos.push({ ...base, ownerKind: 'package', ownerId: p.eid, position: 0, path: `packages/${p.eid}.svg`, caption: p.name, scene: spec.scene });
  }
  for (const e of events) {
    const spec = e.kind === 'event' ? EVENTS.find((s) => e.slug.startsWith(`${s.slug}-`)) : THINGS_TO_DO.find((s) => s.slug === e.slug);
    photos.push({ ...base, ownerKind: 'event', ownerId: e.id, position: 0, path: `events/${e.slug}.svg`, caption: e.title, scene: spec?.scene ?? 'beach' });
  }
  return photos;
}

/** The rentals of a seed: drawn once, they do not depend on the day. */
export interface DemoUnits {
  readonly seed: string;
  readonly drafts: readonly UnitDraft[];
}

export function demoUnits(seed: string = DEFAULT_SEED): DemoUnits {
  return { seed, drafts: makeUnits(seed) };
}

/** The site's fees: the mandatory ones are in each rental's rate plan too; the optional ones are the checkout's protection. */
export function demoFees(): FeeRow[] {
  return FEES.map((f, i) => ({ ...f, position: i }));
}

/** The calendar-bound part of the demo content: what the pricing engine needs besides fees, activities and packages. */
export type DemoCalendar = Pick<DemoContent, 'today' | 'units' | 'seasons' | 'unitRates' | 'bookings' | 'specials'>;

/**
 * The calendar of the demo content generated on `today` (YYYY-MM-DD): seasons, rates, bookings
 * and specials. `eids` limits the rentals (and so their rates and bookings) to these; each rental's
 * calendar is drawn from its own random stream, so it is the same as in the whole content.
 * `months` is how far ahead seasons and rates go (the demo's CALENDAR_MONTHS; tests ask for more).
 */
export function generateDemoCalendar(units: DemoUnits, today: string, eids?: readonly number[], { months = CALENDAR_MONTHS }: { months?: number } = {}): DemoCalendar {
  const drafts = eids ? units.drafts.filter((d) => eids.includes(d.row.eid)) : units.drafts;
  const { seasons, factors, byDay } = makeSeasons(today, months);
  const unitRates = makeRates(units.seed, drafts, seasons, factors);
  const ratesOf = new Map<number, UnitRateRow[]>();
  for (const rate of unitRates) ratesOf.set(rate.unitEid, [...(ratesOf.get(rate.unitEid) ?? []), rate]);
  const siteFees = demoFees();
  return {
    today,
    // Each rental's rate plan prices it as the site-wide seasons, its rates, its cleaning fee and the site's fees do.
    units: drafts.map((d) => ({ ...d.row, ratePlan: ratePlanFromLegacy(seasons, ratesOf.get(d.row.eid) ?? [], d.row.cleaningFeeCents ?? 0, siteFees) })),
    seasons,
    unitRates,
    bookings: makeBookings(units.seed, today, drafts, byDay),
    specials: makeSpecials(today, units.drafts),
  };
}

/** Generates the whole demo content. `today` anchors the calendar (seasons, bookings, events, specials). */
export function generateDemoContent(seed: string = DEFAULT_SEED, today: Date | string = new Date()): DemoContent {
  const day = typeof today === 'string' ? today.slice(0, 10) : toIso(today);
  const units = demoUnits(seed);
  const drafts = units.drafts;
  const amenityIds = new Map<string, number>();
  const amenityCategories: AmenityCategoryRow[] = [];
  const amenities: AmenityRow[] = [];
  AMENITY_CATEGORIES.forEach((cat, ci) => {
    amenityCategories.push({ id: cat.id, name: cat.name, description: cat.description, position: ci });
    cat.amenities.forEach(([slug, name], ai) => {
      const id = amenities.length + 1;
      amenityIds.set(slug, id);
      amenities.push({ id, slug, categoryId: cat.id, name, position: ai });
    });
  });
  const unitAmenities: UnitAmenityRow[] = [];
  for (const d of drafts) {
    for (const slug of d.amenitySlugs) {
      const amenityId = amenityIds.get(slug);
      if (amenityId === undefined) throw new Error(`Unknown amenity ${slug}`);
      unitAmenities.push({ unitEid: d.row.eid, amenityId });
    }
  }
  const calendar = generateDemoCalendar(units, day);
  const activities = makeActivities(seed);
  const packages = makePackages(seed, drafts, activities);
  const events = makeEvents(seed, day);
  const photos = makePhotos(seed, drafts, activities, packages, events);
  return {
    seed,
    today: day,
    areas: AREAS.map((a, i) => ({ id: a.id, slug: a.slug, name: a.name, description: a.description, latitude: a.latitude, longitude: a.longitude, position: i })),
    amenityCategories,
    amenities,
    units: calendar.units,
    unitAmenities,
    photos,
    reviews: makeReviews(seed, drafts),
    seasons: calendar.seasons,
    unitRates: calendar.unitRates,
    bookings: calendar.bookings,
    fees: demoFees(),
    activities,
    packages,
    events,
    specials: calendar.specials,
    provinces: [
      ...US_STATES.map(([code, name]) => ({ countryCode: 'US', code, name })),
      ...CA_PROVINCES.map(([code, name]) => ({ countryCode: 'CA', code, name })),
    ],
    contentPages: DEMO_PAGES.map((p) => ({ ...p })),
    meta: [
      { key: 'demo.seed', value: seed },
      { key: 'demo.today', value: day },
      { key: 'demo.version', value: '1' },
    ],
    listingVersions: firstVersions(drafts, amenities, photos, new Map(calendar.units.map((u) => [u.eid, u.ratePlan as RatePlan])), day),
  };
}

/** Each demo listing's version 1, as a publication of its content would have kept it. */
function firstVersions(drafts: readonly UnitDraft[], amenities: readonly AmenityRow[], photos: readonly PhotoRow[], plans: ReadonlyMap<number, RatePlan>, day: string): ListingVersionRow[] {
  const photosOf = new Map<number, PhotoRow[]>();
  for (const photo of photos) if (photo.ownerKind === 'unit') photosOf.set(photo.ownerId, [...(photosOf.get(photo.ownerId) ?? []), photo]);
  return drafts.map((d) => {
    const row: UnitRow = d.row;
    const unit = {
      ...row,
      nickname: row.nickname ?? '',
      addressLine1: row.addressLine1 ?? '',
      addressLine2: row.addressLine2 ?? '',
      city: row.city ?? '',
      region: row.region ?? '',
      postalCode: row.postalCode ?? '',
      country: row.country ?? 'US',
      beds: row.beds ?? 0,
      access: row.access ?? '',
      neighbourhood: row.neighbourhood ?? '',
      transit: row.transit ?? '',
      notes: row.notes ?? '',
      checkInTime: row.checkInTime ?? '16:00',
      checkOutTime: row.checkOutTime ?? '10:00',
      houseRules: row.houseRules ?? '',
      cancellationPolicy: row.cancellationPolicy ?? '',
    };
    const document = documentOfRows({
      unit,
      area: d.area.slug,
      amenities: amenities.filter((a) => d.amenitySlugs.has(a.slug)).map((a) => a.slug),
      photos: (photosOf.get(row.eid) ?? []).sort((a, b) => a.position - b.position).map((p) => ({ path: p.path, caption: p.caption, description: p.description, width: p.width, height: p.height })),
      rates: plans.get(row.eid)!,
    });
    return { eid: row.eid, version: 1, document, publishedAt: `${day}T00:00:00Z`, publishedBy: 'demo' };
  });
}

/** Row counts per table, for logs and reports. */
export function countDemoContent(content: DemoContent): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(content)) if (Array.isArray(value)) counts[key] = value.length;
  return counts;
}
