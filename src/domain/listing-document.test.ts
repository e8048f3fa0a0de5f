import { describe, expect, it } from 'vitest';
import { listingFromDocument, listingPosition } from './listing-document';

const doc = {
  id: 'chc1-listings-1001',
  entity_id: 1001,
  ss_name: 'Sea Glass Retreat',
  ss_url: '/listing/sea-glass-retreat',
  ss_area: 'Seabright',
  ss_type: 'Cottage',
  is_bedrooms: 2,
  fs_bathrooms: 1.5,
  is_sleeps: 4,
  fs_rating: 4.6,
  is_review_count: 9,
  is_price_min: 18900,
  is_price_nights: 3,
  ss_image: '/media/units/1001/1.svg',
  tm_summary: 'Steps from the sand.',
  fs_lat: 27.1,
  fs_lng: -80.2,
};

describe('listingFromDocument', () => {
  it('maps the document fields to a result card', () => {
    expect(listingFromDocument(doc)).toMatchObject({
      eid: 1001,
      slug: 'sea-glass-retreat',
      name: 'Sea Glass Retreat',
      docId: 'chc1-listings-1001',
      bathrooms: 1.5,
      fromNightly: 18900,
      fromNights: 3,
      photo: { src: '/media/units/1001/1.svg', caption: 'Sea Glass Retreat' },
    });
  });

  it.each([
    ['no name', { ...doc, ss_name: undefined }],
    ['an off-site URL', { ...doc, ss_url: 'https://evil.example/x' }],
    ['a protocol-relative URL', { ...doc, ss_url: '//evil.example/x' }],
    ['a javascript: URL', { ...doc, ss_url: 'javascript:alert(1)' }],
  ])('drops a document with %s', (_case, bad) => {
    expect(listingFromDocument(bad)).toBeNull();
  });

  it('replaces an off-site image with the placeholder and ignores wrong types', () => {
    const card = listingFromDocument({ ...doc, ss_image: 'https://evil.example/pixel.gif', is_bedrooms: '3', fs_rating: 'NaN' });
    expect(card?.photo.src).toBe('/media/placeholder.svg');
    expect(card?.bedrooms).toBe(0);
    expect(card?.rating).toBeNull();
  });
});

describe('listingPosition', () => {
  it('reads latitude and longitude, refusing impossible ones', () => {
    expect(listingPosition(doc)).toEqual([27.1, -80.2]);
    expect(listingPosition({ fs_lat: 95, fs_lng: 0 })).toBeNull();
    expect(listingPosition({})).toBeNull();
  });
});
