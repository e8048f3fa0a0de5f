/** Item routes (spec §2): the buy page and the item page hash that carries dates and guests. */
import * as v from 'valibot';
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
 * may be the rcav itself or a qp holding one). Anything malformed, oversized or hostile gives null.
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
  const parsed = v.safeParse(RcavSchema, candidate);
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
