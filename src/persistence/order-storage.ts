import { parseOrder, MAX_ORDER_JSON, type Order } from '@/domain/order/order';

/** The order's local storage key (spec §9 Storage). */
export const ORDER_STORAGE_KEY = 'rcriotorder';

/**
 * Reads a stored order (the JSON of spec §3 Order). Anything that is not a valid order (tampered,
 * truncated, oversized) gives null; lict and litot are recomputed from the line items.
 */
export function parseStoredOrder(raw: string | null): Order | null {
  if (raw === null || raw.length > MAX_ORDER_JSON) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = parseOrder(json);
  return parsed.ok ? parsed.value : null;
}

/**
 * The order kept in local storage under 'rcriotorder', or null. Corrupt data is dropped with a
 * console warning (and removed, so it cannot come back).
 */
export function readStoredOrder(storage: Storage | null = safeLocalStorage(), logger: Pick<Console, 'warn'> = console): Order | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(ORDER_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const order = parseStoredOrder(raw);
  if (order === null) {
    logger.warn(`The stored Trips Collection (${ORDER_STORAGE_KEY}) is not valid and was dropped.`);
    try {
      storage.removeItem(ORDER_STORAGE_KEY);
    } catch {
      // blocked storage
    }
  }
  return order;
}

/** Saves the order under 'rcriotorder'; full or blocked storage keeps the order on the page only. */
export function saveStoredOrder(order: Order, storage: Storage | null = safeLocalStorage(), logger: Pick<Console, 'warn'> = console): void {
  if (!storage) return;
  try {
    storage.setItem(ORDER_STORAGE_KEY, JSON.stringify(order));
  } catch (error) {
    logger.warn('The Trips Collection could not be saved', error);
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
