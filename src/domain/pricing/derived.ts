/**
 * Item pricing and the derived fields of a price (spec §3 Price / offer, Item pricing), computed
 * from the avail/search answer. Amounts stay in currency units with two decimals; every division
 * is done in cents and rounded to the cent.
 */
import { toCents } from '../money';
import { dateToMs, nightsBetween, toIsoDate } from './dates';
import { itemBuyURL, itemURLHash } from './item-links';
import { reducePrices, type ReductionMode } from './reductions';
import type { AvailItem, OfferGroupInfo, Price, Rcav } from './types';

/** A price with the fields the client derives (spec §3). */
export interface PricedOffer extends Price {
  /** Begin and end timestamps in milliseconds. */
  bt: number;
  et: number;
  /** Nights: round((end - begin) / 86400 s). */
  nt: number;
  /** Weeks: nights / 7. */
  wk: number;
  /** Price per night, per week, per person, per person per night. */
  ppn: number;
  ppw: number;
  ppp: number;
  pppn: number;
  /** IDs has an entry at index 2. */
  has_package: boolean;
  /** The begin date differs from the last search's rcav.begin. */
  is_alternate: boolean;
  has_coupon: boolean;
  /** s > 0. */
  has_savings: boolean;
  itemBuyURL: string;
  itemURLHash: string;
}

/** One item's pricing, stored under 'eid-{eid}' (spec §3 Item pricing). */
export interface ItemPricing {
  eid: number;
  prices: PricedOffer[];
  /** [minimum p, maximum p]; [0, 0] when there is no price. */
  range: [number, number];
  groups: OfferGroupInfo[];
}

export type PricingByItem = Record<string, ItemPricing>;

/** The key an item's pricing is stored under: 'eid-{eid}'. */
export const pricingKey = (eid: number | string): string => `eid-${eid}`;

/** amount / divisor, rounded to the cent; the amount itself when the divisor is not positive. */
export function divideToCent(amount: number, divisor: number): number {
  if (!(divisor > 0)) return amount;
  return Math.round(toCents(amount) / divisor) / 100;
}

/** Guests of a price: adult + child (+ senior, from rcav or the qp). */
export function guestsOf(price: Pick<Price, 'qp'>): number {
  const { rcav, senior } = price.qp;
  return (rcav.adult || 0) + (rcav.child || 0) + (rcav.senior ?? senior ?? 0);
}

/**
 * Adds the derived fields to a price. `searchBegin` is the last search's rcav.begin.
 *
 * @example derivePrice({ eid: 1, p: 1400, b: '2026-12-01', e: '2026-12-08', qp: { rcav: { begin: '2026-12-01', adult: 2, child: 0 } } }, '2026-12-01')
 * // { …, nt: 7, wk: 1, ppn: 200, ppw: 1400, ppp: 700, pppn: 100, is_alternate: false, … }
 */
export function derivePrice(price: Price, searchBegin: string | null): PricedOffer {
  const bt = dateToMs(price.b) ?? 0;
  const et = dateToMs(price.e) ?? bt;
  const nt = Math.max(0, nightsBetween(price.b, price.e) ?? 0);
  const wk = nt / 7;
  const guests = guestsOf(price);
  const ppp = divideToCent(price.p, guests);
  const begin = searchBegin === null ? null : toIsoDate(searchBegin);
  const ids = price.qp.rcav.IDs;
  return {
    ...price,
    bt,
    et,
    nt,
    wk,
    ppn: divideToCent(price.p, nt),
    ppw: nt > 0 ? Math.round((toCents(price.p) * 7) / nt) / 100 : price.p,
    ppp,
    pppn: nt > 0 && guests > 0 ? Math.round(toCents(price.p) / (guests * nt)) / 100 : ppp,
    has_package: Boolean(ids && ids.length > 2 && ids[2]),
    is_alternate: begin !== null && toIsoDate(price.b) !== begin,
    has_coupon: typeof price.qp.rcav.coupon === 'string' && price.qp.rcav.coupon.trim() !== '',
    has_savings: (price.s ?? 0) > 0,
    itemBuyURL: itemBuyURL(price.eid, price.qp),
    itemURLHash: itemURLHash(price.qp),
  };
}

/** [minimum p, maximum p] of the prices; [0, 0] when there are none. */
export function priceRange(prices: ReadonlyArray<Pick<Price, 'p'>>): [number, number] {
  if (prices.length === 0) return [0, 0];
  let min = Infinity;
  let max = -Infinity;
  for (const { p } of prices) {
    if (p < min) min = p;
    if (p > max) max = p;
  }
  return [min, max];
}

/** One item of the avail/search answer as item pricing: prices reduced by mode, then derived. */
export function itemPricing(item: AvailItem, mode: ReductionMode, search: Pick<Rcav, 'begin'> | null): ItemPricing {
  const prices = reducePrices(item.prices, mode).map((price) => derivePrice(price, search?.begin ?? null));
  return { eid: item.eid, prices, range: priceRange(prices), groups: item.groups ?? [] };
}

/**
 * The pricing of a whole answer, keyed 'eid-{eid}' (spec §3 Item pricing).
 *
 * @example pricingByItem([{ eid: 1001, prices: [...] }], 'all', { begin: '2026-12-01' })['eid-1001'].range // [1400, 1650]
 */
export function pricingByItem(items: readonly AvailItem[], mode: ReductionMode, search: Pick<Rcav, 'begin'> | null): PricingByItem {
  const pricing: PricingByItem = {};
  for (const item of items) pricing[pricingKey(item.eid)] = itemPricing(item, mode, search);
  return pricing;
}

/** The avail/search answer items behind a pricing (for storage: derived fields are recomputed on restore). */
export function itemsOfPricing(pricing: PricingByItem): AvailItem[] {
  return Object.values(pricing).map(({ eid, prices, groups }) => ({
    eid,
    groups,
    prices: prices.map((price): Price => {
      const wire: Price = { eid: price.eid, p: price.p, b: price.b, e: price.e, qp: price.qp };
      for (const key of ['s', 'c', 'n', 'dn', 'dd', 'og', 'show_in_modal', 'show_in_addition'] as const) {
        if (price[key] !== undefined) (wire as unknown as Record<string, unknown>)[key] = price[key];
      }
      return wire;
    }),
  }));
}

/** Whether two stays are the same search (dates and guests), so that one item's answer can join another's. */
export function sameStay(a: Rcav | undefined, b: Rcav | undefined): boolean {
  if (!a || !b) return false;
  return (
    toIsoDate(a.begin) === toIsoDate(b.begin) &&
    (a.end ? toIsoDate(a.end) : null) === (b.end ? toIsoDate(b.end) : null) &&
    (a.nights ?? null) === (b.nights ?? null) &&
    a.adult === b.adult &&
    a.child === b.child &&
    (a.senior ?? 0) === (b.senior ?? 0) &&
    (a.coupon ?? '') === (b.coupon ?? '')
  );
}
