/**
 * The search requests of spec §7 Search, as lists of `[name, value]` pairs (names repeat:
 * fq, facet.field) for a form-encoded POST body: `new URLSearchParams(pairs)`.
 *
 * Parameter names the search request can carry: q, fq, sort, start, rows, facet,
 * facet.mincount, facet.field, f.{field}.facet.limit, f.{field}.facet.mincount,
 * f.{field}.facet.missing, json.nl, wt, fl, defType, boost, plus config.params.
 */
import { facetTag, orFacetFields, requestFilterQueries } from './facets';
import { favouritesQuery, uniqueIds } from './favourites-view';
import { filterQuery } from './filter-value';
import { DEFAULT_ROWS, type SearchConfig } from './search-config';
import type { SearchState } from './search-state';
import { typedQuery } from './typed-query';

export { favouritesQuery, favouritesViewPath } from './favourites-view';

export type SearchParams = [name: string, value: string][];

export type SearchRequestConfig = Pick<SearchConfig, 'index' | 'default_q' | 'default_boost' | 'params' | 'return_full_docs' | 'facets'> & {
  /** Rows per request; 10 when absent (spec §9). */
  max_rows?: number;
  /** The result fields (spec §3); with the facets' fields, the fields a typed `field:value` may name. */
  fields?: SearchConfig['fields'];
};

/**
 * The fields the search knows: its facets' and its result fields. A typed `field:value` names one
 * of these or is text; a filter in the hash must name one of them.
 */
export function searchFields(config: Pick<SearchRequestConfig, 'facets' | 'fields'>): Set<string> {
  return new Set([...Object.values(config.facets).map((facet) => facet.data.field), ...(config.fields ?? []).map((field) => field.solr_field)]);
}

/** Solr reads only the first value of these; the others may repeat. */
const MULTI_VALUED = new Set(['fq', 'facet.field', 'facet.query', 'facet.range', 'facet.date', 'facet.pivot', 'bq', 'bf', 'boost']);

/** The query used when neither the visitor nor default_q gives one. */
export const MATCH_ALL = '*:*';

/**
 * config.params are appended (spec §7 "plus any configured params"). A single-valued name the
 * request already carries is not repeated, since Solr would read only the first: config.params
 * thus act as defaults for those (e.g. a default sort) and add values to multi-valued ones.
 */
function appendConfigParams(params: SearchParams, extra: Record<string, string>): SearchParams {
  const present = new Set(params.map(([name]) => name));
  for (const [name, value] of Object.entries(extra)) {
    if (MULTI_VALUED.has(name) || !present.has(name)) params.push([name, value]);
  }
  return params;
}

function indexFilter(index: string): string[] {
  return index !== '' && index !== 'inherit' ? [filterQuery('index_id', index)] : [];
}

/**
 * The search request (spec §7 Search, §9 defaults) for the current state, or null when
 * max_rows <= 0 (spec §5: no request is sent).
 *
 * - q: the visitor's query made lenient (typed-query.ts), else default_q, else `*:*`;
 * - fq: `index_id:{index}` unless index is empty or 'inherit', then the state's filters with
 *   each 'or' facet's values in one tagged fq (facets.ts);
 * - facet=true, facet.mincount=1, json.nl=map, rows (state.rows capped at max_rows), start,
 *   sort, wt=json, fl=id when return_full_docs, defType=edismax and boost when default_boost;
 * - per facet: facet.field (`{!ex=field}field` for 'or' facets), f.{field}.facet.limit from
 *   hard_limit (-1, no limit, when <= 0), f.{field}.facet.mincount, f.{field}.facet.missing.
 *
 * @example
 * buildSearchParams(config, { q: 'beach', fq: ['ss_area:Seabright'], start: 0 })
 * // [['q', 'beach'], ['fq', 'index_id:listings'], ['fq', '{!tag=ss_area}ss_area:Seabright'], ['facet', 'true'], …]
 */
export function buildSearchParams(config: SearchRequestConfig, state: SearchState): SearchParams | null {
  const maxRows = config.max_rows ?? DEFAULT_ROWS;
  if (!(maxRows > 0)) return null;
  const rows = state.rows !== undefined && state.rows > 0 ? Math.min(state.rows, maxRows) : maxRows;
  const typed = state.q?.trim() ? typedQuery(state.q, searchFields(config)) : '';
  const q = typed || config.default_q.trim() || MATCH_ALL;
  const orFields = orFacetFields(config.facets);

  const params: SearchParams = [['q', q]];
  for (const fq of [...indexFilter(config.index), ...requestFilterQueries(state.fq, orFields)]) params.push(['fq', fq]);
  params.push(['facet', 'true'], ['facet.mincount', '1'], ['json.nl', 'map'], ['rows', String(rows)], ['start', String(Math.max(0, Math.trunc(state.start) || 0))]);
  if (state.sort?.trim()) params.push(['sort', state.sort.trim()]);
  if (config.default_boost.trim() !== '') params.push(['defType', 'edismax'], ['boost', config.default_boost.trim()]);
  if (config.return_full_docs) params.push(['fl', 'id']);
  params.push(['wt', 'json']);

  for (const facet of Object.values(config.facets)) {
    const field = facet.data.field;
    const global = facet.settings_global.settings;
    params.push(['facet.field', global.operator === 'or' ? `{!ex=${facetTag(field)}}${field}` : field]);
    params.push([`f.${field}.facet.limit`, String(global.hard_limit > 0 ? global.hard_limit : -1)]);
    params.push([`f.${field}.facet.mincount`, String(global.facet_mincount)]);
    if (global.facet_missing) params.push([`f.${field}.facet.missing`, 'true']);
  }
  return appendConfigParams(params, config.params);
}


/**
 * The full-documents fetch (spec §7): `ids=a,b,…` plus config.params, or null when there is
 * nothing to fetch. Ids holding a comma cannot be sent in this list and are left out.
 *
 * @example buildDocumentsParams({ params: {} }, ['chc1-listings-1', 'chc1-listings-2'])
 * // [['ids', 'chc1-listings-1,chc1-listings-2']]
 */
export function buildDocumentsParams(config: Pick<SearchConfig, 'params'>, ids: readonly string[]): SearchParams | null {
  const wanted = uniqueIds(ids).filter((id) => !id.includes(','));
  if (wanted.length === 0) return null;
  return appendConfigParams([['ids', wanted.join(',')]], config.params);
}

/**
 * The favourites lookup (spec §7): a search with `rows={count}&fq={key}:(…)`, without facets;
 * null when there are no favourites.
 *
 * @example buildFavouritesParams(config, 'id', ['a', 'b'])
 * // [['q', '*:*'], ['fq', 'index_id:listings'], ['fq', 'id:(a OR b)'], ['rows', '2'], ['start', '0'], ['json.nl', 'map'], ['fl', 'id'], ['wt', 'json']]
 */
export function buildFavouritesParams(
  config: Pick<SearchConfig, 'index' | 'default_q' | 'params' | 'return_full_docs'>,
  keyField: string,
  ids: readonly string[],
): SearchParams | null {
  const values = uniqueIds(ids);
  if (values.length === 0) return null;
  const params: SearchParams = [['q', config.default_q.trim() || MATCH_ALL]];
  for (const fq of [...indexFilter(config.index), favouritesQuery(keyField, values)]) params.push(['fq', fq]);
  params.push(['rows', String(values.length)], ['start', '0'], ['json.nl', 'map']);
  if (config.return_full_docs) params.push(['fl', 'id']);
  params.push(['wt', 'json']);
  return appendConfigParams(params, config.params);
}

