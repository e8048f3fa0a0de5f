import { map, Observable, timer } from 'rxjs';
import { parseSharedOrderAnswer, type PriceChange } from '@/domain/order/verification';
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

/** A shared order from the server: base64, and what changed since it was shared. */
export interface ResolvedShortUrl {
  encoded: string;
  changes: PriceChange[];
}

/**
 * GET /rescms/order/shorturl/{code}: asked as JSON, this site's server answers the order at
 * today's prices with what changed (`{ order, changes }`); a back end that answers the spec's
 * plain base64 text is read as an order without changes.
 */
export function resolveShortUrl(code: string, timeoutMs = 15_000): Observable<ResolvedShortUrl> {
  const url = `${ORDER_PATHS.shortUrl}/${encodeURIComponent(code)}`;
  return new Observable<ResolvedShortUrl>((subscriber) => {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), timeoutMs);
    fetch(url, { headers: { Accept: 'application/json, text/plain;q=0.5', 'X-Requested-With': 'XMLHttpRequest' }, credentials: 'same-origin', signal: controller.signal })
      .then(async (response) => {
        const text = await response.text();
        if (!response.ok) throw new HttpError(response.status, url, `HTTP ${response.status}`);
        if (!(response.headers.get('content-type') ?? '').includes('application/json')) return { encoded: text.trim(), changes: [] };
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw new HttpError(response.status, url, 'The shared Trips Collection is not valid JSON');
        }
        const parsed = parseSharedOrderAnswer(json);
        if (!parsed.ok) throw new HttpError(response.status, url, parsed.error);
        return parsed.value;
      })
      .then(
        (resolved) => {
          subscriber.next(resolved);
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
