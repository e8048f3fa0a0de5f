import { describe, expect, it } from 'vitest';
import { lexicographicSort, numericSort, priceSort, priceSortValue, randomSort, type PricingRange } from './item-sort';

interface Item {
  id: string;
  value: unknown;
}
const items = (...values: unknown[]): Item[] => values.map((value, i) => ({ id: `i${i}`, value }));
const ids = (list: Item[]) => list.map((item) => item.id);

describe('numericSort', () => {
  it.each([
    ['ascending', [3, 1, 2], false, ['i1', 'i2', 'i0']],
    ['descending', [3, 1, 2], true, ['i0', 'i2', 'i1']],
    ['numeric strings as numbers', ['10', '9', '100'], false, ['i1', 'i0', 'i2']],
    ['decimals and negatives', [1.5, -2, 1.25], false, ['i1', 'i2', 'i0']],
    ['missing values last ascending', [2, null, 1, undefined, 'abc', ''], false, ['i2', 'i0', 'i1', 'i3', 'i4', 'i5']],
    ['missing values last descending', [2, null, 1, Number.NaN], true, ['i0', 'i2', 'i1', 'i3']],
    ['ties in their order ascending', [1, 2, 1, 1], false, ['i0', 'i2', 'i3', 'i1']],
    ['ties in their order descending', [1, 2, 1, 1], true, ['i1', 'i0', 'i2', 'i3']],
  ])('%s', (_title, values, descending, expected) => {
    expect(ids(numericSort(items(...values), (item) => item.value, descending))).toEqual(expected);
  });

  it('returns a new array', () => {
    const list = items(2, 1);
    expect(numericSort(list, (item) => item.value)).not.toBe(list);
    expect(ids(list)).toEqual(['i0', 'i1']);
  });
});

describe('lexicographicSort', () => {
  it.each([
    ['trimmed and case-insensitive', ['  banana', 'Apple', 'cherry  ', 'apple'], false, ['i1', 'i3', 'i0', 'i2']],
    ['descending, ties kept in order', ['b', 'A', 'a', 'c'], true, ['i3', 'i0', 'i1', 'i2']],
    ['accented letters after their base letter', ['eclair', 'éclair', 'ecume'], false, ['i0', 'i1', 'i2']],
    ['missing text first', ['b', null, 'a'], false, ['i1', 'i2', 'i0']],
  ])('%s', (_title, values, descending, expected) => {
    expect(ids(lexicographicSort(items(...values), (item) => item.value as string | null, descending))).toEqual(expected);
  });
});

describe('randomSort', () => {
  it('shuffles with the injected random numbers (Fisher–Yates)', () => {
    const sequence = [0.9, 0.1, 0.5];
    let i = 0;
    expect(randomSort(['a', 'b', 'c', 'd'], () => sequence[i++] ?? 0)).toEqual(['c', 'b', 'a', 'd']);
  });

  it('keeps every item exactly once whatever random returns', () => {
    for (const value of [0, 0.5, 0.999999, 1, -1, Number.NaN]) {
      expect(randomSort(['a', 'b', 'c', 'd', 'e'], () => value).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    }
  });

  it('is the identity when random always picks the last place', () => {
    expect(randomSort(['a', 'b', 'c'], () => 0.999999)).toEqual(['a', 'b', 'c']);
  });
});

describe('price sort (spec §9)', () => {
  it.each([
    [{ range: [120, 300] } as PricingRange, false, 120],
    [{ range: [120, 300] } as PricingRange, true, 300],
    [undefined, false, 0],
    [null, true, 0],
    [{ range: [Number.NaN, 5] } as PricingRange, false, 0],
  ])('sorts %j (descending %s) by %s', (pricing, descending, expected) => {
    expect(priceSortValue(pricing, descending)).toBe(expected);
  });

  const pricing: Record<string, PricingRange | undefined> = {
    a: { range: [200, 400] },
    b: { range: [100, 500] },
    c: undefined,
    d: { range: [150, 450] },
  };

  it('ascending by range minimum, items without pricing at 0', () => {
    expect(priceSort(['a', 'b', 'c', 'd'], (eid) => pricing[eid])).toEqual(['c', 'b', 'd', 'a']);
  });

  it('descending by range maximum, items without pricing at 0', () => {
    expect(priceSort(['a', 'b', 'c', 'd'], (eid) => pricing[eid], true)).toEqual(['b', 'd', 'a', 'c']);
  });
});
