/**
 * A listing as its owner edits it: the one content format of a rental, stored as a draft and as
 * published versions, validated on the server and in the owner's editor, and (later) imported and
 * exported as it is. Money is integer cents; dates are ISO `YYYY-MM-DD`; weekdays 0 (Sunday) … 6.
 */

/** The format's version: a document of another version is refused, never guessed at. */
export const LISTING_CONTENT_VERSION = 1;

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export type ListingStatus = 'published' | 'unpublished' | 'archived';

/** A season of one listing: its own nightly rate and rules between two days (both inclusive). */
export interface SeasonRate {
  name: string;
  begin: string;
  end: string;
  nightlyCents: number;
  /** Friday and Saturday nights (RatePlan.weekendNights) in this season; null: nightlyCents. */
  weekendNightlyCents: number | null;
  minStay: number;
  /** Weekdays a stay may begin on in this season; empty: any day. */
  arrivalDays: Weekday[];
  /** Weekdays a stay may end on (when it begins in this season); empty: any day. */
  departureDays: Weekday[];
}

/** One day's own price (beats the season and the base rate); nightlyCents null closes the night. */
export interface DateRate {
  date: string;
  nightlyCents: number | null;
  minStay: number | null;
}

/**
 * How a fee is counted: per stay, per night, per guest (per stay), per guest per night, per pet
 * (per stay), or basis points of the rent after discounts.
 */
export type FeeScope = 'stay' | 'night' | 'guest' | 'guest_night' | 'pet' | 'rent_percent';

export interface ListingFee {
  /** Unique within the listing, [a-z0-9_-]{1,40}. */
  code: string;
  name: string;
  scope: FeeScope;
  /** Cents; basis points for 'rent_percent' (1 150 = 11.5 %). */
  amount: number;
  /** Mandatory fees are in every price; optional ones are listed in the quote as extras a guest may ask for. */
  mandatory: boolean;
  description: string;
}

/** What a tax is a share of. */
export type TaxBase = 'rent' | 'rent_and_fees';

/** One tax per authority (a state's 7 % and a city's 3 % are two). */
export interface ListingTax {
  code: string;
  /** The authority and tax, e.g. 'State sales tax'. */
  name: string;
  basisPoints: number;
  base: TaxBase;
  /** Criteria: the tax applies to stays of fewer nights than this (e.g. 30); null: every stay. */
  staysUnderNights: number | null;
}

/** A listing's rates, fees and taxes: the one model the pricing engine prices every stay from. */
export interface RatePlan {
  /** Required: the fallback nightly rate of every night no season or date prices. */
  baseNightlyCents: number;
  /** Nights counted as weekend nights (default Friday and Saturday). */
  weekendNights: Weekday[];
  /** The base weekend nightly rate; null: baseNightlyCents. */
  weekendNightlyCents: number | null;
  /** The minimum stay outside seasons. */
  minStay: number;
  /** Rent factor for stays of 7–27 nights (0.95 = 5 % off); null: none. */
  weeklyFactor: number | null;
  /** Rent factor for stays of 28 nights or more; null: none (the weekly one does not stack with it). */
  monthlyFactor: number | null;
  /** Guests the rent covers; each guest beyond pays extraGuestNightlyCents a night. */
  guestsIncluded: number;
  extraGuestNightlyCents: number;
  /** Non-overlapping. Calendar (dates) beats season beats base. */
  seasons: SeasonRate[];
  dates: DateRate[];
  fees: ListingFee[];
  taxes: ListingTax[];
}

export interface ListingAddress {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface ListingDescription {
  /** Shown on cards and at the top of the page; required to publish. */
  summary: string;
  space: string;
  access: string;
  neighbourhood: string;
  transit: string;
  notes: string;
}

/** A photo of the listing: an uploaded image (by its key) with its caption and required alt text. */
export interface ListingPhoto {
  /** The uploaded image's key (server/media), or the media path of a demo image. */
  key: string;
  caption: string;
  /** Required to publish. */
  alt: string;
  width: number;
  height: number;
}

export interface ListingContent {
  format: typeof LISTING_CONTENT_VERSION;
  /** Unique, the listing's id for imports and channels, e.g. 'CHC-1001'. */
  propertyCode: string;
  /** ≤ 50 characters. */
  name: string;
  /** The owner's own name for it (not shown to guests). */
  nickname: string;
  /** [a-z0-9-]; kept when the name changes; an old slug redirects to the current one. */
  slug: string;
  /** One of the site's property types. */
  type: string;
  /** An area (town) slug. */
  area: string;
  address: ListingAddress;
  latitude: number;
  longitude: number;
  bedrooms: number;
  /** Steps of 0.5. */
  bathrooms: number;
  sleeps: number;
  beds: number;
  description: ListingDescription;
  /** Amenity slugs. */
  amenities: string[];
  /** 'HH:MM', 24-hour. */
  checkInTime: string;
  checkOutTime: string;
  houseRules: string;
  cancellationPolicy: string;
  /** Only https URLs of the allowed embed origins. */
  virtualTourUrl: string | null;
  videoUrl: string | null;
  /** In order; the first is the cover. */
  photos: ListingPhoto[];
  rates: RatePlan;
}

/** A problem with one field: its path in the document ('rates.seasons.2.end') and a sentence for the owner. */
export interface FieldProblem {
  path: string;
  message: string;
}

/** What a listing still lacks, by who needs it; `blocking` ones would break its page. */
export interface Readiness {
  guests: FieldProblem[];
  google: FieldProblem[];
  channels: FieldProblem[];
  blocking: FieldProblem[];
}
