/**
 * Deterministic generated listings for the search-engine bench at scale (issue 27): 40 towns,
 * 12 property types, 60 amenities, and 80–200-word descriptions written from sentence templates
 * over a vocabulary of a few hundred words (views, rooms, features, places, adjectives), so each
 * description reads like a listing's and no two are alike, with realistic word frequencies:
 * "ocean" and "view" are common on their own, the phrase "ocean view" much rarer.
 *
 * Pure and seeded: the same (count, seed) always gives the same listings. Used by
 * bench/search-engine.ts (`--listings N`) and by the engine's property tests at scale.
 */
import type { SearchDocument } from '../server/search/types.ts';
import { seededRandom } from '../src/domain/search/seeded-random.ts';

export const GEN_TOWNS = [
  'Padstow', 'St Ives', 'Newquay', 'Falmouth', 'Penzance', 'Looe', 'Fowey', 'Bude', 'Polperro', 'Mevagissey',
  'Port Isaac', 'Tintagel', 'Rock', 'Mousehole', 'Marazion', 'Perranporth', 'Hayle', 'Helston', 'Truro', 'Bodmin',
  'Lostwithiel', 'St Mawes', 'Porthleven', 'Coverack', 'Boscastle', 'Crackington Haven', 'Wadebridge', 'Polzeath', 'Mawgan Porth', 'Crantock',
  'St Agnes', 'Portreath', 'Sennen', 'Lamorna', 'Zennor', 'St Just', 'Porthcurno', 'Mullion', 'Carbis Bay', 'Gorran Haven',
];
export const GEN_TYPES = ['cottage', 'house', 'apartment', 'villa', 'lodge', 'barn', 'cabin', 'chalet', 'bungalow', 'farmhouse', 'townhouse', 'shepherds hut'];
export const GEN_AMENITIES = [
  'wifi', 'parking', 'pets allowed', 'hot tub', 'swimming pool', 'garden', 'sea view', 'log burner', 'dishwasher', 'washing machine',
  'ev charger', 'bbq', 'games room', 'cot', 'high chair', 'bath', 'walk-in shower', 'balcony', 'beach access', 'step-free access',
  'tumble dryer', 'freezer', 'microwave', 'coffee machine', 'smart tv', 'dvd player', 'board games', 'books', 'bikes', 'kayaks',
  'surfboards', 'wetsuits', 'sauna', 'gym', 'tennis court', 'table tennis', 'pool table', 'open fire', 'underfloor heating', 'air conditioning',
  'ceiling fans', 'enclosed garden', 'patio', 'decking', 'outdoor dining', 'fire pit', 'hammock', 'sun loungers', 'stairgate', 'travel cot',
  'towels provided', 'linen provided', 'welcome hamper', 'desk', 'fast broadband', 'garage', 'boot room', 'drying room', 'secure bike store', 'lift',
];

