/**
 * Page data the server renders and the client hydrates: what each screen of spec §2 shows.
 * Money is in whole cents; dates are ISO `YYYY-MM-DD` strings.
 */
import type { PriceQueryParams } from './pricing/types';

export interface Photo {
  /** Public URL of the image file, e.g. `/media/units/12/3.svg`. */
  src: string;
  caption: string;
  /** What the photo shows, for its text alternative (community photos, whose caption is only a marker). */
  description?: string;
  width: number;
  height: number;
  /** An uploaded photo's JPEG sizes (`url 640w, …`); the demo's drawings have one file for every width. */
  srcset?: string;
  /** How wide the page shows it (the `sizes` attribute for `srcset`): a result card's width unless a view says otherwise. */
  sizes?: string;
  /** The same sizes in other formats, for a `<picture>` (WebP). */
  sources?: { type: string; srcset: string }[];
}

export interface AmenityCategory {
  id: string;
  name: string;
  /** Text for the amenity info tooltip (spec §2 Listing detail page). */
  description: string;
  amenities: string[];
}

export interface Review {
  author: string;
  rating: number;
  title: string;
  body: string;
  date: string;
}

export interface ListingSummary {
  eid: number;
  slug: string;
  name: string;
  /** Search document id `{siteHash}-{indexId}-{entityKey}` (spec §3 Search document); the favourites key. */
  docId: string;
  propertyCode: string;
  area: string;
  type: string;
  bedrooms: number;
  bathrooms: number;
  sleeps: number;
  rating: number | null;
  reviewCount: number;
  /**
   * The 'from' price per night, in cents: the lowest whole price (rent, cleaning fee, every
   * mandatory fee and tax) of the shortest stay a season allows, per night (server/pricing
   * fromPrice); 0 without a rate.
   */
  fromNightly: number;
  /** The nights `fromNightly` is spread over (that season's minimum stay); 0 without a rate. */
  fromNights: number;
  photo: Photo;
  summary: string;
}

/** What a guest reads before booking: arrival and departure, the rules, and the description's other parts (plain text, shown escaped). */
export interface ListingHouseInfo {
  /** 'HH:MM', 24-hour. */
  checkInTime: string;
  checkOutTime: string;
  houseRules: string;
  cancellationPolicy: string;
  access: string;
  neighbourhood: string;
  transit: string;
  notes: string;
  beds: number;
  address: { line1: string; line2: string; city: string; region: string; postalCode: string; country: string };
}

export interface ListingDetail extends ListingSummary {
  description: string;
  /** Absent from content made before listings carried it. */
  info?: ListingHouseInfo;
  photos: Photo[];
  amenityCategories: AmenityCategory[];
  latitude: number;
  longitude: number;
  virtualTourUrl: string | null;
  videoUrl: string | null;
  reviews: Review[];
}

export interface EventSummary {
  slug: string;
  kind: 'event' | 'thing-to-do';
  title: string;
  /** First and last day; things to do that run all year have null dates. */
  begin: string | null;
  end: string | null;
  place: string;
  area: string;
  photo: Photo;
  summary: string;
}

export interface EventDetail extends EventSummary {
  description: string;
  latitude: number;
  longitude: number;
}

export interface ActivitySummary {
  eid: number;
  slug: string;
  name: string;
  area: string;
  /** Price per person, in cents. */
  pricePerPerson: number;
  durationHours: number;
  photo: Photo;
  summary: string;
}

export interface AreaSummary {
  slug: string;
  name: string;
  description: string;
  listingCount: number;
}

export interface HomePage {
  title: string;
  intro: string;
  communityPhotos: Photo[];
  featured: ListingSummary[];
  areas: AreaSummary[];
  upcomingEvents: EventSummary[];
}

export interface SearchPage {
  title: string;
  intro: string;
  /** A first page of listings, so the page has content before the search machine takes over (issue 3). */
  listings: ListingSummary[];
  total: number;
  areas: AreaSummary[];
}

export interface EventsPage {
  title: string;
  /** What the list is, in a sentence (the page's lead and its description). */
  intro: string;
  events: EventSummary[];
}

export interface ContentPage {
  slug: string;
  title: string;
  /** Trusted HTML written by the site owner (still sanitised before display). */
  body: string;
}

export interface InquiryPage {
  title: string;
  intro: string;
  /** Options of field_inquiry_properties: a URL, or '{label}::{url}' (spec §3 Inquiry form field). */
  properties: { label: string; value: string }[];
}

export interface ItemPage {
  eid: number;
  kind: 'unit' | 'activity' | 'package';
  /** A rental's property code (the id analytics and the ranking know it by); absent for activities and packages. */
  propertyCode?: string;
  name: string;
  slug: string;
  url: string;
  photo: Photo;
  summary: string;
}

/** One line of an itemised stay quote; amounts in cents, discounts negative. */
export interface StayQuoteLine {
  kind: 'rent' | 'discount' | 'cleaning' | 'fee' | 'tax' | 'activity';
  label: string;
  /** E.g. '5 nights × $300.00', '15% off the rent', '11.5% of the rent'. */
  detail: string;
  amount: number;
}

