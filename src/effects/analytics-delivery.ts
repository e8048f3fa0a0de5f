import { asyncScheduler, buffer, debounceTime, filter, from, fromEvent, map, merge, mergeMap, Subject, switchMap, timer, type SchedulerLike } from 'rxjs';
import type { Actor } from 'xstate';
import { MAX_EVENTS_PER_BATCH, type AnalyticsEvent } from '@/domain/analytics/events';
import type { analyticsMachine } from '@/machines/analytics-machine';

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
  /** Every event as it is sent: GA4's dataLayer when configured and consented (ga4.ts). */
  forward?: (events: readonly AnalyticsEvent[]) => void;
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
  const subscriptions = [
    actor.on('analytics.send.requested', (request) => {
      options.forward?.(request.events);
      requests$.next(request);
    }),
    actor.on('analytics.timer.requested', ({ ms }) => timers$.next(ms)),
    actor.on('analytics.navigation.requested', ({ href }) => navigate(href)),
  ];
  return () => {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    deliveries.unsubscribe();
    timers.unsubscribe();
  };
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
  const subscription = merge(
    fromEvent(target, 'pagehide').pipe(map(() => ({ type: 'analytics.page.hidden' as const }))),
    fromEvent<ErrorEvent>(target, 'error').pipe(
      map((event) => ({
        type: 'analytics.tracked' as const,
        event: exceptionEvent('error', event.error ?? event.message, event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : null, pagePath(target.location), Date.now()),
      })),
    ),
    fromEvent<PromiseRejectionEvent>(target, 'unhandledrejection').pipe(
      map((event) => ({ type: 'analytics.tracked' as const, event: exceptionEvent('rejection', event.reason, null, pagePath(target.location), Date.now()) })),
    ),
  ).subscribe((event) => actor.send(event));
  return () => subscription.unsubscribe();
}
