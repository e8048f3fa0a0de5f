/**
 * The DOM of a result map's markers and popups. Leaflet takes plain elements, not React; the
 * listing's fields come from search documents (untrusted), so everything is set as text or
 * as a checked site path (listingFromDocument), never as HTML.
 */
import type { ListingSummary } from '@/domain/content';
import { formatCents } from '@/domain/money';
import type { PricedOffer } from '@/domain/pricing/derived';
import { fromPriceNote, fromPriceWords, shownPriceNote, shownPriceWords } from '@/domain/pricing/shown-prices';
import { formatOfferAmount, type MoneyDisplay } from '@/domain/pricing/texts';

/**
 * The price a pin shows once dates are chosen: the item's lowest offer (what its card shows
 * first) and the site's money display, so the pin says it as the card does (precision, per
 * night with display_type 8).
 */
export interface StayPrice {
  offer: Pick<PricedOffer, 'p' | 'nt' | 'c'>;
  display: MoneyDisplay;
}

// Formatted here, in the map's own deferred code, not in the page's first script.
const amountText = (stay: StayPrice) => formatOfferAmount(stay.offer.p, stay.offer, stay.display);

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
export function markerLabel(listing: ListingSummary, stay: StayPrice | null = null): string {
  if (stay) return `${listing.name}, ${shownPriceWords(stay.display, amountText(stay), stay.offer.nt)}`;
  return listing.fromNightly > 0 ? `${listing.name}, ${fromPriceWords(formatCents(listing.fromNightly), listing.fromNights)}` : listing.name;
}

/**
 * The pin: the stay's total once dates are chosen, else the 'from' price per night ('$267/night';
 * fees and taxes in both), in a small tag pointing at the spot ('•' when there is no price).
 */
export function markerPin(listing: ListingSummary, stay: StayPrice | null = null): HTMLElement {
  const pin = element('span', 'map-pin__tag', stay ? amountText(stay) : listing.fromNightly > 0 ? formatCents(listing.fromNightly) : '•');
  // A per-night figure says so, so it is not read as a stay's total beside the pins that show one.
  if (!stay && listing.fromNightly > 0) pin.append(element('span', 'map-pin__unit', '/night'));
  pin.setAttribute('aria-hidden', 'true');
  return pin;
}

/** The popup: small photo, the name linking to the listing page, area, bedrooms and sleeps, and the price. */
export function listingPopup(listing: ListingSummary, stay: StayPrice | null = null): HTMLElement {
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
  if (stay) price.append(element('strong', '', amountText(stay)), ' ', element('span', 'price-note', shownPriceNote(stay.display, stay.offer.nt)));
  else if (listing.fromNightly > 0) price.append('from ', element('strong', '', formatCents(listing.fromNightly)), '/night ', element('span', 'price-note', fromPriceNote(listing.fromNights)));
  root.append(name, meta, price);
  return root;
}
