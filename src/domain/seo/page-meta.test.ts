import { describe, expect, it } from 'vitest';
import type { EventDetail, ListingDetail } from '../content';
import { eventJsonLd, metaDescription, pageMeta, vacationRental } from './page-meta';
import { eventPageTitle, eventWhen } from './page-titles';

const ORIGIN = 'https://coralhaven.example';
const photo = { src: '/media/units/7/1.svg', caption: 'The deck', width: 800, height: 533 };
const listing: ListingDetail = {
  eid: 1007,
  slug: 'sea-glass',
  name: 'Sea Glass',
  docId: 'x-y-1007',
  propertyCode: 'CHC-1007',
  area: 'Seabright',
  type: 'Cottage',
  bedrooms: 2,
  bathrooms: 1.5,
  sleeps: 4,
  rating: 4.6,
  reviewCount: 12,
  fromNightly: 15000,
  fromNights: 2,
  photo,
  summary: 'A cottage by the dunes.',
  description: '<p>Long text</p>',
  photos: [photo, { ...photo, src: '/media/units/7/2.svg' }],
  amenityCategories: [{ id: 'kitchen', name: 'Kitchen', description: '', amenities: ['Dishwasher', 'Coffee maker'] }],
  latitude: 40.1,
  longitude: -74.2,
  virtualTourUrl: null,
  videoUrl: null,
  reviews: [],
};
const event: EventDetail = {
  slug: 'boat-parade',
  kind: 'event',
  title: 'Boat parade',
  begin: '2030-07-01',
  end: '2030-07-02',
  place: 'Harbour',
  area: 'Seabright',
  photo,
  summary: 'Boats with lights.',
  description: '',
  latitude: 40,
  longitude: -74,
};
const base = { origin: ORIGIN, siteName: 'Coral Haven', fallbackDescription: 'Beach houses', failed: false };

describe('page metadata', () => {
  it('a listing is a VacationRental with absolute images, its accommodation and amenities, and a rating only when reviewed', () => {
    const rental = vacationRental(listing, ORIGIN) as unknown as Record<string, unknown>;
    expect(rental).toMatchObject({
      '@type': 'VacationRental',
      identifier: 'CHC-1007',
      url: `${ORIGIN}/listing/sea-glass`,
      image: [`${ORIGIN}/media/units/7/1.svg`, `${ORIGIN}/media/units/7/2.svg`],
      address: { addressLocality: 'Seabright' },
      containsPlace: { numberOfBedrooms: 2, numberOfBathroomsTotal: 1.5, occupancy: { maxValue: 4 } },
      aggregateRating: { ratingValue: 4.6, reviewCount: 12 },
    });
    expect((rental.containsPlace as { amenityFeature: unknown[] }).amenityFeature).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Dishwasher', value: true },
      { '@type': 'LocationFeatureSpecification', name: 'Coffee maker', value: true },
    ]);
    expect(vacationRental({ ...listing, rating: null, reviewCount: 0 }, ORIGIN)).not.toHaveProperty('aggregateRating');
  });

  it('a dated event is an Event; a thing to do without dates a TouristAttraction', () => {
    expect(eventJsonLd(event, ORIGIN)).toMatchObject({ '@type': 'Event', startDate: '2030-07-01', endDate: '2030-07-02', url: `${ORIGIN}/events/boat-parade` });
    expect(eventJsonLd({ ...event, kind: 'thing-to-do', begin: null, end: null }, ORIGIN)).toMatchObject({
      '@type': 'TouristAttraction',
      url: `${ORIGIN}/things-to-do/boat-parade`,
    });
  });

  it('descriptions are plain text of at most 160 characters, cut at a word', () => {
    expect(metaDescription('<p>Sun &amp; <b>sea</b></p>')).toBe('Sun & sea');
    const long = metaDescription('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('canonical on the origin for indexed pages; none and noindex for the visitor’s own pages and failures', () => {
    expect(pageMeta({ ...base, routeId: 'listing', data: listing, path: '/listing/sea-glass' })).toMatchObject({
      canonical: `${ORIGIN}/listing/sea-glass`,
      index: true,
      type: 'article',
      image: { url: `${ORIGIN}/media/units/7/1.svg`, width: 800, height: 533 },
    });
    expect(pageMeta({ ...base, routeId: 'mytrip', data: null, path: '/mytrip' })).toMatchObject({ canonical: null, index: false });
    expect(pageMeta({ ...base, routeId: 'listing', data: null, path: '/listing/gone', failed: true })).toMatchObject({ canonical: null, index: false, jsonLd: [] });
  });

  it('the same event in another year has a title and a description of its own (issue 22)', () => {
    const nextYear: EventDetail = { ...event, slug: 'boat-parade-2031', begin: '2031-07-07', end: '2031-07-07' };
    expect(eventPageTitle(event)).toBe('Boat parade, Jul 1 – 2, 2030');
    expect(eventPageTitle(nextYear)).toBe('Boat parade, Jul 7, 2031');
    expect(eventPageTitle({ ...event, begin: null, end: null })).toBe('Boat parade');
    expect(eventWhen({ begin: '2030-12-31', end: '2031-01-01' })).toBe('Dec 31, 2030 – Jan 1, 2031');
    const meta = pageMeta({ ...base, routeId: 'event', data: event, path: '/events/boat-parade' });
    const next = pageMeta({ ...base, routeId: 'event', data: nextYear, path: '/events/boat-parade-2031' });
    expect(meta.description).toBe('Jul 1 – 2, 2030 at Harbour, Seabright. Boats with lights.');
    expect(next.description).not.toBe(meta.description);
    // The structured data describes the event in the same words.
    expect(meta.jsonLd[0]).toMatchObject({ name: 'Boat parade', description: meta.description });
  });

  it('lists, the inquiry page and listings describe themselves, not with the site’s slogan', () => {
    const list = { title: 'Events', intro: 'Festivals on the coast.', events: [event] };
    expect(pageMeta({ ...base, routeId: 'events', data: list, path: '/events' }).description).toBe('Festivals on the coast.');
    const inquiry = { title: 'Contact us', intro: 'Tell us about your trip.', properties: [] };
    expect(pageMeta({ ...base, routeId: 'inquiry', data: inquiry, path: '/inquiry' })).toMatchObject({ description: 'Tell us about your trip.', canonical: `${ORIGIN}/inquiry` });
    // /contact is the same page: its canonical address is /inquiry.
    expect(pageMeta({ ...base, routeId: 'contact', data: inquiry, path: '/contact' }).canonical).toBe(`${ORIGIN}/inquiry`);
    const rental = pageMeta({ ...base, routeId: 'listing', data: listing, path: '/listing/sea-glass' });
    expect(rental.description).toBe('Sea Glass in Seabright: A cottage by the dunes.');
    expect(rental.jsonLd[0]).toMatchObject({ description: rental.description });
  });
});
