import { assign, emit, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import type { ActivitySummary, ItemPage } from '@/domain/content';
import { activityOfferMachine } from './activity-offer-machine';

export interface OrderContentContext {
  /** Item pages of line items by eid, once answered (null: the content API has no such item). */
  pages: Record<number, ItemPage | null>;
  /** The line items the order detail shows, whose pages it waits for. */
  wanted: number[];
  /** Item pages asked for and not answered yet. */
  asking: number[];
  /** Item pages whose last request failed: asked again on retry, never kept as an answer. */
  failed: number[];
  /** The site's activities, once answered. */
  activities: ActivitySummary[] | null;
  activitiesAsking: boolean;
  activitiesFailed: boolean;
  /** One child actor per activity: its '+ {activity}' pane and its price. */
  offers: Record<number, ActorRefFrom<typeof activityOfferMachine>>;
}

export type OrderContentEvent =
  | { type: 'content.wanted'; eids: number[] }
  | { type: 'content.item.loaded'; eid: number; page: ItemPage | null }
  | { type: 'content.item.failed'; eid: number; message: string }
  | { type: 'content.activities.loaded'; activities: ActivitySummary[] }
  | { type: 'content.activities.failed'; message: string }
  | { type: 'content.retried' };

export type OrderContentEmitted =
  | { type: 'content.item.request'; eid: number }
  | { type: 'content.activities.request' }
  | { type: 'content.failure.logged'; message: string };

const answered = (context: OrderContentContext) => context.asking.length === 0 && !context.activitiesAsking;
const without = (list: number[], eid: number) => list.filter((one) => one !== eid);

/** What the detail still needs: wanted pages neither known nor asked for, and the activities. */
function missing(context: OrderContentContext): { eids: number[]; activities: boolean } {
  return {
    eids: context.wanted.filter((eid) => !(eid in context.pages) && !context.asking.includes(eid)),
    activities: context.activities === null && !context.activitiesAsking,
  };
}

/**
 * The content the order detail shows beside its line items (spec §2 Trips Collection): each line
 * item's page (link, photo, description) and the site's activities, fetched from the content API
 * when the detail wants them. The detail is shown once everything wanted has answered or failed
 * (it appears whole rather than growing). A failure is said with a 'Try again' button and is never
 * kept: retrying, or wanting the item again, asks again. Each activity gets a child actor for its
 * pane (activityOfferMachine).
 */
export const orderContentMachine = setup({
  actors: { activityOffer: activityOfferMachine },
  types: { context: {} as OrderContentContext, events: {} as OrderContentEvent, emitted: {} as OrderContentEmitted },
  guards: {
    answered: ({ context }) => answered(context),
    answeredWithFailure: ({ context }) => answered(context) && (context.failed.length > 0 || context.activitiesFailed),
  },
  actions: {
    /** The detail's line items now; a failure of one no longer shown is forgotten. */
    want: assign(({ context, event }) =>
      event.type === 'content.wanted' ? { wanted: [...new Set(event.eids)], failed: context.failed.filter((eid) => event.eids.includes(eid)) } : {},
    ),
    /** Asks for what is missing; a failed page or list counts as missing (it is asked again). */
    ask: enqueueActions(({ context, enqueue }) => {
      const next = missing(context);
      for (const eid of next.eids) enqueue.emit({ type: 'content.item.request', eid });
      if (next.activities) enqueue.emit({ type: 'content.activities.request' });
      enqueue.assign({
        asking: [...context.asking, ...next.eids],
        failed: context.failed.filter((eid) => !next.eids.includes(eid)),
        activitiesAsking: context.activitiesAsking || next.activities,
        activitiesFailed: context.activitiesFailed && !next.activities,
      });
    }),
    takeItem: assign(({ context, event }) =>
      event.type === 'content.item.loaded' ? { pages: { ...context.pages, [event.eid]: event.page }, asking: without(context.asking, event.eid) } : {},
    ),
    failItem: assign(({ context, event }) =>
      event.type === 'content.item.failed' ? { asking: without(context.asking, event.eid), failed: [...without(context.failed, event.eid), event.eid] } : {},
    ),
    takeActivities: assign(({ context, event, spawn }) => {
      if (event.type !== 'content.activities.loaded') return {};
      const offers = { ...context.offers };
      for (const { eid } of event.activities) offers[eid] ??= spawn('activityOffer', { id: `activity-${eid}`, input: { eid } });
      return { activities: event.activities, activitiesAsking: false, offers };
    }),
    failActivities: assign({ activitiesAsking: false, activitiesFailed: true }),
    log: emit(({ event }) => ({
      type: 'content.failure.logged' as const,
      message: event.type === 'content.item.failed' || event.type === 'content.activities.failed' ? event.message : '',
    })),
  },
}).createMachine({
  id: 'orderContent',
  context: { pages: {}, wanted: [], asking: [], failed: [], activities: null, activitiesAsking: false, activitiesFailed: false, offers: {} },
  initial: 'idle',
  states: {
    idle: {
      on: { 'content.wanted': { target: 'loading', actions: ['want', 'ask'] } },
    },
    loading: {
      tags: 'loading',
      // Once everything asked has answered: shown whole, or with the failure said.
      always: [
        { guard: 'answeredWithFailure', target: 'failed' },
        { guard: 'answered', target: 'settled' },
      ],
      on: {
        'content.wanted': { actions: ['want', 'ask'] },
        'content.item.loaded': { actions: 'takeItem' },
        'content.item.failed': { actions: ['failItem', 'log'] },
        'content.activities.loaded': { actions: 'takeActivities' },
        'content.activities.failed': { actions: ['failActivities', 'log'] },
      },
    },
    settled: {
      on: { 'content.wanted': { target: 'loading', actions: ['want', 'ask'] } },
    },
    failed: {
      on: {
        'content.retried': { target: 'loading', actions: 'ask' },
        'content.wanted': { target: 'loading', actions: ['want', 'ask'] },
      },
    },
  },
});
