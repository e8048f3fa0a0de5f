import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * For a panel that stays in the page (the search panel): while `shown`, focus is in it (on the
 * panel itself until something in it takes focus, so Escape closes it before its form's code has
 * come), and once hidden focus goes back to what opened it, or to `fallback` (the panel's trigger,
 * looked up again) when that was the body or has since been rendered again. Kept apart from the
 * dialogs' focus return (./focus-return-hooks.ts), which every page's first script does not need.
 */
export function usePanelFocus(shown: boolean, scope: RefObject<HTMLElement | null>, fallback: () => Element | null): void {
  const opener = useRef<Element | null>(null);
  const opened = useRef(false);
  // In the effect, not its cleanup: a cleanup runs inside React's commit, which then puts focus
  // back on the element focused before it (the panel's field, still in the page though hidden).
  useLayoutEffect(() => {
    const element = scope.current;
    if (!element) return;
    const active = document.activeElement;
    if (shown) {
      opened.current = true;
      opener.current = element.contains(active) ? null : active;
      if (!element.contains(active)) element.focus({ preventScroll: true });
    } else if (opened.current) {
      opened.current = false;
      const target = opener.current?.isConnected && opener.current !== document.body ? opener.current : fallback();
      if ((!active || active === document.body || element.contains(active)) && target instanceof HTMLElement) target.focus({ preventScroll: true });
    }
  }, [shown, scope, fallback]);
}
