import { fromEvent } from 'rxjs';
import type { Actor, EmittedFrom } from 'xstate';
import type { AnalyticsEvent } from '@/domain/analytics/events';
import type { analyticsMachine } from '@/machines/analytics-machine';

/**
 * The part of the analytics effects every page loads at once (small): the page's own sources —
 * pagehide, uncaught errors, unhandled rejections — and a hold for what the actor asks for until
 * the delivery (analytics-delivery.ts, loaded after the page) takes over.
 */

/** Everything the analytics actor asks its effects for. */
export const ANALYTICS_EFFECTS = ['analytics.send.requested', 'analytics.timer.requested', 'analytics.navigation.requested'] as const;

/** Keeps what the actor asks for until `release`; the disposer stops keeping. */
export function holdAnalyticsEffects(actor: Actor<typeof analyticsMachine>): { held: Array<EmittedFrom<typeof analyticsMachine>>; release: () => void } {
  const held: Array<EmittedFrom<typeof analyticsMachine>> = [];
  const subscriptions = ANALYTICS_EFFECTS.map((type) => actor.on(type, (emitted) => held.push(emitted)));
  return { held, release: () => subscriptions.forEach((subscription) => subscription.unsubscribe()) };
}

/** An uncaught error or unhandled rejection as GA4's exception event (spec §8: reported to analytics). */
export function exceptionEvent(kind: 'error' | 'rejection', reason: unknown, where: string | null, page: string, at: number): AnalyticsEvent {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason));
  const label = kind === 'error' ? 'Uncaught script error' : 'Unhandled promise rejection';
  return { name: 'exception', at, page, params: { description: `${label}: ${message}${where ? ` (${where})` : ''}`.slice(0, 500), fatal: false } };
}

/** The page path as the collector keeps it (no query, no hash). */
export const pagePath = (location: Pick<Location, 'pathname'> = window.location): string => location.pathname.slice(0, 300) || '/';

/**
 * The page's own analytics sources: pagehide flushes; uncaught errors and unhandled rejections
 * are reported. Returns the disposer.
 */
export function connectPageAnalytics(actor: Actor<typeof analyticsMachine>, target: Window = window): () => void {
  const page = () => pagePath(target.location);
  const subscriptions = [
    fromEvent(target, 'pagehide').subscribe(() => actor.send({ type: 'analytics.page.hidden' })),
    fromEvent<ErrorEvent>(target, 'error').subscribe((event) =>
      actor.send({
        type: 'analytics.tracked',
        event: exceptionEvent('error', event.error ?? event.message, event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : null, page(), Date.now()),
      }),
    ),
    fromEvent<PromiseRejectionEvent>(target, 'unhandledrejection').subscribe((event) =>
      actor.send({ type: 'analytics.tracked', event: exceptionEvent('rejection', event.reason, null, page(), Date.now()) }),
    ),
  ];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}
