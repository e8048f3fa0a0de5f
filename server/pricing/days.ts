/** Whole days since 1970-01-01 (UTC), the pricing model's unit of time: `dayOf('2026-12-01')` is 20788. */
import { dateToMs } from '../../src/domain/pricing/dates.ts';

const DAY_MS = 86_400_000;

/** The day number of a date (YYYY-MM-DD or MM/DD/YYYY), or null when it is not a real day. */
export function dayOf(date: string): number | null {
  const ms = dateToMs(date);
  return ms === null ? null : Math.round(ms / DAY_MS);
}

const isoCache = new Map<number, string>();

/** The YYYY-MM-DD of a day number (remembered: Date formatting was the search's hottest spot). */
export function isoOfDay(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (isoCache.size < 200_000) isoCache.set(day, iso);
  }
  return iso;
}

