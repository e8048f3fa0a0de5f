import type { Actor } from 'xstate';
import { AVAIL_PARAMS_KEY, AVAIL_PRICING_KEY, readStoredParams, readStoredPricing, serializeParams, serializePricing } from '@/domain/pricing/stored';
import type { availabilityMachine } from '@/machines/availability-machine';

/**
 * Keeps the last availability search in local storage (spec §4, §9 Storage): params under
 * 'rcriotavailpricingparams', pricing under 'rcriotavailpricingpricing'. Restores them into the
 * actor once; corrupt or old entries are removed. Every save replaces both. Returns the disposer.
 */
export function connectAvailPricingStorage(actor: Actor<typeof availabilityMachine>, storage: Storage | null = safeLocalStorage()): () => void {
  if (!storage) return () => {};
  const read = (key: string) => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };
  const rawParams = read(AVAIL_PARAMS_KEY);
  const rawPricing = read(AVAIL_PRICING_KEY);
  const params = readStoredParams(rawParams);
  const items = readStoredPricing(rawPricing);
  if (rawParams !== null && params === null) remove(storage, AVAIL_PARAMS_KEY);
  if (rawPricing !== null && items === null) remove(storage, AVAIL_PRICING_KEY);
  if (params !== null || items !== null) actor.send({ type: 'availability.restored', params, items: items ?? [] });
  const saved = actor.on('availability.saved', ({ params: last, items: pricing }) => {
    try {
      if (last) storage.setItem(AVAIL_PARAMS_KEY, serializeParams(last));
      else storage.removeItem(AVAIL_PARAMS_KEY);
      if (pricing.length > 0) storage.setItem(AVAIL_PRICING_KEY, serializePricing(pricing));
      else storage.removeItem(AVAIL_PRICING_KEY);
    } catch (error) {
      // Full or blocked storage: the prices stay on the page, they are just not kept.
      console.warn('Availability pricing could not be saved', error);
    }
  });
  return () => saved.unsubscribe();
}

function remove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // blocked storage
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
