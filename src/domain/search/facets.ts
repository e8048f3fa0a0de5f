/**
 * Facets (spec §3 Facet definition and Facet item, §4 Facets, §5 Search, §8).
 *
 * Representation of active filters. The search state (and so the URL hash) keeps one
 * `field:value` filter per active value, whatever the facet's operator, so that toggling is
 * adding or removing one string and the hash reads `fq=ss_area:Seabright&fq=ss_area:Harbour`.
 * The request combines them ({@link requestFilterQueries}):
 * - operator 'and': one fq per value, so a result must have every value;
 * - operator 'or' (multi-select): one tagged fq per facet, `{!tag=ss_area}ss_area:(a OR b)`,
 *   and the facet's own `facet.field` excludes that tag (`{!ex=ss_area}ss_area`), so the
 *   facet keeps counting the values the visitor could still add.
 * The facet_missing bucket (documents without the field) is the filter `-field:[* TO *]`.
 */
import { filterQuery, parseFilterValue } from './filter-value';
import type { FacetCount, SearchResult } from './response';
import type { FacetDefinition } from './search-config';

/** Spec §3 Facet item. `facet` is null for the facet_missing bucket (no value). */
export interface FacetItem {
  facet: string | null;
  count: number;
  active: boolean;
}

/** Spec §8: a facet widget whose field was requested with none of facet.field, facet.date or facet.range. */
export class FacetMisconfigurationError extends Error {
  constructor(readonly field: string) {
    super(
      `Facet misconfiguration: counts for field '${field}' cannot be read because the request sets none of facet.field, facet.date or facet.range for it.`,
    );
    this.name = 'FacetMisconfigurationError';
  }
}

/**
 * The filter of the facet_missing bucket: documents that have no value in the field.
 *
 * @example missingFilter('ss_area') // '-ss_area:[* TO *]'
 */
export function missingFilter(field: string): string {
  return `-${field}:[* TO *]`;
}

/**
 * The filter one facet value stands for; `null` is the facet_missing bucket.
 *
 * @example facetFilter('ss_area', 'North Shore') // 'ss_area:"North Shore"'
 */
export function facetFilter(field: string, value: string | null): string {
  return value === null ? missingFilter(field) : filterQuery(field, value);
}

/**
 * True when the filter belongs to the facet on `field` (a value of it or its missing bucket).
 *
 * @example isFilterOfField('ss_area:Seabright', 'ss_area') // true
 */
export function isFilterOfField(filter: string, field: string): boolean {
  return filter.startsWith(`${field}:`) || filter === missingFilter(field);
}

/**
 * The active values of one facet, read back from the filters (quoted values unquoted).
 *
 * @example activeFacetValues(['ss_area:"North Shore"', 'is_bedrooms:3'], 'ss_area') // ['North Shore']
 */
export function activeFacetValues(activeFilters: readonly string[], field: string): (string | null)[] {
  return activeFilters
    .filter((filter) => isFilterOfField(filter, field))
    .map((filter) => (filter === missingFilter(field) ? null : parseFilterValue(filter.slice(field.length + 1))));
}

/**
 * Spec §4 Facets: clicking an inactive value adds it (a single-active facet, limit_active_items,
 * replaces its existing filter); clicking an active value removes it.
 *
 * @example toggleFacetValue(['is_bedrooms:2'], 'is_bedrooms', '3', { singleActive: true }) // ['is_bedrooms:3']
 * @example toggleFacetValue(['ss_area:A', 'ss_area:B'], 'ss_area', 'A', { singleActive: false }) // ['ss_area:B']
 */
export function toggleFacetValue(
  activeFilters: readonly string[],
  field: string,
  value: string | null,
  { singleActive }: { singleActive: boolean },
): string[] {
  const filter = facetFilter(field, value);
  if (activeFilters.includes(filter)) return activeFilters.filter((active) => active !== filter);
  const kept = singleActive ? activeFilters.filter((active) => !isFilterOfField(active, field)) : [...activeFilters];
  return [...kept, filter];
}

/**
 * Spec §4 Facets: reset clears every value of that facet.
 *
 * @example resetFacet(['ss_area:A', 'is_bedrooms:3'], 'ss_area') // ['is_bedrooms:3']
 */
