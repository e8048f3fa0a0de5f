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
  freeFromInert(target);
  target.focus({ preventScroll: true });
}

/**
 * The closing modal made the rest of the page inert and lifts that only after this commit, where
 * focus() would be refused. The marks on the opener's ancestors are its own (a dialog still open
 * above it would hold focus, and the return stops earlier), so they are lifted now; its clean-up
 * then finds them lifted.
 */
function freeFromInert(target: HTMLElement): void {
  for (let inert = target.closest('[inert]'); inert; inert = inert.parentElement?.closest('[inert]') ?? null) inert.removeAttribute('inert');
}

/**
 * For a dialog, rendered only while open: the element focused as it first renders is its opener
 * (kept during render, before a child with autofocus takes focus), and focus goes back to it in the
 * commit that removes the dialog. Called in a component placed after the dialog's own: clean-ups run
 * parent first, then in order, so by then react-aria's focus scope has let go (while it holds on,
 * focus moved out is pulled back in).
 */
export function useFocusReturn(scope: RefObject<Element | null>): void {
  const [opener] = useState(rememberOpener);
  useLayoutEffect(() => {
    const element = scope.current;
    return () => returnFocus(opener, element);
  }, [opener, scope]);
}
