import { assign, enqueueActions, setup } from 'xstate';
import type { AnalyticsEvent, AnalyticsProduct } from '@/domain/analytics/events';

/** Impressions go out in batches of exactly this many (spec §9 Analytics). */
export const IMPRESSION_BATCH = 10;
/** A product click's navigation goes ahead after this long if its event has not been confirmed (spec §9). */
export const CLICK_FALLBACK_MS = 2000;
/** At most this many error reports from one page: a loop that throws must not flood the collector. */
export const MAX_ERROR_REPORTS = 10;
/** At most this many events wait for the cookie choice before GA4 (a banner left open must not grow without end). */
export const MAX_HELD_FOR_GA4 = 50;

type AnalyticsMachineEvent =
  /** An event to send as it is (detail view, add to cart, checkout step, search, exception). */
  | { type: 'analytics.tracked'; event: AnalyticsEvent }
  /** A product came into view in a list (its impression counts once per page view). */
  | { type: 'analytics.impression'; product: AnalyticsProduct; page: string; at: number }
  /** The visitor followed a product link: its select_item goes first, the navigation after. */
  | { type: 'analytics.product.clicked'; product: AnalyticsProduct; page: string; href: string; at: number }
  /** The delivery of a send was confirmed (the beacon was queued, or the collector answered). */
  | { type: 'analytics.sent'; sendId: number }
  | { type: 'analytics.send.failed'; sendId: number }
  /** The 2000 ms of the product click's fallback are over (the effect's timer). */
  | { type: 'analytics.timer.fired' }
  /** pagehide: what is still held goes now. */
  | { type: 'analytics.page.hidden' }
  /** The site has a GA4 measurement id: its events are forwarded to GA4 once the visitor allows analytics. */
  | { type: 'analytics.ga4.configured' }
  /** The visitor's cookie choice is known (stored, or just made): whether analytics (GA4) is allowed. */
  | { type: 'analytics.consent.known'; analytics: boolean };

type AnalyticsEmitted =
  /** Events to deliver; `urgent` ones go at once (a product click, the page going away), the rest batched. */
  | { type: 'analytics.send.requested'; sendId: number; events: AnalyticsEvent[]; urgent: boolean }
  | { type: 'analytics.timer.requested'; ms: number }
  | { type: 'analytics.navigation.requested'; href: string }
  /** Events for GA4's dataLayer: only with analytics allowed, each event once, in the order sent. */
  | { type: 'analytics.ga4.forward.requested'; events: AnalyticsEvent[] };

export interface AnalyticsContext {
  /** Impressions not sent yet (fewer than IMPRESSION_BATCH). */
  impressions: AnalyticsProduct[];
  /** The page path of the held impressions, and when the last of them was seen. */
  impressionPage: string | null;
  impressionAt: number;
  /** Item ids seen on this page, each counted once. */
  seen: string[];
  /** Numbers each send, so that a confirmation finds its click. */
  lastSendId: number;
  /** The product click waiting for its confirmation. */
  pendingClick: { sendId: number; href: string } | null;
  errorReports: number;
  /**
   * Events sent and not yet forwarded to GA4 nor dropped: held while the cookie choice is not
   * known (at most MAX_HELD_FOR_GA4), empty at rest in the GA4 region's other states.
   */
  forGa4: AnalyticsEvent[];
}

/**
 * What was sent is offered to GA4 as well: it waits in `forGa4` (at most MAX_HELD_FOR_GA4), and
 * the GA4 region forwards it, keeps it until the cookie choice is known, or drops it.
 */
const offeredToGa4 = (context: AnalyticsContext, events: AnalyticsEvent[]): AnalyticsEvent[] =>
  events.length === 0 ? context.forGa4 : [...context.forGa4, ...events].slice(0, MAX_HELD_FOR_GA4);

const listEvent = (items: AnalyticsProduct[], page: string | null, at: number): AnalyticsEvent => ({
  name: 'view_item_list',
  at,
  ...(page ? { page } : {}),
  params: { items },
});

/**
 * The page's analytics (spec §1, §9 Analytics; issue 16): every ecommerce event and error report
 * is handed to the delivery effect, which batches them to the first-party collector. Impressions
 * are held and sent 10 at a time, the remainder on pagehide. A product click's select_item is sent
 * at once and the navigation waits for its confirmation, at most 2000 ms (a timer the effect runs).
 * At most 10 error reports per page.
 *
 * GA4 (issue 22): whatever goes to the collector is offered to GA4 as well. Until the cookie
 * choice is known (the consent code comes after the page) it waits here, in order; once analytics
 * is allowed it is forwarded, each event once; refused, it is dropped (the collector had it). Only
 * events sent after a later grant are forwarded.
 */
