/** The favourites view's query and address (spec §2 Favourites view), for the header's links. */
import { formatFilterValue } from './filter-value';
import { serializeSearchHash } from './hash-serialize';

/** The ids once each, without empty ones. */
export function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => id !== ''))];
}

/**
 * `{key}:({id1} OR {id2} …)` with each id formatted as a filter value. An empty list gives
 * `{key}:("")`, which matches nothing.
 *
 * @example favouritesQuery('id', ['a', 'b c']) // 'id:(a OR "b c")'
 */
export function favouritesQuery(keyField: string, ids: readonly string[]): string {
  const values = uniqueIds(ids);
  return `${keyField}:(${(values.length > 0 ? values : ['']).map(formatFilterValue).join(' OR ')})`;
}

/**
 * The favourites view (spec §2): `{path}#q={key}:({id1} OR {id2} …)`, the hash encoded as
 * hash-state.ts writes it.
 *
 * @example favouritesViewPath('/favourites', 'id', ['a', 'b']) // '/favourites#q=id:(a%20OR%20b)'
 */
export function favouritesViewPath(path: string, keyField: string, ids: readonly string[]): string {
  return `${path.replace(/#.*$/, '')}#${serializeSearchHash({ q: favouritesQuery(keyField, ids), fq: [], start: 0 }, ['q'])}`;
}
