/**
 * Between a listing document (ListingContent) and the rows the guest pages, the search index and
 * the pricing read: the `units` row with its amenities and photos. Pure, so the demo generator
 * makes its listings' first versions with the same mapping a publication writes.
 */
import { LISTING_CONTENT_VERSION, type ListingContent, type ListingPhoto, type RatePlan } from '../../src/domain/owner/listing-content.ts';

/** The columns of `units` a listing document writes (areaId resolved from its area slug). */
export interface UnitContentColumns {
  slug: string;
  name: string;
  nickname: string;
  propertyCode: string;
  propertyType: string;
  bedrooms: number;
  bathrooms: number;
  sleeps: number;
  beds: number;
  latitude: number;
  longitude: number;
  summary: string;
  /** The description's "space" part, the page's main text. */
  description: string;
  access: string;
  neighbourhood: string;
  transit: string;
  notes: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  checkInTime: string;
  checkOutTime: string;
  houseRules: string;
  cancellationPolicy: string;
  virtualTourUrl: string | null;
  videoUrl: string | null;
}

export interface PhotoColumns {
  path: string;
  caption: string;
  /** The alt text. */
  description: string;
  width: number;
  height: number;
}

/** A rate plan with nothing set: a new listing's, which cannot be published until it has a base rate. */
export function emptyRatePlan(guestsIncluded = 2): RatePlan {
  return {
    baseNightlyCents: 0,
    weekendNights: [5, 6],
    weekendNightlyCents: null,
    minStay: 1,
    weeklyFactor: null,
    monthlyFactor: null,
    guestsIncluded,
    extraGuestNightlyCents: 0,
    seasons: [],
    dates: [],
    fees: [],
    taxes: [],
  };
}

/** A new listing's first draft. */
export function defaultDocument(fields: { name: string; propertyCode: string; area: string; type: string; slug: string; latitude: number; longitude: number }): ListingContent {
  return {
    format: LISTING_CONTENT_VERSION,
    propertyCode: fields.propertyCode,
    name: fields.name,
    nickname: '',
    slug: fields.slug,
    type: fields.type,
    area: fields.area,
    address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US' },
    latitude: fields.latitude,
    longitude: fields.longitude,
    bedrooms: 1,
    bathrooms: 1,
    sleeps: 2,
    beds: 1,
    description: { summary: '', space: '', access: '', neighbourhood: '', transit: '', notes: '' },
    amenities: [],
    checkInTime: '16:00',
    checkOutTime: '10:00',
    houseRules: '',
    cancellationPolicy: '',
    virtualTourUrl: null,
    videoUrl: null,
    photos: [],
    rates: emptyRatePlan(),
  };
}

/**
 * Where a photo's image is, relative to the media directory: a demo image is named by its media
 * path ('units/1001/1.svg'), an upload by its key (its files are under uploads/{key}/).
 */
export function photoPathOfKey(key: string): string {
  return /[/.]/.test(key) ? key : `uploads/${key}`;
}

/** The key a photos row's path stands for (the inverse of photoPathOfKey). */
export function photoKeyOfPath(path: string): string {
  const upload = /^uploads\/([0-9a-f]{24})$/.exec(path);
  return upload ? upload[1]! : path;
}

export function unitColumnsOf(document: ListingContent): UnitContentColumns {
  return {
    slug: document.slug,
    name: document.name,
    nickname: document.nickname,
    propertyCode: document.propertyCode,
    propertyType: document.type,
    bedrooms: document.bedrooms,
    bathrooms: document.bathrooms,
    sleeps: document.sleeps,
    beds: document.beds,
    latitude: document.latitude,
    longitude: document.longitude,
    summary: document.description.summary,
    description: document.description.space,
    access: document.description.access,
    neighbourhood: document.description.neighbourhood,
    transit: document.description.transit,
    notes: document.description.notes,
    addressLine1: document.address.line1,
    addressLine2: document.address.line2,
    city: document.address.city,
    region: document.address.region,
    postalCode: document.address.postalCode,
    country: document.address.country,
    checkInTime: document.checkInTime,
    checkOutTime: document.checkOutTime,
    houseRules: document.houseRules,
    cancellationPolicy: document.cancellationPolicy,
    virtualTourUrl: document.virtualTourUrl,
    videoUrl: document.videoUrl,
  };
}

export function photoColumnsOf(document: ListingContent): PhotoColumns[] {
  return document.photos.map((photo) => ({ path: photoPathOfKey(photo.key), caption: photo.caption, description: photo.alt, width: photo.width, height: photo.height }));
}

/** The document a listing's rows stand for (a listing published before documents were kept, or the demo's). */
export function documentOfRows(rows: { unit: UnitContentColumns; area: string; amenities: readonly string[]; photos: readonly PhotoColumns[]; rates: RatePlan }): ListingContent {
  const { unit } = rows;
  const photos: ListingPhoto[] = rows.photos.map((photo) => ({
    key: photoKeyOfPath(photo.path),
    caption: photo.caption,
    // The demo's photos are described by their captions.
    alt: photo.description || photo.caption,
    width: photo.width,
    height: photo.height,
  }));
  return {
    format: LISTING_CONTENT_VERSION,
    propertyCode: unit.propertyCode,
    name: unit.name,
    nickname: unit.nickname,
    slug: unit.slug,
    type: unit.propertyType,
    area: rows.area,
    address: { line1: unit.addressLine1, line2: unit.addressLine2, city: unit.city, region: unit.region, postalCode: unit.postalCode, country: unit.country },
    latitude: unit.latitude,
    longitude: unit.longitude,
    bedrooms: unit.bedrooms,
    bathrooms: Number(unit.bathrooms),
    sleeps: unit.sleeps,
    beds: unit.beds,
    description: { summary: unit.summary, space: unit.description, access: unit.access, neighbourhood: unit.neighbourhood, transit: unit.transit, notes: unit.notes },
    amenities: [...rows.amenities],
    checkInTime: unit.checkInTime,
    checkOutTime: unit.checkOutTime,
    houseRules: unit.houseRules,
    cancellationPolicy: unit.cancellationPolicy,
    virtualTourUrl: unit.virtualTourUrl,
    videoUrl: unit.videoUrl,
    photos,
    rates: rows.rates,
  };
}
