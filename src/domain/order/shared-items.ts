/**
 * The shared items event (spec §4): when the item type is 'rc_core_item', the first price of
 * each shared item is rounded to 2 decimals and attached to it.
 */
import { fromCents, toCents } from '@/domain/money';
import { lineItems, type Order } from './order';

export const RC_CORE_ITEM = 'rc_core_item';

export interface SharedItem {
  id: number | string;
  name?: string;
  prices?: ReadonlyArray<{ p: number }>;
  /** Attached for 'rc_core_item': the first price, rounded to 2 decimals. */
  price?: number;
}

/**
 * The items with their first price attached (rounded to the cent) when the type is 'rc_core_item';
 * other types, and items without a price, are returned as they are.
 *
 * @example withSharedPrices('rc_core_item', [{ id: 1, prices: [{ p: 1234.567 }] }]) // [{ id: 1, prices: [...], price: 1234.57 }]
 */
export function withSharedPrices<T extends SharedItem>(type: string, items: readonly T[]): T[] {
  if (type !== RC_CORE_ITEM) return [...items];
  return items.map((item) => {
    const first = item.prices?.[0]?.p;
    if (typeof first !== 'number' || !Number.isFinite(first)) return item;
    return { ...item, price: fromCents(toCents(first)) };
  });
}

/** The line items of an order as shared items of type 'rc_core_item', in key order. */
export function sharedItemsOf(order: Order): SharedItem[] {
  return withSharedPrices(
    RC_CORE_ITEM,
    lineItems(order).map(([, item]) => ({ id: item.eid, name: item.n ?? item.dn ?? `Item ${item.eid}`, prices: [{ p: item.p }] })),
  );
}
