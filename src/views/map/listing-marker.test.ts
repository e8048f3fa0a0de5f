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
    is_price_min: 26700,
    is_price_nights: 2,
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
    expect(popup.querySelector('.map-popup__price')?.textContent).toBe('from $267/night incl. fees & taxes, based on a 2-night stay');
  });

  it('shows the stay total for the chosen dates instead, saying what it includes', () => {
    const popup = listingPopup(listing(), { offer: { p: 2407.35, nt: 7, c: 'USD' }, display: { currency: 'USD', precision: 0, displayType: 0 } });
    expect(popup.querySelector('.map-popup__price strong')?.textContent).toBe('$2,407');
    expect(popup.querySelector('.map-popup__price')?.textContent).toBe('$2,407 total for 7 nights, incl. fees & taxes');
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
  it('shows the from price with fees and names the listing for screen readers', () => {
    expect(markerPin(listing()).textContent).toBe('$267/night');
    expect(markerPin(listing()).getAttribute('aria-hidden')).toBe('true');
    expect(markerLabel(listing())).toBe('Sea Glass, from $267 a night including fees and taxes, based on a 2-night stay');
    expect(markerLabel(listing({ is_price_nights: 1 }))).toBe('Sea Glass, from $267 a night including fees and taxes');
    expect(markerLabel(listing({ is_price_min: 0 }))).toBe('Sea Glass');
  });

  it("shows the stay's total once dates are chosen", () => {
    const stay = { offer: { p: 2407.35, nt: 7, c: 'USD' }, display: { currency: 'USD', precision: 0, displayType: 0 } };
    expect(markerPin(listing(), stay).textContent).toBe('$2,407');
    expect(markerLabel(listing(), stay)).toBe('Sea Glass, $2,407 for 7 nights including fees and taxes');
  });

  it('says the price as the cards do: the site\'s precision, and per night with display_type 8 (spec §9)', () => {
    const offer = { p: 2407.35, nt: 7, c: 'USD' };
    const precise = { offer, display: { currency: 'USD', precision: 2, displayType: 0 } };
    expect(markerPin(listing(), precise).textContent).toBe('$2,407.35');
    const perNight = { offer, display: { currency: 'USD', precision: 0, displayType: 8 } };
    expect(markerPin(listing(), perNight).textContent).toBe('$344/nt');
    expect(markerLabel(listing(), perNight)).toBe('Sea Glass, $344/nt including fees and taxes');
    expect(listingPopup(listing(), perNight).querySelector('.map-popup__price')?.textContent).toBe('$344/nt incl. fees & taxes');
  });
});