/** An itemised quote of one offer, re-priced on the server (detailed quote and buy page). */
export interface StayQuote {
  eid: number;
  /** The item's name. */
  name: string;
  /** The offer group (standard, special, nonrefundable, package, activity) and its display name. */
  offer: string;
  offerName: string;
  begin: string;
  /** Departure day (the begin day for an activity). */
  end: string;
  nights: number;
  adult: number;
  child: number;
  senior: number;
  currency: string;
  lines: StayQuoteLine[];
  /** Cents: the sum of the lines. */
  total: number;
  savings: number;
  /** When what is paid, in cents; the amounts add up to the total. */
  payments: { label: string; due: string | null; amount: number }[];
  cancellation: string;
  /** Things worth saying, e.g. that a web-only special is not given on detailed quotes. */
  notes: string[];
  /** The query params that re-price this quote (the buy URL's). */
  qp: PriceQueryParams;
  /** The listing's optional fees for this stay: extras a guest may ask for, not in the total. */
  extras?: StayQuoteLine[];
}

/** /rescms/item/{eid}/buy?{qp}: the item and its stay re-priced, or why there is none. */
export interface BuyPageData {
  item: ItemPage;
  /** The stay the query string asks for (null without one, or when it cannot be read). */
  asked: { begin: string; end: string; nights: number; adult: number; child: number; senior: number } | null;
  quote: StayQuote | null;
  /** Why there is no quote: no stay asked for, the query is not valid, or the stay is not available. */
  problem: string | null;
}

export interface FavouritesPage {
  title: string;
  /** Listings whose docId is in the favourites cookie, in the search index order (as the favourites view's search answers). */
  listings: ListingSummary[];
}

/** What the checkout page offers besides the order (issue 13): the country select and the payment provider. */
export interface CheckoutPageData {
  /** The country select's options, those with states or provinces (GET /rescms/order/provinces/{code}) first. */
  countries: { code: string; name: string; provinces: boolean }[];
  payment: {
    /** 'test' for the built-in test provider. */
    provider: string;
    label: string;
    /** The provider moves no money: say so on the page. */
    test: boolean;
    /** Test tokens the page may offer instead of the provider's card form (test provider only). */
    testTokens: { token: string; label: string }[];
    options: ('cc' | 'ach' | 'later')[];
  };
  /** Where the terms the guest accepts are (a content page). */
  termsUrl: string;
}

/** A protection of a booked stay: offered, and accepted or declined. */
export interface BookedProtection {
  kind: 'ti' | 'dp';
  name: string;
  accepted: boolean;
  /** Cents (0 when declined). */
  amount: number;
}

/** One booked stay or activity of a confirmation. Money in cents. */
export interface BookedItem {
  key: string;
  eid: number;
  name: string;
  /** The item's page, when it has one. */
  url: string | null;
  offerName: string;
  begin: string;
  /** Departure day (the day itself for an activity). */
  end: string;
  nights: number;
  adult: number;
  child: number;
  senior: number;
  lines: StayQuoteLine[];
  /** The stay's price without protection. */
  price: number;
  protection: BookedProtection[];
  payments: { label: string; due: string | null; amount: number }[];
}

/** /rescms/order/confirmation/{code}: a booked Trips Collection (issue 13). Money in cents. */
export interface BookingConfirmation {
  code: string;
  status: 'confirmed' | 'cancelled';
  /** ISO timestamp of the booking. */
  createdAt: string;
  guest: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    postalCode: string;
    country: string;
    countryName: string;
    state: string;
    stateName: string;
    notes: string;
  };
  currency: string;
  items: BookedItem[];
  /** Stays plus protection. */
  total: number;
  protection: number;
  /** Due at booking. */
  deposit: number;
  paid: number;
  /** Still to pay, and by when (null when nothing is left or it is due at once). */
  balance: number;
  balanceDue: string | null;
  /**
   * A pay-later booking is a hold: held until `until` (ISO), confirmed by the guest from the email
   * (`confirmBy` 'guest') or by the owner (request to book), else lapsed. Null for a paid booking.
   */
  hold: { state: 'held' | 'confirmed' | 'lapsed'; until: string; confirmBy: 'guest' | 'owner' } | null;
  payment: {
    option: 'cc' | 'ach' | 'later';
    /** 'Card', 'Bank account (ACH)', 'Pay later'. */
    optionLabel: string;
    status: 'unpaid' | 'deposit_paid' | 'paid';
    statusLabel: string;
    /** Paid with the built-in test provider: no money was taken. */
    test: boolean;
  };
}

/** Where page data comes from: the database on the server, the content API in the browser. */
export interface ContentSource {
  home(): Promise<HomePage>;
  search(): Promise<SearchPage>;
  listing(slug: string): Promise<ListingDetail | null>;
  /** The current slug of a listing that had this slug before (its page redirects there), or null. */
  listingMoved?(slug: string): Promise<string | null>;
  /** Rentals like an unknown slug (its words in names, towns and types), best rated first (issue 11). */
  similarListings(slug: string): Promise<ListingSummary[]>;
  events(kind: 'event' | 'thing-to-do'): Promise<EventsPage>;
  event(slug: string): Promise<EventDetail | null>;
  activities(): Promise<ActivitySummary[]>;
  item(eid: number): Promise<ItemPage | null>;
  /** The buy page: the item and the stay of its query string (spec §2 Item routes), re-priced. */
  buy(eid: number, query: string): Promise<BuyPageData | null>;
  favourites(docIds: string[]): Promise<FavouritesPage>;
  inquiry(): Promise<InquiryPage>;
  page(slug: string): Promise<ContentPage | null>;
  /** The checkout page's countries and payment provider (issue 13). */
  checkout(): Promise<CheckoutPageData>;
  /** A booked Trips Collection by its confirmation code, or null (issue 13). */
  confirmation(code: string): Promise<BookingConfirmation | null>;
}