const ADJ = [
  'cosy', 'spacious', 'bright', 'airy', 'stylish', 'charming', 'peaceful', 'secluded', 'modern', 'traditional', 'elegant', 'rustic', 'light',
  'sunny', 'quiet', 'comfortable', 'beautiful', 'stunning', 'delightful', 'contemporary', 'characterful', 'restored', 'renovated', 'luxurious',
  'homely', 'welcoming', 'generous', 'compact', 'sleek', 'relaxed', 'tranquil', 'idyllic', 'historic', 'quirky', 'airy',
];
const VIEW_OF = ['ocean', 'sea', 'harbour', 'estuary', 'river', 'valley', 'countryside', 'bay', 'coastline', 'cliffs', 'beach', 'moorland', 'garden', 'headland', 'village', 'lighthouse'];
const VIEW_WORD = ['view', 'views', 'outlook', 'vista', 'panorama'];
const ROOMS = [
  'kitchen', 'living room', 'dining room', 'sitting room', 'snug', 'bedroom', 'master bedroom', 'twin room', 'bunk room', 'bathroom', 'shower room',
  'ensuite', 'utility room', 'conservatory', 'study', 'garden room', 'loft', 'landing', 'hallway', 'cloakroom',
];
const FEATURES = [
  'exposed beams', 'slate floors', 'wood burning stove', 'inglenook fireplace', 'vaulted ceilings', 'french doors', 'bifold doors', 'sash windows',
  'roll top bath', 'rainfall shower', 'range cooker', 'breakfast bar', 'kitchen island', 'window seat', 'king size bed', 'superking bed',
  'feather duvets', 'egyptian cotton', 'oak flooring', 'granite worktops', 'original features', 'stone walls', 'thatched roof', 'skylights',
  'private terrace', 'sheltered courtyard', 'walled garden', 'sun trap patio', 'glass balustrade', 'wraparound balcony',
];
const PLACES = [
  'sandy beach', 'coastal path', 'village pub', 'harbour', 'fishing quay', 'farm shop', 'local bakery', 'surf school', 'golf course', 'nature reserve',
  'national trust gardens', 'castle', 'lighthouse', 'rock pools', 'cycle trail', 'tidal pool', 'sailing club', 'art galleries', 'seafood restaurant',
  'deli', 'railway station', 'secret cove', 'estuary', 'woodland walks', 'cafe', 'ice cream parlour', 'tennis club', 'market town', 'chapel', 'ferry',
];
const ACTIVITIES = [
  'surfing', 'paddleboarding', 'kayaking', 'sailing', 'walking', 'cycling', 'swimming', 'fishing', 'birdwatching', 'crabbing', 'rock pooling',
  'stargazing', 'golf', 'horse riding', 'coasteering', 'wild swimming', 'foraging', 'exploring', 'sightseeing', 'sunbathing',
];
const GUESTS = ['families', 'couples', 'friends', 'walkers', 'surfers', 'dog owners', 'groups', 'honeymooners', 'anglers', 'cyclists', 'artists', 'foodies'];
const TIME = ['morning', 'evening', 'sunset', 'sunrise', 'afternoon', 'summer', 'winter', 'autumn', 'spring', 'weekend'];
const VERBS = ['enjoy', 'relax', 'unwind', 'watch', 'savour', 'explore', 'discover', 'admire', 'soak up', 'take in'];
const DIST = ['a short stroll', 'a few minutes walk', 'a five minute drive', 'just yards', 'a gentle walk', 'ten minutes on foot', 'a short drive', 'moments'];
const EXTRA = [
  'Bed linen and towels are provided.', 'Well behaved dogs are welcome.', 'Sorry, no smoking.', 'Ample parking for two cars.',
  'A welcome pack awaits your arrival.', 'Short breaks are available outside the summer holidays.', 'The owners live nearby and are happy to help.',
  'Fast fibre broadband throughout.', 'Perfect for a winter escape.', 'Ideal for a romantic break.', 'Changeover day is Saturday.',
  'Heating and electricity are included.', 'Please note the stairs are steep.', 'A travel cot and high chair are available on request.',
];

type Rnd = () => number;
const pick = <T>(list: readonly T[], rnd: Rnd): T => list[Math.floor(rnd() * list.length)]!;
/** Skewed pick: earlier entries more often (Zipf-like, exponent ~1). */
const skew = <T>(list: readonly T[], rnd: Rnd): T => list[Math.floor(list.length * rnd() * rnd())]!;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const TEMPLATES: ((r: Rnd, town: string, type: string, bedrooms: number) => string)[] = [
  (r, town, type) => `This ${pick(ADJ, r)} ${type} in ${town} has ${skew(VIEW_OF, r)} ${pick(VIEW_WORD, r)} from the ${pick(ROOMS, r)}.`,
  (r, _t, _ty, bedrooms) => `There are ${bedrooms} bedrooms, including a ${pick(ADJ, r)} ${pick(ROOMS, r)} with ${pick(FEATURES, r)}.`,
  (r) => `The ${pick(ADJ, r)} ${pick(ROOMS, r)} opens onto a ${pick(FEATURES, r)} with ${skew(VIEW_OF, r)} ${pick(VIEW_WORD, r)}.`,
  (r) => `${cap(pick(DIST, r))} from the ${pick(PLACES, r)} and ${pick(DIST, r)} from the ${pick(PLACES, r)}.`,
  (r) => `Ideal for ${pick(GUESTS, r)} who love ${pick(ACTIVITIES, r)} and ${pick(ACTIVITIES, r)}.`,
  (r) => `${cap(pick(VERBS, r))} the ${pick(TIME, r)} ${pick(['light', 'sun', 'air', 'calm', 'breeze'], r)} on the ${pick(FEATURES, r)}.`,
  (r) => `The ${pick(ROOMS, r)} is ${pick(ADJ, r)} and ${pick(ADJ, r)}, with ${pick(FEATURES, r)} and ${pick(FEATURES, r)}.`,
  (r, town) => `${town} is known for its ${pick(PLACES, r)}, ${pick(PLACES, r)} and ${pick(ADJ, r)} ${pick(PLACES, r)}.`,
  (r) => `Guests can ${pick(VERBS, r)} ${skew(VIEW_OF, r)} ${pick(VIEW_WORD, r)} over ${pick(['breakfast', 'dinner', 'a glass of wine', 'coffee', 'lunch'], r)}.`,
  (r) => `A ${pick(ADJ, r)} base for ${pick(ACTIVITIES, r)}, ${pick(ACTIVITIES, r)} or simply relaxing by the ${pick(PLACES, r)}.`,
  (r) => pick(EXTRA, r),
  (r) => `Upstairs, the ${pick(ROOMS, r)} has a ${pick(FEATURES, r)} and ${pick(['glimpses', 'views', 'a view'], r)} of the ${skew(VIEW_OF, r)}.`,
];

