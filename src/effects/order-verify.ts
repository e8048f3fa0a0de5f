import { map, type Observable } from 'rxjs';
import type { Order } from '@/domain/order/order';
import { parseVerification, type PriceChange } from '@/domain/order/verification';
import { requestJson } from './http-client';

export const VERIFY_PATH = '/rcapi/order/verify';

/**
 * POST /rcapi/order/verify: the server prices every line item again before checkout (a session's
 * own order in session mode). Errors reach the subscriber.
 */
export function verifyOrder(order: Order, timeoutMs = 20_000): Observable<{ order: Order; changes: PriceChange[] }> {
  return requestJson<unknown>(VERIFY_PATH, {
    method: 'POST',
    body: JSON.stringify({ order }),
    headers: { 'Content-Type': 'application/json' },
    timeoutMs,
  }).pipe(
    map((body) => {
      const parsed = parseVerification(body);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.value;
    }),
  );
}
