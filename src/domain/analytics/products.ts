/**
 * Spec §3 Analytics product (id, price, list, position) as GA4 items, from what the pages show.
 * A rental has one id in every event (issue 22): its property code, the id the ranking counts.
 * Listings (result cards, the detail page) carry it; offers (add to cart, checkout) carry only
 * their item's eid, so their events are made with `itemIdOf`, which the analytics effects answer
 * (src/effects/analytics-item-ids.ts). An item without a code (an activity) goes by its eid.
 */
import type { AnalyticsEvent, AnalyticsProduct } from './events';
import type { Order } from '../order/order';
import type { Price } from '../pricing/types';

/** The list name of the search results (GA4 item_list_name). */
export const SEARCH_RESULTS_LIST = 'Search results';

const money = (amount: number): number | undefined => (Number.isFinite(amount) && amount >= 0 && amount <= 1e9 ? Math.round(amount * 100) / 100 : undefined);
const currencyOf = (code: string | undefined): string => (code && /^[A-Z]{3}$/.test(code) ? code : 'USD');

/** A listing: its property code, name, nightly price from (cents), and where it was in which list. */
export function listingProduct(listing: { propertyCode: string; name: string; fromNightly: number }, place?: { list: string; index: number }): AnalyticsProduct {
  const price = money(listing.fromNightly / 100);
  return {
    item_id: listing.propertyCode.slice(0, 64),
    item_name: listing.name.slice(0, 200),
    ...(price !== undefined ? { price, currency: 'USD' } : {}),
    ...(place ? { item_list_name: place.list.slice(0, 100), index: Math.min(Math.max(0, Math.trunc(place.index)), 10_000) } : {}),
  };
}

/** The id of an item by its eid: the rental's property code (else the eid). */
export type ItemIdOf = (eid: number) => string;

/** An offer (a line item): its item's id, name and price of the stay. */
export function offerProduct(offer: Pick<Price, 'eid' | 'p' | 'c' | 'n'>, itemIdOf: ItemIdOf): AnalyticsProduct {
  const price = money(offer.p);
  return {
    item_id: (itemIdOf(offer.eid) || String(offer.eid)).slice(0, 64),
    ...(offer.n ? { item_name: offer.n.slice(0, 200) } : {}),
    ...(price !== undefined ? { price, currency: currencyOf(offer.c) } : {}),
    quantity: 1,
  };
}

const ADD_FROM = { List: 'list', Details: 'details', 'Detailed Quote': 'quote' } as const;

/** add_to_cart from the List, the Details or the Detailed Quote (spec §1). */
export function addToCartEvent(offer: Pick<Price, 'eid' | 'p' | 'c' | 'n'>, from: keyof typeof ADD_FROM, page: string, at: number, itemIdOf: ItemIdOf): AnalyticsEvent {
  const item = offerProduct(offer, itemIdOf);
  return { name: 'add_to_cart', at, page, params: { from: ADD_FROM[from], items: [item], ...(item.price !== undefined ? { value: item.price, currency: item.currency } : {}) } };
}

/** A checkout step (spec §3: step, product): 1 begins the checkout, later steps are its progress. */
export function checkoutStepEvent(order: Order, step: number, page: string, at: number, itemIdOf: ItemIdOf): AnalyticsEvent {
  const items = Object.values(order.lis)
    .slice(0, 50)
    .map((line) => offerProduct(line, itemIdOf));
  const value = money(order.litot);
  return {
    name: step === 1 ? 'begin_checkout' : 'checkout_progress',
    at,
    page,
    params: { step, items, ...(value !== undefined ? { value, currency: currencyOf(Object.values(order.lis)[0]?.c) } : {}) },
  };
}

/** A search the visitor ran: the typed text (may be empty) and numFound. */
export function searchEvent(term: string, results: number, page: string, at: number): AnalyticsEvent {
  return { name: 'search', at, page, params: { search_term: term.trim().slice(0, 200), results: Math.max(0, Math.trunc(results)) } };
}
