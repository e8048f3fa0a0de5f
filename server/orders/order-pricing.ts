/**
 * Re-pricing a Trips Collection on the server: every offer it names is priced again by the
 * pricing engine (a price sent by the client is never trusted), for a shared order opened, an
 * order verified before checkout, and checkout itself. The routes (./routes.ts), checkout
 * (server/checkout/) and the engine's adapter (./pricing-adapter.ts) all depend on this module,
 * and it on none of them.
 */
import type { StayQuote } from '../../src/domain/content.ts';
import { toCents } from '../../src/domain/money.ts';
import { addLineItem, emptyOrder, lineItems, removeLineItem, replaceLineItem, type Order } from '../../src/domain/order/order.ts';
import { stayLabel, type PriceChange } from '../../src/domain/order/verification.ts';
import { toQueryString } from '../../src/domain/pricing/query.ts';
import type { Price } from '../../src/domain/pricing/types.ts';
import type { ProtectionOffer } from '../pricing/engine.ts';
import type { SharedItem } from './order-store.ts';

/** What checkout needs of a re-priced line item besides its wire price: the itemised quote and its protection. */
export interface PricedStay {
  quote: StayQuote;
  /** The unit whose nights the stay occupies; null for an activity. */
  unitEid: number | null;
  /** The package of a package stay. */
  packageEid: number | null;
  protection: { ti: ProtectionOffer | null; dp: ProtectionOffer | null };
}

/**
 * Re-prices a price's query params with the pricing engine (the raw bracket-form query string).
 * `stay` carries the itemised quote and protection checkout needs. When the offer cannot be had,
 * `message` says why in a guest's words (a sentence, no parameter names), `detail` in the API's
 * (naming the parameter) when the query itself is wrong, and `reason` is 'input' for a query that
 * is not valid, 'past' or 'gone', else the engine's problem (e.g. 'booked').
 */
export interface OrderPricing {
  price(rawQuery: string): Promise<{ ok: true; price: Price; stay?: PricedStay } | { ok: false; message: string; detail?: string; reason?: string }>;
}

/** Name and dates of a shared offer, for saying which one is no longer available or costs more. */
export function offerLabel(item: SharedItem): string {
  const { begin, end } = item.qp.rcav;
  return stayLabel(item.n, begin, end);
}

/**
 * Prices a share's offers again: those still available at today's price, in their order, and
 * what changed since it was shared (a price, or an offer no longer available, named).
 */
export async function priceSharedItems(items: readonly SharedItem[], pricing: OrderPricing): Promise<{ order: Order; changes: PriceChange[] }> {
  let order = emptyOrder();
  const changes: PriceChange[] = [];
  for (const [index, item] of items.entries()) {
    const priced = await pricing.price(toQueryString(item.qp));
    if (!priced.ok) {
      changes.push({ key: `ind-${index}`, n: offerLabel(item), was: item.p, now: null, problem: priced.message.slice(0, 500) });
      continue;
    }
    const added = addLineItem(order, priced.price);
    order = added.order;
    if (added.key !== null && toCents(priced.price.p) !== toCents(item.p)) changes.push({ key: added.key, n: offerLabel(item), was: item.p, now: priced.price.p });
  }
  return { order, changes };
}


export interface VerifiedOrder {
  order: Order;
  changes: PriceChange[];
  /** The priced stay of every line item still in the order, by key (when the pricing gives one). */
  stays: Map<string, PricedStay>;
  /** Why each removed line item can no longer be had, by key (see OrderPricing). */
  reasons: Map<string, string>;
}

/**
 * Re-prices every line item from its qp, in key order: a changed price replaces the line item,
 * an offer that can no longer be had is removed. Totals are recomputed to the cent.
 */
export async function verifyOrder(order: Order, pricing: OrderPricing): Promise<VerifiedOrder> {
  const changes: PriceChange[] = [];
  const stays = new Map<string, PricedStay>();
  const reasons = new Map<string, string>();
  let checked = order;
  for (const [key, item] of lineItems(order)) {
    const priced = await pricing.price(toQueryString(item.qp));
    const name = stayLabel(item.n ?? `Item ${item.eid}`, item.b, item.e);
    if (!priced.ok) {
      changes.push({ key, n: name, was: item.p, now: null, problem: priced.message });
      reasons.set(key, priced.reason ?? 'unavailable');
      checked = removeLineItem(checked, key);
      continue;
    }
    if (priced.stay) stays.set(key, priced.stay);
    if (toCents(priced.price.p) !== toCents(item.p)) {
      changes.push({ key, n: name, was: item.p, now: priced.price.p });
      checked = replaceLineItem(checked, key, priced.price);
    }
  }
  return { order: checked, changes, stays, reasons };
}
