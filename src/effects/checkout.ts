import { map, Observable } from 'rxjs';
import { parseCheckoutQuote, type CheckoutQuote } from '@/domain/checkout/checkout';
import type { Order } from '@/domain/order/order';
import { parseVerification, type PriceChange } from '@/domain/order/verification';
import { HttpError, requestJson } from './http-client';
import { VERIFY_PATH } from './order-verify';

export const CHECKOUT_PATH = '/rescms/order/checkout';

/** A verify answer with its checkout quote (null when it has none the page can read). */
export interface CheckedOrder {
  order: Order;
  changes: PriceChange[];
  quote: CheckoutQuote | null;
}

function checked(body: unknown): CheckedOrder {
  const parsed = parseVerification(body);
  if (!parsed.ok) throw new Error(parsed.error);
  const quote = parseCheckoutQuote((body as { checkout?: unknown }).checkout);
  return { ...parsed.value, quote: quote.ok ? quote.value : null };
}

/** POST /rcapi/order/verify with the guest's insurance state: the order re-priced and what checkout offers for it. */
export function verifyCheckout(order: Order, timeoutMs = 20_000): Observable<CheckedOrder> {
  return requestJson<unknown>(VERIFY_PATH, {
    method: 'POST',
    body: JSON.stringify({ order }),
    headers: { 'Content-Type': 'application/json' },
    timeoutMs,
  }).pipe(map(checked));
}

/** GET /rescms/order/provinces/{country} (spec §7): the states of a country, in the server's order. */
export function requestProvinces(country: string): Observable<Array<[string, string]>> {
  return requestJson<Record<string, unknown>>(`/rescms/order/provinces/${encodeURIComponent(country)}`).pipe(
    map((body) => Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
  );
}

export type CheckoutAnswer =
  | { kind: 'booked'; url: string }
  | { kind: 'invalid'; message: string; errors: Record<string, string> }
  | ({ kind: 'prices_changed'; message: string } & CheckedOrder)
  | { kind: 'refused'; message: string };

const GENERIC = 'We could not reach our reservations system. Nothing was booked; please try again.';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a refusal of the checkout means for the guest (issue 13: every answer said clearly). */
export function checkoutAnswerOf(error: unknown): CheckoutAnswer {
  if (!(error instanceof HttpError)) return { kind: 'refused', message: GENERIC };
  const body = isRecord(error.body) ? error.body : {};
  const errors = isRecord(body.errors) ? Object.fromEntries(Object.entries(body.errors).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
  switch (error.status) {
    case 0:
      return { kind: 'refused', message: GENERIC };
    case 400:
    case 402:
    case 422:
      return { kind: 'invalid', message: error.message, errors };
    case 409:
      if (body.reason === 'prices_changed') {
        try {
          return { kind: 'prices_changed', message: error.message, ...checked({ order: body.order, changes: body.changes, checkout: body.checkout }) };
        } catch {
          return { kind: 'refused', message: error.message };
        }
      }
      return { kind: 'refused', message: error.message };
    case 429:
      return { kind: 'refused', message: 'Too many attempts just now. Nothing was booked; please wait a minute and try again.' };
    case 503:
      return { kind: 'refused', message: `${error.message} Nothing was booked and nothing was charged; please try again.`.trim() };
    default:
      return { kind: 'refused', message: `${error.message}. Nothing was booked; please try again.` };
  }
}

/**
 * POST /rescms/order/checkout (issue 13): the form's fields, the order (local mode) and the
 * checkout's idempotency key, sent again unchanged with a retry. Never errors: every answer
 * becomes a CheckoutAnswer.
 */
export function submitCheckout(fields: Record<string, string>, order: Order | null, key: string, action = CHECKOUT_PATH): Observable<CheckoutAnswer> {
  return new Observable<CheckoutAnswer>((subscriber) =>
    requestJson<{ url?: unknown }>(action, {
      method: 'POST',
      body: JSON.stringify({ ...fields, ...(order ? { order } : {}), idempotency_key: key }),
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      timeoutMs: 30_000,
    }).subscribe({
      next: (body) => {
        const url = typeof body.url === 'string' && body.url.startsWith('/rescms/order/confirmation/') ? body.url : null;
        subscriber.next(url ? { kind: 'booked', url } : { kind: 'refused', message: 'The booking answered something unexpected. Please check your email before trying again.' });
        subscriber.complete();
      },
      error: (error: unknown) => {
        subscriber.next(checkoutAnswerOf(error));
        subscriber.complete();
      },
    }),
  );
}
