import { describe, expect, it } from 'vitest';
import { AREAS } from './catalog.ts';
import { addDays, addMonths, daysBetween, unixSeconds } from './dates.ts';
import {
  ACTIVITY_EID_BASE,
  CALENDAR_MONTHS,
  COMMUNITY_CAPTION,
  DEFAULT_SEED,
  PACKAGE_EID_BASE,
  calendarWindow,
  generateDemoContent,
  seasonOfDay,
  slugify,
  type DemoContent,
} from './generate.ts';
import { Random, hashString } from './random.ts';

const TODAY = '2026-11-22';
const content: DemoContent = generateDemoContent(DEFAULT_SEED, TODAY);

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

describe('random', () => {
  it('is deterministic per seed and label', () => {
    const a = Random.of('x', 1);
    const b = Random.of('x', 1);
    const c = Random.of('x', 2);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(hashString('abc')).toBe(hashString('abc'));
  });

  it('draws integers in range and shuffles without losing items', () => {
    const r = new Random('range');
    for (let i = 0; i < 1000; i++) {
      const v = r.int(3, 7);
      expect(v).toBeGreaterThanOrEqual(3);
      expect(v).toBeLessThanOrEqual(7);
    }
    expect(r.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('generateDemoContent', () => {
  it('is deterministic for the same seed and day', () => {
    expect(JSON.stringify(generateDemoContent(DEFAULT_SEED, TODAY))).toBe(JSON.stringify(content));
  });

  it('accepts a Date and uses its UTC day', () => {
    const fromDate = generateDemoContent(DEFAULT_SEED, new Date(`${TODAY}T18:30:00Z`));
    expect(fromDate.today).toBe(TODAY);
    expect(JSON.stringify(fromDate.bookings)).toBe(JSON.stringify(content.bookings));
  });

  it('keeps units, photos and reviews independent of the day; only the calendar moves', () => {
    const later = generateDemoContent(DEFAULT_SEED, '2027-03-05');
    // A unit's rate plan is of the calendar (its seasons are the days'); the rest of it is not.
    const withoutPlan = (units: typeof content.units) => units.map(({ ratePlan: _plan, ...unit }) => unit);
    expect(withoutPlan(later.units)).toEqual(withoutPlan(content.units));
    expect(later.reviews).toEqual(content.reviews);
    expect(later.photos.filter((p) => p.ownerKind === 'unit')).toEqual(content.photos.filter((p) => p.ownerKind === 'unit'));
    expect(later.bookings).not.toEqual(content.bookings);
  });

  it('differs with another seed', () => {
    const other = generateDemoContent('another-seed', TODAY);
    expect(other.units.map((u) => u.name)).not.toEqual(content.units.map((u) => u.name));
  });

  it('has the promised amounts of everything', () => {
    expect(content.areas.length).toBeGreaterThanOrEqual(6);
    expect(content.units.length).toBeGreaterThanOrEqual(300);
    expect(content.amenities.length).toBeGreaterThanOrEqual(20);
    expect(content.amenityCategories.length).toBeGreaterThanOrEqual(5);
    expect(content.activities.length).toBeGreaterThanOrEqual(15);
    expect(content.packages.length).toBeGreaterThanOrEqual(3);
    expect(content.events.length).toBeGreaterThanOrEqual(20);
    expect(content.events.filter((e) => e.kind === 'event').length).toBeGreaterThanOrEqual(20);
    expect(content.events.filter((e) => e.kind === 'thing-to-do').length).toBeGreaterThanOrEqual(8);
    expect(content.specials.length).toBeGreaterThanOrEqual(3);
    expect(content.contentPages.map((p) => p.slug).sort()).toEqual(['about-us', 'cancellation-policy', 'privacy-policy', 'terms-and-conditions']);
  });

  it('describes every amenity category for the tooltips', () => {
    for (const category of content.amenityCategories) expect(category.description.length).toBeGreaterThan(40);
    const categoryIds = new Set(content.amenityCategories.map((c) => c.id));
    for (const amenity of content.amenities) expect(categoryIds.has(amenity.categoryId)).toBe(true);
  });

  it('has provinces for the US (50 states and DC) and Canada (13)', () => {
    const byCountry = groupBy(content.provinces, (p) => p.countryCode);
    expect(byCountry.get('US')?.length).toBe(51);
    expect(byCountry.get('CA')?.length).toBe(13);
    expect(byCountry.get('US')?.some((p) => p.code === 'DC')).toBe(true);
  });
});

describe('units', () => {
  it('have unique eids, slugs, names and property codes in the unit eid range', () => {
    const eids = content.units.map((u) => u.eid);
    expect(new Set(eids).size).toBe(eids.length);
    expect(new Set(content.units.map((u) => u.slug)).size).toBe(eids.length);
    expect(new Set(content.units.map((u) => u.name)).size).toBe(eids.length);
    expect(new Set(content.units.map((u) => u.propertyCode)).size).toBe(eids.length);
    for (const u of content.units) {
      expect(u.eid).toBeGreaterThanOrEqual(1000);
      expect(u.eid).toBeLessThan(ACTIVITY_EID_BASE);
      expect(u.propertyCode).toBe(`CHC-${u.eid}`);
      expect(u.slug).toBe(slugify(u.name));
      expect(u.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('have bedrooms, bathrooms and sleeps consistent with each other', () => {
    for (const u of content.units) {
      expect(u.bedrooms).toBeGreaterThanOrEqual(1);
      expect(u.sleeps).toBeGreaterThanOrEqual(2 * u.bedrooms);
      expect(u.sleeps).toBeLessThanOrEqual(2 * u.bedrooms + 4);
      expect(u.bathrooms).toBeGreaterThanOrEqual(1);
      expect(u.bathrooms).toBeLessThanOrEqual(u.bedrooms + 1);
      expect((u.bathrooms * 2) % 1).toBe(0);
    }
  });

  it('vary in property type and sit near their town', () => {
    const types = new Set(content.units.map((u) => u.propertyType));
    for (const t of ['Condo', 'House', 'Cottage', 'Villa', 'Townhome', 'Bungalow']) expect(types.has(t)).toBe(true);
    for (const u of content.units) {
      const area = AREAS.find((a) => a.id === u.areaId)!;
      expect(Math.abs(u.latitude - area.latitude)).toBeLessThan(0.02);
      expect(Math.abs(u.longitude - area.longitude)).toBeLessThan(0.05);
    }
    expect(new Set(content.units.map((u) => u.areaId)).size).toBe(content.areas.length);
  });

  it('read like real listings', () => {
    for (const u of content.units) {
      expect(u.description.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 0).length).toBeGreaterThanOrEqual(4);
      expect(u.description.toLowerCase()).not.toMatch(/lorem|ipsum|undefined|null|\{/);
      expect(u.summary.length).toBeGreaterThan(20);
      expect(u.description).toContain(u.name);
    }
  });

  it('have local virtual tours for about 20% and videos for about 15%', () => {
    const tours = content.units.filter((u) => u.virtualTourUrl).length / content.units.length;
    const videos = content.units.filter((u) => u.videoUrl).length / content.units.length;
    expect(tours).toBeGreaterThan(0.12);
    expect(tours).toBeLessThan(0.3);
    expect(videos).toBeGreaterThan(0.08);
    expect(videos).toBeLessThan(0.25);
    for (const u of content.units) {
      if (u.virtualTourUrl) expect(u.virtualTourUrl).toBe(`/media/tours/${u.eid}.html`);
      if (u.videoUrl) expect(u.videoUrl).toBe(`/media/videos/${u.eid}.html`);
    }
  });

  it('have 5 to 15 photos with captions, the first one first', () => {
    const byUnit = groupBy(
      content.photos.filter((p) => p.ownerKind === 'unit'),
      (p) => p.ownerId,
    );
    for (const u of content.units) {
      const list = byUnit.get(u.eid) ?? [];
      expect(list.length).toBeGreaterThanOrEqual(5);
      expect(list.length).toBeLessThanOrEqual(15);
      expect(list.map((p) => p.position)).toEqual(list.map((_, i) => i));
      for (const p of list) {
        expect(p.caption.length).toBeGreaterThan(2);
        expect(p.path).toBe(`units/${u.eid}/${p.position + 1}.svg`);
        expect(p.width / p.height).toBeCloseTo(1.5);
      }
    }
    const captions = new Set(content.photos.map((p) => p.caption));
    for (const c of ['Living room', 'Kitchen', 'Primary bedroom', 'Ocean view from the deck']) expect(captions.has(c)).toBe(true);
  });

  it('have amenities from the list, at least the essentials', () => {
    const byUnit = groupBy(content.unitAmenities, (a) => a.unitEid);
    for (const u of content.units) expect((byUnit.get(u.eid) ?? []).length).toBeGreaterThanOrEqual(4);
    const ids = new Set(content.amenities.map((a) => a.id));
    for (const ua of content.unitAmenities) expect(ids.has(ua.amenityId)).toBe(true);
  });

  it('have 0 to 12 reviews each, rated 1 to 5, dated before the fixed anchor', () => {
    const byUnit = groupBy(content.reviews, (r) => r.unitEid);
    for (const u of content.units) expect((byUnit.get(u.eid) ?? []).length).toBeLessThanOrEqual(12);
    expect(content.units.some((u) => !byUnit.has(u.eid))).toBe(true);
    for (const r of content.reviews) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.reviewedOn <= '2026-10-31').toBe(true);
      expect(r.body).not.toMatch(/\{|undefined/);
    }
  });
});

describe('calendar', () => {
  const windowEnd = addMonths(TODAY, CALENDAR_MONTHS);

  it('has seasons covering every day of the next 18 months exactly once', () => {
    const seasons = content.seasons;
    const { begin, end } = calendarWindow(TODAY);
    expect(seasons[0]!.beginDate).toBe(begin);
    expect(seasons[seasons.length - 1]!.endDate).toBe(end);
    expect(begin <= TODAY).toBe(true);
    expect(end >= windowEnd).toBe(true);
    for (let i = 1; i < seasons.length; i++) expect(seasons[i]!.beginDate).toBe(addDays(seasons[i - 1]!.endDate, 1));
    for (const s of seasons) {
      expect(s.endDate >= s.beginDate).toBe(true);
      expect(s.minStay).toBeGreaterThanOrEqual(2);
      expect(s.minStay).toBeLessThanOrEqual(7);
    }
    expect(new Set(seasons.map((s) => s.kind))).toEqual(new Set(['low', 'shoulder', 'high', 'holiday']));
  });

  it('classifies holidays', () => {
    expect(seasonOfDay('2026-12-25').kind).toBe('holiday');
    expect(seasonOfDay('2027-01-02').kind).toBe('holiday');
    expect(seasonOfDay('2027-07-04').kind).toBe('holiday');
    expect(seasonOfDay('2027-11-25').name).toBe('Thanksgiving 2027');
    expect(seasonOfDay('2027-06-15').kind).toBe('high');
    expect(seasonOfDay('2027-02-10').kind).toBe('low');
    expect(seasonOfDay('2027-10-10').kind).toBe('shoulder');
  });

  it('prices every unit in every season, higher in summer than in winter', () => {
    expect(content.unitRates.length).toBe(content.units.length * content.seasons.length);
    const rates = groupBy(content.unitRates, (r) => r.unitEid);
    const kindOf = new Map(content.seasons.map((s) => [s.id, s.kind]));
    for (const u of content.units) {
      const list = rates.get(u.eid)!;
      for (const r of list) {
        expect(r.nightlyCents).toBeGreaterThan(0);
        expect(r.nightlyCents % 100).toBe(0);
      }
      const low = Math.max(...list.filter((r) => kindOf.get(r.seasonId) === 'low').map((r) => r.nightlyCents));
      const high = Math.min(...list.filter((r) => kindOf.get(r.seasonId) === 'high').map((r) => r.nightlyCents));
      expect(high).toBeGreaterThan(low);
    }
    // Bigger homes cost more on average.
    const avg = (pred: (b: number) => boolean) => {
      const ids = new Set(content.units.filter((u) => pred(u.bedrooms)).map((u) => u.eid));
      const list = content.unitRates.filter((r) => ids.has(r.unitEid));
      return list.reduce((s, r) => s + r.nightlyCents, 0) / list.length;
    };
    expect(avg((b) => b >= 5)).toBeGreaterThan(avg((b) => b <= 2));
  });

  it('books units without overlaps, within the next 18 months, respecting minimum stays', () => {
    const byUnit = groupBy(content.bookings, (b) => b.unitEid);
    const seasonOf = (day: string) => content.seasons.find((s) => s.beginDate <= day && day <= s.endDate)!;
    expect(byUnit.size).toBe(content.units.length);
    for (const list of byUnit.values()) {
      const sorted = [...list].sort((a, b) => (a.beginDate < b.beginDate ? -1 : 1));
      for (let i = 0; i < sorted.length; i++) {
        const b = sorted[i]!;
        expect(b.endDate > b.beginDate).toBe(true);
        expect(b.beginDate >= TODAY).toBe(true);
        expect(b.endDate <= windowEnd).toBe(true);
        if (i > 0) expect(b.beginDate >= sorted[i - 1]!.endDate).toBe(true);
        if (b.kind === 'booked') expect(daysBetween(b.beginDate, b.endDate)).toBeGreaterThanOrEqual(seasonOf(b.beginDate).minStay);
      }
    }
    const kinds = new Set(content.bookings.map((b) => b.kind));
    expect(kinds).toEqual(new Set(['booked', 'blocked']));
    // Some nights stay free in every month.
    const nights = content.bookings.reduce((s, b) => s + daysBetween(b.beginDate, b.endDate), 0);
    const capacity = content.units.length * daysBetween(TODAY, windowEnd);
    expect(nights / capacity).toBeGreaterThan(0.2);
    expect(nights / capacity).toBeLessThan(0.8);
  });

  it('dates events in the next 18 months, with unique slugs', () => {
    expect(new Set(content.events.map((e) => e.slug)).size).toBe(content.events.length);
    expect(new Set(content.events.map((e) => e.id)).size).toBe(content.events.length);
    for (const e of content.events) {
      if (e.kind === 'event') {
        expect(e.beginDate).not.toBeNull();
        expect(e.endDate! >= TODAY).toBe(true);
        expect(e.beginDate! <= windowEnd).toBe(true);
        expect(e.endDate! >= e.beginDate!).toBe(true);
      } else {
        expect(e.beginDate).toBeNull();
        expect(e.endDate).toBeNull();
      }
      expect(e.place.length).toBeGreaterThan(3);
    }
  });

  it('has specials of types 1, 2 and 3 that are open now', () => {
    const now = unixSeconds(TODAY) + 12 * 3600;
    expect(new Set(content.specials.map((s) => s.specialType))).toEqual(new Set(['1', '2', '3']));
    const eids = new Set(content.units.map((u) => String(u.eid)));
    for (const s of content.specials) {
      expect(s.bookBegin).toBeLessThanOrEqual(now);
      expect(s.bookEnd).toBeGreaterThanOrEqual(now);
      expect(s.stayBegin).toBeLessThanOrEqual(now);
      expect(s.stayEnd).toBeGreaterThan(now);
      expect(s.units.length).toBeGreaterThan(0);
      for (const id of s.units) expect(eids.has(id)).toBe(true);
      expect(s.discountPercent).toBeGreaterThan(0);
    }
  });
});

describe('activities, packages and community photos', () => {
  it('keep eids in their own ranges', () => {
    for (const a of content.activities) {
      expect(a.eid).toBeGreaterThanOrEqual(ACTIVITY_EID_BASE);
      expect(a.eid).toBeLessThan(PACKAGE_EID_BASE);
      expect(a.pricePerPersonCents).toBeGreaterThan(0);
    }
    for (const p of content.packages) expect(p.eid).toBeGreaterThanOrEqual(PACKAGE_EID_BASE);
  });

  it('build packages from existing units and activities', () => {
    const units = new Set(content.units.map((u) => u.eid));
    const acts = new Set(content.activities.map((a) => a.eid));
    for (const p of content.packages) {
      expect(p.unitEids.length).toBeGreaterThan(0);
      expect(p.activityEids.length).toBeGreaterThan(0);
      for (const e of p.unitEids) expect(units.has(e)).toBe(true);
      for (const e of p.activityEids) expect(acts.has(e)).toBe(true);
      expect(p.priceFromCents).toBeGreaterThan(0);
    }
  });

  it('has at least 8 community photos captioned exactly "Community photos"', () => {
    const community = content.photos.filter((p) => p.ownerKind === 'community');
    expect(community.length).toBeGreaterThanOrEqual(8);
    for (const p of community) {
      expect(p.caption).toBe(COMMUNITY_CAPTION);
      expect(p.description.length).toBeGreaterThan(5);
    }
  });

  it('gives every activity, package and event a photo', () => {
    const has = new Set(content.photos.map((p) => `${p.ownerKind}:${p.ownerId}`));
    for (const a of content.activities) expect(has.has(`activity:${a.eid}`)).toBe(true);
    for (const p of content.packages) expect(has.has(`package:${p.eid}`)).toBe(true);
    for (const e of content.events) expect(has.has(`event:${e.id}`)).toBe(true);
    expect(new Set(content.photos.map((p) => p.path)).size).toBe(content.photos.length);
  });
});