export function resetFacet(activeFilters: readonly string[], field: string): string[] {
  return activeFilters.filter((filter) => !isFilterOfField(filter, field));
}

const REGEX_SPECIALS = /[\\^$.*+?()[\]{}|/]/g;

/**
 * Spec §5: the exclude pattern with regex special characters stripped, split on commas into
 * terms (the Drupal facet setting is a comma-separated list); a value containing a term is hidden.
 *
 * @example excludeTerms('Pending|(test)') // ['Pendingtest']
 * @example excludeTerms('Closed, Hidden') // ['Closed', 'Hidden']
 */
export function excludeTerms(pattern: string): string[] {
  return pattern
    .replace(REGEX_SPECIALS, '')
    .split(',')
    .map((term) => term.trim())
    .filter((term) => term !== '');
}

/**
 * True when the value matches the facet's exclude pattern (spec §5).
 *
 * @example isExcludedValue('Pending review', 'Pending') // true
 */
export function isExcludedValue(value: string, pattern: string): boolean {
  return excludeTerms(pattern).some((term) => value.includes(term));
}

// Made on first use, not as the module loads (issue 24: a Collator loads the locale's data).
let collatorMade: Intl.Collator | null = null;
const collator = { compare: (a: string, b: string) => (collatorMade ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })).compare(a, b) };
const NUMBER = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?\s*$/i;

/**
 * Natural order of facet values: numbers numerically and before text, text by the 'en'
 * collator with embedded digits compared as numbers ('Unit 2' before 'Unit 10').
 *
 * @example ['10', '2', 'b', 'A'].sort(compareFacetValues) // ['2', '10', 'A', 'b']
 */
export function compareFacetValues(a: string, b: string): number {
  const aNumber = NUMBER.test(a);
  const bNumber = NUMBER.test(b);
  if (aNumber && bNumber) return Number(a) - Number(b);
  if (aNumber !== bNumber) return aNumber ? -1 : 1;
  return collator.compare(a, b);
}

type ItemComparator = (a: FacetItem, b: FacetItem) => number;
const SORTS: Record<string, ItemComparator> = {
  active: (a, b) => Number(b.active) - Number(a.active),
  count: (a, b) => b.count - a.count,
  display: (a, b) => compareFacetValues(a.facet ?? '', b.facet ?? ''),
  index: (a, b) => compareFacetValues(a.facet ?? '', b.facet ?? ''),
  indexed: (a, b) => compareFacetValues(a.facet ?? '', b.facet ?? ''),
};

/** Strips Solr local params: `{!ex=ss_area}ss_area` → `ss_area`. */
function withoutLocalParams(value: string): string {
  return value.replace(/^\{![^}]*\}/, '').trim();
}

/** The facet parameters that make counts readable (spec §5, §8). */
const COUNTING_PARAMS = new Set(['facet.field', 'facet.date', 'facet.range']);

/**
 * The facet items of one facet, from a normalised response (response.ts):
 * - counts of facet_fields, else facet_ranges, else facet_dates for `data.field`;
 * - `active` when its filter is among `activeFilters`; an active value the response does not
 *   list is added with count 0, so it can always be removed; active values are never hidden;
 * - values matching the exclude pattern (spec §5) or under facet_mincount are hidden;
 * - sorted by the keys of active_sorts in turn ('active', 'count' descending, 'display' /
 *   'index' natural ascending), otherwise in the response's order; the missing bucket last;
 * - at most hard_limit items (> 0) besides active ones; the missing bucket only with facet_missing.
 *
 * Throws {@link FacetMisconfigurationError} when `requestParams` did not ask for the field
 * with facet.field, facet.date or facet.range (spec §8).
 *
 * @example
 * readFacetItems(areaFacet, { facetFields: { ss_area: [['Seabright', 4]] }, facetRanges: {}, facetDates: {} },
 *   ['ss_area:Harbour'], [['facet.field', '{!ex=ss_area}ss_area']])
 * // [{ facet: 'Seabright', count: 4, active: false }, { facet: 'Harbour', count: 0, active: true }]
 */
