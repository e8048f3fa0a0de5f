/**
 * Specials applicability (spec §5), one pure rule for the pricing engine on the server and the
 * pricing displays in the browser. Specials come from the site settings and the first entry is
 * used (spec §3).
 */
import { dateToMs } from './dates';
import type { Special } from './types';

/** The stay a special is checked against. Dates are YYYY-MM-DD or MM/DD/YYYY, or Unix seconds. */
export interface SpecialStay {
  eid: number | string;
  begin: string | number;
  /** Departure day. */
  end: string | number;
  /** Defaults to 1 when missing, 0 or not a number (spec §5). */
  adult?: number | string | null;
  /** Defaults to 0 when missing or not a number. */
  child?: number | string | null;
  /** The booking moment, Unix seconds. */
  nowSeconds: number;
  /** A detailed-quote request: special_type '2' never applies to one (spec §5, §9). */
  detailedQuote?: boolean;
}

/** Why a special does not apply, in the order of spec §5's clauses. */
export type SpecialRejection =
  | 'no-special'
  | 'unit'
  | 'detailed-quote'
  | 'dates'
  | 'stay-begin'
  | 'stay-end'
  | 'book-window'
  | 'max-guests'
  | 'min-guests'
  | 'max-nights'
  | 'min-nights';

export type SpecialCheck = { applies: true } | { applies: false; reason: SpecialRejection };

/** Special type excluded from detailed quotes (spec §5, §9). */
export const WEB_ONLY_SPECIAL_TYPE = '2';

function toSeconds(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const ms = dateToMs(value);
  return ms === null ? null : ms / 1000;
}

function count(value: number | string | null | undefined, fallback: number): number {
  const n = typeof value === 'string' ? Number.parseInt(value, 10) : value;
  // Like the original `parseInt(x) || default`: missing, 0 and NaN take the default.
  return typeof n === 'number' && Number.isFinite(n) && n !== 0 ? n : fallback;
}

const limit = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Checks every clause of spec §5 and names the first that fails.
 *
 * @example specialCheck(special, { eid: 1001, begin: '2026-12-01', end: '2026-12-08', adult: 2, nowSeconds })
 * // { applies: false, reason: 'min-nights' }
 */
export function specialCheck(special: Special | null | undefined, stay: SpecialStay): SpecialCheck {
  const no = (reason: SpecialRejection): SpecialCheck => ({ applies: false, reason });
  if (!special || typeof special !== 'object') return no('no-special');
  if (!Array.isArray(special.units) || !special.units.includes(String(stay.eid))) return no('unit');
  if (stay.detailedQuote && String(special.special_type) === WEB_ONLY_SPECIAL_TYPE) return no('detailed-quote');
  const begin = toSeconds(stay.begin);
  const end = toSeconds(stay.end);
  if (begin === null || end === null) return no('dates');
  if (!(begin >= limit(special.stay_begin))) return no('stay-begin');
  if (!(end <= limit(special.stay_end))) return no('stay-end');
  if (!(stay.nowSeconds >= limit(special.book_begin) && stay.nowSeconds <= limit(special.book_end))) return no('book-window');
  const guests = count(stay.adult, 1) + count(stay.child, 0);
  const maxGuests = limit(special.max_guests);
  const minGuests = limit(special.min_guests);
  if (maxGuests > 0 && guests > maxGuests) return no('max-guests');
  if (minGuests > 0 && guests < minGuests) return no('min-guests');
  // Nights = round((end - begin) / 86400 s) (spec §9).
  const nights = Math.round((end - begin) / 86_400);
  const maxNights = limit(special.max_nights);
  const minNights = limit(special.min_nights);
  if (maxNights > 0 && nights > maxNights) return no('max-nights');
  if (minNights > 0 && nights < minNights) return no('min-nights');
  return { applies: true };
}

/**
 * Whether a special applies to a stay (spec §5). A missing special never applies.
 *
 * @example specialApplies(firstSpecial(page.specials), { eid: price.eid, begin: price.b, end: price.e,
 *   adult: price.qp.rcav.adult, child: price.qp.rcav.child, nowSeconds: Date.now() / 1000 })
 */
export function specialApplies(special: Special | null | undefined, stay: SpecialStay): boolean {
  return specialCheck(special, stay).applies;
}

/**
 * The special the site uses: the first entry of the settings' list (spec §3), or null.
 *
 * @example firstSpecial([]) // null
 */
export function firstSpecial(list: readonly Special[] | null | undefined): Special | null {
  return Array.isArray(list) && list.length > 0 ? (list[0] ?? null) : null;
}
