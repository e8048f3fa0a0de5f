import * as v from 'valibot';
import { map, type Observable } from 'rxjs';
import { toQueryString, type QueryValue } from '@/domain/pricing/query';
import { AvailSearchResponseSchema } from '@/domain/pricing/schemas';
import type { AvailItem, AvailSearchParams } from '@/domain/pricing/types';
import { HttpError, requestJson } from './http-client';

export const AVAIL_SEARCH_PATH = '/rcapi/item/avail/search';

/** The availability search waits this long for the pricing engine. */
export const AVAIL_TIMEOUT_MS = 20_000;

/**
 * GET /rcapi/item/avail/search?{rcav in the jQuery.param form} (spec §7): the items with their
 * prices, validated; an answer of the wrong shape is an error like any other failure.
 */
export function searchAvailability(params: AvailSearchParams, timeoutMs = AVAIL_TIMEOUT_MS): Observable<AvailItem[]> {
  const url = `${AVAIL_SEARCH_PATH}?${toQueryString(params as unknown as Record<string, QueryValue>)}`;
  return requestJson<unknown>(url, { timeoutMs }).pipe(
    map((body) => {
      const parsed = v.safeParse(AvailSearchResponseSchema, body);
      if (!parsed.success) throw new HttpError(200, url, `Unexpected availability answer: ${v.summarize(parsed.issues).slice(0, 200)}`);
      return parsed.output as AvailItem[];
    }),
  );
}
