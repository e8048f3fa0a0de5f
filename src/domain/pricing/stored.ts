/**
 * What the availability search keeps in local storage (spec §4 Availability search, §9 Storage):
 * the last search params under 'rcriotavailpricingparams' and the pricing under
 * 'rcriotavailpricingpricing'. Both carry a version; a read that is not valid JSON, of another
 * version or of the wrong shape gives null, and the caller drops it.
 */
import * as v from 'valibot';
import { AvailItemSchema, AvailSearchParamsSchema } from './schemas';
import type { AvailItem, AvailSearchParams } from './types';

export const AVAIL_PARAMS_KEY = 'rcriotavailpricingparams';
export const AVAIL_PRICING_KEY = 'rcriotavailpricingpricing';
export const AVAIL_STORAGE_VERSION = 1;

const StoredParamsSchema = v.object({ v: v.literal(AVAIL_STORAGE_VERSION), params: AvailSearchParamsSchema });
const StoredPricingSchema = v.object({ v: v.literal(AVAIL_STORAGE_VERSION), items: v.pipe(v.array(AvailItemSchema), v.maxLength(20_000)) });

/** At most this much is read back (local storage holds about 5 MB per origin). */
const MAX_STORED_CHARS = 4_000_000;

function parseJson(text: string | null): unknown {
  if (text === null || text.length > MAX_STORED_CHARS) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const serializeParams = (params: AvailSearchParams): string => JSON.stringify({ v: AVAIL_STORAGE_VERSION, params });
export const serializePricing = (items: AvailItem[]): string => JSON.stringify({ v: AVAIL_STORAGE_VERSION, items });

/** The stored search params, or null when missing, corrupt or of an old version. */
export function readStoredParams(text: string | null): AvailSearchParams | null {
  const parsed = v.safeParse(StoredParamsSchema, parseJson(text));
  return parsed.success ? (parsed.output.params as AvailSearchParams) : null;
}

/** The stored pricing (as the avail/search items it came from), or null when missing, corrupt or old. */
export function readStoredPricing(text: string | null): AvailItem[] | null {
  const parsed = v.safeParse(StoredPricingSchema, parseJson(text));
  return parsed.success ? (parsed.output.items as AvailItem[]) : null;
}
