import { debounceTime, fromEvent, map, startWith, type Observable } from 'rxjs';

/** Vertical scroll position, checked 100 ms after scrolling stops (spec §9 Header compact check). */
export function scrollPosition$(target: Window = window, debounceMs = 100): Observable<number> {
  return fromEvent(target, 'scroll', { passive: true }).pipe(
    debounceTime(debounceMs),
    startWith(null),
    map(() => target.scrollY),
  );
}
