import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCartEvent, checkoutStepEvent, listingProduct } from '@/domain/analytics/products';
import { addLineItem, emptyOrder } from '@/domain/order/order';
import type { Price } from '@/domain/pricing/types';
import { forgetItemIds, learnItemIds } from './analytics-item-ids';
import { ITEM_ID_LOOKUP_MS, itemIdsOf } from './item-id-lookup';

const offer = (eid: number, n: string): Price => ({ eid, p: 1200, c: 'USD', b: '2030-01-01', e: '2030-01-08', n, qp: { rcav: { begin: '2030-01-01', end: '2030-01-08', adult: 2, child: 0 } } });
const listing = { eid: 1002, propertyCode: 'CHC-1002', name: 'Cove Commons 42', fromNightly: 25_000 };

beforeEach(() => forgetItemIds());
afterEach(() => vi.restoreAllMocks());

describe('one id per rental in every analytics event (issue 22)', () => {
  it('names add to cart and checkout by the property code the detail view and impressions use', async () => {
    learnItemIds([[listing.eid, listing.propertyCode]]);
    const lookup = vi.fn(async () => 'NEVER-ASKED');
    const idOf = await firstValueFrom(itemIdsOf([1002], lookup));
    const viewed = listingProduct(listing).item_id;
    const shown = listingProduct(listing, { list: 'Search results', index: 0 }).item_id;
    const added = addToCartEvent(offer(1002, listing.name), 'Details', '/listing/cove-commons-42', 1, idOf).params.items?.[0]?.item_id;
    const { order } = addLineItem(emptyOrder(), offer(1002, listing.name));
    const checkedOut = checkoutStepEvent(order, 1, '/rescms/order/checkout', 2, idOf).params.items?.[0]?.item_id;
    expect(new Set([viewed, shown, added, checkedOut])).toEqual(new Set(['CHC-1002']));
    expect(lookup).not.toHaveBeenCalled();
  });

  it('asks once for an eid the page has not shown (a checkout), and names an item without a code by its eid', async () => {
    const lookup = vi.fn(async (eid: number) => (eid === 1002 ? 'CHC-1002' : null));
    const idOf = await firstValueFrom(itemIdsOf([1002, 5001, 1002], lookup));
    expect([idOf(1002), idOf(5001)]).toEqual(['CHC-1002', '5001']);
    await firstValueFrom(itemIdsOf([1002, 5001], lookup));
    expect(lookup.mock.calls.map(([eid]) => eid)).toEqual([1002, 5001]);
  });

  it('goes with the eid when the lookup fails or takes too long, and asks again next time', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const failing = vi.fn(() => Promise.reject(new Error('HTTP 503')));
      expect((await firstValueFrom(itemIdsOf([1002], failing)))(1002)).toBe('1002');
      const slow = vi.fn(() => new Promise<string>(() => {}));
      const late = firstValueFrom(itemIdsOf([1002], slow));
      await vi.advanceTimersByTimeAsync(ITEM_ID_LOOKUP_MS);
      expect((await late)(1002)).toBe('1002');
      expect(warn).toHaveBeenCalledTimes(2);
      const answering = vi.fn(async () => 'CHC-1002');
      expect((await firstValueFrom(itemIdsOf([1002], answering)))(1002)).toBe('CHC-1002');
    } finally {
      vi.useRealTimers();
    }
  });
});
