/**
 * The DOM of a result map's markers and popups. Leaflet takes plain elements, not React; the
 * listing's fields come from search documents (untrusted), so everything is set as text or
 * as a checked site path (listingFromDocument), never as HTML.
 */
import type { ListingSummary } from '@/domain/content';
import { formatCents, formatMoney } from '@/domain/money';
import { fromPriceNote, fromPriceWords, stayTotalNote, stayTotalWords } from '@/domain/pricing/shown-prices';

/** A stay's total for the chosen dates (a price's p, currency units): the price a pin shows once dates are chosen. */
export interface StayTotal {
  total: number;
  nights: number;
  currency: string;
}

const totalText = (stay: StayTotal) => formatMoney(stay.total, { currency: stay.currency, precision: 0 });

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * What a marker says to a screen reader: the stay's total for the chosen dates, else the 'from'
 * price per night, each with what it includes ('Sea Glass, from $267 a night including fees and
 * taxes, based on a 2-night stay').
 */
export function markerLabel(listing: ListingSummary, stay: StayTotal | null = null): string {
  if (stay) return `${listing.name}, ${stayTotalWords(totalText(stay), stay.nights)}`;
  return listing.fromNightly > 0 ? `${listing.name}, ${fromPriceWords(formatCents(listing.fromNightly), listing.fromNights)}` : listing.name;
}

/**
 * The pin: the stay's total once dates are chosen, else the 'from' price per night ('$267/night';
 * fees and taxes in both), in a small tag pointing at the spot ('•' when there is no price).
 */
export function markerPin(listing: ListingSummary, stay: StayTotal | null = null): HTMLElement {
  const pin = element('span', 'map-pin__tag', stay ? totalText(stay) : listing.fromNightly > 0 ? formatCents(listing.fromNightly) : '•');
  // A per-night figure says so, so it is not read as a stay's total beside the pins that show one.
  if (!stay && listing.fromNightly > 0) pin.append(element('span', 'map-pin__unit', '/night'));
  pin.setAttribute('aria-hidden', 'true');
  return pin;
}

/** The popup: small photo, the name linking to the listing page, area, bedrooms and sleeps, and the price. */
export function listingPopup(listing: ListingSummary, stay: StayTotal | null = null): HTMLElement {
  const href = `/listing/${listing.slug}`;
  const root = element('div', 'map-popup');
  root.dataset.eid = String(listing.eid);

  const photo = element('img', 'map-popup__photo');
  photo.src = listing.photo.src;
  photo.alt = '';
  photo.width = 240;
  photo.height = 160;
  photo.decoding = 'async';
  root.append(photo);

  const name = element('a', 'map-popup__name', listing.name);
  name.href = href;
  const meta = element(
    'p',
    'map-popup__meta',
    [listing.area, `${listing.bedrooms} ${listing.bedrooms === 1 ? 'bedroom' : 'bedrooms'}`, `sleeps ${listing.sleeps}`].filter(Boolean).join(' · '),
  );
  const price = element('p', 'map-popup__price');
  if (stay) price.append(element('strong', '', totalText(stay)), ' ', element('span', 'price-note', stayTotalNote(stay.nights)));
  else if (listing.fromNightly > 0) price.append('from ', element('strong', '', formatCents(listing.fromNightly)), '/night ', element('span', 'price-note', fromPriceNote(listing.fromNights)));
  root.append(name, meta, price);
  return root;
}
