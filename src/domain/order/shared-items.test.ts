import { describe, expect, it } from 'vitest';
import { addLineItem, emptyOrder, type LineItem } from './order';
import { sharedItemsOf, withSharedPrices } from './shared-items';

describe('the shared items event (spec §4)', () => {
  it("attaches each item's first price, rounded to 2 decimals, for rc_core_item", () => {
    const items = [
      { id: 1, prices: [{ p: 1234.567 }, { p: 9 }] },
      { id: 2, prices: [{ p: 0.1 + 0.2 }] },
      { id: 3, prices: [{ p: 10.005 }] },
    ];
    expect(withSharedPrices('rc_core_item', items as Array<{ id: number; prices: Array<{ p: number }>; price?: number }>).map((item) => item.price)).toEqual([1234.57, 0.3, 10.01]);
  });
  it('leaves other item types and items without prices as they are', () => {
    const items = [{ id: 1, prices: [{ p: 1.234 }] }];
    expect(withSharedPrices('node', items)).toEqual(items);
    expect(withSharedPrices('rc_core_item', [{ id: 2 }])).toEqual([{ id: 2 }]);
  });
  it("shares an order's line items in key order", () => {
    const a = { eid: 7, n: 'Sea Glass Cottage', p: 1400.5, b: '2026-12-01', e: '2026-12-08', qp: { rcav: { begin: '2026-12-01', adult: 2, child: 0 } } } as LineItem;
    const b = { ...a, eid: 8, n: 'Kayak tour', p: 90 } as LineItem;
    const order = addLineItem(addLineItem(emptyOrder(), a).order, b).order;
    expect(sharedItemsOf(order)).toEqual([
      { id: 7, name: 'Sea Glass Cottage', prices: [{ p: 1400.5 }], price: 1400.5 },
      { id: 8, name: 'Kayak tour', prices: [{ p: 90 }], price: 90 },
    ]);
  });
});
