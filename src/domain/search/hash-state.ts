/**
 * The exposed search parameters in the URL hash (spec §2 Search results pages):
 * `#q=beach&fq=ss_area:Seabright&fq=is_bedrooms:3&sort=fs_rating%20desc&start=20`.
 *
 * Format: `name=value` pairs joined by `&`, in the fixed order q, fq (in the state's order,
 * one pair per filter), sort, start, rows; only the names in exposed_params; defaults left out
 * (empty q, start 0). Values are percent-encoded as by encodeURIComponent, except that `:`
 * `/` `,` `@` stay readable (all valid in a fragment). Reading accepts `+` as a space.
 *
 * The hash is untrusted (anyone can send a link): reading never throws, drops what it cannot
 * use and says why in `problems`. Unknown names (e.g. the order's `rcod`, `short-url`) are
 * ignored without a problem.
 */
import { HASH_PARAMS, serializeSearchHash } from './hash-serialize';
import { type SearchState } from './search-state';

export { HASH_PARAMS, serializeSearchHash } from './hash-serialize';
export const MAX_HASH_LENGTH = 16_000;
export const MAX_HASH_FILTERS = 20;
export const MAX_HASH_VALUE_LENGTH = 500;
export const MAX_HASH_START = 10_000;
export const MAX_HASH_ROWS = 100;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** One to five `field asc|desc` clauses (what the search proxy accepts). */
const SORT = /^[A-Za-z_]\w*\s+(?:asc|desc)(?:\s*,\s*[A-Za-z_]\w*\s+(?:asc|desc)){0,4}$/;

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * Reads the search state from a URL hash (with or without the leading '#').
 *
 * @example
 * parseSearchHash('#q=beach&fq=ss_area:Seabright&start=10', ['q', 'fq', 'start'])
 * // { state: { q: 'beach', fq: ['ss_area:Seabright'], start: 10 }, problems: [] }
 */
export function parseSearchHash(hash: string, exposedParams: readonly string[]): { state: SearchState; problems: string[] } {
  const state: SearchState = { fq: [], start: 0 };
  const problems: string[] = [];
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (text.length > MAX_HASH_LENGTH) return { state, problems: [`hash longer than ${MAX_HASH_LENGTH} characters ignored`] };
  const exposed = new Set(exposedParams);

  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const separator = pair.indexOf('=');
    const name = decode(separator < 0 ? pair : pair.slice(0, separator));
    if (name === null || !(HASH_PARAMS as readonly string[]).includes(name) || !exposed.has(name)) continue;
    const value = decode(separator < 0 ? '' : pair.slice(separator + 1));
    if (value === null) {
      problems.push(`${name}: malformed percent-encoding`);
      continue;
    }
    if (value.length > MAX_HASH_VALUE_LENGTH) {
      problems.push(`${name}: value longer than ${MAX_HASH_VALUE_LENGTH} characters`);
      continue;
    }
    if (CONTROL.test(value)) {
      problems.push(`${name}: control characters`);
      continue;
    }
    // An empty value means the default, as if the name were absent.
    if (value.trim() === '') continue;
    switch (name) {
      case 'q':
        if (state.q !== undefined) problems.push('q: repeated, the first one is used');
        else if (value.trimStart().startsWith('{!')) problems.push('q: local parameters are not accepted');
        else state.q = value;
        break;
      case 'fq': {
        const filter = value.trim();
        if (state.fq.includes(filter)) break;
        if (filter.startsWith('{!')) problems.push('fq: local parameters are not accepted');
        else if (state.fq.length >= MAX_HASH_FILTERS) problems.push(`fq: more than ${MAX_HASH_FILTERS} filters, the rest ignored`);
        else state.fq.push(filter);
        break;
      }
      case 'sort':
        if (SORT.test(value.trim())) state.sort = value.trim().replace(/\s+/g, ' ');
        else problems.push('sort: not of the form "field asc|desc"');
        break;
      case 'start':
        if (!/^\d+$/.test(value.trim())) problems.push('start: not a whole number, 0 used');
        else if (Number(value) > MAX_HASH_START) {
          state.start = MAX_HASH_START;
          problems.push(`start: capped at ${MAX_HASH_START}`);
        } else state.start = Number(value);
        break;
      case 'rows': {
        const rows = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
        if (rows >= 1 && rows <= MAX_HASH_ROWS) state.rows = rows;
        else problems.push(`rows: not a whole number from 1 to ${MAX_HASH_ROWS}`);
        break;
      }
    }
  }
  return { state, problems };
}

/**
 * A hash in the form serializeSearchHash writes, to tell whether a hash change is a new search
 * (back/forward, a pasted link) or the echo of the hash the page just wrote.
 *
 * @example normaliseSearchHash('#start=0&q=beach', ['q', 'start']) // 'q=beach'
 */
export function normaliseSearchHash(hash: string, exposedParams: readonly string[]): string {
  return serializeSearchHash(parseSearchHash(hash, exposedParams).state, exposedParams);
}
