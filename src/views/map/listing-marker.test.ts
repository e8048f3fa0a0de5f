import { describe, expect, it } from 'vitest';
import type { ListingSummary } from '@/domain/content';
import { listingFromDocument } from '@/domain/listing-document';
import { listingPopup, markerLabel, markerPin } from './listing-marker';

const listing = (fields: Record<string, unknown> = {}): ListingSummary => {
  const parsed = listingFromDocument({
    id: 'chc1-listings-1001',
    entity_id: 1001,
    ss_name: 'Sea Glass',
    ss_url: '/listing/sea-glass',
    ss_area: 'Coral Haven',
    is_bedrooms: 3,
    is_sleeps: 8,
    is_price_min: 18500,
    ss_image: '/media/units/1001/1.svg',
    ...fields,
  });
  if (!parsed) throw new Error('test document was refused');
  return parsed;
};

describe('map popup of a listing', () => {
  it('shows the photo, the name linking to the listing, area, bedrooms, sleeps and the price', () => {
    const popup = listingPopup(listing());
    expect(popup.querySelector('img')?.getAttribute('src')).toBe('/media/units/1001/1.svg');
    expect(popup.querySelector('img')?.getAttribute('alt')).toBe('');
    const link = popup.querySelector('a');
    expect(link?.textContent).toBe('Sea Glass');
    expect(link?.getAttribute('href')).toBe('/listing/sea-glass');
    expect(popup.querySelector('.map-popup__meta')?.textContent).toBe('Coral Haven · 3 bedrooms · sleeps 8');
    expect(popup.querySelector('.map-popup__price')?.textContent).toBe('from $185 a night');
  });

  it('keeps markup in document fields as text', () => {
    const popup = listingPopup(listing({ ss_name: '<img src=x onerror=alert(1)>Villa', ss_area: '<b>Bay</b>' }));
    expect(popup.querySelectorAll('img')).toHaveLength(1);
    expect(popup.querySelector('b')).toBeNull();
    expect(popup.querySelector('a')?.textContent).toBe('<img src=x onerror=alert(1)>Villa');
    expect(popup.querySelector('.map-popup__meta')?.textContent).toContain('<b>Bay</b>');
  });

  it('never links or loads an image off the site, since listingFromDocument keeps only site paths', () => {
    const popup = listingPopup(listing({ ss_image: 'https://evil.example/x.png' }));
    expect(popup.querySelector('img')?.getAttribute('src')).toBe('/media/placeholder.svg');
    expect(listingFromDocument({ id: 'chc1-listings-1', entity_id: 1, ss_name: 'X', ss_url: 'javascript:alert(1)' })).toBeNull();
  });

  it('says one bedroom, and leaves the price out when there is none', () => {
    const popup = listingPopup(listing({ is_bedrooms: 1, is_price_min: 0 }));
    expect(popup.querySelector('.map-popup__meta')?.textContent).toBe('Coral Haven · 1 bedroom · sleeps 8');
    expect(popup.querySelector('.map-popup__price')?.textContent).toBe('');
  });
});

describe('map pin of a listing', () => {
  it('shows the nightly-from price and names the listing for screen readers', () => {
    expect(markerPin(listing()).textContent).toBe('$185');
    expect(markerPin(listing()).getAttribute('aria-hidden')).toBe('true');
    expect(markerLabel(listing())).toBe('Sea Glass, from $185 a night');
    expect(markerLabel(listing({ is_price_min: 0 }))).toBe('Sea Glass');
  });
});
