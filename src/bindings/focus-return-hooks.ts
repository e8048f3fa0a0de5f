import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Where focus goes back to when a dialog, popover or panel closes: the element that opened it.
 *
 * react-aria's FocusScope saves the focused element when the dialog first renders and gives focus
 * back a frame after it unmounts, and only if that very element is still in the page. At the page's
 * start neither holds: the element can be rendered again in between (an island waking, a section
 * re-rendered with a fresh answer, hydration), so the saved one is detached and focus stays on the
 * body; and a test or a screen reader that looks in between sees the body. So the opener is kept
 * with where it sits (the child indices from its nearest ancestor with an id), and focus is given
 * back synchronously as the dialog closes, to the opener or, if that was replaced, to the element
 * now in its place, freed from the inert mark the closing modal leaves on the page until after
 * that commit.
 */
export interface Opener {
  element: HTMLElement;
  /** The nearest ancestor with an id (or the body), and the path of child indices from it. */
  anchorId: string | null;
  path: number[];
  tag: string;
}

const isUsable = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLElement && element !== document.body && element !== document.documentElement;

/** The element focused now, as the opener of what is opening (null when focus is on the body). */
export function rememberOpener(): Opener | null {
  if (typeof document === 'undefined') return null;
  const element = document.activeElement;
  if (!isUsable(element)) return null;
  const path: number[] = [];
  let node: HTMLElement = element;
  while (node.parentElement && !node.id && node !== document.body) {
    path.unshift([...node.parentElement.children].indexOf(node));
    node = node.parentElement;
  }
  return { element, anchorId: node.id || null, path, tag: element.tagName };
}

/** The opener, or the element that took its place when it was rendered again. */
function openerNow(opener: Opener): HTMLElement | null {
  if (opener.element.isConnected) return opener.element;
  let node: Element | null = opener.anchorId ? document.getElementById(opener.anchorId) : document.body;
  for (const index of opener.path) node = node?.children[index] ?? null;
  return node instanceof HTMLElement && node.tagName === opener.tag ? node : null;
}

/**
 * Gives focus back to the opener when what it opened closes: unless focus has been moved on purpose
 * elsewhere (it is neither on the body nor inside `scope`, what is closing).
 */
export function returnFocus(opener: Opener | null, scope?: Element | null): void {
  if (!opener || typeof document === 'undefined') return;
  const active = document.activeElement;
  if (isUsable(active) && !scope?.contains(active)) return;
  const target = openerNow(opener);
  if (!target || scope?.contains(target)) return;
  if (!otherDialogOpen(scope)) freeFromInert(target);
  focusOnceUsable(target);
}

/** Whether a dialog other than what is closing is still in the page (it may be what holds the page inert). */
const otherDialogOpen = (scope: Element | null | undefined): boolean =>
  [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].some((dialog) => !scope?.contains(dialog));

/**
 * The closing modal made the rest of the page inert and lifts that only after this commit, too late
 * for focus to come back in it: with no other dialog open, that mark is its own, so the opener's
 * ancestors are freed now (its own clean-up then finds them freed).
 */
function freeFromInert(target: HTMLElement): void {
  for (let inert = target.closest('[inert]'); inert; inert = inert.parentElement?.closest('[inert]') ?? null) inert.removeAttribute('inert');
}

/** How long an inert opener is waited for: the modal's clean-up frees it within a frame or two, or never. */
const INERT_WAIT_MS = 1000;

/**
 * Focuses `target`, or, while another modal still holds it inert (react-aria lifts that in a passive
 * effect, after the commit that removed the dialog, where focus() is refused), as soon as that is
 * lifted. Only if focus is then on nothing, so a move made meanwhile on purpose stands.
 */
function focusOnceUsable(target: HTMLElement): void {
  if (!target.closest('[inert]')) {
    target.focus({ preventScroll: true });
    return;
  }
  const observer = new MutationObserver(() => {
    if (target.closest('[inert]')) return;
    stop();
    const active = document.activeElement;
    if (target.isConnected && (!isUsable(active) || !active.isConnected)) target.focus({ preventScroll: true });
  });
  const timer = setTimeout(() => stop(), INERT_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['inert'], subtree: true });
}

/** For a dialog, rendered only while open: the element focused as it first renders (before a child with autofocus takes focus) is its opener. */
export function useOpener(): Opener | null {
  const [opener] = useState(rememberOpener);
  return opener;
}

/**
 * Focus goes back to `opener` in the commit that removes the dialog `scope`. Called in a component
 * placed after the dialog's own: clean-ups run parent first, then in order, so by then react-aria's
 * focus scope has let go (while it holds on, focus moved out is pulled back in).
 */
export function useFocusReturn(opener: Opener | null, scope: RefObject<Element | null>): void {
  useLayoutEffect(() => {
    const element = scope.current;
    return () => returnFocus(opener, element);
  }, [opener, scope]);
}
