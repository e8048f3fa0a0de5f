/**
 * The demo content's constants, row types and small text helpers, shared by the generator
 * (generate.ts) and its parts.
 */
import type * as schema from '../db/schema.ts';
import type { Scene } from './svg.ts';

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

export type Row<K extends keyof typeof schema> = (typeof schema)[K] extends { $inferInsert: infer R } ? R : never;

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
/** A listing's first published version, made from the demo content (its history starts there). */
export type ListingVersionRow = Omit<Row<'listingVersions'>, 'publishedAt'> & { publishedAt: string };

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
  listingVersions: ListingVersionRow[];
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

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key] ?? ''));
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
