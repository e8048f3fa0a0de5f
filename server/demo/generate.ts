/**
 * The demo content of "Coral Haven Coast" as pure data: same seed and same day, same content.
 *
 * Everything is drawn from seeded streams (random.ts). Only the calendar-bound parts — seasons
 * and rates, bookings, events and specials — depend on `today`; they cover the 18 months that
 * follow it. Units, photos, reviews, activities and packages depend on the seed alone.
 */
import type * as schema from '../db/schema.ts';
import {
  ACTIVITIES,
  AMENITY_CATEGORIES,
  AREAS,
  COMMUNITY_PHOTOS,
  EVENTS,
  FEES,
  PACKAGES,
  THINGS_TO_DO,
  type AreaSpec,
  type EventSpec,
  type PropertyType,
} from './catalog.ts';
import { addDays, addMonths, daysBetween, firstOfMonth, lastOfMonth, nthWeekday, toIso, unixSeconds, ymd } from './dates.ts';
import { fixtureCalendar } from './fixture-stays.ts';
import { DEMO_PAGES } from './pages.ts';
import { CA_PROVINCES, US_STATES } from './provinces.ts';
import { Random } from './random.ts';
import { PHOTO_HEIGHT, PHOTO_WIDTH, type Scene } from './svg.ts';
import * as T from './text.ts';

export const DEFAULT_SEED = 'coral-haven-coast';
export const UNIT_COUNT = 320;
export const UNIT_EID_BASE = 1001;
export const ACTIVITY_EID_BASE = 5001;
export const PACKAGE_EID_BASE = 8001;
/** How far ahead seasons, bookings and events reach. */
export const CALENDAR_MONTHS = 18;
/** Reviews are dated before this fixed day, so they do not move with the clock. */
export const REVIEW_ANCHOR = '2026-10-31';
/** The slide caption that marks a community photo (spec §3 Slider slide caption). */
export const COMMUNITY_CAPTION = 'Community photos';

type Row<K extends keyof typeof schema> = (typeof schema)[K] extends { $inferInsert: infer R } ? R : never;

export type AreaRow = Row<'areas'>;
export type AmenityCategoryRow = Row<'amenityCategories'>;
export type AmenityRow = Row<'amenities'>;
export type UnitRow = Row<'units'> & { virtualTourUrl: string | null; videoUrl: string | null };
export type UnitAmenityRow = Row<'unitAmenities'>;
export type PhotoRow = Omit<Row<'photos'>, 'id'> & { scene: Scene; description: string };
export type ReviewRow = Omit<Row<'reviews'>, 'id'>;
export type SeasonRow = Row<'seasons'>;
export type UnitRateRow = Row<'unitRates'>;
export type BookingRow = Omit<Row<'bookings'>, 'id'> & { kind: 'booked' | 'blocked' };
export type FeeRow = Row<'fees'>;
export type ActivityRow = Row<'activities'>;
export type PackageRow = Row<'packages'> & { unitEids: number[]; activityEids: number[] };
export type EventRow = Row<'events'> & { kind: 'event' | 'thing-to-do'; beginDate: string | null; endDate: string | null };
export type SpecialRow = Row<'specials'> & { units: string[] };
export type ProvinceRow = Row<'provinces'>;
export type ContentPageRow = Row<'contentPages'>;
export type MetaRow = Row<'meta'>;

export interface DemoContent {
  seed: string;
  /** The day the calendar was generated from (ISO). */
  today: string;
  areas: AreaRow[];
  amenityCategories: AmenityCategoryRow[];
  amenities: AmenityRow[];
  units: UnitRow[];
  unitAmenities: UnitAmenityRow[];
  photos: PhotoRow[];
  reviews: ReviewRow[];
  seasons: SeasonRow[];
  unitRates: UnitRateRow[];
  bookings: BookingRow[];
  fees: FeeRow[];
  activities: ActivityRow[];
  packages: PackageRow[];
  events: EventRow[];
  specials: SpecialRow[];
  provinces: ProvinceRow[];
  contentPages: ContentPageRow[];
  meta: MetaRow[];
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key] ?? ''));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

