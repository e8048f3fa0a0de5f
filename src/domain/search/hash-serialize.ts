/**
 * Writing the search hash (the format is described in hash-state.ts, which also reads it). On
 * its own so that a page that only links to a search (the favourites counter) need not carry
 * the reader.
 */
import type { SearchState } from './search-state';

/** The names a search hash can carry, in the order they are written. */
export const HASH_PARAMS = ['q', 'fq', 'sort', 'start', 'rows'] as const;

function encode(value: string): string {
  return encodeURIComponent(value).replace(/%(3A|2F|2C|40)/gi, (escaped) => decodeURIComponent(escaped));
}

/**
 * Writes the search state as a hash, without the leading '#'; '' for the default state.
 * The same state always gives the same string, so hashes can be compared.
 *
 * @example serializeSearchHash({ q: 'sea view', fq: ['ss_area:Seabright'], start: 0 }, ['q', 'fq', 'start'])
 * // 'q=sea%20view&fq=ss_area:Seabright'
 */
export function serializeSearchHash(state: SearchState, exposedParams: readonly string[]): string {
  const exposed = new Set(exposedParams);
  const pairs: string[] = [];
  const add = (name: string, value: string) => pairs.push(`${name}=${encode(value)}`);
  for (const name of HASH_PARAMS) {
    if (!exposed.has(name)) continue;
    if (name === 'q' && state.q?.trim()) add(name, state.q);
    if (name === 'fq') for (const filter of new Set(state.fq)) add(name, filter);
    if (name === 'sort' && state.sort?.trim()) add(name, state.sort.trim());
    if (name === 'start' && state.start > 0) add(name, String(Math.trunc(state.start)));
    if (name === 'rows' && state.rows !== undefined) add(name, String(Math.trunc(state.rows)));
  }
  return pairs.join('&');
}
