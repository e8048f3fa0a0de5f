import { filter, fromEvent, map, type Observable } from 'rxjs';

/**
 * New values another tab saved under `key` (the storage event fires only in the other tabs of
 * the same origin). A removal gives null.
 */
export function storageChanges$(key: string, target: Window = window): Observable<string | null> {
  return fromEvent<StorageEvent>(target, 'storage').pipe(
    filter((event) => event.key === key || event.key === null),
    map((event) => (event.key === null ? null : event.newValue)),
  );
}

/** Custom events on the document (order-updated and friends, for other scripts on the page). */
export function dispatchDocumentEvent<T>(type: string, detail: T, target: Document = document): void {
  target.dispatchEvent(new CustomEvent<T>(type, { detail }));
}

export function documentEvents$<T>(type: string, target: Document = document): Observable<T> {
  return fromEvent<CustomEvent<T>>(target, type).pipe(map((event) => event.detail));
}

/** Puts a new URL (same document) in place of the current one, without a new history entry. */
export function replaceUrl(url: string, target: Window = window): void {
  target.history.replaceState(target.history.state, '', url);
}

/**
 * Marks the page as holding a Trips Collection (`data-trip` on the root element, first set before
 * the first paint by the server's page script): /mytrip and checkout keep the order's place.
 */
export function markTrip(withItems: boolean, target: Document = document): void {
  if (withItems) target.documentElement.dataset.trip = '';
  else delete target.documentElement.dataset.trip;
}