export interface GeneratedListing {
  id: string;
  name: string;
  town: string;
  type: string;
  bedrooms: number;
  bathrooms: number;
  sleeps: number;
  amenities: string[];
  price: number;
  rating: number;
  /** Review count (the peer benchmark's listings have none). */
  reviews?: number;
  description: string;
  lat: number;
  lng: number;
}

const NAME_A = ['Sea', 'Harbour', 'Old', 'Little', 'Blue', 'White', 'Rose', 'Ivy', 'Granite', 'Salt', 'Driftwood', 'Gull', 'Cove', 'Tide', 'Quay', 'Mill', 'Orchard', 'Chapel', 'Lighthouse', 'Pebble', 'Ocean', 'Kelp', 'Heather', 'Swallow', 'Otter'];
const NAME_B = ['View', 'Rest', 'Haven', 'End', 'Corner', 'Retreat', 'Nook', 'Lookout', 'Hideaway', 'Loft', 'Hollow', 'House', 'Cottage', 'Barn', 'Lodge', 'Cabin', 'Watch', 'Reach'];

/** One listing, a pure function of (i, seed): generating a million needs no list of them all. */
export function generateListing(i: number, seed = 42): GeneratedListing {
  const r = seededRandom((seed * 2_654_435_761 + i * 40_503 + 1) >>> 0);
  r();
  const town = skew(GEN_TOWNS, r);
  const type = skew(GEN_TYPES, r);
  const bedrooms = 1 + Math.floor(r() * r() * 8);
  const amenities = GEN_AMENITIES.filter((_, k) => r() < 0.7 / (1 + k * 0.08));
  const target = 80 + Math.floor(r() * 121);
  const sentences: string[] = [];
  let count = 0;
  while (count < target) {
    const s = pick(TEMPLATES, r)(r, town, type, bedrooms);
    sentences.push(s);
    count += s.split(' ').length;
  }
  const lat = 50 + r();
  return {
    id: `benchsite-default-${i}`,
    name: `${pick(NAME_A, r)} ${pick(NAME_B, r)}`,
    town,
    type,
    bedrooms,
    bathrooms: 1 + Math.floor(r() * Math.min(bedrooms, 4)),
    sleeps: Math.min(16, bedrooms * 2 + Math.floor(r() * 3)),
    amenities,
    price: Math.round(50 + r() * r() * 750),
    rating: Math.round((3 + r() * 2) * 10) / 10,
    reviews: Math.floor(r() * r() * 200),
    description: sentences.join(' '),
    lat,
    lng: -5.5 + r() * 1.5,
  };
}

/** The search document of a generated listing, shaped as the site indexes listings. */
export function toGeneratedDocument(l: GeneratedListing, i: number): SearchDocument {
  return {
    id: l.id,
    index_id: 'default',
    ss_vrfusion_site_property_code: `P${i}`,
    ss_name: l.name,
    tm_name: l.name,
    ss_town: l.town,
    ss_type: l.type,
    is_bedrooms: l.bedrooms,
    is_bathrooms: l.bathrooms,
    is_sleeps: l.sleeps,
    ...(l.reviews === undefined ? {} : { is_review_count: l.reviews }),
    sm_amenities: l.amenities,
    fs_price: l.price,
    fs_rating: l.rating,
    tm_description: l.description,
    locs_location: `${l.lat.toFixed(5)},${l.lng.toFixed(5)}`,
  };
}

/** `count` generated search documents. */
export function generateDocuments(count: number, seed = 42): SearchDocument[] {
  const out: SearchDocument[] = new Array(count);
  for (let i = 0; i < count; i++) out[i] = toGeneratedDocument(generateListing(i, seed), i);
  return out;
}
