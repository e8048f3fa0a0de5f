import type { Actor } from 'xstate';
import { getCookie, setCookie } from './cookies';
import { FLAG_COOKIE_NAME, parseFlagItems, serializeFlagItems } from '@/domain/flag-items';
import type { favouritesMachine } from '@/machines/favourites-machine';

/**
 * Reads the favourites cookie. A tampered, non-JSON or oversized value counts as an empty
 * list and is rewritten at once, so the next read is clean.
 */
export function readFlagCookie(cookieName = FLAG_COOKIE_NAME): string[] {
  const raw = getCookie(cookieName);
  const items = parseFlagItems(raw);
  if (items === null) {
    setCookie(cookieName, serializeFlagItems([]), 365);
    return [];
  }
  return items;
}

export function writeFlagCookie(items: readonly string[], cookieName = FLAG_COOKIE_NAME): void {
  setCookie(cookieName, serializeFlagItems(items), 365);
}

/**
 * Connects the favourites actor to its cookie: restores the list now and whenever the page
 * comes back into view (another tab may have changed it), and writes every change.
 * Returns the disposer.
 */
export function connectFlagCookie(
  actor: Actor<typeof favouritesMachine>,
  { cookieName = FLAG_COOKIE_NAME, target = window }: { cookieName?: string; target?: Window } = {},
): () => void {
  const restore = () => {
    const items = readFlagCookie(cookieName);
    const current = actor.getSnapshot().context.items;
    if (items.join('\n') !== current.join('\n')) actor.send({ type: 'favourites.restored', items });
  };
  restore();
  const changed = actor.on('favourites.changed', ({ items }) => writeFlagCookie(items, cookieName));
  const onVisible = () => {
    if (target.document.visibilityState === 'visible') restore();
  };
  target.addEventListener('focus', restore);
  target.document.addEventListener('visibilitychange', onVisible);
  return () => {
    changed.unsubscribe();
    target.removeEventListener('focus', restore);
    target.document.removeEventListener('visibilitychange', onVisible);
  };
}
