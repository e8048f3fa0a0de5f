import { dateToMs } from './dates';

/** How several prices of one item are reduced (spec §7 Availability: all, first, low, low_day). */
export type ReductionMode = 'all' | 'first' | 'low' | 'low_day';

/**
 * Reduces an item's prices by mode: 'all' (the default) keeps them all, 'first' the first one,
 * 'low' the lowest p, 'low_day' the lowest p for each begin timestamp (both date forms are the same day) (in the order the days first
 * appear). Ties keep the earlier price.
 *
 * @example reducePrices([{ p: 900, b: '2026-12-01' }, { p: 700, b: '2026-12-01' }], 'low') // [{ p: 700, … }]
 */
export function reducePrices<T extends { p: number; b: string }>(prices: readonly T[], mode: ReductionMode = 'all', beginOf: (price: T) => number | string = (price) => dateToMs(price.b) ?? price.b): T[] {
  if (prices.length === 0) return [];
  switch (mode) {
    case 'first':
      return [prices[0] as T];
    case 'low':
      return [prices.reduce((low, price) => (price.p < low.p ? price : low))];
    case 'low_day': {
      const byDay = new Map<number | string, T>();
      for (const price of prices) {
        const day = beginOf(price);
        const low = byDay.get(day);
        if (!low || price.p < low.p) byDay.set(day, price);
      }
      return [...byDay.values()];
    }
    default:
      return [...prices];
  }
}
