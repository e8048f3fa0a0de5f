import { Subscription, type Observable, type Observer } from 'rxjs';

/**
 * A wiring's request where only the newest answer counts (a new availability search, quote,
 * calendar, state list, price check or checkout supersedes the one before): each `run` cancels the
 * request still running, so the answer to one that is no longer the latest is never delivered, and
 * `cancel` (for the wiring's disposer) stops the last.
 *
 *   const request = latestRequest();
 *   actor.on('quote.request', ({ offer }) => request.run(requestQuote(offer), { next: …, error: … }));
 *   return () => request.cancel();
 */
export interface LatestRequest {
  run<T>(request: Observable<T>, observer: Partial<Observer<T>> | ((value: T) => void)): void;
  cancel(): void;
}

export function latestRequest(): LatestRequest {
  let current = new Subscription();
  return {
    run<T>(request: Observable<T>, observer: Partial<Observer<T>> | ((value: T) => void)) {
      current.unsubscribe();
      current = request.subscribe(typeof observer === 'function' ? { next: observer } : observer);
    },
    cancel: () => current.unsubscribe(),
  };
}
