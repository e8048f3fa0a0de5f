/**
 * One id per rental in every analytics event (spec §3 Analytics product; issue 22): the property
 * code, which result cards and the detail page name and the ranking counts. Offers and line items
 * (add to cart, checkout) carry only the item's eid, so the page remembers here which code an eid
 * has from what it has shown (a detail page, result cards); what it has not shown is asked of the
 * content API (item-id-lookup.ts, loaded with the analytics). Kept small: every listing and search
 * page has it at once (issue 10 budgets).
 */

/** Property codes by eid, as this page has learned them (or the eid itself for an item without a code). */
const known = new Map<number, string>();

/** What the page shows says which property code an eid has (detail page, result cards). */
export function learnItemIds(pairs: Iterable<readonly [eid: number, propertyCode: string]>): void {
  for (const [eid, code] of pairs) if (Number.isSafeInteger(eid) && code) known.set(eid, code.slice(0, 64));
}

/** For tests: forgets what was learned. */
export function forgetItemIds(): void {
  known.clear();
}

/** The id analytics names an item by, if this page knows it. */
export const knownItemId = (eid: number): string | undefined => known.get(eid);
