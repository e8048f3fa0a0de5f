/**
 * The exposed search parameters in the URL hash (spec §2 Search results pages):
 * `#q=beach&fq=ss_area:Seabright&fq=is_bedrooms:3&sort=fs_rating%20desc&start=20`.
 *
 * Format: `name=value` pairs joined by `&`, in the fixed order q, fq (in the state's order,
 * one pair per filter), sort, start, rows; only the names in exposed_params; defaults left out
 * (empty q, start 0). Values are percent-encoded as by encodeURIComponent, except that `:`
 * `/` `,` `@` stay readable (all valid in a fragment). Reading accepts `+` as a space.
 *
 * The hash is untrusted (anyone can send a link): reading never throws, repairs or drops what it
 * cannot use (keeping the rest) and says why in `problems`, so that any hash gives results or
 * 'no match', never a refused search. Unknown names (e.g. the order's `rcod`, `short-url`) are
 * ignored without a problem. Given the fields the search knows, a filter is checked the way the
 * back end will read it (see {@link repairFilter}).
 */
import { isPreformattedValue } from './filter-value';
import { HASH_PARAMS, serializeSearchHash } from './hash-serialize';
import type { SearchState } from './search-state';

export { HASH_PARAMS, serializeSearchHash } from './hash-serialize';
export const MAX_HASH_LENGTH = 16_000;
export const MAX_HASH_FILTERS = 20;
export const MAX_HASH_VALUE_LENGTH = 500;
export const MAX_HASH_START = 10_000;
export const MAX_HASH_ROWS = 100;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/**
 * One to five `field asc|desc` clauses (what the search proxy accepts) on fields a search can
 * sort by: single-valued string, number, boolean or date fields by their Solr prefix, the score,
 * the id or a random order.
 */
const SORT_FIELD = String.raw`(?:score|id|random_\w+|(?:ss|is|its|fs|fts|bs|ds)_\w+)`;
const SORT = new RegExp(String.raw`^${SORT_FIELD}\s+(?:asc|desc)(?:\s*,\s*${SORT_FIELD}\s+(?:asc|desc)){0,4}$`);
/** A value the query syntax reads as one plain term (no operator, quote, bracket or escape). */
const PLAIN = /^[^\s\\+\-!():^[\]"{}~*?|&/]+$/u;
const NUMBER = /^[-+]?(?:\d+(?:\.\d+)?|\.\d+)$/;
const NUMBER_RANGE = /^[[{]\s*(\*|[-+]?(?:\d+(?:\.\d+)?|\.\d+))\s+TO\s+(\*|[-+]?(?:\d+(?:\.\d+)?|\.\d+))\s*[\]}]$/;
const NUMERIC_FIELD = /^(?:is|im|its|itm|fs|fm|fts|ftm)_/;

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

const quote = (value: string): string => `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;

/**
 * A filter from the hash as the back end can read it, or null when it cannot be used:
 * `field:value` on one of the search's `fields` (or that field's missing-value filter
 * `-field:[* TO *]`). A number field takes a number or a number range; any other field takes a
 * plain value, a range or a well-formed quoted phrase as they are, and anything else quoted
 * and escaped as one value (`ss_area:Co"ral:Ha\ven` → `ss_area:"Co\"ral:Ha\\ven"`), which
 * matches what it says or nothing.
 *
 * @example repairFilter('ss_area:Co"ral', new Set(['ss_area'])) // 'ss_area:"Co\"ral"'
 * @example repairFilter('is_bedrooms:three', new Set(['is_bedrooms'])) // null
 */
export function repairFilter(filter: string, fields: ReadonlySet<string>): string | null {
  const missing = /^-([A-Za-z_]\w*):\[\* TO \*\]$/.exec(filter);
  if (missing) return fields.has(missing[1]!) ? filter : null;
  const colon = filter.indexOf(':');
  if (colon <= 0) return null;
  const field = filter.slice(0, colon);
  const value = filter.slice(colon + 1).trim();
  if (!fields.has(field) || value === '') return null;
  if (NUMERIC_FIELD.test(field)) return NUMBER.test(value) || NUMBER_RANGE.test(value) ? `${field}:${value}` : null;
  if (/^d[sm]_/.test(field)) return null;
  if (/^b[sm]_/.test(field)) return value === 'true' || value === 'false' ? `${field}:${value}` : null;
  // A quoted phrase as it is; a range unless a bound holds a backslash (which would escape its bracket).
  const keep = PLAIN.test(value) || (isPreformattedValue(value) && (value.startsWith('"') || (!value.startsWith('(') && !value.includes('\\'))));
  return `${field}:${keep ? value : quote(value)}`;
}

/**
 * Reads the search state from a URL hash (with or without the leading '#').
 *
 * @example
 * parseSearchHash('#q=beach&fq=ss_area:Seabright&start=10', ['q', 'fq', 'start'])
 * // { state: { q: 'beach', fq: ['ss_area:Seabright'], start: 10 }, problems: [] }
 */
export function parseSearchHash(
  hash: string,
  exposedParams: readonly string[],
  /** The fields the search knows (search-params.ts `searchFields`): filters are repaired or dropped by them. */
  fields?: ReadonlySet<string>,
): { state: SearchState; problems: string[] } {
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
        const given = value.trim();
        const filter = fields && !given.startsWith('{!') ? repairFilter(given, fields) : given;
        if (filter === null) {
          problems.push(`fq: '${given}' is not a filter of this search, ignored`);
          break;
        }
        if (filter !== given) problems.push(`fq: '${given}' read as ${filter}`);
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
export function normaliseSearchHash(hash: string, exposedParams: readonly string[], fields?: ReadonlySet<string>): string {
  return serializeSearchHash(parseSearchHash(hash, exposedParams, fields).state, exposedParams);
}
