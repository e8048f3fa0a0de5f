import { Observable } from 'rxjs';

/** Spec §9: lazy-load and intersection margin of 80px above and below. */
export const LAZY_ROOT_MARGIN = '80px 0px 80px 0px';

/**
 * Emits once, then completes, the first time `element` comes within the lazy-load margin of
 * the viewport. Where IntersectionObserver is missing it emits at once.
 */
export function firstVisible$(element: Element, rootMargin = LAZY_ROOT_MARGIN): Observable<void> {
  return new Observable<void>((subscriber) => {
    if (typeof IntersectionObserver === 'undefined') {
      subscriber.next();
      subscriber.complete();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          subscriber.next();
          subscriber.complete();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  });
}
