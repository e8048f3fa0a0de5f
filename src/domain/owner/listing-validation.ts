/**
 * The checks of a listing document (ListingContent), field by field, shared by the server (which
 * refuses a save with any problem: nothing half-saved) and the owner's editor (which shows each
 * message next to its field). Pure: what the site knows (areas, amenities, types, embed origins,
 * photos, other listings' codes) comes in `context`; without it those are not looked up.
 *
 * @example validateListing({ ...doc, name: '<b>Sea</b>' }) // [{ path: 'name', message: 'Text only: remove the HTML tag <b>' }]
 */
import { embeddableUrl } from '../slider';
import { LISTING_CONTENT_VERSION, type FieldProblem } from './listing-content';
import { validateRatePlan } from './rate-plan-validation';

export interface ListingValidationContext {
  /** Area (town) slugs. */
  areas?: readonly string[];
  amenities?: readonly string[];
  types?: readonly string[];
  /** bt_virtual_tours.embed_origins: the https origins a tour or video may come from. */
  embedOrigins?: readonly string[];
  /** Whether a photo key is an uploaded image or a demo media path the site has. */
  photoKnown?: (key: string) => boolean;
  /** Whether another listing has this property code. */
  propertyCodeTaken?: (code: string) => boolean;
}

export const NAME_MAX = 50;
export const SLUG_MAX = 80;
export const SUMMARY_MAX = 500;
export const LONG_TEXT_MAX = 5_000;
export const PHOTOS_MAX = 100;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PROPERTY_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
export const TIME_PATTERN = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;

