/**
 * Types of the search configuration (spec §3 Search configuration, Facet definition) as
 * validated by settings.ts, named for the search modules.
 */
import type { InferOutput } from 'valibot';
import type { SearchConfigSchema } from '../settings';

/** `config.search` of the site settings. */
export type SearchConfig = InferOutput<typeof SearchConfigSchema>;
/** One facet of `config.search.facets` (spec §3 Facet definition). */
export type FacetDefinition = SearchConfig['facets'][string];

/** Spec §9 Search: rows per request when max_rows is not configured. */
export const DEFAULT_ROWS = 10;
