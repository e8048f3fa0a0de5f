import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCents } from '@/domain/money';
import { addLineItem, replaceLineItem, decodeOrder, emptyOrder, encodeOrder, lineItems, MAX_LINE_ITEMS, parseOrder, removeLineItem, type LineItem } from './order';

const price = (p: number, eid = 1001): LineItem => ({
  eid,
  p,
  c: 'USD',
  b: '2026-12-01',
  e: '2026-12-08',
  n: 'Sea Glass Cottage',
  dn: 'Standard rate',
  qp: { rcav: { begin: '2026-12-01', end: '2026-12-08', adult: 2, child: 0, IDs: [eid] } },
});

describe('order rules (spec §3, §4 local mode)', () => {
  it('adds under the first free ind-N key, counts and totals to the cent', () => {
    let order = emptyOrder();
    order = addLineItem(order, price(0.1)).order;
    order = addLineItem(order, price(0.2)).order;
    expect(Object.keys(order.lis)).toEqual(['ind-0', 'ind-1']);
    expect(order.lict).toBe(2);
    expect(order.litot).toBe(0.3);
    order = removeLineItem(order, 'ind-0');
    expect(order).toMatchObject({ lict: 1, litot: 0.2 });
    const { order: again, key } = addLineItem(order, price(1234.56));
    expect(key).toBe('ind-0');
    expect(again.litot).toBe(1234.76);
    expect(lineItems(again).map(([k]) => k)).toEqual(['ind-0', 'ind-1']);
  });

  it('replaces a re-priced line item in place, adjusting the total to the cent', () => {
    const order = addLineItem(addLineItem(emptyOrder(), price(100.1)).order, price(0.2)).order;
    const replaced = replaceLineItem(order, 'ind-0', price(99.99));
    expect(replaced.lis['ind-0']?.p).toBe(99.99);
    expect(replaced).toMatchObject({ lict: 2, litot: 100.19 });
    expect(replaceLineItem(order, 'ind-9', price(1))).toBe(order);
  });

  it('leaves the order as it is for an unknown key, and refuses more than the maximum', () => {
    const order = addLineItem(emptyOrder(), price(10)).order;
    expect(removeLineItem(order, 'ind-7')).toBe(order);
    let full = emptyOrder();
    for (let i = 0; i < MAX_LINE_ITEMS; i++) full = addLineItem(full, price(1)).order;
    expect(addLineItem(full, price(1))).toEqual({ order: full, key: null });
  });

  it('keeps litot exact to the cent over any adds and removes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000_000 }), { maxLength: 30 }), fc.array(fc.nat(40)), (cents, removals) => {
        let order = emptyOrder();
        for (const c of cents) order = addLineItem(order, price(c / 100)).order;
        for (const r of removals) order = removeLineItem(order, `ind-${r}`);
        const sum = Object.values(order.lis).reduce((total, item) => total + toCents(item.p), 0);
        expect(toCents(order.litot)).toBe(sum);
        expect(order.lict).toBe(Object.keys(order.lis).length);
      }),
    );
  });
});

describe('parseOrder and the base64 form', () => {
  it('round-trips an order through base64, non-ASCII names included', () => {
    const order = addLineItem(emptyOrder(), { ...price(950.5), n: 'Café Dune — “Sea” 🌊' }).order;
    expect(decodeOrder(encodeOrder(order))).toEqual({ ok: true, value: order });
    expect(encodeOrder(emptyOrder())).toBe('eyJsaWN0IjowLCJsaXMiOnt9LCJsaXRvdCI6MH0=');
  });

  it('recomputes counts and totals, so a tampered total cannot stand', () => {
    const order = addLineItem(emptyOrder(), price(100)).order;
    expect(parseOrder({ ...order, lict: 9, litot: 1, tot: 5 })).toEqual({ ok: true, value: order });
    expect(parseOrder({ ...order, tot: 120 }, { trustTotal: true })).toEqual({ ok: true, value: { ...order, tot: 120 } });
  });

  it.each([
    ['not an object', 'x'],
    ['missing lis', { lict: 0, litot: 0 }],
    ['a bad key', { lict: 1, lis: { evil: price(1) }, litot: 1 }],
    ['a bad price', { lict: 1, lis: { 'ind-0': { ...price(1), p: 'free' } }, litot: 1 }],
    ['a bad date', { lict: 1, lis: { 'ind-0': { ...price(1), b: '2026-12-01T00:00' } }, litot: 1 }],
    ['no rcav', { lict: 1, lis: { 'ind-0': { ...price(1), qp: {} } }, litot: 1 }],
  ])('refuses %s with a clear error', (_name, input) => {
    const parsed = parseOrder(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/^Invalid order: /);
  });

  it.each([
    ['an empty text', '', 'empty'],
    ['text that is not base64', '%%%', 'not base64'],
    ['cut-off JSON', btoa('{"lict":'), 'could not be read'],
    ['bytes that are not UTF-8', btoa('\xff\xfe'), 'could not be read'],
    ['100 kB of text', 'A'.repeat(100_000), 'too large'],
    ['just over 16 KB', 'A'.repeat(16 * 1024 + 4), 'too large'],
    ['a __proto__ key', btoa('{"lict":0,"lis":{},"litot":0,"__proto__":{"polluted":1}}'), 'the key __proto__ is not allowed'],
    ['a constructor key in a line item', btoa(JSON.stringify({ lict: 1, litot: 1, lis: { 'ind-0': { ...price(1), constructor: { prototype: 1 } } } })), 'the key constructor is not allowed'],
    ['a price that is not finite', btoa('{"lict":1,"litot":1,"lis":{"ind-0":{"eid":1,"p":1e999,"b":"2026-12-01","e":"2026-12-08","qp":{"rcav":{"begin":"2026-12-01"}}}}}'), 'Invalid order'],
    ['line items as a list', btoa('{"lict":0,"lis":[],"litot":0}'), 'Invalid order'],
  ])('refuses a shared order of %s', (_name, encoded, error) => {
    const decoded = decodeOrder(encoded);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error).toContain(error);
  });

  it('leaves no prototype touched by a hostile order', () => {
    decodeOrder(btoa('{"lict":0,"lis":{},"litot":0,"__proto__":{"polluted":1}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads the URL-safe alphabet and missing padding', () => {
    const order = addLineItem(emptyOrder(), price(19.99)).order;
    const urlSafe = encodeOrder(order).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeOrder(urlSafe)).toEqual({ ok: true, value: order });
  });
});