const ORDINALS = ['Primary', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'];

const BEDROOM_WEIGHTS: Record<PropertyType, readonly (readonly [number, number])[]> = {
  Condo: [[1, 25], [2, 40], [3, 30], [4, 5]],
  Townhome: [[2, 25], [3, 50], [4, 25]],
  Cottage: [[1, 20], [2, 45], [3, 35]],
  Bungalow: [[1, 40], [2, 50], [3, 10]],
  House: [[2, 5], [3, 30], [4, 35], [5, 20], [6, 10]],
  Villa: [[4, 25], [5, 35], [6, 25], [7, 10], [8, 5]],
};

const LOCATION_WEIGHTS: Record<PropertyType, readonly (readonly [Location, number])[]> = {
  Condo: [['oceanfront', 45], ['near', 40], ['inland', 15]],
  Townhome: [['oceanfront', 15], ['near', 50], ['inland', 35]],
  Cottage: [['oceanfront', 10], ['near', 40], ['inland', 50]],
  Bungalow: [['oceanfront', 10], ['near', 40], ['inland', 50]],
  House: [['oceanfront', 20], ['near', 45], ['inland', 35]],
  Villa: [['oceanfront', 40], ['near', 40], ['inland', 20]],
};

const TYPE_BASE: Record<PropertyType, [base: number, perBedroom: number]> = {
  Condo: [95, 45],
  Townhome: [105, 45],
  Cottage: [105, 42],
  Bungalow: [90, 40],
  House: [120, 48],
  Villa: [220, 70],
};

type Location = 'oceanfront' | 'near' | 'inland';

interface Bed {
  room: string;
  bed: 'king' | 'queen' | 'two twins' | 'bunk beds';
  sleeps: number;
}

interface UnitDraft {
  row: UnitRow;
  area: AreaSpec;
  type: PropertyType;
  location: Location;
  beds: Bed[];
  sofaBed: boolean;
  amenitySlugs: Set<string>;
  /** Nightly rent in dollars before season factors. */
  baseRate: number;
}

function bathroomsFor(r: Random, bedrooms: number): number {
  if (bedrooms <= 1) return r.chance(0.2) ? 1.5 : 1;
  if (bedrooms === 2) return r.weighted([[2, 60], [1.5, 25], [2.5, 15]]);
  if (bedrooms === 3) return r.weighted([[2, 25], [2.5, 25], [3, 50]]);
  return r.weighted([[bedrooms - 1, 20], [bedrooms - 0.5, 20], [bedrooms, 40], [bedrooms + 0.5, 20]]);
}

function bedsFor(r: Random, bedrooms: number, type: PropertyType): Bed[] {
  const beds: Bed[] = [{ room: 'Primary bedroom', bed: 'king', sleeps: 2 }];
  let bunk = false;
  for (let i = 1; i < bedrooms; i++) {
    const room = `${ORDINALS[i] ?? 'Guest'} bedroom`;
    if (!bunk && bedrooms >= 3 && type !== 'Condo' && r.chance(0.35)) {
      bunk = true;
      beds.push({ room: 'Bunk room', bed: 'bunk beds', sleeps: 4 });
    } else {
      beds.push({ room, bed: r.weighted([['queen', 55], ['two twins', 25], ['king', 20]] as const), sleeps: 2 });
    }
  }
  return beds;
}

function amenitiesFor(r: Random, type: PropertyType, bedrooms: number, location: Location, area: AreaSpec): Set<string> {
  const has = new Set<string>(['full-kitchen', 'air-conditioning', 'wifi', 'linens']);
  const add = (slug: string, p: number) => {
    if (r.chance(p)) has.add(slug);
  };
  const condo = type === 'Condo';
  const large = type === 'House' || type === 'Villa';
  add('dishwasher', type === 'Bungalow' ? 0.5 : 0.88);
  add('coffee-maker', 0.97);
  add('microwave', 0.95);
  add('outdoor-grill', condo ? 0.25 : 0.7);
  if (location === 'oceanfront') has.add('oceanfront');
  if (location === 'oceanfront' || r.chance(location === 'near' ? 0.45 : 0.1)) has.add('ocean-view');
  add('private-balcony', condo ? 0.9 : 0.35);
  if (!condo) add('screened-porch', type === 'Cottage' || type === 'Bungalow' ? 0.45 : 0.3);
  if (!condo) add('outdoor-shower', 0.45);
  if (large) add('fire-pit', 0.25);
  add('private-pool', type === 'Villa' ? 0.85 : type === 'House' ? 0.45 : type === 'Townhome' ? 0.1 : type === 'Cottage' ? 0.08 : 0);
  if (!has.has('private-pool')) add('community-pool', condo ? 0.9 : type === 'Townhome' ? 0.65 : 0.1);
  if (has.has('private-pool') || has.has('community-pool')) add('heated-pool', 0.45);
  add('hot-tub', type === 'Villa' ? 0.6 : type === 'House' ? 0.3 : 0.05);
  add('washer-dryer', 0.88);
  add('ceiling-fans', 0.8);
  add('smart-tv', 0.92);
  add('crib-high-chair', 0.55);
  if (large && bedrooms >= 4) add('game-room', 0.5);
  if (condo) add('elevator', 0.85);
  else if (type === 'Villa') add('elevator', 0.3);
  if (!condo) add('ground-floor-bedroom', 0.5);
  add('pet-friendly', condo ? 0.1 : 0.3);
  add('beach-gear', 0.85);
  add('bicycles', condo ? 0.15 : 0.4);
  add('kayaks', area.slug === 'seagrass-bay' ? 0.45 : 0.1);
  add('paddleboards', area.slug === 'seagrass-bay' ? 0.35 : 0.08);
  add('free-parking', 0.96);
  add('ev-charger', type === 'Villa' ? 0.3 : 0.06);
  return has;
}

interface NameState {
  names: Set<string>;
  slugs: Set<string>;
  puns: string[];
}

function nameFor(r: Random, type: PropertyType, area: AreaSpec, state: NameState): string {
  const candidate = (): string => {
    switch (type) {
      case 'Condo': {
        const floor = r.int(1, 12);
        return `${r.pick(area.complexes)} ${floor}${String(r.int(1, 12)).padStart(2, '0')}`;
      }
      case 'Villa':
        return `Villa ${r.pick(T.VILLA_WORDS)}`;
      case 'Cottage':
        return `${r.pick(r.chance(0.7) ? T.COTTAGE_WORDS : T.NAME_ADJECTIVES)} Cottage`;
      case 'Bungalow':
        return `${r.pick(r.chance(0.5) ? T.COTTAGE_WORDS : T.NAME_ADJECTIVES)} Bungalow`;
      case 'Townhome':
        return `${r.pick(T.TOWNHOME_COMMUNITIES)} ${r.int(1, 48)}`;
      case 'House': {
        const roll = r.next();
        if (roll < 0.3 && state.puns.length > 0) return state.puns[Math.floor(r.next() * state.puns.length)]!;
        if (roll < 0.65) return `${r.pick(T.NAME_ADJECTIVES)} ${r.pick(T.NAME_NOUNS)}`;
        return `${r.pick(T.NAME_POSSESSIVES)} ${r.pick(T.NAME_POSSESSED)}`;
      }
    }
  };
  for (let attempt = 0; attempt < 200; attempt++) {
    const name = candidate();
    const slug = slugify(name);
    if (!state.names.has(name) && !state.slugs.has(slug)) {
      state.names.add(name);
      state.slugs.add(slug);
      const punIndex = state.puns.indexOf(name);
      if (punIndex >= 0) state.puns.splice(punIndex, 1);
      return name;
    }
  }
  // A name that is always free: the type and a running number.
  let k = state.names.size + 1;
  while (state.names.has(`${area.name} ${type} ${k}`)) k++;
  const name = `${area.name} ${type} ${k}`;
  state.names.add(name);
  state.slugs.add(slugify(name));
  return name;
}

function describeBeds(beds: Bed[], sofaBed: boolean): string {
  const parts = beds.map((b, i) => {
    if (b.bed === 'bunk beds') return 'a bunk room with two sets of twin-over-full bunks';
    const article = b.bed === 'two twins' ? '' : 'a ';
    const what = `${article}${b.bed} bed${b.bed === 'two twins' ? 's' : ''}`;
    return i === 0 ? `the primary bedroom has ${what}` : `the ${b.room.toLowerCase()} has ${what}`;
  });
  let text = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  if (sofaBed) text += ', and a queen sofa bed in the living room sleeps two more';
  return `${capitalise(text)}.`;
}

function photoPlan(r: Random, d: UnitDraft): { caption: string; scene: Scene }[] {
  const { type, amenitySlugs: a, beds } = d;
  const plan: { caption: string; scene: Scene }[] = [];
  const oceanView = a.has('ocean-view');
  if (type === 'Condo') {
    if (oceanView) plan.push({ caption: 'Ocean view from the balcony', scene: 'deck' });
    plan.push({ caption: 'Building from the beach', scene: 'exterior-condo' });
  } else if (type === 'Villa') {
    plan.push({ caption: 'Villa exterior', scene: 'exterior-villa' });
  } else if (type === 'Cottage' || type === 'Bungalow') {
    plan.push({ caption: `Front of the ${type.toLowerCase()}`, scene: 'exterior-cottage' });
  } else {
    plan.push({ caption: type === 'Townhome' ? 'Front of the townhome' : 'Front of the house', scene: 'exterior-house' });
  }
  plan.push({ caption: 'Living room', scene: 'living' });
  plan.push({ caption: 'Kitchen', scene: 'kitchen' });
  if (r.chance(0.75)) plan.push({ caption: 'Dining area', scene: 'dining' });
  beds.forEach((b, i) => {
    if (i === 0) plan.push({ caption: 'Primary bedroom', scene: 'bedroom' });
    else if (b.bed === 'bunk beds') plan.push({ caption: 'Bunk room', scene: 'bunk-room' });
    else if (r.chance(0.7)) plan.push({ caption: b.room, scene: 'bedroom' });
  });
  plan.push({ caption: 'Primary bathroom', scene: 'bathroom' });
  if (d.row.bathrooms >= 2 && r.chance(0.6)) plan.push({ caption: 'Guest bathroom', scene: 'bathroom' });
  if (type !== 'Condo' && oceanView) plan.push({ caption: 'Ocean view from the deck', scene: 'deck' });
  if (a.has('screened-porch')) plan.push({ caption: 'Screened porch', scene: 'deck' });
  if (a.has('private-pool')) plan.push({ caption: 'Private pool', scene: 'pool' });
  if (a.has('community-pool')) plan.push({ caption: 'Community pool', scene: 'pool' });
  if (d.location !== 'inland') plan.push({ caption: r.pick(['The beach steps away', 'Beach access path']), scene: r.pick<Scene>(['beach', 'boardwalk']) });
  if (r.chance(0.5)) plan.push({ caption: 'Sunset from the beach', scene: 'ocean' });
  const fillers: { caption: string; scene: Scene }[] = [
    { caption: `${d.area.name} beach`, scene: 'beach' },
    { caption: 'Gulf view nearby', scene: 'ocean' },
    { caption: 'Walk to the beach', scene: 'boardwalk' },
  ];
  while (plan.length < 5) plan.push(fillers[plan.length % fillers.length]!);
  return plan.slice(0, 15);
}

function makeUnits(seed: string): UnitDraft[] {
  const state: NameState = { names: new Set(), slugs: new Set(), puns: [...T.PUN_NAMES] };
  const drafts: UnitDraft[] = [];
  const areaWeights = AREAS.map((a) => [a, a.weight] as const);
  for (let i = 0; i < UNIT_COUNT; i++) {
    const eid = UNIT_EID_BASE + i;
    const r = Random.of(seed, 'unit', eid);
    const area = r.weighted(areaWeights);
    const type = r.weighted(area.types);
    const bedrooms = r.weighted(BEDROOM_WEIGHTS[type]);
    const bathrooms = bathroomsFor(r, bedrooms);
    const beds = bedsFor(r, bedrooms, type);
    const sofaBed = r.chance(type === 'Villa' ? 0.2 : 0.5);
    const sleeps = beds.reduce((sum, b) => sum + b.sleeps, 0) + (sofaBed ? 2 : 0);
    const location = r.weighted(LOCATION_WEIGHTS[type]);
    const amenitySlugs = amenitiesFor(r, type, bedrooms, location, area);
    const name = nameFor(r, type, area, state);
    const latOffset = location === 'oceanfront' ? r.float(-0.0055, -0.0035) : location === 'near' ? r.float(-0.003, 0.0005) : r.float(0.001, 0.009);
    const latitude = round6(area.latitude + latOffset);
    const longitude = round6(area.longitude + r.float(-0.038, 0.038));

    const [base, perBedroom] = TYPE_BASE[type];
    let baseRate = (base + perBedroom * bedrooms) * area.priceFactor;
    baseRate *= location === 'oceanfront' ? 1.3 : location === 'near' ? 1.1 : 1;
    if (amenitySlugs.has('private-pool')) baseRate *= 1.12;
    baseRate *= r.float(0.9, 1.1);

    const typeWord = type.toLowerCase();
    const locationPhrase = r.pick(T.LOCATION_PHRASES[location]);
    const adj = r.pick(T.HOUSE_ADJECTIVES);
    const summary = capitalise(
      fill(r.pick(T.SUMMARY_TEMPLATES), { adj, type: typeWord, location: locationPhrase, sleeps, bedrooms, area: area.name }),
    );
    const highlight = r.pick(area.highlights);
    const sentences = [
      `${name} is a ${adj} ${bedrooms}-bedroom ${typeWord} ${locationPhrase} in ${area.name}.`,
      r.pick(T.LIVING_SENTENCES),
      r.pick(T.KITCHEN_SENTENCES),
      describeBeds(beds, sofaBed),
    ];
    const extras: string[] = [];
    if (amenitySlugs.has('private-pool')) extras.push(`The private pool${amenitySlugs.has('heated-pool') ? ', heated in the cooler months,' : ''} is surrounded by loungers and a shady umbrella.`);
    else if (amenitySlugs.has('community-pool')) extras.push('Guests share the community pool, just steps from the front door.');
    if (amenitySlugs.has('hot-tub')) extras.push('End the day in the hot tub under the stars.');
    if (amenitySlugs.has('ocean-view')) extras.push(`From the ${type === 'Condo' ? 'balcony' : 'deck'} you can watch the waves roll in and the sun go down over the gulf.`);
    if (amenitySlugs.has('screened-porch')) extras.push('The screened porch with its rocking chairs is the favourite spot for morning coffee.');
    if (amenitySlugs.has('game-room')) extras.push('A game room with a pool table and arcade games keeps everyone entertained on rainy days.');
    if (amenitySlugs.has('kayaks') || amenitySlugs.has('paddleboards')) extras.push('Kayaks and paddleboards are yours to use on the calm water nearby.');
    if (amenitySlugs.has('bicycles')) extras.push(`Bicycles are provided for rides to ${highlight}.`);
    else extras.push(`${capitalise(highlight)} ${r.pick(['is a short walk away', 'is a few minutes away by bike', 'is an easy drive away'])}.`);
    if (amenitySlugs.has('pet-friendly')) extras.push('Well-behaved dogs are welcome.');
    const closing = r.pick(T.CLOSING_SENTENCES);
    const description = `${sentences.join(' ')}\n\n${r.sample(extras, 3).join(' ')} ${closing}`;

    drafts.push({
      row: {
        eid,
        slug: slugify(name),
        name,
        propertyCode: `CHC-${eid}`,
        areaId: area.id,
        propertyType: type,
        bedrooms,
        bathrooms,
        sleeps,
        latitude,
        longitude,
        summary,
        description,
        virtualTourUrl: r.chance(0.2) ? `/media/tours/${eid}.html` : null,
        videoUrl: r.chance(0.15) ? `/media/videos/${eid}.html` : null,
        cleaningFeeCents: Math.round((85 + 30 * bedrooms + (type === 'Villa' ? 60 : 0)) / 5) * 500,
      },
      area,
      type,
      location,
      beds,
      sofaBed,
      amenitySlugs,
      baseRate,
    });
  }
  return drafts;
}

function makeReviews(seed: string, drafts: readonly UnitDraft[]): ReviewRow[] {
  const out: ReviewRow[] = [];
  for (const d of drafts) {
    const r = Random.of(seed, 'reviews', d.row.eid);
    const count = r.weighted([[0, 8], [1, 6], [2, 8], [3, 10], [4, 10], [5, 10], [6, 10], [7, 9], [8, 8], [9, 7], [10, 6], [11, 4], [12, 4]] as const);
    const quality = r.weighted([['great', 40], ['good', 45], ['mixed', 15]] as const);
    const weights = { great: [75, 20, 4, 1, 0], good: [50, 35, 10, 4, 1], mixed: [25, 35, 25, 10, 5] }[quality];
    const reviews: ReviewRow[] = [];
    for (let k = 0; k < count; k++) {
      const rating = r.weighted(weights.map((w, i) => [5 - i, w] as const));
      const values = { name: d.row.name, area: d.area.name, guests: Math.max(2, d.row.sleeps - r.int(0, 2)) };
      const body = [fill(r.pick(T.REVIEW_OPENERS[rating]!), values)];
      const positives = rating >= 4 ? r.int(1, 2) : rating === 3 ? 1 : 0;
      body.push(...r.sample(T.REVIEW_POSITIVES, positives).map((s) => fill(s, values)));
      const negatives = rating === 5 ? 0 : rating === 4 ? (r.chance(0.5) ? 1 : 0) : rating === 3 ? 1 : 2;
      body.push(...r.sample(T.REVIEW_NEGATIVES, negatives));
      body.push(r.pick(T.REVIEW_CLOSERS[rating]!));
      const author = `${r.pick(T.FIRST_NAMES)} ${r.pick(T.LAST_INITIALS)}.${r.chance(0.4) ? ` from ${r.pick(T.HOMETOWNS)}` : ''}`;
      reviews.push({
        unitEid: d.row.eid,
        rating,
        author,
        title: r.pick(T.REVIEW_TITLES[rating]!),
        body: body.join(' '),
        reviewedOn: addDays(REVIEW_ANCHOR, -r.int(0, 1000)),
      });
    }
    reviews.sort((a, b) => (a.reviewedOn < b.reviewedOn ? 1 : a.reviewedOn > b.reviewedOn ? -1 : 0));
    out.push(...reviews);
  }
  return out;
}

interface SeasonDay {
  key: string;
  name: string;
  kind: 'low' | 'shoulder' | 'high' | 'holiday';
  minStay: number;
  factor: number;
}

/** The days of a year that seasons turn on (remembered: a calendar asks for each of its ~550 days). */
interface SeasonMarks {
  thanksgiving: string;
  thanksgivingFrom: string;
  thanksgivingTo: string;
  springBreak: string;
  springBreakTo: string;
  independenceFrom: string;
  independenceTo: string;
  summerFrom: string;
  summerTo: string;
  springTo: string;
  fallFrom: string;
}

const seasonMarks = new Map<number, SeasonMarks>();

function seasonMarksOf(y: number): SeasonMarks {
  let marks = seasonMarks.get(y);
  if (!marks) {
    const thanksgiving = nthWeekday(y, 11, 4, 4);
    const springBreak = nthWeekday(y, 3, 6, 2);
    marks = {
      thanksgiving,
      thanksgivingFrom: addDays(thanksgiving, -1),
      thanksgivingTo: addDays(thanksgiving, 3),
      springBreak,
      springBreakTo: addDays(springBreak, 15),
      independenceFrom: ymd(y, 6, 30),
      independenceTo: ymd(y, 7, 6),
      summerFrom: ymd(y, 5, 23),
      summerTo: ymd(y, 8, 15),
      springTo: ymd(y, 5, 22),
      fallFrom: ymd(y, 8, 16),
    };
    seasonMarks.set(y, marks);
  }
  return marks;
}

/** The rate season of one day. */
export function seasonOfDay(iso: string): SeasonDay {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const d = Number(iso.slice(8, 10));
  const short = (year: number) => String((year + 1) % 100).padStart(2, '0');
  if ((m === 12 && d >= 20) || (m === 1 && d <= 3)) {
    const start = m === 12 ? y : y - 1;
    return { key: `christmas-${start}`, name: `Christmas and New Year ${start}–${short(start)}`, kind: 'holiday', minStay: 4, factor: 1.45 };
  }
  const marks = seasonMarksOf(y);
  if (iso >= marks.thanksgivingFrom && iso <= marks.thanksgivingTo) {
    return { key: `thanksgiving-${y}`, name: `Thanksgiving ${y}`, kind: 'holiday', minStay: 3, factor: 1.15 };
  }
  if (iso >= marks.springBreak && iso <= marks.springBreakTo) {
    return { key: `spring-break-${y}`, name: `Spring Break ${y}`, kind: 'holiday', minStay: 5, factor: 1.3 };
  }
  if (iso >= marks.independenceFrom && iso <= marks.independenceTo) {
    return { key: `independence-${y}`, name: `Independence Day ${y}`, kind: 'holiday', minStay: 7, factor: 1.6 };
  }
  if (iso >= marks.summerFrom && iso <= marks.summerTo) return { key: `summer-${y}`, name: `Summer ${y}`, kind: 'high', minStay: 5, factor: 1.35 };
  if (m >= 3 && iso <= marks.springTo) return { key: `spring-${y}`, name: `Spring ${y}`, kind: 'shoulder', minStay: 3, factor: 0.95 };
  if (iso >= marks.fallFrom && m <= 10) return { key: `fall-${y}`, name: `Fall ${y}`, kind: 'shoulder', minStay: 3, factor: 0.9 };
  if (m === 11 && iso < marks.thanksgiving) return { key: `late-fall-${y}`, name: `Late Fall ${y}`, kind: 'low', minStay: 2, factor: 0.75 };
  if (m >= 11) return { key: `early-winter-${y}`, name: `Early Winter ${y}`, kind: 'low', minStay: 2, factor: 0.72 };
  return { key: `winter-${y}`, name: `Winter ${y}`, kind: 'low', minStay: 2, factor: 0.7 };
}

export function calendarWindow(today: string, months: number = CALENDAR_MONTHS): { begin: string; end: string } {
  return { begin: firstOfMonth(today), end: lastOfMonth(addMonths(today, months)) };
}

function makeSeasons(today: string, months: number): { seasons: SeasonRow[]; factors: Map<number, number>; byDay: Map<string, SeasonRow> } {
  const { begin, end } = calendarWindow(today, months);
  const seasons: SeasonRow[] = [];
  const factors = new Map<number, number>();
  const byDay = new Map<string, SeasonRow>();
  const baseYear = Number(today.slice(0, 4));
  let current: SeasonRow | null = null;
  let currentKey = '';
  for (let day = begin; day <= end; day = addDays(day, 1)) {
    const s = seasonOfDay(day);
    if (!current || s.key !== currentKey) {
      current = { id: seasons.length + 1, name: s.name, kind: s.kind, beginDate: day, endDate: day, minStay: s.minStay };
      currentKey = s.key;
      seasons.push(current);
      // Rates rise about 4% a year.
      factors.set(current.id, s.factor * (1 + 0.04 * Math.max(0, Number(day.slice(0, 4)) - baseYear)));
    } else {
      current.endDate = day;
    }
    byDay.set(day, current);
  }
  return { seasons, factors, byDay };
}

function makeRates(seed: string, drafts: readonly UnitDraft[], seasons: SeasonRow[], factors: Map<number, number>): UnitRateRow[] {
  const rows: UnitRateRow[] = [];
  for (const d of drafts) {
    const r = Random.of(seed, 'rates', d.row.eid);
    // A unit's own seasonal character: some owners price summer harder than others.
    const summerBias = r.float(0.95, 1.08);
    for (const s of seasons) {
      const factor = (factors.get(s.id) ?? 1) * (s.kind === 'high' || s.kind === 'holiday' ? summerBias : 1);
      const dollars = Math.max(60, Math.round((d.baseRate * factor) / 5) * 5);
      rows.push({ unitEid: d.row.eid, seasonId: s.id, nightlyCents: dollars * 100 });
    }
  }
  return rows;
}

/**
 * The fixture rental's calendar (fixture-stays.ts): of its random bookings, those that touch a
 * kept window go (their nights stay free), and the fixture's own bookings come in. The random
 * draws are the same as without the fixture, so every other rental's calendar is untouched.
 */
function withFixtureStays(rows: readonly BookingRow[], today: string): BookingRow[] {
  const fixture = fixtureCalendar(today);
  const kept = [...fixture.free, ...fixture.booked];
  const touches = (b: BookingRow) => kept.some((range) => b.beginDate < range.end && range.begin < b.endDate);
  const own = fixture.booked.map((range): BookingRow => ({ unitEid: fixture.eid, beginDate: range.begin, endDate: range.end, kind: 'booked' }));
  return [...rows.filter((b) => !touches(b)), ...own].sort((a, b) => (a.beginDate < b.beginDate ? -1 : a.beginDate > b.beginDate ? 1 : 0));
}

function makeBookings(seed: string, today: string, drafts: readonly UnitDraft[], byDay: Map<string, SeasonRow>): BookingRow[] {
  const rows: BookingRow[] = [];
  const windowEnd = addMonths(today, CALENDAR_MONTHS);
  const fixtureEid = fixtureCalendar(today).eid;
  for (const d of drafts) {
    const unitRows: BookingRow[] = [];
    const r = Random.of(seed, 'bookings', today, d.row.eid);
    const popularity = r.float(0.75, 1.2);
    let cursor = addDays(today, r.int(0, 3));
    while (cursor < windowEnd) {
      const ahead = daysBetween(today, cursor);
      const season = byDay.get(cursor);
      let occupancy = ahead < 45 ? 0.7 : ahead < 120 ? 0.55 : ahead < 270 ? 0.4 : 0.25;
      if (season?.kind === 'high' || season?.kind === 'holiday') occupancy += 0.2;
      if (season?.kind === 'low') occupancy -= 0.15;
      occupancy = Math.min(0.95, Math.max(0.05, occupancy * popularity));
      const gap = r.chance(occupancy) ? r.int(0, 1) : r.int(2, 12);
      const begin = addDays(cursor, gap);
      const minStay = byDay.get(begin)?.minStay ?? 2;
      const blocked = r.chance(0.07);
      const nights = blocked ? r.int(2, 14) : Math.max(minStay, r.pick([2, 3, 3, 4, 4, 5, 6, 7, 7, 7, 10, 14]));
      const end = addDays(begin, nights);
      if (end > windowEnd) break;
      unitRows.push({ unitEid: d.row.eid, beginDate: begin, endDate: end, kind: blocked ? 'blocked' : 'booked' });
      cursor = end;
    }
    rows.push(...(d.row.eid === fixtureEid ? withFixtureStays(unitRows, today) : unitRows));
  }
  return rows;
}

function eventDates(spec: EventSpec, year: number): { begin: string; end: string } {
  const [monthText, rule] = spec.rule.split(' ') as [string, string];
  const month = Number(monthText);
  const parts = rule.split(':');
  const kind = parts[0];
  const nums = parts.slice(1).map(Number);
  if (kind === 'fixed') {
    const begin = ymd(year, month, nums[0]!);
    return { begin, end: addDays(begin, (nums[1] ?? 1) - 1) };
  }
  if (kind === 'season') {
    const [dow, n, endMonth, endN] = nums as [number, number, number, number];
    return { begin: nthWeekday(year, month, dow, n), end: nthWeekday(year, endMonth, dow, endN) };
  }
  const [dow, n, days] = nums as [number, number, number];
  const begin = nthWeekday(year, month, dow, n);
  return { begin, end: addDays(begin, days - 1) };
}

function areaBySlug(slug: string): AreaSpec {
  const area = AREAS.find((a) => a.slug === slug);
  if (!area) throw new Error(`Unknown area ${slug}`);
  return area;
}

function makeEvents(seed: string, today: string): EventRow[] {
  const windowEnd = addMonths(today, CALENDAR_MONTHS);
  const year = Number(today.slice(0, 4));
  const dated: EventRow[] = [];
  for (const spec of EVENTS) {
    const area = areaBySlug(spec.area);
    const r = Random.of(seed, 'event', spec.slug);
    const latitude = round6(area.latitude + r.float(-0.004, 0.004));
    const longitude = round6(area.longitude + r.float(-0.02, 0.02));
    for (let y = year - 1; y <= year + 2; y++) {
      const { begin, end } = eventDates(spec, y);
      if (end < today || begin > windowEnd) continue;
      dated.push({
        id: 0,
        slug: `${spec.slug}-${y}`,
        kind: 'event',
        title: spec.title,
        beginDate: begin,
        endDate: end,
        place: spec.place,
        areaId: area.id,
        latitude,
        longitude,
        summary: spec.summary,
        description: spec.description,
      });
    }
  }
  dated.sort((a, b) => (a.beginDate! < b.beginDate! ? -1 : a.beginDate! > b.beginDate! ? 1 : a.slug < b.slug ? -1 : 1));
  const places: EventRow[] = THINGS_TO_DO.map((spec) => {
    const area = areaBySlug(spec.area);
    const r = Random.of(seed, 'place', spec.slug);
    return {
      id: 0,
      slug: spec.slug,
      kind: 'thing-to-do',
      title: spec.title,
      beginDate: null,
      endDate: null,
      place: spec.place,
      areaId: area.id,
      latitude: round6(area.latitude + r.float(-0.004, 0.004)),
      longitude: round6(area.longitude + r.float(-0.02, 0.02)),
      summary: spec.summary,
      description: spec.description,
    };
  });
  return [...dated, ...places].map((e, i) => ({ ...e, id: i + 1 }));
}

function makeSpecials(today: string, drafts: readonly UnitDraft[]): SpecialRow[] {
  const day = (offset: number) => unixSeconds(addDays(today, offset));
  const endOfDay = (offset: number) => day(offset + 1) - 1;
  const eids = (pred: (d: UnitDraft) => boolean) => drafts.filter(pred).map((d) => String(d.row.eid));
  return [
    {
      id: 1,
      position: 0,
      title: 'Save 15% on stays of three nights or more',
      description: 'Book by the end of the offer and save 15% on the rent of stays of three nights or more in the next four months.',
      specialType: '1',
      units: eids((d) => d.row.eid % 3 !== 0),
      stayBegin: day(0),
      stayEnd: endOfDay(120),
      bookBegin: day(-14),
      bookEnd: endOfDay(90),
      minGuests: 0,
      maxGuests: 0,
      minNights: 3,
      maxNights: 0,
      discountPercent: 15,
    },
    {
      id: 2,
      position: 1,
      title: 'Last-minute condo deal: 20% off',
      description: 'Condos with free nights in the coming month, 20% off the rent for two to seven nights. Web bookings only; not available on detailed quotes.',
      specialType: '2',
      units: eids((d) => d.type === 'Condo'),
      stayBegin: day(0),
      stayEnd: endOfDay(35),
      bookBegin: day(-3),
      bookEnd: endOfDay(30),
      minGuests: 0,
      maxGuests: 6,
      minNights: 2,
      maxNights: 7,
      discountPercent: 20,
    },
    {
      id: 3,
      position: 2,
      title: 'Stay a week, save 10%',
      description: 'Book seven nights or more in a house or villa and save 10% on the rent, all year long.',
      specialType: '3',
      units: eids((d) => d.type === 'House' || d.type === 'Villa'),
      stayBegin: day(0),
      stayEnd: unixSeconds(addMonths(today, CALENDAR_MONTHS)),
      bookBegin: day(-30),
      bookEnd: endOfDay(180),
      minGuests: 0,
      maxGuests: 0,
      minNights: 7,
      maxNights: 0,
      discountPercent: 10,
    },
    {
      id: 4,
      position: 3,
      title: 'Family reunion: 12% off large homes',
      description: 'Bring the whole family: groups of eight or more save 12% in homes with four bedrooms or more.',
      specialType: '1',
      units: eids((d) => d.row.bedrooms >= 4),
      stayBegin: day(0),
      stayEnd: endOfDay(240),
      bookBegin: day(-7),
      bookEnd: endOfDay(150),
      minGuests: 8,
      maxGuests: 0,
      minNights: 4,
      maxNights: 0,
      discountPercent: 12,
    },
  ];
}

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
  return {
    today,
    units: drafts.map((d) => d.row),
    seasons,
    unitRates: makeRates(units.seed, drafts, seasons, factors),
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
  return {
    seed,
    today: day,
    areas: AREAS.map((a, i) => ({ id: a.id, slug: a.slug, name: a.name, description: a.description, latitude: a.latitude, longitude: a.longitude, position: i })),
    amenityCategories,
    amenities,
    units: calendar.units,
    unitAmenities,
    photos: makePhotos(seed, drafts, activities, packages, events),
    reviews: makeReviews(seed, drafts),
    seasons: calendar.seasons,
    unitRates: calendar.unitRates,
    bookings: calendar.bookings,
    fees: FEES.map((f, i) => ({ ...f, position: i })),
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
  };
}

/** Row counts per table, for logs and reports. */
export function countDemoContent(content: DemoContent): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(content)) if (Array.isArray(value)) counts[key] = value.length;
  return counts;
}
