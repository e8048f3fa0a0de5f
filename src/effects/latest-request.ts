import { Subscription, type Observable, type Observer } from 'rxjs';

/**
 * One request of an actor at a time: a new request drops the one in flight, whose late answer
 * would be stale; `unsubscribe` drops the last one (the wiring's disposer).
 *
 *   const request = latestRequest();
 *   actor.on('calendar.request', ({ eid }) => request.run(fetchBookedRanges(eid), { next, error }));
 */
export function latestRequest(): { run<T>(request: Observable<T>, observer: Partial<Observer<T>>): void; unsubscribe(): void } {
  let current = new Subscription();
  return {
    run(request, observer) {
      current.unsubscribe();
      current = request.subscribe(observer);
    },
    unsubscribe: () => current.unsubscribe(),
  };
}