export function readFacetItems(
  definition: FacetDefinition,
  counts: Pick<SearchResult, 'facetFields' | 'facetRanges' | 'facetDates'>,
  activeFilters: readonly string[],
  requestParams: readonly (readonly [string, string])[],
): FacetItem[] {
  const field = definition.data.field;
  const requested = requestParams.some(([name, value]) => COUNTING_PARAMS.has(name) && withoutLocalParams(value) === field);
  if (!requested) throw new FacetMisconfigurationError(field);

  const global = definition.settings_global.settings;
  const local = definition.settings.settings;
  const own = (record: Record<string, FacetCount[]>) => (Object.hasOwn(record, field) ? record[field] : undefined);
  const entries: FacetCount[] = own(counts.facetFields) ?? own(counts.facetRanges) ?? own(counts.facetDates) ?? [];

  const items: FacetItem[] = [];
  const seen = new Set<string>();
  for (const [value, count] of entries) {
    if (value === null && !global.facet_missing) continue;
    const filter = facetFilter(field, value);
    if (seen.has(filter)) continue;
    seen.add(filter);
    const active = activeFilters.includes(filter);
    if (!active && value !== null && isExcludedValue(value, local.exclude)) continue;
    if (!active && count < global.facet_mincount) continue;
    items.push({ facet: value, count, active });
  }
  for (const value of activeFacetValues(activeFilters, field)) {
    const filter = facetFilter(field, value);
    if (seen.has(filter)) continue;
    seen.add(filter);
    items.push({ facet: value, count: 0, active: true });
  }

  const comparators = local.active_sorts.flatMap((key) => (Object.hasOwn(SORTS, key) ? [SORTS[key] as ItemComparator] : []));
  const missingLast: ItemComparator = (a, b) => Number(a.facet === null) - Number(b.facet === null);
  const sorted = [...items].sort((a, b) => {
    for (const compare of [missingLast, ...comparators]) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return 0;
  });

  const limit = global.hard_limit;
  if (limit <= 0) return sorted;
  let shown = 0;
  return sorted.filter((item) => {
    if (item.facet !== null) shown++;
    return item.active || item.facet === null || shown <= limit;
  });
}

/**
 * The fields of the facets whose values are combined with OR (multi-select).
 *
 * @example orFacetFields(config.search.facets) // Set { 'ss_area', 'ss_type' }
 */
export function orFacetFields(facets: Record<string, FacetDefinition>): Set<string> {
  return new Set(
    Object.values(facets)
      .filter((facet) => facet.settings_global.settings.operator === 'or')
      .map((facet) => facet.data.field),
  );
}

/**
 * The local-params tag of a facet's field (Solr field names are already safe; anything else becomes '_').
 *
 * @example facetTag('ss_area') // 'ss_area'
 */
export function facetTag(field: string): string {
  return field.replace(/[^A-Za-z0-9_]/g, '_');
}

/**
 * The request's fq list from the state's filters: duplicates dropped, the values of each
 * 'or' facet combined into one tagged fq at the place of its first value, other filters as
 * they are.
 *
 * @example
 * requestFilterQueries(['ss_area:A', 'is_bedrooms:3', 'ss_area:"B C"'], new Set(['ss_area']))
 * // ['{!tag=ss_area}ss_area:(A OR "B C")', 'is_bedrooms:3']
 */
export function requestFilterQueries(activeFilters: readonly string[], orFields: ReadonlySet<string>): string[] {
  const unique = [...new Set(activeFilters)];
  const result: string[] = [];
  const grouped = new Set<string>();
  for (const filter of unique) {
    const field = [...orFields].find((candidate) => isFilterOfField(filter, candidate));
    if (field === undefined) {
      result.push(filter);
      continue;
    }
    if (grouped.has(field)) continue;
    grouped.add(field);
    const ofField = unique.filter((other) => isFilterOfField(other, field));
    const values = ofField.filter((other) => other !== missingFilter(field)).map((other) => other.slice(field.length + 1));
    const clauses: string[] = [];
    if (values.length === 1) clauses.push(`${field}:${values[0]}`);
    else if (values.length > 1) clauses.push(`${field}:(${values.join(' OR ')})`);
    if (ofField.includes(missingFilter(field))) {
      clauses.push(values.length === 0 ? missingFilter(field) : `(*:* ${missingFilter(field)})`);
    }
    result.push(`{!tag=${facetTag(field)}}${clauses.join(' OR ')}`);
  }
  return result;
}
