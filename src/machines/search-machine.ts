import { assign, emit, setup } from 'xstate';
import { resetFacet, toggleFacetValue } from '@/domain/search/facets';
import type { LoadedRanking } from '@/domain/search/ranking';
import { orderDocuments, type PricingRanges } from '@/domain/search/result-order';
import type { SearchResult } from '@/domain/search/response';
import type { SearchState } from '@/domain/search/search-state';

/** A full document the results show (spec §3 Search document); fields are read by the views. */
export type ResultDocument = { id: string } & Readonly<Record<string, unknown>>;

type SearchEvent =
  | { type: 'search.hash.changed'; state: SearchState }
  | { type: 'search.results.received'; requestId: number; result: SearchResult }
  | { type: 'search.failed'; requestId: number; message: string }
  | { type: 'search.documents.received'; requestId: number; documents: ResultDocument[] }
  | { type: 'facet.value.toggled'; field: string; value: string; singleActive: boolean }
  | { type: 'facet.reset'; field: string }
  | { type: 'search.sort.changed'; sort: string }
  | { type: 'search.page.requested'; start: number }
  | { type: 'search.query.submitted'; q: string }
  | { type: 'results.end.visible' }
  /** The page's ranking has been loaded (ranking-machine.ts): its order and tie-breaker seed. */
  | { type: 'search.ranking.received'; rankedIds: string[]; seed: number }
  /** The prices of the visitor's chosen dates (null when none are chosen): the price sorts follow them (spec §9). */
  | { type: 'search.pricing.changed'; pricing: PricingRanges | null };

type SearchEmitted =
  | { type: 'search.requested'; requestId: number; state: SearchState }
  | { type: 'search.documents.requested'; requestId: number; ids: string[] }
  | { type: 'search.hash.requested'; state: SearchState }
  | { type: 'search.failure.logged'; message: string }
  /** Spec §4 / §9 Search ordering by ranking: raised once the ranking has been loaded and applied. */
  | { type: 'sortOrderUpdated'; rankedCount: number };

export interface SearchContext {
  maxRows: number;
  numvisible: number;
  returnFullDocs: boolean;
  state: SearchState;
  requestId: number;
  /** The result on the page and the state it answers (kept until the next one is complete). */
  result: SearchResult | null;
  shownState: SearchState;
  /** A result waiting for its full documents. */
  pendingResult: SearchResult | null;
  documents: ResultDocument[];
  /** The same documents in the search's own order, which every reordering starts from. */
  fetched: ResultDocument[];
  /** The chosen dates' price ranges, or null before dates are chosen. */
  pricing: PricingRanges | null;
  /** How many results are shown; infinite scroll adds `numvisible` at a time (spec §2, §4). */
  visibleCount: number;
  error: string | null;
  /** The page's ranking once loaded: every page of documents is shown in its order (spec §9). */
  ranking: LoadedRanking | null;
}

/**
 * One search component (spec §4 Search component, Facets; §2 Search results pages). The URL
 * hash is the source of truth: a visitor's change asks for a new hash (`search.hash.requested`),
 * and the hash effect answers with `search.hash.changed`, which runs the search.
 */
