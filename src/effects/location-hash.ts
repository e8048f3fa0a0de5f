import { distinctUntilChanged, fromEvent, map, merge, startWith, type Observable } from 'rxjs';

/** The URL hash (spec §2: the exposed search parameters live there), now and after every change. */
export function locationHash$(target: Window = window): Observable<string> {
  return merge(fromEvent(target, 'hashchange'), fromEvent(target, 'popstate')).pipe(
    startWith(null),
    map(() => target.location.hash.replace(/^#/, '')),
    distinctUntilChanged(),
  );
}

/** Sets the hash as a new history entry, so back and forward step through searches. */
export function pushHash(hash: string, target: Window = window): void {
  const next = hash ? `#${hash}` : '';
  if (target.location.hash === next || (next === '' && target.location.hash === '#')) return;
  if (next === '') {
    target.history.pushState(target.history.state, '', target.location.pathname + target.location.search);
    target.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    target.location.hash = next;
  }
}

/**
 * Sets the hash in place (no new history entry, no hashchange): for a page that fills in its
 * own hash before anything reads it.
 */
export function replaceHash(hash: string, target: Window = window): void {
  const { pathname, search } = target.location;
  target.history.replaceState(target.history.state, '', `${pathname}${search}${hash ? `#${hash}` : ''}`);
}

/** The page's search for its hash has answered: results hidden for it (server/html.ts) show again. */
export function markHashSearchSettled(target: Window = window): void {
  delete target.document.documentElement.dataset.searchHash;
}
