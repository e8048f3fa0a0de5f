import type { PricedOffer } from '@/domain/pricing/derived';

/**
 * Asked on the document when a pricing display wants an offer in the Trips Collection (spec §2:
 * Add, the Summary trigger, the Detailed Quote's 'Add to Trips Collection'). The order (issue 5)
 * listens for it; `detail.from` is the analytics list: 'List', 'Details' or 'Detailed Quote'.
 */
export const ORDER_ADD_REQUEST_EVENT = 'rcorder:add:requested';

export interface OrderAddRequest {
  offer: PricedOffer;
  from: 'List' | 'Details' | 'Detailed Quote';
}

/** The shared items event (spec §4), with `{ type: 'rc_core_item', items }`. */
export const SHARED_ITEMS_EVENT = 'rcorder:items:shared';
