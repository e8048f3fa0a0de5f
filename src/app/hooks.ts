import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { firstVisible$ } from '@/effects/visibility';
import type { StatusMessage } from '@/domain/settings';
import type { flagMachine } from '@/machines/flag-machine';
import { useSiteActors } from './site-context';

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

export function useJumpMenu(): (value: string) => void {
  const { jumpMenu } = useSiteActors();
  return (value) => jumpMenu.send({ type: 'jump.option.chosen', value });
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
