import * as v from 'valibot';
import { map, type Observable } from 'rxjs';
import { toQueryString, type QueryValue } from '@/domain/pricing/query';
import type { PriceQueryParams } from '@/domain/pricing/types';
import { HttpError, requestJson } from './http-client';

export const QUOTE_PATH = '/rescms/ajax/item/pricing/quote';

const QuoteSchema = v.object({ content: v.pipe(v.string(), v.maxLength(500_000)) });

/**
 * GET /rescms/ajax/item/pricing/quote?{the price's qp plus buy_text} (spec §7), with
 * `&province={state}` once the guest's insurance state is known (spec §5): the quote's HTML (still
 * to be sanitized before it is shown).
 */
export function requestQuote(qp: PriceQueryParams, buyText: string, province: string | null = null, timeoutMs = 15_000): Observable<string> {
  const query = { ...qp, buy_text: buyText, ...(province ? { province } : {}) };
  const url = `${QUOTE_PATH}?${toQueryString(query as unknown as Record<string, QueryValue>)}`;
  return requestJson<unknown>(url, { timeoutMs }).pipe(
    map((body) => {
      const parsed = v.safeParse(QuoteSchema, body);
      if (!parsed.success) throw new HttpError(200, url, 'Unexpected quote answer');
      return parsed.output.content;
    }),
  );
}
