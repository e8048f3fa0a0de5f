import { asyncScheduler, buffer, debounceTime, filter, from, map, merge, mergeMap, Subject, switchMap, timer, type SchedulerLike } from 'rxjs';
import type { Actor, EmittedFrom } from 'xstate';
import { MAX_EVENTS_PER_BATCH, type AnalyticsEvent } from '@/domain/analytics/events';
import type { analyticsMachine } from '@/machines/analytics-machine';
import type { Ga4 } from './ga4';

/** The first-party collector (server/analytics/collector.ts). */
export const COLLECTOR_URL = '/analytics/collect';
/** Events that are not urgent wait this long for others to go in the same post. */
export const BATCH_WINDOW_MS = 1000;

export interface DeliveryOptions {
  url?: string;
  batchMs?: number;
  navigator?: Pick<Navigator, 'sendBeacon'>;
  fetch?: typeof fetch;
  scheduler?: SchedulerLike;
  /** Leaves the page for a product click (window.location.assign). */
  navigate?: (href: string) => void;
}

type SendRequest = { sendId: number; events: AnalyticsEvent[]; urgent: boolean };

/**
 * Posts one batch: navigator.sendBeacon (text/plain; it survives the page being left), or where
 * that is missing or refuses, fetch with keepalive (JSON). Answers whether the delivery was
 * confirmed: the beacon queued, or the collector's 2xx.
 */
export function postBatch(events: readonly AnalyticsEvent[], options: Pick<DeliveryOptions, 'url' | 'navigator' | 'fetch'> = {}): Promise<boolean> {
  const url = options.url ?? COLLECTOR_URL;
  const nav = options.navigator ?? (typeof navigator === 'undefined' ? undefined : navigator);
  const fetchFn = options.fetch ?? (typeof fetch === 'undefined' ? undefined : fetch);
  const body = JSON.stringify({ events });
  try {
    if (typeof nav?.sendBeacon === 'function' && nav.sendBeacon(url, body)) return Promise.resolve(true);
  } catch {
    // A beacon the browser refuses: fetch says why.
  }
  if (typeof fetchFn !== 'function') return Promise.resolve(false);
  return fetchFn(url, { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body }).then(
    (response) => response.ok,
    (error: unknown) => {
      console.warn(`Analytics not sent: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    },
  );
}

/** Chunks of at most `size` (the collector takes at most 50 events a post). */
function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The analytics actor's effects (issue 16, Delivery): its sends are batched (urgent ones — a
 * product click, the page going away — go at once with what is waiting; the others after
 * BATCH_WINDOW_MS of quiet) and posted to the collector; each send's confirmation goes back to the
 * actor. The product click's fallback timer and its navigation are run here. Returns the disposer.
 */
export function connectAnalyticsDelivery(actor: Actor<typeof analyticsMachine>, options: DeliveryOptions = {}): () => void {
  const scheduler = options.scheduler ?? asyncScheduler;
  const navigate = options.navigate ?? ((href: string) => window.location.assign(href));
  const requests$ = new Subject<SendRequest>();
  const timers$ = new Subject<number>();
  const close$ = merge(
    requests$.pipe(filter((request) => request.urgent)),
    requests$.pipe(debounceTime(options.batchMs ?? BATCH_WINDOW_MS, scheduler)),
  );
  const deliveries = requests$
    .pipe(
      buffer(close$),
      filter((batch) => batch.length > 0),
      mergeMap((batch) => {
        const events = batch.flatMap((request) => request.events);
        const posts = chunks(events, MAX_EVENTS_PER_BATCH).map((chunk) => postBatch(chunk, options));
        return from(Promise.all(posts)).pipe(map((results) => ({ batch, ok: results.every(Boolean) })));
      }),
    )
    .subscribe(({ batch, ok }) => {
      for (const { sendId } of batch) actor.send(ok ? { type: 'analytics.sent', sendId } : { type: 'analytics.send.failed', sendId });
    });
  const timers = timers$.pipe(switchMap((ms) => timer(ms, scheduler))).subscribe(() => actor.send({ type: 'analytics.timer.fired' }));
  const carryOut = (emitted: EmittedFrom<typeof analyticsMachine>) => {
    if (emitted.type === 'analytics.send.requested') requests$.next(emitted);
    else if (emitted.type === 'analytics.timer.requested') timers$.next(emitted.ms);
    else if (emitted.type === 'analytics.navigation.requested') navigate(emitted.href);
  };
  const subscriptions = (['analytics.send.requested', 'analytics.timer.requested', 'analytics.navigation.requested'] as const).map((type) => actor.on(type, carryOut));
  return () => {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    deliveries.unsubscribe();
    timers.unsubscribe();
  };
}

/**
 * GA4 beside the collector (issue 16 Consent, issue 22): tells the actor that the site has GA4 and,
 * as soon as it is applied, the visitor's cookie choice; the events the actor then forwards go to
 * GA4's dataLayer. Until the choice is known the actor holds them, so that an event sent before
 * the consent code has arrived is not lost. Returns the disposer.
 */
export function connectGa4Forwarding(actor: Actor<typeof analyticsMachine>, ga4: Pick<Ga4, 'forward' | 'analyticsConsent$'>): () => void {
  const forwarded = actor.on('analytics.ga4.forward.requested', ({ events }) => ga4.forward(events));
  actor.send({ type: 'analytics.ga4.configured' });
  const consent = ga4.analyticsConsent$.subscribe((analytics) => actor.send({ type: 'analytics.consent.known', analytics }));
  return () => {
    consent.unsubscribe();
    forwarded.unsubscribe();
  };
}
