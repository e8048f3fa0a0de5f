/**
 * The site's own content besides its listings, as its owner edits it at /admin/content/…:
 * specials, events and things to do, content pages (about us, policies), the homepage's
 * community photos and the site's name and contacts. One shape per kind, checked by one function
 * on the server (a save) and in the owner's form (before it is sent), so both say the same thing
 * next to the same field. Dates are ISO `YYYY-MM-DD`; pure, no clock, no I/O.
 */
import type { FieldProblem, ListingPhoto } from './listing-content';
import { firstPerPath, Problems, SLUG_PATTERN } from './listing-validation';
import { dayOfIso } from './rate-plan-validation';

export type SiteContentKind = 'specials' | 'events' | 'pages' | 'community' | 'site';

export const SITE_CONTENT_KINDS: readonly SiteContentKind[] = ['specials', 'events', 'pages', 'community', 'site'];

/** An offer of spec §3: a discount on the rent of some listings, for stays and bookings in two windows. */
export interface SpecialFields {
  title: string;
  description: string;
  /** Web bookings only: never on a detailed quote (special_type '2'). */
  webOnly: boolean;
  /** The listings it applies to, by eid. */
  units: number[];
  /** Stays from this day to this day (both inclusive). */
  stayFrom: string;
  stayTo: string;
  /** Booked from this day to this day (both inclusive). */
  bookFrom: string;
  bookTo: string;
  /** 0: no limit. */
  minGuests: number;
  maxGuests: number;
  minNights: number;
  maxNights: number;
  discountPercent: number;
}

export type EventKind = 'event' | 'thing-to-do';

/** An event (with its dates) or a thing to do (all year: no dates). */
export interface EventFields {
  kind: EventKind;
  title: string;
  /** The page's address, /events/{slug}; kept when the title changes. */
  slug: string;
  beginDate: string;
  endDate: string;
  place: string;
  /** An area's slug. */
  area: string;
  latitude: number;
  longitude: number;
  summary: string;
  description: string;
}

/**
 * A content page (/about-us, /terms-and-conditions …). Its text is plain text with a few marks
 * (page-text.ts): paragraphs, '## ' headings, '- ' lists, **bold** and [links](https://…); HTML
 * typed into it is shown as text.
 */
export interface PageFields {
  slug: string;
  title: string;
  text: string;
}

/** The homepage's community photos slider: its photos in order, each with a caption and alt text. */
export interface CommunityFields {
  photos: ListingPhoto[];
}

/** The site's name and contacts, shown in every page's header and footer and in the emails. */
export interface SiteFields {
  name: string;
  slogan: string;
  phone: string;
  email: string;
}

export interface SiteContentFields {
  specials: SpecialFields;
  events: EventFields;
  pages: PageFields;
  community: CommunityFields;
  site: SiteFields;
}

/**
 * One item as the owner API gives it: its id, the revision a save must name (a digest of the
 * stored row: a save on another revision is refused), its fields and a line for the list.
 */
export interface SiteContentItem<K extends SiteContentKind = SiteContentKind> {
  id: string;
  revision: string;
  label: string;
  fields: SiteContentFields[K];
}

/** What a kind's page knows besides its items: the listings a special can name, the areas of events. */
export interface SiteContentOptions {
  listings: Array<{ eid: number; name: string; propertyCode: string; type: string }>;
  areas: Array<{ slug: string; name: string }>;
}

/** Kinds with one item only (no list, no adding or deleting). */
export const SINGLE_KINDS: ReadonlySet<SiteContentKind> = new Set(['community', 'site']);

export const SITE_CONTENT_TITLES: Record<SiteContentKind, { title: string; item: string }> = {
  specials: { title: 'Specials', item: 'special' },
  events: { title: 'Events and things to do', item: 'event' },
  pages: { title: 'Content pages', item: 'page' },
  community: { title: 'Community photos', item: 'community photos' },
  site: { title: 'Site name and contacts', item: 'site details' },
};

/** A save or delete on a revision someone else changed (409): the same sentence from the server and in the page. */
export const STALE_ITEM_MESSAGE = 'Someone else changed this since you opened it. Your changes are kept here: review them against the current version and save again.';
/** The same, when they deleted it. */
export const GONE_ITEM_MESSAGE = 'Someone else deleted this since you opened it. Your changes are kept here: save them as a new one, or let them go.';

