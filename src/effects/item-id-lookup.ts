import type { ItemIdOf } from '@/domain/analytics/products';
import type { ItemPage } from '@/domain/content';
import { knownItemId, learnItemIds } from './analytics-item-ids';
import { HttpError, requestJson } from './http-client';

/** How long an event waits for an id the page does not know before it goes with the eid. */
export const ITEM_ID_LOOKUP_MS = 3000;

/** Asks for an item's property code: null when it has none (an activity, a package, an unknown item). */
export type ItemIdLookup = (eid: number) => Promise<string | null>;

/**
 * An item's property code from the content API (GET /api/content/item?eid=…, at most
 * ITEM_ID_LOOKUP_MS); null for an item without one (an activity, a package, none at all: 404).
 */
export const contentItemIdLookup: ItemIdLookup = (eid) =>
  new Promise((resolve, reject) => {
    requestJson<ItemPage>(`/api/content/item?eid=${eid}`, { timeoutMs: ITEM_ID_LOOKUP_MS }).subscribe({
      next: (page) => resolve(page.propertyCode ?? null),
      error: (error: unknown) => (error instanceof HttpError && error.status === 404 ? resolve(null) : reject(error instanceof Error ? error : new Error(String(error)))),
    });
  });

/**
 * The ids of `eids` (issue 22), as a function from eid to id: from what the page knows
 * (analytics-item-ids.ts), and after asking `lookup` for the others (each at most
 * ITEM_ID_LOOKUP_MS, which the lookup keeps). An item the lookup says has no code is named by its eid from then on; one
 * whose lookup fails goes by its eid this time (logged) and is asked again next time.
 *
 * @example (await itemIdsOf([1002], lookup))(1002) // 'CHC-1002'
 */
export async function itemIdsOf(eids: readonly number[], lookup: ItemIdLookup = contentItemIdLookup): Promise<ItemIdOf> {
  const idOf = (eid: number) => knownItemId(eid) ?? String(eid);
  const unknown = [...new Set(eids)].filter((eid) => knownItemId(eid) === undefined);
  const asked = unknown.map((eid) =>
    lookup(eid).then(
      (code) => learnItemIds([[eid, code ?? String(eid)]]),
      (error: unknown) => console.warn(`Analytics names item ${eid} by its eid: its property code could not be looked up (${error instanceof Error ? error.message : String(error)})`),
    ),
  );
  await Promise.all(asked);
  return idOf;
}
