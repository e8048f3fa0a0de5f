/**
 * What search engines and link previews read of a page (issue 15, pages search engines
 * understand): its description, canonical address, preview image, whether it may be indexed, and
 * schema.org JSON-LD — a VacationRental for a listing, an Event (or a TouristAttraction for a
 * thing to do that runs all year) for an event page. Pure: the server renders it into the head.
 *
 *   pageMeta({ routeId: 'listing', data: listing, origin: 'https://example.com', path: '/listing/x', siteName })
 */
import type { Accommodation, Event, ItemList, Place, PostalAddress, TouristAttraction, VacationRental, WebSite, WithContext } from 'schema-dts';
import type { ContentPage, EventDetail, EventsPage, HomePage, InquiryPage, ListingDetail, Photo, SearchPage } from '../content';
import { eventPageSummary } from './page-titles';

export type JsonLd = WithContext<VacationRental> | WithContext<Event> | WithContext<TouristAttraction> | WithContext<WebSite> | WithContext<ItemList>;

export interface PageMeta {
  /** At most about 160 characters of plain text. */
  description: string;
  /** The page's one address (no query, no hash); null for a page that is not to be indexed. */
  canonical: string | null;
  /** `noindex`: a visitor's own pages (Trips Collection, checkout, booking), not-found and error pages. */
  index: boolean;
  /** Open Graph type. */
  type: 'website' | 'article';
  /** Absolute URL of the preview image, with its size. */
  image: { url: string; width: number; height: number; alt: string } | null;
  jsonLd: JsonLd[];
}

export interface PageMetaInput {
  /** The matched page route's id (src/app/routes.tsx). */
  routeId: string | null;
  /** Its loader data. */
  data: unknown;
  /** The site's public origin, e.g. 'https://coralhaven.example'. */
  origin: string;
  /** The request's path. */
  path: string;
  siteName: string;
  /** The site's own words, used where a page has none (the slogan). */
  fallbackDescription: string;
  /** The page answered an error (404 or 500). */
  failed: boolean;
}

/** Pages a search engine should not keep: the visitor's own, and those that only act. */
const NOT_INDEXED = new Set(['favourites', 'mytrip', 'checkout', 'confirmation', 'buy', 'statecharts', 'not-found']);

const DESCRIPTION_LENGTH = 160;