const DESCRIPTION_PARTS = ['summary', 'space', 'access', 'neighbourhood', 'transit', 'notes'] as const;
const ADDRESS_PARTS = { line1: 100, line2: 100, city: 60, region: 60, postalCode: 20, country: 2 } as const;
const TOP_LEVEL = new Set([
  'format', 'propertyCode', 'name', 'nickname', 'slug', 'type', 'area', 'address', 'latitude', 'longitude', 'bedrooms', 'bathrooms', 'sleeps', 'beds',
  'description', 'amenities', 'checkInTime', 'checkOutTime', 'houseRules', 'cancellationPolicy', 'virtualTourUrl', 'videoUrl', 'photos', 'rates',
]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first HTML-looking tag of a text ('<' then a letter, '/', '!' or '?'), as the owner typed it, or null. */
export function htmlTagIn(text: string): string | null {
  const match = /<[A-Za-z/!?][^<>\s]{0,30}>?/.exec(text);
  if (!match) return null;
  const tag = match[0];
  return tag.endsWith('>') ? tag : `${tag}…`;
}

/** Line breaks and the other separators a one-line field refuses. */
const LINE_BREAK = /[\r\n\u2028\u2029\u0085\v\f]/;
/** Whether a text holds a control character no text holds (tabs and line breaks aside). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 8 || (code >= 14 && code <= 31) || code === 127) return true;
  }
  return false;
}

/** One problem per field: the first found for each path, in order (the one to fix first). */
export function firstPerPath(list: readonly FieldProblem[]): FieldProblem[] {
  const seen = new Set<string>();
  return list.filter((problem) => (seen.has(problem.path) ? false : (seen.add(problem.path), true)));
}

/** Problems by path, with the checks every owner's form shares (the site content's forms too). */
export class Problems {
  readonly list: FieldProblem[] = [];
  add(path: string, message: string): void {
    this.list.push({ path, message });
  }

  /** A text field: a string of at most `max` characters, text only, optionally required and on one line. */
  text(path: string, value: unknown, label: string, options: { max: number; required?: boolean; oneLine?: boolean }): void {
    if (typeof value !== 'string') return this.add(path, `${label} must be text.`);
    if (options.required && value.trim() === '') return this.add(path, `${label} is required.`);
    if (value.length > options.max) return this.add(path, `${label} must be at most ${options.max} characters (it has ${value.length}).`);
    if (options.oneLine && LINE_BREAK.test(value)) return this.add(path, `${label} must be on one line.`);
    if (hasControl(value)) return this.add(path, `${label} holds a control character; please remove it.`);
    const tag = htmlTagIn(value);
    if (tag) this.add(path, `Text only: remove the HTML tag ${tag}`);
  }

  integer(path: string, value: unknown, label: string, min: number, max: number): void {
    if (typeof value !== 'number' || !Number.isInteger(value)) return this.add(path, `${label} must be a whole number.`);
    if (value < min || value > max) this.add(path, `${label} must be between ${min} and ${max}.`);
  }

  number(path: string, value: unknown, label: string, min: number, max: number): void {
    if (typeof value !== 'number' || !Number.isFinite(value)) return this.add(path, `${label} must be a number.`);
    if (value < min || value > max) this.add(path, `${label} must be between ${min} and ${max}.`);
  }

  oneOf(path: string, value: unknown, label: string, known: readonly string[] | undefined): void {
    if (typeof value !== 'string' || value === '') return this.add(path, `${label} is required.`);
    if (known && !known.includes(value)) this.add(path, `${label} '${value.slice(0, 60)}' is not one the site knows.`);
  }

  url(path: string, value: unknown, label: string, origins: readonly string[] | undefined): void {
    if (value === null) return;
    if (typeof value !== 'string') return this.add(path, `${label} must be a link or empty.`);
    if (value.length > 2_000) return this.add(path, `${label} must be at most 2000 characters.`);
    // A path of this site (the demo's tours) or an https address of an allowed embed origin.
    const sitePath = /^\/(?![/\\])/.test(value);
    if (!sitePath && !/^https:\/\//i.test(value)) return this.add(path, `${label} must be an https link.`);
    if (!sitePath && origins && !embeddableUrl(value, origins)) {
      this.add(path, origins.length === 0 ? `${label}: this site allows no embedded tours or videos from other sites.` : `${label} must come from ${origins.join(', ')}.`);
    }
  }
}

/**
 * Every problem of a listing document, each with its path ('address.city', 'photos.2.alt',
 * 'rates.seasons.1.end'); [] when it may be saved. Never throws, whatever it is given. A base
 * nightly rate of 0 means "not set yet" (a new listing's draft): it is not a problem here, and
 * the readiness check blocks publishing without it.
 */
export function validateListing(document: unknown, context: ListingValidationContext = {}): FieldProblem[] {
  const p = new Problems();
  if (!isRecord(document)) return [{ path: '', message: 'The listing must be an object.' }];
  const d = document;
  for (const key of Object.keys(d)) if (!TOP_LEVEL.has(key)) p.add(key.slice(0, 60), `There is no field ${key.slice(0, 60)} in a listing.`);
  if (d.format !== LISTING_CONTENT_VERSION) p.add('format', `This listing is of format ${typeof d.format === 'number' || typeof d.format === 'string' ? String(d.format).slice(0, 20) : 'unknown'}; this site reads format ${LISTING_CONTENT_VERSION}.`);

  if (typeof d.propertyCode !== 'string' || !PROPERTY_CODE_PATTERN.test(d.propertyCode)) {
    p.add('propertyCode', 'The property code must be 1 to 40 letters, digits, - or _, such as CHC-1001.');
  } else if (context.propertyCodeTaken?.(d.propertyCode)) {
    p.add('propertyCode', `Another listing has the property code ${d.propertyCode}.`);
  }
  p.text('name', d.name, 'The name', { max: NAME_MAX, required: true, oneLine: true });
  p.text('nickname', d.nickname, 'The nickname', { max: NAME_MAX, oneLine: true });
  if (typeof d.slug !== 'string' || d.slug === '') p.add('slug', 'The address name (slug) is required.');
  else if (d.slug.length > SLUG_MAX || !SLUG_PATTERN.test(d.slug)) p.add('slug', `The address name (slug) must be lower-case letters and digits joined by single hyphens, at most ${SLUG_MAX} characters.`);
  p.oneOf('type', d.type, 'The property type', context.types);
  p.oneOf('area', d.area, 'The area', context.areas);

  if (!isRecord(d.address)) p.add('address', 'The address must have its parts (street, city, region, postal code, country).');
  else {
    const a = d.address;
    for (const [part, max] of Object.entries(ADDRESS_PARTS)) {
      const label = { line1: 'The street address', line2: 'The second address line', city: 'The city', region: 'The state or region', postalCode: 'The postal code', country: 'The country' }[part]!;
      if (part === 'country') {
        if (typeof a.country !== 'string' || !/^[A-Z]{2}$/.test(a.country)) p.add('address.country', 'The country must be a two-letter code such as US.');
      } else p.text(`address.${part}`, a[part], label, { max, oneLine: true });
    }
    for (const key of Object.keys(a)) if (!(key in ADDRESS_PARTS)) p.add(`address.${key.slice(0, 60)}`, `There is no address part ${key.slice(0, 60)}.`);
  }
  p.number('latitude', d.latitude, 'The latitude', -90, 90);
  p.number('longitude', d.longitude, 'The longitude', -180, 180);
  p.integer('bedrooms', d.bedrooms, 'Bedrooms', 0, 50);
  if (typeof d.bathrooms !== 'number' || !Number.isFinite(d.bathrooms) || d.bathrooms < 0 || d.bathrooms > 50) p.add('bathrooms', 'Bathrooms must be between 0 and 50.');
  else if (!Number.isInteger(d.bathrooms * 2)) p.add('bathrooms', 'Bathrooms go in steps of 0.5 (a half bath has no shower).');
  p.integer('sleeps', d.sleeps, 'Sleeps', 1, 50);
  p.integer('beds', d.beds, 'Beds', 0, 100);

  if (!isRecord(d.description)) p.add('description', 'The description must have its parts (summary, space, access, neighbourhood, transit, notes).');
  else {
    const labels = { summary: 'The summary', space: 'The space', access: 'Guest access', neighbourhood: 'The neighbourhood', transit: 'Getting around', notes: 'Other things to note' };
    for (const part of DESCRIPTION_PARTS) p.text(`description.${part}`, d.description[part], labels[part], { max: part === 'summary' ? SUMMARY_MAX : LONG_TEXT_MAX });
    for (const key of Object.keys(d.description)) if (!(DESCRIPTION_PARTS as readonly string[]).includes(key)) p.add(`description.${key.slice(0, 60)}`, `There is no description part ${key.slice(0, 60)}.`);
  }

  if (!Array.isArray(d.amenities)) p.add('amenities', 'The amenities must be a list.');
  else {
    const seen = new Set<string>();
    d.amenities.slice(0, 500).forEach((slug: unknown, i) => {
      if (typeof slug !== 'string' || slug === '') p.add(`amenities.${i}`, 'An amenity must be named.');
      else if (context.amenities && !context.amenities.includes(slug)) p.add(`amenities.${i}`, `The amenity '${slug.slice(0, 60)}' is not one the site knows.`);
      else if (seen.has(slug)) p.add(`amenities.${i}`, `The amenity '${slug}' is listed twice.`);
      if (typeof slug === 'string') seen.add(slug);
    });
    if (d.amenities.length > 500) p.add('amenities', 'A listing has at most 500 amenities.');
  }

  for (const [field, label] of [['checkInTime', 'The check-in time'], ['checkOutTime', 'The check-out time']] as const) {
    if (typeof d[field] !== 'string' || !TIME_PATTERN.test(d[field])) p.add(field, `${label} must be a time such as 16:00 (24-hour HH:MM).`);
  }
  p.text('houseRules', d.houseRules, 'The house rules', { max: LONG_TEXT_MAX });
  p.text('cancellationPolicy', d.cancellationPolicy, 'The cancellation policy', { max: LONG_TEXT_MAX });
  p.url('virtualTourUrl', d.virtualTourUrl, 'The virtual tour link', context.embedOrigins);
  p.url('videoUrl', d.videoUrl, 'The video link', context.embedOrigins);

  if (!Array.isArray(d.photos)) p.add('photos', 'The photos must be a list.');
  else {
    if (d.photos.length > PHOTOS_MAX) p.add('photos', `A listing has at most ${PHOTOS_MAX} photos.`);
    const keys = new Set<string>();
    d.photos.slice(0, PHOTOS_MAX).forEach((photo: unknown, i) => {
      const at = `photos.${i}`;
      if (!isRecord(photo)) return p.add(at, 'A photo must have its key, caption, alt text and size.');
      if (typeof photo.key !== 'string' || photo.key === '' || photo.key.length > 300) p.add(`${at}.key`, 'The photo is missing its image.');
      else if (context.photoKnown && !context.photoKnown(photo.key)) p.add(`${at}.key`, 'This photo is not one uploaded to the site: upload it again.');
      else if (keys.has(photo.key)) p.add(`${at}.key`, 'This photo is in the listing twice.');
      if (typeof photo.key === 'string') keys.add(photo.key);
      p.text(`${at}.caption`, photo.caption, 'The caption', { max: 200, oneLine: true });
      p.text(`${at}.alt`, photo.alt, 'The alt text', { max: 250, oneLine: true });
      p.integer(`${at}.width`, photo.width, 'The photo width', 1, 20_000);
      p.integer(`${at}.height`, photo.height, 'The photo height', 1, 20_000);
      for (const key of Object.keys(photo)) if (!['key', 'caption', 'alt', 'width', 'height'].includes(key)) p.add(`${at}.${key.slice(0, 60)}`, `There is no photo field ${key.slice(0, 60)}.`);
    });
  }

  let rateProblems: FieldProblem[];
  try {
    rateProblems = validateRatePlan(d.rates, 'rates');
  } catch {
    rateProblems = [{ path: 'rates', message: 'The rates could not be checked.' }];
  }
  const unset = isRecord(d.rates) && d.rates.baseNightlyCents === 0;
  p.list.push(...rateProblems.filter((problem) => !(unset && problem.path === 'rates.baseNightlyCents')));
  return p.list;
}