export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    input: {} as { maxRows: number; numvisible: number; returnFullDocs: boolean },
    events: {} as SearchEvent,
    emitted: {} as SearchEmitted,
  },
  guards: {
    /** Spec §5 / §9: no search request is sent if max_rows <= 0. */
    isDisabled: ({ context }) => context.maxRows <= 0,
    isEnabled: ({ context }) => context.maxRows > 0,
    isCurrent: ({ context, event }) => 'requestId' in event && event.requestId === context.requestId,
    needsDocuments: ({ context, event }) =>
      event.type === 'search.results.received' &&
      event.requestId === context.requestId &&
      context.returnFullDocs &&
      event.result.ids.length > 0,
    hasHiddenResults: ({ context }) => context.visibleCount < context.documents.length,
    /** A page has one ranking; the order is drawn from the search's own order once. */
    isUnranked: ({ context }) => context.ranking === null,
  },
  actions: {
    startRequest: assign({
      state: ({ event, context }) => (event.type === 'search.hash.changed' ? event.state : context.state),
      requestId: ({ context }) => context.requestId + 1,
      error: null,
    }),
    requestSearch: emit(({ context }) => ({ type: 'search.requested' as const, requestId: context.requestId, state: context.state })),
    /** The answer is shown at once when it needs no documents. */
    showResult: assign({
      result: ({ event, context }) => (event.type === 'search.results.received' ? event.result : context.result),
      shownState: ({ context }) => context.state,
      fetched: ({ event, context }) =>
        event.type === 'search.results.received' ? (context.returnFullDocs ? [] : event.result.ids.map((id) => ({ id }))) : context.fetched,
      documents: ({ event, context }) =>
        event.type === 'search.results.received'
          ? context.returnFullDocs
            ? []
            : orderDocuments(event.result.ids.map((id) => ({ id })), context.ranking, context.state.sort, context.pricing)
          : context.documents,
      visibleCount: ({ context }) => context.numvisible,
    }),
    /** The previous results stay on the page until the new documents have arrived. */
    holdResult: assign({
      pendingResult: ({ event, context }) => (event.type === 'search.results.received' ? event.result : context.pendingResult),
    }),
    requestDocuments: emit(({ context }) => ({
      type: 'search.documents.requested' as const,
      requestId: context.requestId,
      ids: context.pendingResult?.ids ?? [],
    })),
    storeDocuments: assign({
      result: ({ context }) => context.pendingResult,
      shownState: ({ context }) => context.state,
      pendingResult: null,
      // The whole fetched page is ordered once; infinite scroll then reveals it in that order.
      fetched: ({ event, context }) => (event.type === 'search.documents.received' ? event.documents : context.fetched),
      documents: ({ event, context }) =>
        event.type === 'search.documents.received' ? orderDocuments(event.documents, context.ranking, context.state.sort, context.pricing) : context.documents,
      visibleCount: ({ context }) => context.numvisible,
    }),
    storeFailure: assign({ error: ({ event }) => (event.type === 'search.failed' ? event.message : 'Search failed') }),
    logFailure: emit(({ event }) => ({
      type: 'search.failure.logged' as const,
      message: event.type === 'search.failed' ? event.message : 'Search failed',
    })),
    /**
     * The ranking reorders the page already shown (the search's own order is its starting
     * point: the ranking arrives once per page, before or after the documents).
     */
    applyRanking: assign(({ context, event }) => {
      if (event.type !== 'search.ranking.received') return {};
      const ranking = { rankedIds: event.rankedIds, seed: event.seed };
      return { ranking, documents: orderDocuments(context.fetched, ranking, context.shownState.sort, context.pricing) };
    }),
    /** New prices reorder the page shown when it is sorted by price (from the search's own order). */
    applyPricing: assign(({ context, event }) => {
      if (event.type !== 'search.pricing.changed') return {};
      return { pricing: event.pricing, documents: orderDocuments(context.fetched, context.ranking, context.shownState.sort, event.pricing) };
    }),
    announceSortOrder: emit(({ context }) => ({ type: 'sortOrderUpdated' as const, rankedCount: context.ranking?.rankedIds.length ?? 0 })),
    showNextBatch: assign({ visibleCount: ({ context }) => context.visibleCount + context.numvisible }),
    requestHash: emit(({ context, event }) => {
      const state = context.state;
      let next: SearchState = state;
      if (event.type === 'facet.value.toggled') {
        next = { ...state, fq: toggleFacetValue(state.fq, event.field, event.value, { singleActive: event.singleActive }), start: 0 };
      } else if (event.type === 'facet.reset') {
        next = { ...state, fq: resetFacet(state.fq, event.field), start: 0 };
      } else if (event.type === 'search.sort.changed') {
        next = { ...state, sort: event.sort || undefined, start: 0 };
      } else if (event.type === 'search.page.requested') {
        next = { ...state, start: Math.max(0, event.start) };
      } else if (event.type === 'search.query.submitted') {
        next = { ...state, q: event.q.trim() || undefined, start: 0 };
      }
      return { type: 'search.hash.requested' as const, state: next };
    }),
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({
    maxRows: input.maxRows,
    numvisible: input.numvisible,
    returnFullDocs: input.returnFullDocs,
    state: { fq: [], start: 0 },
    requestId: 0,
    result: null,
    shownState: { fq: [], start: 0 },
    pendingResult: null,
    documents: [],
    fetched: [],
    pricing: null,
    visibleCount: input.numvisible,
    error: null,
    ranking: null,
  }),
  initial: 'starting',
  on: {
    // A disabled component (max_rows <= 0) ignores the visitor's changes too.
    'facet.value.toggled': { guard: 'isEnabled', actions: 'requestHash' },
    'facet.reset': { guard: 'isEnabled', actions: 'requestHash' },
    'search.sort.changed': { guard: 'isEnabled', actions: 'requestHash' },
    'search.page.requested': { guard: 'isEnabled', actions: 'requestHash' },
    'search.query.submitted': { guard: 'isEnabled', actions: 'requestHash' },
    // The end of the list may come into view while a search runs: show what is already loaded.
    'results.end.visible': { guard: 'hasHiddenResults', actions: 'showNextBatch' },
    // Spec §9: the shown documents (and every later page) follow the ranking once it is loaded.
    'search.ranking.received': { guard: 'isUnranked', actions: ['applyRanking', 'announceSortOrder'] },
    // Spec §9 Price sort: by the prices of the chosen dates once there are some.
    'search.pricing.changed': { actions: 'applyPricing' },
  },
  states: {
    starting: { always: [{ guard: 'isDisabled', target: 'disabled' }, { target: 'idle' }] },
    /** max_rows <= 0: the component never sends a request (and ignores what asks for one). */
    disabled: {},
    idle: {
      on: { 'search.hash.changed': { target: 'searching', actions: 'startRequest' } },
    },
    searching: {
      tags: ['pending'],
      entry: 'requestSearch',
      on: {
        'search.hash.changed': { target: 'searching', reenter: true, actions: 'startRequest' },
        'search.results.received': [
          { guard: 'needsDocuments', target: 'loadingDocuments', actions: 'holdResult' },
          { guard: 'isCurrent', target: 'ready', actions: 'showResult' },
        ],
        'search.failed': { guard: 'isCurrent', target: 'failed', actions: ['storeFailure', 'logFailure'] },
      },
    },
    loadingDocuments: {
      tags: ['pending'],
      entry: 'requestDocuments',
      on: {
        'search.hash.changed': { target: 'searching', actions: 'startRequest' },
        'search.documents.received': { guard: 'isCurrent', target: 'ready', actions: 'storeDocuments' },
        'search.failed': { guard: 'isCurrent', target: 'failed', actions: ['storeFailure', 'logFailure'] },
      },
    },
    ready: {
      on: { 'search.hash.changed': { target: 'searching', actions: 'startRequest' } },
    },
    failed: {
      on: { 'search.hash.changed': { target: 'searching', actions: 'startRequest' } },
    },
  },
});
