/**
 * Dates of stays (spec §9 Money and dates): YYYY-MM-DD or MM/DD/YYYY strings, as UTC calendar
 * days; nights = round((end - begin) / 86400 s); a week is 7 nights.
 */

const DAY_MS = 86_400_000;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const US = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * The UTC midnight (ms) of a date in either format, or null when it is not a real calendar day.
 *
 * @example dateToMs('2026-12-01') // 1796083200000
 * @example dateToMs('12/01/2026') // 1796083200000
 * @example dateToMs('2026-02-30') // null
 */
export function dateToMs(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const iso = ISO.exec(value);
  const us = iso ? null : US.exec(value);
  if (!iso && !us) return null;
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : [us?.[3], us?.[1], us?.[2]];
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (y < 1970 || y > 2200 || back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return ms;
}

/**
 * The date in YYYY-MM-DD, or null when it is not a real day.
 *
 * @example toIsoDate('12/01/2026') // '2026-12-01'
 */
export function toIsoDate(value: unknown): string | null {
  const ms = dateToMs(value);
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}

/**
 * The date in MM/DD/YYYY (spec §9: both forms are used).
 *
 * @example toUsDate('2026-12-01') // '12/01/2026'
 */
export function toUsDate(value: unknown): string | null {
  const iso = toIsoDate(value);
  return iso === null ? null : `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/**
 * Nights between two dates: round((end - begin) / 86400 s); null when either is not a date.
 *
 * @example nightsBetween('2026-12-01', '2026-12-08') // 7
 */
export function nightsBetween(begin: unknown, end: unknown): number | null {
  const b = dateToMs(begin);
  const e = dateToMs(end);
  return b === null || e === null ? null : Math.round((e - b) / DAY_MS);
}

/**
 * The day `days` after a date, in YYYY-MM-DD.
 *
 * @example addDays('2026-12-30', 3) // '2027-01-02'
 */
export function addDays(value: string, days: number): string | null {
  const ms = dateToMs(value);
  return ms === null ? null : new Date(ms + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The day of the stay calendar at a moment (epoch ms): the UTC day, as the pricing engine counts
 * days (an arrival before it is in the past), wherever the visitor is.
 *
 * @example stayDayAt(Date.UTC(2026, 11, 1, 23, 30)) // '2026-12-01', also in Honolulu or Kiritimati
 */
export function stayDayAt(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A date for people: 'Tue, Dec 1, 2026' in the 'en' locale.
 *
 * @example formatStayDate('2026-12-01') // 'Tue, Dec 1, 2026'
 */
let stayDateFormat: Intl.DateTimeFormat | null = null;

export function formatStayDate(value: string): string {
  const ms = dateToMs(value);
  if (ms === null) return value;
  // Building a DateTimeFormat costs far more than using one (about 0.5 ms): one for all calls.
  stayDateFormat ??= new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return stayDateFormat.format(ms);
}
