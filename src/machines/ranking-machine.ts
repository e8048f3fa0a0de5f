import { assign, emit, enqueueActions, setup } from 'xstate';
import { rankingTrackers, type RankingEntity } from '@/domain/search/ranking';

/** A ranked property's tracker URLs (spec §3 Ranking response), null when the service gave none. */
export interface PropertyTrackers {
  impressionTrackerUrl: string | null;
  landingPageClickTrackerUrl: string | null;
}

type RankingEvent =
  /** The search page is open and its effects listen: the ranking is asked for (once per page). */
  | { type: 'ranking.page.opened' }
  /** The ranking service answered; `seed` (drawn by the effect) breaks ties in the ranked sort. */
  | { type: 'ranking.received'; entities: RankingEntity[]; seed: number }
  | { type: 'ranking.failed'; message: string }
  /** A result card came into view (its property code). */
  | { type: 'ranking.card.seen'; propertyId: string }
  /** The visitor followed a result card's link. */
  | { type: 'ranking.card.clicked'; propertyId: string };

type RankingEmitted =
  | { type: 'ranking.requested' }
  /** The ranked order, for the search actor to apply (spec §9 Search ordering by ranking). */
  | { type: 'ranking.loaded'; rankedIds: string[]; seed: number }
  | { type: 'ranking.failure.logged'; message: string }
  /** Tracker URLs to call (impressions, or a landing-page click). */
  | { type: 'ranking.trackers.requested'; urls: string[] };

export interface RankingContext {
  /** Tracker URLs per property id (spec §3 Ranking response: stored for later use). */
  trackers: Record<string, PropertyTrackers>;
  /** Property ids whose cards have been in view on this page, in that order; each counts once. */
  seen: string[];
  error: string | null;
}

/**
 * The ranking of one search page (spec §7 Ranking, §3 Ranking response, §9 Search ordering by
 * ranking): asked for once when the page opens; when it arrives its order goes to the search
 * (`ranking.loaded`) and its tracker URLs are kept per property id. Each result card's
 * impression tracker is called once per page view, when the card is first in view (cards seen
 * before the ranking arrived are counted when it does); a click on a card's link calls its
 * landing-page click tracker. A failure is logged and the results keep the search's order.
 */
const trackersOf = (context: RankingContext, id: string): PropertyTrackers | undefined =>
  Object.hasOwn(context.trackers, id) ? context.trackers[id] : undefined;

export const rankingMachine = setup({
  types: {
    context: {} as RankingContext,
    events: {} as RankingEvent,
    emitted: {} as RankingEmitted,
  },
  guards: {
    isNewCard: ({ context, event }) => event.type === 'ranking.card.seen' && !context.seen.includes(event.propertyId),
    hasClickTracker: ({ context, event }) =>
      event.type === 'ranking.card.clicked' && Boolean(trackersOf(context, event.propertyId)?.landingPageClickTrackerUrl),
  },
  actions: {
    requestRanking: emit({ type: 'ranking.requested' as const }),
    storeTrackers: assign({
      trackers: ({ event }) => (event.type === 'ranking.received' ? Object.fromEntries(rankingTrackers(event.entities)) : {}),
    }),
    announceOrder: emit(({ event }) => ({
      type: 'ranking.loaded' as const,
      rankedIds: event.type === 'ranking.received' ? event.entities.map((entity) => entity.id) : [],
      seed: event.type === 'ranking.received' ? event.seed : 0,
    })),
    storeFailure: assign({ error: ({ event }) => (event.type === 'ranking.failed' ? event.message : 'Ranking failed') }),
    logFailure: emit(({ event }) => ({ type: 'ranking.failure.logged' as const, message: event.type === 'ranking.failed' ? event.message : 'Ranking failed' })),
    recordSeen: assign({ seen: ({ context, event }) => (event.type === 'ranking.card.seen' ? [...context.seen, event.propertyId] : context.seen) }),
    /** The impression trackers of the cards seen so far: all of them on arrival, then the one just seen. */
    trackImpressions: enqueueActions(({ context, event, enqueue }) => {
      const ids = event.type === 'ranking.card.seen' ? [event.propertyId] : context.seen;
      const urls = ids.flatMap((id) => trackersOf(context, id)?.impressionTrackerUrl ?? []);
      if (urls.length > 0) enqueue.emit({ type: 'ranking.trackers.requested', urls });
    }),
    trackClick: emit(({ context, event }) => ({
      type: 'ranking.trackers.requested' as const,
      urls: event.type === 'ranking.card.clicked' ? [trackersOf(context, event.propertyId)?.landingPageClickTrackerUrl ?? ''].filter(Boolean) : [],
    })),
  },
}).createMachine({
  id: 'ranking',
  context: { trackers: {}, seen: [], error: null },
  initial: 'idle',
  on: {
    // Until the trackers are known a card in view is only remembered.
    'ranking.card.seen': { guard: 'isNewCard', actions: 'recordSeen' },
  },
  states: {
    idle: {
      on: { 'ranking.page.opened': 'loading' },
    },
    loading: {
      entry: 'requestRanking',
      on: {
        'ranking.received': { target: 'loaded', actions: ['storeTrackers', 'announceOrder', 'trackImpressions'] },
        'ranking.failed': { target: 'failed', actions: ['storeFailure', 'logFailure'] },
      },
    },
    loaded: {
      on: {
        'ranking.card.seen': { guard: 'isNewCard', actions: ['recordSeen', 'trackImpressions'] },
        'ranking.card.clicked': { guard: 'hasClickTracker', actions: 'trackClick' },
      },
    },
    /** The page goes on in the search's own order. */
    failed: {},
  },
});
