import { useSyncExternalStore } from 'react';
import { replaceHash } from '@/effects/location-hash';

/** Who hears the hash change in place (clearLocationHash): the browser tells only of its own changes. */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('hashchange', listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('hashchange', listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The URL's fragment ('#newsletter', '' without one); the server's render (and hydration) has none. */
export function useLocationHash(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
}

/** Takes the fragment off the address in place (no history entry), so that the same link followed again is a change. */
export function clearLocationHash(): void {
  replaceHash('');
  listeners.forEach((listener) => listener());
}