export const TITLE_MAX = 100;
export const SUMMARY_MAX = 500;
export const TEXT_MAX = 20_000;
export const COMMUNITY_PHOTOS_MAX = 40;
/** The slugs of the site's own pages: a content page or an event cannot take them. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin', 'api', 'search', 'events', 'things-to-do', 'media', 'tiles', 'statecharts', 'sitemap', 'robots', 'mytrip', 'checkout', 'share', 'rescms', 'rcapi', 'system', 'assets', 'listing', 'listings',
]);

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;
const PHONE = /^\+?[0-9 ()./-]{5,30}$/;

/** A blank item of a kind, as 'Add' starts it. */
export function blankFields<K extends SiteContentKind>(kind: K, today: string): SiteContentFields[K] {
  const blanks: SiteContentFields = {
    specials: { title: '', description: '', webOnly: false, units: [], stayFrom: today, stayTo: today, bookFrom: today, bookTo: today, minGuests: 0, maxGuests: 0, minNights: 0, maxNights: 0, discountPercent: 10 },
    events: { kind: 'event', title: '', slug: '', beginDate: today, endDate: today, place: '', area: '', latitude: 0, longitude: 0, summary: '', description: '' },
    pages: { slug: '', title: '', text: '' },
    community: { photos: [] },
    site: { name: '', slogan: '', phone: '', email: '' },
  };
  return blanks[kind];
}

function dateRange(problems: Problems, from: string, to: string, fromValue: unknown, toValue: unknown, label: string): void {
  const a = dayOfIso(fromValue);
  const b = dayOfIso(toValue);
  if (a === null) problems.add(from, `${label}: the first day must be a date (YYYY-MM-DD).`);
  if (b === null) problems.add(to, `${label}: the last day must be a date (YYYY-MM-DD).`);
  if (a !== null && b !== null && b < a) problems.add(to, `${label}: the last day is before the first.`);
}

function slug(problems: Problems, value: unknown, label: string): void {
  if (typeof value !== 'string' || value === '') return problems.add('slug', `${label} is required.`);
  if (value.length > 80 || !SLUG_PATTERN.test(value)) return problems.add('slug', `${label} takes lower-case letters, digits and single hyphens (at most 80), such as about-us.`);
  if (RESERVED_SLUGS.has(value)) problems.add('slug', `${label} '${value}' is one of the site's own pages; choose another.`);
}

/** What the checks look up: the site's areas and listings (absent: not checked here). */
export interface SiteContentChecks {
  areas?: readonly string[];
  listings?: ReadonlySet<number>;
  /** Whether another item of the kind has this slug. */
  slugTaken?: (slug: string) => boolean;
}

/**
 * Every problem of one item's fields, each with its field's path ('stayTo', 'photos.2.alt');
 * [] when it may be saved. Never throws, whatever it is given.
 *
 * @example validateSiteContent('pages', { slug: 'about-us', title: '', text: 'Hi' }) // [{ path: 'title', message: 'Title is required.' }]
 */
