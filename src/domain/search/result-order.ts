/**
 * The order of one fetched page of results (spec §9 Item sort options, Price sort, Search
 * ordering by ranking), for the search's sort:
 * - Recommended (no sort): the ranking's order once it is loaded, else the search's;
 * - a number field (`fs_rating desc`): numeric, ranking position breaking ties once loaded;
 *   the price fields (`is_price_min asc`, `is_price_max desc`) once the visitor has chosen dates
 *   sort by the prices of those dates: the availability range minimum ascending, its maximum
 *   descending, 0 for a rental without pricing (spec §9 Money and dates);
 * - a string field (`ss_name asc`): lexicographic, trimmed and case-insensitive;
 * - `random…`: random, from the ranking's seed (or the sort's name) so a page keeps its order;
 * - anything else (several fields, unknown): the search's order.
 * Every order is a new array and stable.
 */
import { documentEid } from '../listing-document';
import { pricingKey } from '../pricing/derived';
import { lexicographicSort, numericSort, priceSortValue, randomSort, type PricingRange } from './item-sort';
import { rankPositions, rankingSort, type LoadedRanking } from './ranking';
import { seededRandom } from './seeded-random';

/** The chosen dates' price ranges, keyed 'eid-{eid}' (spec §3 Item pricing); null before dates are chosen. */
export type PricingRanges = Readonly<Record<string, PricingRange>>;

/** The sort fields that stand for the price (the catalogue's, until dates are chosen). */
export const PRICE_SORT_FIELDS: ReadonlySet<string> = new Set(['is_price_min', 'is_price_max']);

type ItemSort =
  | { kind: 'ranking' }
  | { kind: 'numeric'; field: string; descending: boolean }
  | { kind: 'lexicographic'; field: string; descending: boolean }
  | { kind: 'random'; field: string }
  | { kind: 'search' };

const NUMERIC = /^(?:is|fs|ds|ls|its|fts|dts|lts)_/;
const STRING = /^(?:ss|ts|tus)_/;

/**
 * The item sort a search sort stands for.
 *
 * @example itemSortFor('ss_name asc') // { kind: 'lexicographic', field: 'ss_name', descending: false }
 */
export function itemSortFor(sort: string | null | undefined): ItemSort {
  const trimmed = (sort ?? '').trim();
  if (trimmed === '') return { kind: 'ranking' };
  const match = /^([A-Za-z0-9_]+)\s+(asc|desc)$/i.exec(trimmed);
  if (!match) return { kind: 'search' };
  const field = match[1] as string;
  const descending = (match[2] as string).toLowerCase() === 'desc';
  if (/^random_\w+$/.test(field)) return { kind: 'random', field };
  if (NUMERIC.test(field)) return { kind: 'numeric', field, descending };
  if (STRING.test(field)) return { kind: 'lexicographic', field, descending };
  return { kind: 'search' };
}

/** A 32-bit seed from a sort's name (`random_7`), for a random order without a ranking. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * One page of documents in the order the search's sort asks for (see the module comment).
 *
 * @example
 * orderDocuments([{ id: 'x-1' }, { id: 'x-2' }], null, 'is_price_min asc', { 'eid-1': { range: [300, 500] }, 'eid-2': { range: [100, 200] } })
 * // [{ id: 'x-2' }, { id: 'x-1' }]
 */
export function orderDocuments<T extends { id: string } & Readonly<Record<string, unknown>>>(
  documents: readonly T[],
  ranking: LoadedRanking | null,
  sort: string | null | undefined,
  pricing: PricingRanges | null,
  propertyField = 'ss_vrfusion_site_property_code',
): T[] {
  const how = itemSortFor(sort);
  const propertyId = (doc: T) => {
    const code = doc[propertyField];
    return typeof code === 'string' ? code : typeof code === 'number' ? String(code) : null;
  };
  const ranked = ranking && { positions: rankPositions(ranking.rankedIds.map((id) => ({ id }))), propertyId, random: seededRandom(ranking.seed) };
  switch (how.kind) {
    case 'ranking':
      return ranked ? rankingSort(documents, ranked) : [...documents];
    case 'numeric': {
      const byPrice = pricing !== null && PRICE_SORT_FIELDS.has(how.field);
      const value = (doc: T): unknown => {
        if (!byPrice) return doc[how.field];
        const eid = documentEid(doc);
        return priceSortValue(eid === null ? null : pricing[pricingKey(eid)], how.descending);
      };
      return ranked ? rankingSort(documents, { ...ranked, descending: how.descending, numericValue: value }) : numericSort(documents, value, how.descending);
    }
    case 'lexicographic':
      return lexicographicSort(documents, (doc) => (typeof doc[how.field] === 'string' ? (doc[how.field] as string) : null), how.descending);
    case 'random':
      return randomSort(documents, seededRandom(ranking?.seed ?? seedOf(how.field)));
    case 'search':
      return [...documents];
  }
}
