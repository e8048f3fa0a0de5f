import { from, map, of, type Observable } from 'rxjs';

/**
 * One id per rental in every analytics event (spec §3 Analytics product; issue 22): the property
 * code, which result cards and the detail page name and the ranking counts. Offers and line items
 * (add to cart, checkout) carry only the item's eid, so their id is looked up here: from what the
 * page has already shown (a detail page, result cards: `learnItemIds`), else asked of the content
 * API once per eid. An item without a property code (an activity, a package) is named by its eid
 * everywhere.
 */

/** How long an event waits for an id the page does not know before it goes with the eid. */
export const ITEM_ID_LOOKUP_MS = 3000;

/** Property codes by eid, as this page has learned them (the id of the item, or its eid when it has no code). */
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

/** Asks for an item's property code: null when it has none (an activity, a package, an unknown item). */
export type ItemIdLookup = (eid: number) => Promise<string | null>;

/**
 * The ids of `eids`, as a function from eid to id: at once when the page knows them all, else
 * after asking `lookup` for the others (each at most ITEM_ID_LOOKUP_MS). An item the lookup says
 * has no code is named by its eid from then on; one whose lookup fails goes by its eid this time
 * (logged) and is asked again next time.
 *
 * @example itemIdsOf([1002], lookup).subscribe((idOf) => idOf(1002)) // 'CHC-1002'
 */
export function itemIdsOf(eids: readonly number[], lookup: ItemIdLookup): Observable<(eid: number) => string> {
  const idOf = (eid: number) => known.get(eid) ?? String(eid);
  const unknown = [...new Set(eids)].filter((eid) => !known.has(eid));
  if (unknown.length === 0) return of(idOf);
  // Plain promises (no further RxJS operators): this module is on every listing and search page (issue 10 budgets).
  const asked = unknown.map((eid) =>
    new Promise<string | null>((resolve, reject) => {
      const late = setTimeout(() => reject(new Error(`no answer in ${ITEM_ID_LOOKUP_MS} ms`)), ITEM_ID_LOOKUP_MS);
      lookup(eid).then(
        (code) => {
          clearTimeout(late);
          resolve(code);
        },
        (error: unknown) => {
          clearTimeout(late);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }).then(
      (code) => known.set(eid, code ? code.slice(0, 64) : String(eid)),
      (error: unknown) => console.warn(`Analytics names item ${eid} by its eid: its property code could not be looked up (${error instanceof Error ? error.message : String(error)})`),
    ),
  );
  return from(Promise.all(asked)).pipe(map(() => idOf));
}