export const analyticsMachine = setup({
  types: {
    context: {} as AnalyticsContext,
    events: {} as AnalyticsMachineEvent,
    emitted: {} as AnalyticsEmitted,
  },
  guards: {
    hasForGa4: ({ context }) => context.forGa4.length > 0,
    allowsAnalytics: ({ event }) => event.type === 'analytics.consent.known' && event.analytics,
    refusesAnalytics: ({ event }) => event.type === 'analytics.consent.known' && !event.analytics,
    isNewImpression: ({ context, event }) => event.type === 'analytics.impression' && !context.seen.includes(event.product.item_id),
    mayReport: ({ context, event }) => event.type === 'analytics.tracked' && (event.event.name !== 'exception' || context.errorReports < MAX_ERROR_REPORTS),
    isClickConfirmation: ({ context, event }) =>
      (event.type === 'analytics.sent' || event.type === 'analytics.send.failed') && event.sendId === context.pendingClick?.sendId,
  },
  actions: {
    send: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'analytics.tracked') return;
      const sendId = context.lastSendId + 1;
      enqueue.assign({
        lastSendId: sendId,
        errorReports: context.errorReports + (event.event.name === 'exception' ? 1 : 0),
        forGa4: offeredToGa4(context, [event.event]),
      });
      enqueue.emit({ type: 'analytics.send.requested', sendId, events: [event.event], urgent: false });
    }),
    /** Holds the impression; the tenth sends the batch. */
    holdImpression: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'analytics.impression') return;
      const held = [...context.impressions, event.product];
      const seen = [...context.seen, event.product.item_id];
      if (held.length < IMPRESSION_BATCH) {
        enqueue.assign({ impressions: held, seen, impressionPage: event.page, impressionAt: event.at });
        return;
      }
      const sendId = context.lastSendId + 1;
      const list = listEvent(held, event.page, event.at);
      enqueue.assign({ impressions: [], seen, impressionPage: null, lastSendId: sendId, forGa4: offeredToGa4(context, [list]) });
      enqueue.emit({ type: 'analytics.send.requested', sendId, events: [list], urgent: false });
    }),
    /** The page goes away: the remainder of the impressions, and every batched send, go now. */
    flush: enqueueActions(({ context, enqueue }) => {
      const sendId = context.lastSendId + 1;
      const events = context.impressions.length > 0 ? [listEvent(context.impressions, context.impressionPage, context.impressionAt)] : [];
      enqueue.assign({ impressions: [], impressionPage: null, lastSendId: sendId, forGa4: offeredToGa4(context, events) });
      enqueue.emit({ type: 'analytics.send.requested', sendId, events, urgent: true });
    }),
    sendClick: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'analytics.product.clicked') return;
      const sendId = context.lastSendId + 1;
      const click: AnalyticsEvent = {
        name: 'select_item',
        at: event.at,
        page: event.page,
        params: { items: [event.product] },
      };
      enqueue.assign({ lastSendId: sendId, pendingClick: { sendId, href: event.href }, forGa4: offeredToGa4(context, [click]) });
      enqueue.emit({ type: 'analytics.send.requested', sendId, events: [click], urgent: true });
      enqueue.emit({ type: 'analytics.timer.requested', ms: CLICK_FALLBACK_MS });
    }),
    navigate: enqueueActions(({ context, enqueue }) => {
      if (context.pendingClick) enqueue.emit({ type: 'analytics.navigation.requested', href: context.pendingClick.href });
      enqueue.assign({ pendingClick: null });
    }),
    /** What waits for GA4 goes there, in the order it was sent, and waits no longer. */
    forward: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'analytics.ga4.forward.requested', events: context.forGa4 });
      enqueue.assign({ forGa4: [] });
    }),
    drop: assign({ forGa4: [] }),
  },
}).createMachine({
  id: 'analytics',
  context: { impressions: [], impressionPage: null, impressionAt: 0, seen: [], lastSendId: 0, pendingClick: null, errorReports: 0, forGa4: [] },
  type: 'parallel',
  on: {
    'analytics.tracked': { guard: 'mayReport', actions: 'send' },
    'analytics.impression': { guard: 'isNewImpression', actions: 'holdImpression' },
    'analytics.page.hidden': { actions: 'flush' },
  },
  states: {
    /** The product click (spec §9). */
    click: {
      initial: 'ready',
      states: {
        ready: {
          on: { 'analytics.product.clicked': { target: 'clicking', actions: 'sendClick' } },
        },
        /** The select_item is on its way; the navigation waits for it, at most CLICK_FALLBACK_MS. */
        clicking: {
          on: {
            'analytics.sent': { guard: 'isClickConfirmation', target: 'ready', actions: 'navigate' },
            'analytics.send.failed': { guard: 'isClickConfirmation', target: 'ready', actions: 'navigate' },
            'analytics.timer.fired': { target: 'ready', actions: 'navigate' },
          },
        },
      },
    },
    /** Forwarding to GA4 (issue 16 Consent, issue 22): what is sent waits in forGa4 until this region deals with it. */
    ga4: {
      initial: 'off',
      states: {
        /** No GA4 on this site (or not connected yet): the collector alone. */
        off: {
          always: { guard: 'hasForGa4', actions: 'drop' },
          on: { 'analytics.ga4.configured': { target: 'waiting' } },
        },
        /** The cookie choice is not known yet: what is sent is held for GA4. */
        waiting: {
          on: {
            'analytics.consent.known': [{ guard: 'allowsAnalytics', target: 'forwarding' }, { target: 'withheld' }],
          },
        },
        /** Analytics allowed: what was held, then each event as it is sent, goes to GA4. */
        forwarding: {
          always: { guard: 'hasForGa4', actions: 'forward' },
          on: { 'analytics.consent.known': { guard: 'refusesAnalytics', target: 'withheld' } },
        },
        /** Analytics refused: GA4 gets nothing, neither what was held nor what is sent (a later grant forwards what is sent after it). */
        withheld: {
          always: { guard: 'hasForGa4', actions: 'drop' },
          on: { 'analytics.consent.known': { guard: 'allowsAnalytics', target: 'forwarding' } },
        },
      },
    },
  },
});
