/**
 * Page data the server renders and the client hydrates: what each screen of spec §2 shows.
 * Money is in whole cents; dates are ISO `YYYY-MM-DD` strings.
 */

export interface Photo {
  /** Public URL of the image file, e.g. `/media/units/12/3.svg`. */
  src: string;
  caption: string;
  width: number;
  height: number;
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
  /** Lowest nightly rate of the year, in cents. */
  fromNightly: number;
  photo: Photo;
  summary: string;
}

export interface ListingDetail extends ListingSummary {
  description: string;
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
  name: string;
  slug: string;
  url: string;
  photo: Photo;
  summary: string;
}

export interface FavouritesPage {
  title: string;
  /** Listings whose docId is in the favourites cookie, in the search index order (as the favourites view's search answers). */
  listings: ListingSummary[];
}

/** Where page data comes from: the database on the server, the content API in the browser. */
export interface ContentSource {
  home(): Promise<HomePage>;
  search(): Promise<SearchPage>;
  listing(slug: string): Promise<ListingDetail | null>;
  events(kind: 'event' | 'thing-to-do'): Promise<EventsPage>;
  event(slug: string): Promise<EventDetail | null>;
  activities(): Promise<ActivitySummary[]>;
  item(eid: number): Promise<ItemPage | null>;
  favourites(docIds: string[]): Promise<FavouritesPage>;
  inquiry(): Promise<InquiryPage>;
  page(slug: string): Promise<ContentPage | null>;
}
