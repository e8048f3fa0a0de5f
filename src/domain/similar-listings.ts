/**
 * Rentals like an address that names none (issue 11: an unknown listing slug answers 404 with
 * similar rentals): the words of the slug, matched against listing names, towns and types.
 */

import type { ListingSummary } from './content';

/** How many similar rentals the not-found page shows. */
export const SIMILAR_LISTINGS = 4;

/**
 * The words of a slug worth matching: lower-case letters and digits only (nothing a query could
 * misread), 3 to 40 characters, not bare numbers, each once, at most 6.
 *
 * @example slugWords('sea-breeze-cottage-12') // ['sea', 'breeze', 'cottage']
 * @example slugWords('<script>') // ['script']
 */
export function slugWords(slug: string): string[] {
  const words = slug
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3 && word.length <= 40 && !/^\d+$/.test(word));
  return [...new Set(words)].slice(0, 6);
}

/** What the not-found page of an unknown listing shows: the slug's words for the search box, and rentals like it. */
export interface MissingListing {
  missing: 'listing';
  words: string;
  similar: ListingSummary[];
}

export const missingListing = (slug: string, similar: ListingSummary[]): MissingListing => ({ missing: 'listing', words: slugWords(slug).join(' '), similar });

/** The not-found data of an unknown listing, or null for any other error's data. */
export function asMissingListing(data: unknown): MissingListing | null {
  if (typeof data !== 'object' || data === null || (data as Partial<MissingListing>).missing !== 'listing') return null;
  const { words, similar } = data as Partial<MissingListing>;
  return typeof words === 'string' && Array.isArray(similar) ? (data as MissingListing) : null;
}
