import { concatMap, defer, Observable, Subject, type Subscription } from 'rxjs';

/**
 * A named queue that runs one request at a time, in the order asked (spec §7 Search: a search
 * queue and a full-documents queue; requests in the same queue run one at a time).
 */
export class SerialQueue {
  private readonly jobs = new Subject<() => Observable<unknown>>();
  private readonly subscription: Subscription;

  constructor(readonly name: string) {
    this.subscription = this.jobs.pipe(concatMap((job) => job())).subscribe();
  }

  /** Queues `work`; the returned observable emits its result when its turn has come and gone. */
  run<T>(work: () => Observable<T>): Observable<T> {
    return new Observable<T>((subscriber) => {
      let cancelled = false;
      this.jobs.next(() =>
        defer(() => {
          if (cancelled) return new Observable<never>((inner) => inner.complete());
          return new Observable<T>((inner) => {
            const subscription = defer(work).subscribe({
              next: (value) => subscriber.next(value),
              error: (error: unknown) => {
                subscriber.error(error);
                inner.complete();
              },
              complete: () => {
                subscriber.complete();
                inner.complete();
              },
            });
            return () => subscription.unsubscribe();
          });
        }),
      );
      return () => {
        cancelled = true;
      };
    });
  }

  dispose(): void {
    this.subscription.unsubscribe();
  }
}
