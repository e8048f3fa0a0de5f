import { fromEvent } from 'rxjs';
import type { AnalyticsEvent } from '@/domain/analytics/events';

/** The page's own analytics sources (every page loads them at once; they are small). */

/** An uncaught error or unhandled rejection as GA4's exception event (spec §8: reported to analytics). */
export function exceptionEvent(kind: 'error' | 'rejection', reason: unknown, where: string | null, page: string, at: number): AnalyticsEvent {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason));
  const label = kind === 'error' ? 'Uncaught script error' : 'Unhandled promise rejection';
  return { name: 'exception', at, page, params: { description: `${label}: ${message}${where ? ` (${where})` : ''}`.slice(0, 500), fatal: false } };
}

/** What the page itself tells the analytics actor. */
export type PageAnalyticsEvent = { type: 'analytics.page.hidden' } | { type: 'analytics.tracked'; event: AnalyticsEvent };

/** The page path as the collector keeps it (no query, no hash). */
export const pagePath = (location: Pick<Location, 'pathname'> = window.location): string => location.pathname.slice(0, 300) || '/';

/**
 * The page's own analytics sources: pagehide flushes; uncaught errors and unhandled rejections
 * are reported. Returns the disposer.
 */
export function connectPageAnalytics(send: (event: PageAnalyticsEvent) => void, target: Window = window): () => void {
  const page = () => pagePath(target.location);
  const subscriptions = [
    fromEvent(target, 'pagehide').subscribe(() => send({ type: 'analytics.page.hidden' })),
    fromEvent<ErrorEvent>(target, 'error').subscribe((event) =>
      send({
        type: 'analytics.tracked',
        event: exceptionEvent('error', event.error ?? event.message, event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : null, page(), Date.now()),
      }),
    ),
    fromEvent<PromiseRejectionEvent>(target, 'unhandledrejection').subscribe((event) =>
      send({ type: 'analytics.tracked', event: exceptionEvent('rejection', event.reason, null, page(), Date.now()) }),
    ),
  ];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}
