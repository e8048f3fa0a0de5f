/**
 * The DOM of a result map's markers and popups. Leaflet takes plain elements, not React; the
 * listing's fields come from search documents (untrusted), so everything is set as text or
 * as a checked site path (listingFromDocument), never as HTML.
 */
import type { ListingSummary } from '@/domain/content';
import { formatCents } from '@/domain/money';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** What a marker says to a screen reader: 'Sea Glass, from $250 a night'. */
export function markerLabel(listing: ListingSummary): string {
  return listing.fromNightly > 0 ? `${listing.name}, from ${formatCents(listing.fromNightly)} a night` : listing.name;
}

/** The pin: the nightly-from price in a small tag pointing at the spot (the name when there is no price). */
export function markerPin(listing: ListingSummary): HTMLElement {
  const pin = element('span', 'map-pin__tag', listing.fromNightly > 0 ? formatCents(listing.fromNightly) : '•');
  pin.setAttribute('aria-hidden', 'true');
  return pin;
}

/** The popup: small photo, the name linking to the listing page, area, bedrooms and sleeps, and the price. */
export function listingPopup(listing: ListingSummary): HTMLElement {
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
  if (listing.fromNightly > 0) price.append('from ', element('strong', '', formatCents(listing.fromNightly)), ' a night');
  root.append(name, meta, price);
  return root;
}