/** Plain text of at most `DESCRIPTION_LENGTH` characters, cut at a word. HTML tags are dropped. */
export function metaDescription(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&(?:lt|gt|quot|#39);/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= DESCRIPTION_LENGTH) return plain;
  const cut = plain.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

const absolute = (origin: string, src: string) => new URL(src, `${origin}/`).href;

function imageOf(origin: string, photo: Photo | undefined, alt: string): PageMeta['image'] {
  return photo ? { url: absolute(origin, photo.src), width: photo.width, height: photo.height, alt: photo.caption || alt } : null;
}

function place(name: string, area: string, latitude: number, longitude: number): Place {
  return {
    '@type': 'Place',
    name,
    address: { '@type': 'PostalAddress', addressLocality: area },
    geo: { '@type': 'GeoCoordinates', latitude, longitude },
  };
}

/**
 * A listing page's description: the rental's name and town, then its summary (rentals of one kind
 * in one town can share a summary; their pages' descriptions still differ).
 */
export function listingDescription(listing: Pick<ListingDetail, 'name' | 'area' | 'summary' | 'description'>): string {
  return metaDescription(`${listing.name} in ${listing.area}: ${listing.summary || listing.description}`);
}

/** The listing's postal address as far as its owner gave it (the town alone before listings carried one). */
function postalAddress(listing: ListingDetail): PostalAddress {
  const address = listing.info?.address;
  const street = address ? [address.line1, address.line2].filter((part) => part.trim() !== '').join(', ') : '';
  return {
    '@type': 'PostalAddress',
    addressLocality: address?.city || listing.area,
    ...(street ? { streetAddress: street } : {}),
    ...(address?.region ? { addressRegion: address.region } : {}),
    ...(address?.postalCode ? { postalCode: address.postalCode } : {}),
    ...(address?.country ? { addressCountry: address.country } : {}),
  };
}

/** schema.org VacationRental of a listing (the properties Google's vacation rental guide names). */
export function vacationRental(listing: ListingDetail, origin: string): WithContext<VacationRental> {
  const url = absolute(origin, `/listing/${listing.slug}`);
  const accommodation: Accommodation = {
    '@type': 'Accommodation',
    additionalType: listing.type,
    numberOfBedrooms: listing.bedrooms,
    numberOfBathroomsTotal: listing.bathrooms,
    // Google reads the guests a rental sleeps from occupancy.value (maxValue for other readers).
    occupancy: { '@type': 'QuantitativeValue', value: listing.sleeps, maxValue: listing.sleeps },
    amenityFeature: listing.amenityCategories.flatMap((category) =>
      category.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification' as const, name, value: true })),
    ),
  };
  const rental: WithContext<VacationRental> = {
    '@context': 'https://schema.org',
    '@type': 'VacationRental',
    '@id': url,
    identifier: listing.propertyCode,
    name: listing.name,
    url,
    description: listingDescription(listing),
    image: listing.photos.length > 0 ? listing.photos.map((photo) => absolute(origin, photo.src)) : [absolute(origin, listing.photo.src)],
    address: postalAddress(listing),
    geo: { '@type': 'GeoCoordinates', latitude: listing.latitude, longitude: listing.longitude },
    latitude: listing.latitude,
    longitude: listing.longitude,
    containsPlace: accommodation,
  };
  if (listing.info) {
    rental.checkinTime = `${listing.info.checkInTime}:00`;
    rental.checkoutTime = `${listing.info.checkOutTime}:00`;
  }
  if (listing.rating !== null && listing.reviewCount > 0) {
    rental.aggregateRating = { '@type': 'AggregateRating', ratingValue: listing.rating, reviewCount: listing.reviewCount, bestRating: 5, worstRating: 1 };
  }
  return rental;
}

/** An event page's description: its dates and place, then its summary (a yearly event's pages differ by their dates). */
export function eventDescription(event: EventDetail): string {
  return metaDescription(event.summary ? eventPageSummary(event) : event.description);
}

/** schema.org Event of a dated event; a thing to do that runs all year is a TouristAttraction. */
export function eventJsonLd(event: EventDetail, origin: string): WithContext<Event> | WithContext<TouristAttraction> {
  const url = absolute(origin, `/${event.kind === 'event' ? 'events' : 'things-to-do'}/${event.slug}`);
  const image = absolute(origin, event.photo.src);
  const description = eventDescription(event);
  if (event.begin === null) {
    return {
      '@context': 'https://schema.org',
      '@type': 'TouristAttraction',
      '@id': url,
      name: event.title,
      url,
      description,
      image,
      address: { '@type': 'PostalAddress', addressLocality: event.area },
      geo: { '@type': 'GeoCoordinates', latitude: event.latitude, longitude: event.longitude },
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    '@id': url,
    name: event.title,
    url,
    description,
    image,
    startDate: event.begin,
    endDate: event.end ?? event.begin,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: place(event.place, event.area, event.latitude, event.longitude),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The head metadata of one rendered page. */
export function pageMeta(input: PageMetaInput): PageMeta {
  const { routeId, data, origin, path, siteName, fallbackDescription, failed } = input;
  const index = !failed && routeId !== null && !NOT_INDEXED.has(routeId);
  const meta: PageMeta = {
    description: metaDescription(fallbackDescription),
    canonical: index ? absolute(origin, path) : null,
    index,
    type: 'website',
    image: null,
    jsonLd: [],
  };
  if (failed || !isObject(data)) return meta;
  switch (routeId) {
    case 'home': {
      const home = data as unknown as HomePage;
      meta.description = metaDescription(home.intro || fallbackDescription);
      meta.image = imageOf(origin, home.featured[0]?.photo ?? home.communityPhotos[0], siteName);
      meta.jsonLd = [{ '@context': 'https://schema.org', '@type': 'WebSite', name: siteName, url: absolute(origin, '/') }];
      break;
    }
    case 'search':
    case 'map-search': {
      const search = data as unknown as SearchPage;
      meta.description = metaDescription(search.intro || fallbackDescription);
      meta.image = imageOf(origin, search.listings[0]?.photo, siteName);
      break;
    }
    case 'listing': {
      const listing = data as unknown as ListingDetail;
      meta.description = listingDescription(listing);
      meta.type = 'article';
      meta.image = imageOf(origin, listing.photos[0] ?? listing.photo, listing.name);
      meta.jsonLd = [vacationRental(listing, origin)];
      break;
    }
    case 'event':
    case 'thing-to-do': {
      const event = data as unknown as EventDetail;
      meta.description = eventDescription(event);
      meta.type = 'article';
      meta.image = imageOf(origin, event.photo, event.title);
      meta.jsonLd = [eventJsonLd(event, origin)];
      break;
    }
    case 'events':
    case 'things-to-do': {
      const list = data as unknown as EventsPage;
      meta.description = metaDescription(list.intro || fallbackDescription);
      meta.image = imageOf(origin, list.events[0]?.photo, list.title);
      meta.jsonLd = [
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: list.title,
          itemListElement: list.events.map((event, position) => ({
            '@type': 'ListItem' as const,
            position: position + 1,
            url: absolute(origin, `/${event.kind === 'event' ? 'events' : 'things-to-do'}/${event.slug}`),
            name: event.title,
          })),
        },
      ];
      break;
    }
    case 'inquiry':
    case 'contact': {
      const inquiry = data as unknown as InquiryPage;
      meta.description = metaDescription(inquiry.intro || fallbackDescription);
      // One page at two addresses: /inquiry is the one to keep.
      if (meta.canonical) meta.canonical = absolute(origin, '/inquiry');
      break;
    }
    case 'content': {
      const page = data as unknown as ContentPage;
      meta.description = metaDescription(page.body) || meta.description;
      meta.type = 'article';
      break;
    }
    default:
      break;
  }
  return meta;
}
