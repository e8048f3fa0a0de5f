/**
 * What a listing still lacks, by who needs it (pure, shared by the server and the owner's editor):
 *
 * - guests: at least one photo, a summary, rates for the next 12 months;
 * - google: the properties Google's vacation-rental structured data requires of the VacationRental
 *   JSON-LD the listing page emits (name, identifier, image, latitude, longitude, containsPlace
 *   with its occupancy);
 * - channels: at least 6 landscape photos of at least 1024 × 683 (what Vrbo and Airbnb ask);
 * - blocking: what would break the page (no name, no slug, no base rate, no coordinates …) and
 *   a photo without alt text (a page a screen reader cannot describe): publishing is refused only
 *   for these; the others are warnings.
 *
 * It looks at a document that may not be valid: anything missing or of the wrong type is a
 * problem, never an exception.
 */
import type { FieldProblem, Readiness } from './listing-content';
import { SLUG_PATTERN } from './listing-validation';

export interface ReadinessFacts {
  /** YYYY-MM-DD: the 12 months of rates begin here. */
  today: string;
}

export const CHANNEL_PHOTOS = 6;
export const CHANNEL_MIN_WIDTH = 1024;
export const CHANNEL_MIN_HEIGHT = 683;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const finiteIn = (value: unknown, limit: number) => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? Date.parse(`${iso}T00:00:00Z`) : NaN;
  return Number.isFinite(ms) ? Math.round(ms / DAY_MS) : null;
};

export function readiness(document: unknown, facts: ReadinessFacts): Readiness {
  const d = isRecord(document) ? document : {};
  const guests: FieldProblem[] = [];
  const google: FieldProblem[] = [];
  const channels: FieldProblem[] = [];
  const blocking: FieldProblem[] = [];
  const photos = Array.isArray(d.photos) ? d.photos.filter(isRecord) : [];
  const rates = isRecord(d.rates) ? d.rates : null;
  const base = rates?.baseNightlyCents;
  const hasBase = typeof base === 'number' && Number.isInteger(base) && base > 0;
  const coordinates = finiteIn(d.latitude, 90) && finiteIn(d.longitude, 180) && !(d.latitude === 0 && d.longitude === 0);

  // What the page cannot be rendered or priced without.
  if (!filled(d.name)) blocking.push({ path: 'name', message: 'The listing needs a name.' });
  if (typeof d.slug !== 'string' || !SLUG_PATTERN.test(d.slug)) blocking.push({ path: 'slug', message: 'The listing needs an address name (slug).' });
  if (!hasBase) blocking.push({ path: 'rates.baseNightlyCents', message: 'Set a base nightly rate: without one no stay can be priced.' });
  if (!coordinates) blocking.push({ path: 'latitude', message: 'Set the latitude and longitude: the map and search by area need them.' });
  if (!filled(d.area)) blocking.push({ path: 'area', message: 'Choose the area the listing is in.' });
  if (!filled(d.type)) blocking.push({ path: 'type', message: 'Choose the property type.' });
  if (typeof d.sleeps !== 'number' || !Number.isInteger(d.sleeps) || d.sleeps < 1) blocking.push({ path: 'sleeps', message: 'Say how many guests the listing sleeps.' });

  if (photos.length === 0) guests.push({ path: 'photos', message: 'Add at least one photo: guests rarely book a listing without.' });
  photos.forEach((photo, i) => {
    if (!filled(photo.alt)) blocking.push({ path: `photos.${i}.alt`, message: 'Describe this photo (alt text) for guests who cannot see it: it is needed to publish.' });
  });
  const description = isRecord(d.description) ? d.description : {};
  if (!filled(description.summary)) guests.push({ path: 'description.summary', message: 'Write a summary: it is shown on the cards and at the top of the page.' });
  if (hasBase) {
    // The base rate prices every night no season or date does; only nights closed by date entries have no price.
    const today = dayNumber(facts.today);
    const dates = Array.isArray(rates?.dates) ? rates.dates.filter(isRecord) : [];
    const closed = new Set<number>();
    if (today !== null) {
      for (const entry of dates) {
        const day = typeof entry.date === 'string' ? dayNumber(entry.date) : null;
        if (day !== null && entry.nightlyCents === null && day >= today && day < today + 365) closed.add(day);
      }
    }
    if (closed.size >= 365) guests.push({ path: 'rates.dates', message: 'Every night of the next 12 months is closed: guests cannot book any stay.' });
  } else {
    guests.push({ path: 'rates.baseNightlyCents', message: 'Set rates for the next 12 months (a base nightly rate covers them).' });
  }

  if (!filled(d.name)) google.push({ path: 'name', message: 'Google needs the name.' });
  if (!filled(d.propertyCode)) google.push({ path: 'propertyCode', message: 'Google needs an identifier: the property code.' });
  if (photos.length === 0) google.push({ path: 'photos', message: 'Google needs at least one image.' });
  if (!coordinates) google.push({ path: 'latitude', message: 'Google needs the latitude and longitude.' });
  if (typeof d.sleeps !== 'number' || d.sleeps < 1) google.push({ path: 'sleeps', message: 'Google needs the occupancy (how many guests it sleeps) of the place.' });
  const address = isRecord(d.address) ? d.address : {};
  if (!filled(address.line1) || !filled(address.city)) google.push({ path: 'address.line1', message: 'Google recommends the street address and city.' });

  if (photos.length < CHANNEL_PHOTOS) channels.push({ path: 'photos', message: `The channels ask for at least ${CHANNEL_PHOTOS} photos (this listing has ${photos.length}).` });
  photos.forEach((photo, i) => {
    const width = typeof photo.width === 'number' ? photo.width : 0;
    const height = typeof photo.height === 'number' ? photo.height : 0;
    if (width < CHANNEL_MIN_WIDTH || height < CHANNEL_MIN_HEIGHT) {
      channels.push({ path: `photos.${i}`, message: `This photo is ${width} × ${height}; the channels ask for at least ${CHANNEL_MIN_WIDTH} × ${CHANNEL_MIN_HEIGHT}.` });
    } else if (width < height) {
      channels.push({ path: `photos.${i}`, message: 'The channels ask for landscape photos: this one is portrait.' });
    }
  });
  return { guests, google, channels, blocking };
}
