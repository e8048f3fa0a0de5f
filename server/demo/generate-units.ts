/**
 * The demo's rental units as drafts and their reviews: drawn from the seed alone (types,
 * bedrooms, beds, amenities, names, photo plans), never from the day.
 */
import { AREAS, type AreaSpec, type PropertyType } from './catalog.ts';
import { addDays } from './dates.ts';
import { Random } from './random.ts';
import type { Scene } from './svg.ts';
import * as T from './text.ts';
import { UNIT_COUNT, UNIT_EID_BASE, REVIEW_ANCHOR, type UnitRow, type ReviewRow, slugify, fill, capitalise, round6 } from './generate-common.ts';

export const ORDINALS = ['Primary', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'];

export const BEDROOM_WEIGHTS: Record<PropertyType, readonly (readonly [number, number])[]> = {
  Condo: [[1, 25], [2, 40], [3, 30], [4, 5]],
  Townhome: [[2, 25], [3, 50], [4, 25]],
  Cottage: [[1, 20], [2, 45], [3, 35]],
  Bungalow: [[1, 40], [2, 50], [3, 10]],
  House: [[2, 5], [3, 30], [4, 35], [5, 20], [6, 10]],
  Villa: [[4, 25], [5, 35], [6, 25], [7, 10], [8, 5]],
};

export const LOCATION_WEIGHTS: Record<PropertyType, readonly (readonly [Location, number])[]> = {
  Condo: [['oceanfront', 45], ['near', 40], ['inland', 15]],
  Townhome: [['oceanfront', 15], ['near', 50], ['inland', 35]],
  Cottage: [['oceanfront', 10], ['near', 40], ['inland', 50]],
  Bungalow: [['oceanfront', 10], ['near', 40], ['inland', 50]],
  House: [['oceanfront', 20], ['near', 45], ['inland', 35]],
  Villa: [['oceanfront', 40], ['near', 40], ['inland', 20]],
};

export const TYPE_BASE: Record<PropertyType, [base: number, perBedroom: number]> = {
  Condo: [95, 45],
  Townhome: [105, 45],
  Cottage: [105, 42],
  Bungalow: [90, 40],
  House: [120, 48],
  Villa: [220, 70],
};

export type Location = 'oceanfront' | 'near' | 'inland';

export interface Bed {
  room: string;
  bed: 'king' | 'queen' | 'two twins' | 'bunk beds';
  sleeps: number;
}

export interface UnitDraft {
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

export function bathroomsFor(r: Random, bedrooms: number): number {
  if (bedrooms <= 1) return r.chance(0.2) ? 1.5 : 1;
  if (bedrooms === 2) return r.weighted([[2, 60], [1.5, 25], [2.5, 15]]);
  if (bedrooms === 3) return r.weighted([[2, 25], [2.5, 25], [3, 50]]);
  return r.weighted([[bedrooms - 1, 20], [bedrooms - 0.5, 20], [bedrooms, 40], [bedrooms + 0.5, 20]]);
}

export function bedsFor(r: Random, bedrooms: number, type: PropertyType): Bed[] {
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

export function amenitiesFor(r: Random, type: PropertyType, bedrooms: number, location: Location, area: AreaSpec): Set<string> {
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

export interface NameState {
  names: Set<string>;
  slugs: Set<string>;
  puns: string[];
}

export function nameFor(r: Random, type: PropertyType, area: AreaSpec, state: NameState): string {
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

export function describeBeds(beds: Bed[], sofaBed: boolean): string {
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

export function photoPlan(r: Random, d: UnitDraft): { caption: string; scene: Scene }[] {
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

export function makeUnits(seed: string): UnitDraft[] {
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
    const details = unitDetails(Random.of(seed, 'unit-details', eid), { area, type, location, beds, sofaBed, amenitySlugs, highlight });

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
        ...details,
        status: 'published',
        version: 1,
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

export function makeReviews(seed: string, drafts: readonly UnitDraft[]): ReviewRow[] {
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

/**
 * What an owner writes besides the description: the address, the beds, the description's other
 * parts, arrival and departure times, house rules and the cancellation policy. Drawn from a
 * stream of its own, so the rest of a unit is what it was before these existed.
 */
export function unitDetails(
  r: Random,
  d: { area: AreaSpec; type: PropertyType; location: Location; beds: Bed[]; sofaBed: boolean; amenitySlugs: Set<string>; highlight: string },
) {
  const beds = d.beds.reduce((sum, b) => sum + (b.bed === 'two twins' || b.bed === 'bunk beds' ? 2 : 1), 0) + (d.sofaBed ? 1 : 0);
  const number = r.int(1, 48) * 10 + r.int(0, 9);
  const street = r.pick(d.area.streets);
  const unitNumber = d.type === 'Condo' ? `Unit ${r.int(1, 9)}${String(r.int(1, 20)).padStart(2, '0')}` : '';
  const access = d.type === 'Condo'
    ? 'The whole condo is yours, with a parking space in the garage and a key fob for the lobby and the pool.'
    : `The whole ${d.type.toLowerCase()} is yours, with parking for ${d.beds.length >= 4 ? 'three' : 'two'} cars in the driveway. A keypad opens the front door: the code comes the day before you arrive.`;
  const neighbourhood = `${d.location === 'oceanfront' ? 'The beach is right out the back door' : d.location === 'near' ? 'The beach is a few minutes on foot' : 'The streets around are quiet and shady'}, and ${d.highlight} is close by.`;
  const transit = r.pick([
    `Most guests drive; ${d.area.name} has free parking near the beach accesses.`,
    'A beach trolley stops at the corner every 20 minutes in summer.',
    'Bicycles are the easiest way around town; the coast path runs past the end of the street.',
  ]);
  const rules = [
    `No parties or events; quiet hours are 22:00 to 08:00.`,
    'No smoking indoors or on the decks.',
    d.amenitySlugs.has('pet-friendly') ? 'Up to two well-behaved dogs are welcome (a pet fee applies).' : 'No pets, please.',
    d.amenitySlugs.has('private-pool') ? 'Children in the pool only with an adult.' : '',
  ].filter(Boolean);
  const cancellationPolicy = r.pick([
    'Full refund if you cancel at least 30 days before arrival; 50 % up to 14 days before; no refund after that.',
    'Full refund if you cancel at least 60 days before arrival; no refund after that unless the nights are booked again.',
  ]);
  return {
    nickname: '',
    addressLine1: `${number} ${street}`,
    addressLine2: unitNumber,
    city: d.area.name,
    region: 'FL',
    postalCode: String(32_400 + d.area.id * 7),
    country: 'US',
    beds,
    access,
    neighbourhood,
    transit,
    notes: d.location === 'oceanfront' ? 'Sea turtles nest on this beach from May to October: outside lights stay off at night.' : '',
    checkInTime: d.type === 'Villa' ? '16:00' : r.pick(['15:00', '16:00']),
    checkOutTime: r.pick(['10:00', '11:00']),
    houseRules: rules.join('\n\n'),
    cancellationPolicy,
  };
}
