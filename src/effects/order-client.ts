import { map, Observable, timer } from 'rxjs';
import { toQueryString, type QueryValue } from '@/domain/pricing/query';
import type { PriceQueryParams } from '@/domain/pricing/types';
import { HttpError, requestJson } from './http-client';

/**
 * The Trips Collection's server calls (spec §7 Availability and Trips Collection). Session mode:
 * the session cookie is HttpOnly, so these go same-origin with credentials; every answer is the
 * full order, validated by the order machine.
 */
export const ORDER_PATHS = {
  get: '/rcapi/order/get',
  add: '/rcapi/order/add',
  remove: '/rcapi/order/remove',
  shortUrl: '/rescms/order/shorturl',
} as const;

/** GET /rcapi/order/get: the session's order. */
export function fetchSessionOrder(): Observable<unknown> {
  return requestJson<unknown>(ORDER_PATHS.get);
}

/** GET /rcapi/order/add?{qp}: the server re-prices the qp and answers the full order. */
export function addToSessionOrder(qp: PriceQueryParams): Observable<unknown> {
  return requestJson<unknown>(`${ORDER_PATHS.add}?${toQueryString(qp as unknown as Record<string, QueryValue>)}`, { timeoutMs: 20_000 });
}

/** GET /rcapi/order/remove?index={key}: the full order. */
export function removeFromSessionOrder(key: string): Observable<unknown> {
  return requestJson<unknown>(`${ORDER_PATHS.remove}?${new URLSearchParams({ index: key }).toString()}`);
}

/** GET /rescms/order/shorturl/{code}: the base64 order as plain text. */
export function resolveShortUrl(code: string, timeoutMs = 15_000): Observable<string> {
  const url = `${ORDER_PATHS.shortUrl}/${encodeURIComponent(code)}`;
  return new Observable<string>((subscriber) => {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), timeoutMs);
    fetch(url, { headers: { Accept: 'text/plain' }, credentials: 'same-origin', signal: controller.signal })
      .then(async (response) => {
        const text = await response.text();
        if (!response.ok) throw new HttpError(response.status, url, `HTTP ${response.status}`);
        return text.trim();
      })
      .then(
        (text) => {
          subscriber.next(text);
          subscriber.complete();
        },
        (error: unknown) => subscriber.error(error instanceof HttpError ? error : new HttpError(0, url, error instanceof Error ? error.message : String(error))),
      )
      .finally(() => clearTimeout(timeout));
    return () => {
      clearTimeout(timeout);
      controller.abort();
    };
  });
}

/** Fires once after `delayMs` (the shared trip's 250 ms re-open, spec §9). */
export function delay(delayMs: number): Observable<void> {
  return timer(delayMs).pipe(map(() => undefined));
}
