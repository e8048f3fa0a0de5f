import { getCookie } from './cookies';
import { gaIdFromCookie } from '@/domain/search/ranking';

/** The analytics cookie the ranking's ga_id comes from (spec §7 Ranking). */
export const ANALYTICS_COOKIE_NAME = '_ga';

/**
 * The visitor's ga_id for the ranking request: the third and fourth dot-separated parts of the
 * analytics cookie, or null when the cookie is missing, has fewer than 4 parts or is malformed.
 * The cookie belongs to the analytics script: it is read, never written.
 *
 * @example // document.cookie holds '_ga=GA1.2.1234567890.1700000000'
 * readGaId() // '1234567890.1700000000'
 */
export function readGaId(cookieName = ANALYTICS_COOKIE_NAME): string | null {
  return gaIdFromCookie(getCookie(cookieName));
}
