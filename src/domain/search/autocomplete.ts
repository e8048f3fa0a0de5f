/**
 * Autocomplete (spec §5 Search, §9 Search): from 2 characters, not when the input ends in a
 * space, at most 10 suggestions.
 */

export const AUTOCOMPLETE_LIMIT = 10;
export const AUTOCOMPLETE_MIN_LENGTH = 2;
/** Longer input is a pasted text, not something being typed: no suggestions. */
export const AUTOCOMPLETE_MAX_LENGTH = 100;

/**
 * True when the input should be sent for suggestions: at least 2 characters besides leading
 * spaces (counted in code points), at most 100, and not ending in whitespace.
 *
 * @example shouldAutocomplete('be')   // true
 * @example shouldAutocomplete('b')    // false
 * @example shouldAutocomplete('sea ') // false
 */
export function shouldAutocomplete(input: string): boolean {
  if (/\s$/u.test(input)) return false;
  const length = [...input.trimStart()].length;
  return length >= AUTOCOMPLETE_MIN_LENGTH && length <= AUTOCOMPLETE_MAX_LENGTH;
}