export function validateSiteContent(kind: SiteContentKind, fields: unknown, checks: SiteContentChecks = {}): FieldProblem[] {
  const problems = new Problems();
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    problems.add('', 'The form sent nothing to save.');
    return problems.list;
  }
  const f = fields as Record<string, unknown>;
  const wholeNumber = (path: string, label: string, max: number) => problems.integer(path, f[path], label, 0, max);
  switch (kind) {
    case 'specials': {
      problems.text('title', f.title, 'Title', { max: TITLE_MAX, required: true, oneLine: true });
      problems.text('description', f.description, 'Description', { max: SUMMARY_MAX * 2 });
      if (typeof f.webOnly !== 'boolean') problems.add('webOnly', 'Web bookings only must be yes or no.');
      if (!Array.isArray(f.units) || f.units.some((eid) => typeof eid !== 'number' || !Number.isInteger(eid))) problems.add('units', 'Choose the listings by their numbers.');
      else if (f.units.length === 0) problems.add('units', 'Choose at least one listing the special applies to.');
      else if (checks.listings && f.units.some((eid) => !checks.listings?.has(eid as number))) problems.add('units', 'One of the chosen listings is not on the site any more.');
      dateRange(problems, 'stayFrom', 'stayTo', f.stayFrom, f.stayTo, 'Stays');
      dateRange(problems, 'bookFrom', 'bookTo', f.bookFrom, f.bookTo, 'Bookings');
      wholeNumber('minGuests', 'Fewest guests', 100);
      wholeNumber('maxGuests', 'Most guests', 100);
      wholeNumber('minNights', 'Fewest nights', 365);
      wholeNumber('maxNights', 'Most nights', 365);
      problems.integer('discountPercent', f.discountPercent, 'Discount', 1, 100);
      const positive = (value: unknown) => typeof value === 'number' && value > 0;
      if (positive(f.maxGuests) && positive(f.minGuests) && (f.maxGuests as number) < (f.minGuests as number)) problems.add('maxGuests', 'Most guests is below fewest guests.');
      if (positive(f.maxNights) && positive(f.minNights) && (f.maxNights as number) < (f.minNights as number)) problems.add('maxNights', 'Most nights is below fewest nights.');
      break;
    }
    case 'events': {
      if (f.kind !== 'event' && f.kind !== 'thing-to-do') problems.add('kind', 'Choose an event or a thing to do.');
      problems.text('title', f.title, 'Title', { max: TITLE_MAX, required: true, oneLine: true });
      slug(problems, f.slug, 'Page address');
      if (typeof f.slug === 'string' && checks.slugTaken?.(f.slug)) problems.add('slug', 'Another event or thing to do has this page address.');
      if (f.kind === 'event') dateRange(problems, 'beginDate', 'endDate', f.beginDate, f.endDate, 'Dates');
      problems.text('place', f.place, 'Place', { max: TITLE_MAX, required: true, oneLine: true });
      problems.oneOf('area', f.area, 'Area', checks.areas);
      problems.number('latitude', f.latitude, 'Latitude', -90, 90);
      problems.number('longitude', f.longitude, 'Longitude', -180, 180);
      if (f.latitude === 0 && f.longitude === 0) problems.add('latitude', 'Place the pin: latitude and longitude are both 0.');
      problems.text('summary', f.summary, 'Summary', { max: SUMMARY_MAX, required: true });
      problems.text('description', f.description, 'Description', { max: TEXT_MAX });
      break;
    }
    case 'pages': {
      slug(problems, f.slug, 'Page address');
      if (typeof f.slug === 'string' && checks.slugTaken?.(f.slug)) problems.add('slug', 'Another page has this address.');
      problems.text('title', f.title, 'Title', { max: TITLE_MAX, required: true, oneLine: true });
      // The marks of page-text.ts are the page's only markup: a tag typed here is shown as text.
      if (typeof f.text !== 'string') problems.add('text', 'Text must be text.');
      else if (f.text.trim() === '') problems.add('text', 'Text is required.');
      else if (f.text.length > TEXT_MAX) problems.add('text', `Text must be at most ${TEXT_MAX} characters (it has ${f.text.length}).`);
      break;
    }
    case 'community': {
      if (!Array.isArray(f.photos)) {
        problems.add('photos', 'Photos must be a list.');
        break;
      }
      if (f.photos.length > COMMUNITY_PHOTOS_MAX) problems.add('photos', `At most ${COMMUNITY_PHOTOS_MAX} community photos (there are ${f.photos.length}).`);
      const keys = new Set<string>();
      f.photos.slice(0, COMMUNITY_PHOTOS_MAX).forEach((photo: unknown, i) => {
        const p = (typeof photo === 'object' && photo !== null ? photo : {}) as Record<string, unknown>;
        if (typeof p.key !== 'string' || p.key === '') return problems.add(`photos.${i}`, `Photo ${i + 1} has no image.`);
        if (keys.has(p.key)) problems.add(`photos.${i}`, `Photo ${i + 1} is already in the slider.`);
        keys.add(p.key);
        problems.text(`photos.${i}.caption`, p.caption, `Photo ${i + 1}'s caption`, { max: SUMMARY_MAX, oneLine: true });
        problems.text(`photos.${i}.alt`, p.alt, `Photo ${i + 1}'s alt text`, { max: 300, required: true, oneLine: true });
      });
      break;
    }
    case 'site': {
      problems.text('name', f.name, 'Site name', { max: 80, required: true, oneLine: true });
      problems.text('slogan', f.slogan, 'Slogan', { max: 160, oneLine: true });
      problems.text('phone', f.phone, 'Phone', { max: 30, required: true, oneLine: true });
      if (typeof f.phone === 'string' && f.phone.trim() !== '' && !PHONE.test(f.phone.trim())) problems.add('phone', 'Phone takes digits, spaces and + ( ) . - only, such as +1 555 0142.');
      problems.text('email', f.email, 'Email', { max: 120, required: true, oneLine: true });
      if (typeof f.email === 'string' && f.email.trim() !== '' && !EMAIL.test(f.email.trim())) problems.add('email', 'Email must be an address such as stay@example.com.');
      break;
    }
  }
  return firstPerPath(problems.list);
}

/** A page address from a title: 'About us' → 'about-us'. */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
