import type { EventFrom } from 'xstate';
import { navigateTo } from '@/effects/navigation';
import type { analyticsMachine } from '@/machines/analytics-machine';
import { deferred } from './deferred';
import type { SiteActors } from './actors/site-actors';

/** The analytics actor, its machine and its delivery: code that comes after the page (issue 16; budgets). */
export const analyticsActorModule = deferred(() => import('./actors/analytics-actor'));

export type AnalyticsInput = EventFrom<typeof analyticsMachine>;

/**
 * Hands an event to the page's analytics actor, once its code has arrived (events keep their
 * order). Should the code never arrive, a product click the page held back goes ahead.
 */
export function sendAnalytics(actors: SiteActors, event: AnalyticsInput): void {
  if (analyticsActorModule.current()) {
    actors.analytics.send(event);
    return;
  }
  analyticsActorModule.load().then(
    () => actors.analytics.send(event),
    (error: unknown) => {
      if (event.type === 'analytics.product.clicked') navigateTo(event.href);
      console.warn(`Analytics could not load: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
}
