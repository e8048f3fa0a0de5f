/** Calendar arithmetic on ISO `YYYY-MM-DD` strings in UTC (no time zones, no clock). */

const DAY_MS = 86_400_000;

export function toIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function fromIso(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** The UTC calendar day of a moment, as ISO. */
export function dayOf(moment: Date): string {
  return toIso(moment);
}

export function addDays(iso: string, days: number): string {
  return toIso(new Date(fromIso(iso).getTime() + days * DAY_MS));
}

export function addMonths(iso: string, months: number): string {
  const d = fromIso(iso);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return toIso(target);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((fromIso(b).getTime() - fromIso(a).getTime()) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(iso: string): number {
  return fromIso(iso).getUTCDay();
}

/** Unix seconds of the start (00:00 UTC) of a day. */
export function unixSeconds(iso: string): number {
  return Math.floor(fromIso(iso).getTime() / 1000);
}

export function ymd(year: number, month: number, day: number): string {
  return toIso(new Date(Date.UTC(year, month - 1, day)));
}

/** The n-th (1-based; -1 = last) given weekday of a month. */
export function nthWeekday(year: number, month: number, dow: number, n: number): string {
  if (n > 0) {
    const first = ymd(year, month, 1);
    const offset = (dow - weekday(first) + 7) % 7;
    return addDays(first, offset + (n - 1) * 7);
  }
  const last = ymd(year, month + 1, 0);
  const offset = (weekday(last) - dow + 7) % 7;
  return addDays(last, -offset);
}

export function firstOfMonth(iso: string): string {
  return `${iso.slice(0, 8)}01`;
}

export function lastOfMonth(iso: string): string {
  const d = fromIso(iso);
  return ymd(d.getUTCFullYear(), d.getUTCMonth() + 2, 0);
}
