/**
 * Sorting result items in the page (spec §9 Item sort options and Money and dates "Price sort").
 * Every sort returns a new array and is stable: equal items keep their order, ascending or
 * descending (descending inverts the comparison, not the array).
 */

// Made on first use, not as the module loads (issue 24: a Collator loads the locale's data).
let lexicographicMade: Intl.Collator | null = null;
const lexicographic = { compare: (a: string, b: string) => (lexicographicMade ??= new Intl.Collator('en', { sensitivity: 'accent' })).compare(a, b) };

function direction(descending: boolean): 1 | -1 {
  return descending ? -1 : 1;
}

/**
 * Numeric sort. Values that are not finite numbers (missing, NaN, non-numeric strings) go
 * last in both directions.
 *
 * @example numericSort([{ n: 3 }, { n: 1 }, { n: null }], (item) => item.n) // [{ n: 1 }, { n: 3 }, { n: null }]
 */
export function numericSort<T>(items: readonly T[], value: (item: T) => unknown, descending = false): T[] {
  const key = (item: T): number | null => {
    const raw = value(item);
    const number = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    return typeof number === 'number' && Number.isFinite(number) ? number : null;
  };
  const sign = direction(descending);
  return [...items]
    .map((item) => ({ item, key: key(item) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) return Number(a.key === null) - Number(b.key === null);
      return sign * (a.key - b.key);
    })
    .map(({ item }) => item);
}

/**
 * Lexicographic sort, trimmed and case-insensitive (spec §9), by the 'en' collator.
 *
 * @example lexicographicSort([' banana', 'Apple', 'cherry '], (s) => s) // ['Apple', ' banana', 'cherry ']
 */
export function lexicographicSort<T>(items: readonly T[], value: (item: T) => string | null | undefined, descending = false): T[] {
  const sign = direction(descending);
  return [...items]
    .map((item) => ({ item, key: (value(item) ?? '').trim() }))
    .sort((a, b) => sign * lexicographic.compare(a.key, b.key))
    .map(({ item }) => item);
}

/**
 * Random order (Fisher–Yates) from an injected `random` returning numbers in [0, 1).
 *
 * @example randomSort(['a', 'b', 'c'], () => 0) // ['b', 'c', 'a']
 */
export function randomSort<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const r = random();
    const j = Math.min(i, Math.max(0, Math.floor((Number.isFinite(r) ? r : 0) * (i + 1))));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/** The pricing of an item as stored per eid (spec §3 Item pricing): range = [minimum p, maximum p]. */
export interface PricingRange {
  range: readonly [number, number];
}

/**
 * The price an item sorts by (spec §9): its range minimum ascending, its range maximum
 * descending, 0 when it has no pricing.
 *
 * @example priceSortValue({ range: [120, 300] }, true) // 300
 */
export function priceSortValue(pricing: PricingRange | null | undefined, descending: boolean): number {
  if (pricing === null || pricing === undefined) return 0;
  const value = descending ? pricing.range[1] : pricing.range[0];
  return Number.isFinite(value) ? value : 0;
}

/**
 * Price sort (spec §9): by range minimum ascending or range maximum descending, 0 without pricing.
 *
 * @example priceSort(['a', 'b'], (eid) => ({ a: { range: [200, 400] }, b: { range: [100, 500] } })[eid], true) // ['b', 'a']
 */
export function priceSort<T>(items: readonly T[], pricing: (item: T) => PricingRange | null | undefined, descending = false): T[] {
  return numericSort(items, (item) => priceSortValue(pricing(item), descending), descending);
}
