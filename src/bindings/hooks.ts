import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { replaceHash } from '@/effects/location-hash';
import { firstVisible$ } from '@/effects/visibility';
import { favouritesViewPath } from '@/domain/search/favourites-view';
import type { StatusMessage } from '@/domain/settings';
import { isLookedUp, shownFavourites } from '@/machines/favourites-dropdown-machine';
import type { flagMachine } from '@/machines/flag-machine';
import type { ResultDocument } from '@/machines/search-machine';
import { useSettings, useSiteActors } from './site-context';

export { useSettings, useSiteActors } from './site-context';

/** Number of favourited items, for the header counter. */
export function useFavouritesCount(): number {
  return useSelector(useSiteActors().favourites, (s) => s.context.items.length);
}

export function useFavouriteItems(): string[] {
  return useSelector(useSiteActors().favourites, (s) => s.context.items);
}

/**
 * One flag button: registers a child flag actor for this button while it is mounted and
 * returns its state. Before registration (server rendering, first paint) the favourites list decides.
 */
export function useFlagButton(itemId: string): { flagged: boolean; toggle: () => void } {
  const { favourites } = useSiteActors();
  const buttonId = `flag-${useId()}`;
  useEffect(() => {
    favourites.send({ type: 'flag.button.registered', buttonId, itemId });
    return () => favourites.send({ type: 'flag.button.unregistered', buttonId });
  }, [favourites, buttonId, itemId]);
  const child = useSelector(
    favourites,
    (s) => s.children[buttonId] as ActorRefFrom<typeof flagMachine> | undefined,
  );
  const listFlagged = useSelector(favourites, (s) => s.context.items.includes(itemId));
  const childFlagged = useSelector(child, (s) => (s ? s.matches('flagged') : undefined));
  return {
    flagged: childFlagged ?? listFlagged,
    toggle: () => child?.send({ type: 'flag.clicked' }),
  };
}

export function useIsHeaderTiny(): boolean {
  return useSelector(useSiteActors().header, (s) => s.matches('tiny'));
}

export function useSearchPanel(): { shown: boolean; toggle: () => void; close: () => void } {
  const { searchPanel } = useSiteActors();
  const shown = useSelector(searchPanel, (s) => s.matches('showSearch'));
  return {
    shown,
    toggle: () => searchPanel.send({ type: 'search.panel.toggled' }),
    close: () => searchPanel.send({ type: 'search.panel.closed' }),
  };
}

export function useMenu(): { expanded: boolean; toggle: () => void; close: () => void } {
  const { menu } = useSiteActors();
  const expanded = useSelector(menu, (s) => s.matches('expanded'));
  return { expanded, toggle: () => menu.send({ type: 'menu.toggled' }), close: () => menu.send({ type: 'menu.closed' }) };
}

export function useStatusMessages(): { messages: StatusMessage[]; shown: boolean; dismiss: () => void } {
  const { statusMessages } = useSiteActors();
  const shown = useSelector(statusMessages, (s) => s.matches('showing'));
  const messages = useSelector(statusMessages, (s) => s.context.messages);
  return { messages, shown, dismiss: () => statusMessages.send({ type: 'status.messages.dismissed' }) };
}

/** True once the element has come within the lazy-load margin of the viewport (spec §4 Lazy content). */
export function useFirstVisible<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return undefined;
    const subscription = firstVisible$(element).subscribe(() => setVisible(true));
    return () => subscription.unsubscribe();
  }, [visible]);
  return [ref, visible];
}

/** The favourites view with the flagged items in its hash (spec §2 Favourites view). */
export function useFavouritesViewPath(): string {
  const { path, key } = useSettings().flag;
  const items = useFavouriteItems();
  return favouritesViewPath(path, key, items);
}

/**
 * The favourites view opened without its hash (a bookmark, the menu) gets the flagged items'
 * hash before its search reads it: layout effects run before every passive effect.
 */
export function useFavouritesViewHash(): void {
  const { path, key } = useSettings().flag;
  const items = useFavouriteItems();
  useLayoutEffect(() => {
    if (window.location.hash.replace(/^#/, '') === '' && items.length > 0) replaceHash(favouritesViewPath(path, key, items).split('#')[1] ?? '');
    // Only on arrival: later flags change the 'Refresh' link, not the list on the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

const sameDocuments = (a: ResultDocument[], b: ResultDocument[]) => a.length === b.length && a.every((doc, i) => doc === b[i]);

export type FavouritesDropdownPhase = 'loading' | 'loaded' | 'empty' | 'failed' | 'hidden';

/** The favourites dropdown (spec §4 Page elements): its show-items state and the favourite items. */
export function useFavouritesDropdown(): {
  shown: boolean;
  phase: FavouritesDropdownPhase;
  /** Every favourite was looked up already (or kept from an earlier page): the list opens full. */
  ready: boolean;
  documents: ResultDocument[];
  open: () => void;
  close: () => void;
  toggle: () => void;
} {
  const { favouritesDropdown: dropdown } = useSiteActors();
  const phase = useSelector(dropdown, (s): FavouritesDropdownPhase => {
    if (!s.matches('showItems')) return 'hidden';
    if (s.matches({ showItems: 'loaded' })) return 'loaded';
    if (s.matches({ showItems: 'empty' })) return 'empty';
    if (s.matches({ showItems: 'failed' })) return 'failed';
    return 'loading';
  });
  const documents = useSelector(dropdown, (s) => shownFavourites(s.context), sameDocuments);
  const lookedUp = useSelector(dropdown, ({ context }) => context.items.length > 0 && isLookedUp(context));
  // Kept documents may arrive before the header hydrates: React keeps the server's attributes on
  // a mismatch there, so the first client render says what the server did and the next one the truth.
  const ready = useIsClient() && lookedUp;
  return {
    shown: phase !== 'hidden',
    phase,
    ready,
    documents,
    open: () => dropdown.send({ type: 'dropdown.opened' }),
    close: () => dropdown.send({ type: 'dropdown.closed' }),
    toggle: () => dropdown.send({ type: 'dropdown.toggled' }),
  };
}

const noSubscription = () => () => {};

/**
 * False on the server and while the page hydrates, true afterwards: prices restored from local
 * storage only show once hydration is done, so the server's HTML and the first render agree.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
