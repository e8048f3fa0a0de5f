import { assign, emit, setup } from 'xstate';
import { itemsOfPricing, pricingByItem, pricingKey, sameStay, type PricingByItem } from '@/domain/pricing/derived';
import type { ReductionMode } from '@/domain/pricing/reductions';
import type { AvailItem, AvailSearchParams } from '@/domain/pricing/types';

export interface AvailabilityContext {
  reduction: ReductionMode;
  /** The last completed search's params (null when there is none, or after filters are cleared). */
  params: AvailSearchParams | null;
  /** Item pricing keyed 'eid-{eid}' (spec §3 Item pricing). */
  pricing: PricingByItem;
  /** The running request, so that an older answer is never taken for it. */
  requestId: number;
  pendingParams: AvailSearchParams | null;
}

export type AvailabilityEvent =
  | { type: 'availability.search.requested'; params: AvailSearchParams }
  | { type: 'availability.results.received'; requestId: number; items: AvailItem[] }
  | { type: 'availability.search.failed'; requestId: number; message: string }
  | { type: 'availability.restored'; params: AvailSearchParams | null; items: AvailItem[] }
  | { type: 'availability.filters.cleared' };

export type AvailabilityEmitted =
  | { type: 'availability.search.started'; params: AvailSearchParams }
  | { type: 'availability.search.stopped'; ok: boolean }
  | { type: 'availability.request'; requestId: number; params: AvailSearchParams }
  | { type: 'availability.saved'; params: AvailSearchParams | null; items: AvailItem[] }
  /** The visitor cleared the dates: the address loses its #rcav too (spec §4), so a reload brings nothing back. */
  | { type: 'availability.cleared' }
  | { type: 'availability.failure.logged'; message: string };

/**
 * A one-item search (rcav.IDs given, as on a listing page) joins the pricing of the same stay;
 * any other answer replaces the pricing.
 */
function nextPricing(context: AvailabilityContext, params: AvailSearchParams, items: AvailItem[]): PricingByItem {
  const fresh = pricingByItem(items, context.reduction, params.rcav);
  const oneItem = (params.rcav.IDs?.length ?? 0) > 0;
  if (!oneItem || !sameStay(context.params?.rcav, params.rcav)) return fresh;
  const kept = { ...context.pricing };
  for (const eid of params.rcav.IDs?.slice(0, 1) ?? []) delete kept[pricingKey(eid)];
  return { ...kept, ...fresh };
}

/**
 * The availability search (spec §4 Availability search): while a search runs the 'searching' tag
 * is on (the page marks its body as loading) and start and stop events are emitted; the answer
 * becomes the item pricing, and the params and pricing are saved (persistence writes them to
 * local storage). A failure keeps the previous prices and is logged. Clearing all filters
 * removes rcav. Only the answer to the latest request is taken.
 */
export const availabilityMachine = setup({
  types: {
    context: {} as AvailabilityContext,
    input: {} as { reduction?: ReductionMode },
    events: {} as AvailabilityEvent,
    emitted: {} as AvailabilityEmitted,
  },
  guards: {
    isLatest: ({ context, event }) => 'requestId' in event && event.requestId === context.requestId,
  },
  actions: {
    startRequest: assign({
      requestId: ({ context }) => context.requestId + 1,
      pendingParams: ({ event }) => (event.type === 'availability.search.requested' ? event.params : null),
    }),
    emitStarted: emit(({ context }) => ({ type: 'availability.search.started' as const, params: context.pendingParams as AvailSearchParams })),
    emitRequest: emit(({ context }) => ({ type: 'availability.request' as const, requestId: context.requestId, params: context.pendingParams as AvailSearchParams })),
    takeResults: assign(({ context, event }) => {
      if (event.type !== 'availability.results.received' || !context.pendingParams) return {};
      return { pricing: nextPricing(context, context.pendingParams, event.items), params: context.pendingParams, pendingParams: null };
    }),
    emitSaved: emit(({ context }) => ({ type: 'availability.saved' as const, params: context.params, items: itemsOfPricing(context.pricing) })),
    emitCleared: emit({ type: 'availability.cleared' as const }),
    emitStopped: emit(({ event }) => ({ type: 'availability.search.stopped' as const, ok: event.type === 'availability.results.received' })),
    logFailure: emit(({ event }) => ({ type: 'availability.failure.logged' as const, message: event.type === 'availability.search.failed' ? event.message : '' })),
    dropRequest: assign({ pendingParams: null }),
    restore: assign(({ context, event }) => {
      if (event.type !== 'availability.restored') return {};
      return { params: event.params, pricing: pricingByItem(event.items, context.reduction, event.params?.rcav ?? null) };
    }),
    clearRcav: assign({ params: null, pricing: {} }),
  },
}).createMachine({
  id: 'availability',
  context: ({ input }) => ({ reduction: input.reduction ?? 'all', params: null, pricing: {}, requestId: 0, pendingParams: null }),
  initial: 'idle',
  on: {
    'availability.filters.cleared': { actions: ['clearRcav', 'emitSaved', 'emitCleared'] },
  },
  states: {
    idle: {
      on: {
        'availability.search.requested': { target: 'searching', actions: ['startRequest', 'emitStarted', 'emitRequest'] },
        'availability.restored': { actions: 'restore' },
      },
    },
    searching: {
      tags: ['searching'],
      on: {
        // A newer search replaces the running one; the older answer is then ignored.
        'availability.search.requested': { actions: ['startRequest', 'emitRequest'] },
        'availability.results.received': { guard: 'isLatest', target: 'idle', actions: ['takeResults', 'emitSaved', 'emitStopped'] },
        'availability.search.failed': { guard: 'isLatest', target: 'idle', actions: ['dropRequest', 'logFailure', 'emitStopped'] },
      },
    },
  },
});
