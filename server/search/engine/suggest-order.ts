/**
 * The autocomplete order (issue 11) both back ends give: the embedded engine (engine.ts,
 * suggestFrom) and the Solr back end, which orders Solr's candidates by it (solr-backend.ts,
 * mergeSuggestions). What starts with the typed text comes first, then what has a word from which
 * it does; each group by weight (every listing with the value counts 1 plus its reviews), then by text.
 */
import { fold } from './analysis.ts';

export interface SuggestionCandidate {
  text: string;
  weight: number;
  /** The value starts with the typed text (else a later word of it does). */
  start: boolean;
}

/**
 * The typed text as autocomplete matches it (folded, spaces collapsed) and how many suggestions
 * to give (at most 100), or null when there is nothing to suggest.
 *
 * @example suggestRequest('  Coral  H', 10) // { typed: 'coral h', max: 10 }
 */
export function suggestRequest(prefix: string, limit: number): { typed: string; max: number } | null {
  const max = Math.min(Math.max(Math.floor(Number.isFinite(limit) ? limit : 0), 0), 100);
  const typed = fold(prefix).replace(/\s+/g, ' ').trim();
  return max === 0 || typed.length === 0 || typed.length > 200 ? null : { typed, max };
}

/** What one listing adds to the weight of each of its values: 1 plus its review count. */
export function suggestionWeight(reviewCount: unknown): number {
  const reviews = Number(reviewCount);
  return 1 + (Number.isFinite(reviews) && reviews > 0 ? reviews : 0);
}

/** Those starting with the typed text first, then by weight, then by text. */
export function compareSuggestions(a: SuggestionCandidate, b: SuggestionCandidate): number {
  return Number(b.start) - Number(a.start) || b.weight - a.weight || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
}
