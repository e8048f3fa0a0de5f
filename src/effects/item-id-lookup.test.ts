import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCartEvent, checkoutStepEvent, listingProduct } from '@/domain/analytics/products';
import { addLineItem, emptyOrder } from '@/domain/order/order';
import type { Price } from '@/domain/pricing/types';
import { forgetItemIds, learnItemIds } from './analytics-item-ids';
import { contentItemIdLookup, ITEM_ID_LOOKUP_MS, itemIdsOf } from './item-id-lookup';

const offer = (eid: number, n: string): Price => ({ eid, p: 1200, c: 'USD', b: '2030-01-01', e: '2030-01-08', n, qp: { rcav: { begin: '2030-01-01', end: '2030-01-08', adult: 2, child: 0 } } });
const listing = { eid: 1002, propertyCode: 'CHC-1002', name: 'Cove Commons 42', fromNightly: 25_000 };

beforeEach(() => forgetItemIds());
afterEach(() => vi.restoreAllMocks());

describe('one id per rental in every analytics event (issue 22)', () => {
  it('names add to cart and checkout by the property code the detail view and impressions use', async () => {
    learnItemIds([[listing.eid, listing.propertyCode]]);
    const lookup = vi.fn(async () => 'NEVER-ASKED');
    const idOf = await itemIdsOf([1002], lookup);
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
    const idOf = await itemIdsOf([1002, 5001, 1002], lookup);
    expect([idOf(1002), idOf(5001)]).toEqual(['CHC-1002', '5001']);
    await itemIdsOf([1002, 5001], lookup);
    expect(lookup.mock.calls.map(([eid]) => eid)).toEqual([1002, 5001]);
  });

  it('goes with the eid when the lookup fails, and asks again next time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = vi.fn(() => Promise.reject(new Error('HTTP 503')));
    expect((await itemIdsOf([1002], failing))(1002)).toBe('1002');
    expect(warn).toHaveBeenCalledTimes(1);
    const answering = vi.fn(async () => 'CHC-1002');
    expect((await itemIdsOf([1002], answering))(1002)).toBe('CHC-1002');
  });

  it("asks the content API for an item's property code: null for an item without one, a failure after ITEM_ID_LOOKUP_MS without an answer", async () => {
    const answers: Record<string, () => Promise<Response>> = {
      '1002': async () => Response.json({ eid: 1002, kind: 'unit', propertyCode: 'CHC-1002', name: 'Cove Commons 42' }),
      '5001': async () => Response.json({ eid: 5001, kind: 'activity', name: 'Kayak tour' }),
      '999': async () => Response.json({ statusCode: 404, error: 'Not Found', message: 'No such content' }, { status: 404 }),
    };
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      const eid = new URL(url, 'http://site.test').searchParams.get('eid') ?? '';
      const answer = answers[eid];
      if (answer) return answer();
      // No answer until the request is given up.
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    });
    vi.stubGlobal('fetch', fetch);
    vi.useFakeTimers();
    try {
      expect(await contentItemIdLookup(1002)).toBe('CHC-1002');
      expect(await contentItemIdLookup(5001)).toBeNull();
      expect(await contentItemIdLookup(999)).toBeNull();
      expect(fetch.mock.calls[0]?.[0]).toBe('/api/content/item?eid=1002');
      const slow = contentItemIdLookup(1003);
      const failed = expect(slow).rejects.toThrow();
      await vi.advanceTimersByTimeAsync(ITEM_ID_LOOKUP_MS);
      await failed;
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
