import type { EventFrom } from 'xstate';
import { navigateTo } from '@/effects/navigation';
import type { analyticsMachine } from '@/machines/analytics-machine';
import { deferred } from './deferred';
import type { SiteActors } from './actors/site-actors';
import type { OfferEvent } from './actors/analytics-wiring';

/** The analytics actor, its machine and its delivery: code that comes after the page (issue 16; budgets). */
export const analyticsActorModule = deferred(() => import('./actors/analytics-actor'));

export type AnalyticsInput = EventFrom<typeof analyticsMachine>;

type AnalyticsModule = NonNullable<ReturnType<typeof analyticsActorModule.current>>;

/** Runs `run` once the analytics code has arrived (at once if it has; in the order asked), `failed` if it cannot. */
function withAnalytics(run: (module: AnalyticsModule) => void, failed?: () => void): void {
  const loaded = analyticsActorModule.current();
  if (loaded) {
    run(loaded);
    return;
  }
  analyticsActorModule.load().then(run, (error: unknown) => {
    failed?.();
    console.warn(`Analytics could not load: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/**
 * Hands an event to the page's analytics actor, once its code has arrived (events keep their
 * order). Should the code never arrive, a product click the page held back goes ahead.
 */
export function sendAnalytics(actors: SiteActors, event: AnalyticsInput): void {
  withAnalytics(
    () => actors.analytics.send(event),
    () => {
      if (event.type === 'analytics.product.clicked') navigateTo(event.href);
    },
  );
}

/**
 * Hands an event about offers (a checkout step) to the page's analytics once its code has
 * arrived: it names each rental by its property code, looked up there if the page has not shown
 * it (issue 22). Offer events keep their order.
 */
export function sendOfferAnalytics(actors: SiteActors, event: OfferEvent): void {
  withAnalytics((module) => module.trackOffers(actors.analytics, event));
}
