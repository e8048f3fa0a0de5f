import { useMemo } from 'react';
import { lineItems, type LineItem, type Order } from '@/domain/order/order';
import { derivePrice, type PricedOffer } from '@/domain/pricing/derived';
import type { Price } from '@/domain/pricing/types';
import { useOrder } from './order-hooks';

/** The line items in key order, each as a priced offer (for Buy and Quote). */
export function useLineItems(of?: Order): Array<{ key: string; item: LineItem; offer: PricedOffer }> {
  const current = useOrder();
  const order = of ?? current;
  // A line item keeps its object while the order changes around it: so does its offer, and its row need not re-render.
  return useMemo(() => lineItems(order).map(([key, item]) => ({ key, item, offer: offerOf(item) })), [order]);
}

const offers = new WeakMap<LineItem, PricedOffer>();
function offerOf(item: LineItem): PricedOffer {
  let offer = offers.get(item);
  if (!offer) {
    offer = { ...derivePrice(item as Price, null), ...(item as object) } as PricedOffer;
    offers.set(item, offer);
  }
  return offer;
}

