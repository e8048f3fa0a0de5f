/**
 * The favourites list of spec §3 Flag options / §9 Favourites: a JSON array of ids kept in
 * the cookie `riot_solr_flag_items`. Everything read from the cookie is untrusted.
 */

export const FLAG_COOKIE_NAME = 'riot_solr_flag_items';
/** A browser keeps about 4 KB per cookie; a longer value is treated as tampered. */
export const MAX_FLAG_COOKIE_LENGTH = 3800;
/** How many favourites one visitor can keep (100 ids of up to 64 characters fit a cookie). */
export const MAX_FLAG_ITEMS = 100;
const ID_PATTERN = /^[A-Za-z0-9_.:/-]{1,64}$/;

export function isFlagItemId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/**
 * Parses the cookie's value. Returns the ids, or `null` when the value is not a JSON array
 * of valid ids, is too long or holds too many: the caller treats that as an empty list and
 * rewrites the cookie. Duplicates are dropped, first one wins.
 *
 * @example parseFlagItems('["chc1-listings-1001"]') // ['chc1-listings-1001']
 */
export function parseFlagItems(raw: string | undefined | null): string[] | null {
  if (raw === undefined || raw === null || raw === '') return [];
  if (raw.length > MAX_FLAG_COOKIE_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length > MAX_FLAG_ITEMS) return null;
  const ids = value.map((id: unknown) => (typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : id));
  if (!ids.every(isFlagItemId)) return null;
  return [...new Set(ids)];
}

export function serializeFlagItems(items: readonly string[]): string {
  return JSON.stringify(items);
}

/** Adds or removes one id, keeping the order in which items were flagged. */
export function setFlagItem(items: readonly string[], id: string, flagged: boolean): string[] {
  const without = items.filter((item) => item !== id);
  return flagged ? [...without, id] : without;
}
