import { httpContentSource } from './content-client';
import type { ItemIdLookup } from './analytics-item-ids';

/** An item's property code from the content API (GET /api/content/item?eid=…); null for an item without one. */
export const contentItemIdLookup: ItemIdLookup = (eid) => httpContentSource.item(eid).then((page) => page?.propertyCode ?? null);
