import { describe, expect, it } from 'vitest';
import { itemSortFor, orderDocuments } from './result-order';

const doc = (eid: number, fields: Record<string, unknown> = {}) => ({ id: `chc1-listings-${eid}`, ss_vrfusion_site_property_code: `P${eid}`, ...fields });
const ids = (docs: { id: string }[]) => docs.map((d) => Number(d.id.split('-').pop()));

describe('itemSortFor (spec §9 item sort options)', () => {
  it.each([
    ['', { kind: 'ranking' }],
    ['fs_rating desc', { kind: 'numeric', field: 'fs_rating', descending: true }],
    ['ss_name asc', { kind: 'lexicographic', field: 'ss_name', descending: false }],
    ['random_3 asc', { kind: 'random', field: 'random_3' }],
    ['sm_amenities asc', { kind: 'search' }],
    ['a asc, b desc', { kind: 'search' }],
  ])('%s', (sort, kind) => expect(itemSortFor(sort)).toEqual(kind));
});

describe('orderDocuments', () => {
  // Catalogue prices say 1 < 2 < 3; the chosen dates' prices say otherwise.
  const docs = [doc(1, { is_price_min: 100, is_price_max: 150 }), doc(2, { is_price_min: 200, is_price_max: 250 }), doc(3, { is_price_min: 300, is_price_max: 350 }), doc(4, { is_price_min: 50, is_price_max: 60 })];
  const pricing = { 'eid-1': { range: [500, 900] as const }, 'eid-2': { range: [400, 450] as const }, 'eid-3': { range: [420, 1000] as const } };

  it('sorts by price by the chosen dates: range minimum ascending, 0 without pricing (spec §9)', () => {
    expect(ids(orderDocuments(docs, null, 'is_price_min asc', pricing))).toEqual([4, 2, 3, 1]);
  });

  it('sorts by price descending by the range maximum', () => {
    expect(ids(orderDocuments(docs, null, 'is_price_max desc', pricing))).toEqual([3, 1, 2, 4]);
  });

  it('uses the catalogue price before dates are chosen', () => {
    expect(ids(orderDocuments(docs, null, 'is_price_min asc', null))).toEqual([4, 1, 2, 3]);
  });

  it('breaks equal date prices by ranking position once the ranking is loaded', () => {
    const same = { 'eid-1': { range: [100, 100] as const }, 'eid-2': { range: [100, 100] as const }, 'eid-3': { range: [90, 100] as const }, 'eid-4': { range: [100, 100] as const } };
    expect(ids(orderDocuments(docs, { rankedIds: ['P4', 'P2', 'P1'], seed: 1 }, 'is_price_min asc', same))).toEqual([3, 4, 2, 1]);
  });

  it('sorts a string field lexicographically, trimmed and case-insensitive', () => {
    const named = [doc(1, { ss_name: 'beach House' }), doc(2, { ss_name: ' Anchor' }), doc(3, { ss_name: 'Cove' })];
    expect(ids(orderDocuments(named, null, 'ss_name asc', null))).toEqual([2, 1, 3]);
    expect(ids(orderDocuments(named, null, 'ss_name desc', null))).toEqual([3, 1, 2]);
  });

  it('orders randomly but the same way for the same seed', () => {
    const many = Array.from({ length: 20 }, (_, i) => doc(i + 1));
    const once = ids(orderDocuments(many, { rankedIds: [], seed: 42 }, 'random_1 asc', null));
    expect(ids(orderDocuments(many, { rankedIds: [], seed: 42 }, 'random_1 asc', null))).toEqual(once);
    expect(once).not.toEqual(ids(many));
    expect([...once].sort((a, b) => a - b)).toEqual(ids(many));
  });
});
