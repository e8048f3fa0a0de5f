/** Item routes (spec §2): the buy page and the item page hash that carries dates and guests. */
import * as v from 'valibot';
import { dateToMs, toIsoDate } from './dates';
import { toQueryString, type QueryValue } from './query';
import { RcavSchema } from './schemas';
import type { PriceQueryParams, Rcav } from './types';

/**
 * The buy page of an item: /rescms/item/{eid}/buy?{qp, URL-encoded in the jQuery.param form}.
 *
 * @example itemBuyURL(1001, { rcav: { begin: '2026-12-01', adult: 2, child: 0 } })
 * // '/rescms/item/1001/buy?rcav%5Bbegin%5D=2026-12-01&rcav%5Badult%5D=2&rcav%5Bchild%5D=0'
 */
export function itemBuyURL(eid: number, qp: PriceQueryParams): string {
  return `/rescms/item/${encodeURIComponent(String(eid))}/buy?${toQueryString(qp as unknown as Record<string, QueryValue>)}`;
}

/**
 * The item page hash: #rcav={JSON of the price's rcav}, URL-encoded so that it survives copy and paste.
 *
 * @example itemURLHash({ rcav: { begin: '2026-12-01', adult: 2, child: 0 } })
 * // '#rcav=%7B%22begin%22%3A%222026-12-01%22%2C%22adult%22%3A2%2C%22child%22%3A0%7D'
 */
export function itemURLHash(qp: PriceQueryParams): string {
  return `#rcav=${encodeURIComponent(JSON.stringify(qp.rcav))}`;
}

const MAX_HASH = 2000;

/**
 * Reads `#rcav={JSON}` back from a location hash (with or without '#', encoded or not; the JSON
 * may be the rcav itself or a qp holding one). A missing child count is 0. Anything malformed,
 * oversized or hostile gives null.
 *
 * @example readRcavHash('#rcav={"begin":"2026-12-01","adult":2,"child":0}') // { begin: '2026-12-01', adult: 2, child: 0 }
 */
export function readRcavHash(hash: string): Rcav | null {
  if (hash.length > MAX_HASH) return null;
  const match = /(?:^#?|&)rcav=([^&]*)/.exec(hash);
  if (!match) return null;
  let json: unknown;
  try {
    json = JSON.parse(decodeURIComponent(match[1] ?? ''));
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const candidate = 'rcav' in json ? (json as { rcav: unknown }).rcav : json;
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) return null;
  // A link without children means none (spec §2 Item routes: the hash carries dates and guests).
  const parsed = v.safeParse(RcavSchema, 'child' in candidate ? candidate : { ...candidate, child: 0 });
  if (!parsed.success) return null;
  const { begin, end, nights, adult, child, senior, IDs, coupon } = parsed.output;
  // Only the known fields are kept (a hostile '__proto__' or extra key never reaches the page).
  const rcav: Rcav = { begin, adult, child };
  if (end !== undefined) rcav.end = end;
  if (nights !== undefined) rcav.nights = nights;
  if (senior !== undefined) rcav.senior = senior;
  if (IDs !== undefined) rcav.IDs = IDs;
  if (coupon !== undefined) rcav.coupon = coupon;
  return rcav;
}

/**
 * The arrival and departure of a stay in YYYY-MM-DD, whichever date form it came in (an item
 * link may carry MM/DD/YYYY): the end, or else begin plus the nights; null without either.
 *
 * @example stayDates({ begin: '12/01/2026', end: '12/08/2026', adult: 2, child: 0 }) // { begin: '2026-12-01', end: '2026-12-08' }
 * @example stayDates({ begin: '2026-12-01', nights: 3, adult: 2, child: 0 }) // { begin: '2026-12-01', end: '2026-12-04' }
 */
export function stayDates(rcav: Pick<Rcav, 'begin' | 'end' | 'nights'>): { begin: string; end: string } | null {
  const begin = toIsoDate(rcav.begin);
  const from = dateToMs(rcav.begin);
  const end = rcav.end !== undefined ? toIsoDate(rcav.end) : from !== null && rcav.nights ? new Date(from + rcav.nights * 86_400_000).toISOString().slice(0, 10) : null;
  return begin && end && end > begin ? { begin, end } : null;
}

/**
 * The address without its `rcav=` hash parameter (the rest of the hash is kept as it was), for
 * when the visitor clears the dates (spec §4).
 *
 * @example withoutRcavHash({ pathname: '/listing/a', search: '', hash: '#rcav=%7B%7D' }) // '/listing/a'
 * @example withoutRcavHash({ pathname: '/search', search: '?x=1', hash: '#q=sea&rcav=%7B%7D' }) // '/search?x=1#q=sea'
 */
export function withoutRcavHash(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const hash = location.hash
    .replace(/^#/, '')
    .split('&')
    .filter((part) => part !== '' && !part.startsWith('rcav='))
    .join('&');
  return `${location.pathname}${location.search}${hash ? `#${hash}` : ''}`;
}
