import { distinctUntilChanged, Observable } from 'rxjs';
import { scrollingAncestor } from './scroll-to';

/**
 * Focus that nothing covers (WCAG 2.2 2.4.11 Focus Not Obscured). The page's header sticks to the
 * top of the window, so what scrolls into view must stop below it: the stylesheet's
 * scroll-padding-top on the page does that for every focus move (Tab, a fragment, a script's), and
 * `stickyHeaderPadding` keeps it equal to the header's height as that changes (tiny once scrolled,
 * two rows on a narrow window, the menu open). A script that moves focus itself uses
 * `focusInView`, so that the field's label and its message show with it.
 */

/** Room kept between the header and what scrolls into view: a field's label above it (a line and its margin) and the focus ring. */
export const FOCUS_CLEARANCE_PX = 40;

/** The height of `element` now and whenever it changes. */
export function elementHeight$(element: Element): Observable<number> {
  return new Observable<number>((subscriber) => {
    subscriber.next(element.getBoundingClientRect().height);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => subscriber.next(element.getBoundingClientRect().height));
    observer.observe(element);
    return () => observer.disconnect();
  }).pipe(distinctUntilChanged());
}

/**
 * Keeps the page's scroll-padding-top equal to the sticky header's height (plus FOCUS_CLEARANCE_PX).
 * Returns the disposer. Set on the root element's own style (not a custom property every element
 * inherits), so a change restyles nothing else.
 */
export function stickyHeaderPadding(header: Element, root: HTMLElement = document.documentElement): () => void {
  const subscription = elementHeight$(header).subscribe((height) => {
    root.style.scrollPaddingTop = `${Math.ceil(height) + FOCUS_CLEARANCE_PX}px`;
  });
  return () => subscription.unsubscribe();
}

/** The element with its label and the messages that describe it (aria-describedby): what should show together. */
function extent(element: HTMLElement): { top: number; bottom: number } {
  const parts: Element[] = [element];
  if ('labels' in element && element.labels) parts.push(...Array.from(element.labels as NodeListOf<HTMLLabelElement>));
  for (const id of (element.getAttribute('aria-describedby') ?? '').split(/\s+/)) {
    const described = id ? document.getElementById(id) : null;
    if (described) parts.push(described);
  }
  const rects = parts.map((part) => part.getBoundingClientRect()).filter((rect) => rect.width > 0 || rect.height > 0);
  return { top: Math.min(...rects.map((rect) => rect.top)), bottom: Math.max(...rects.map((rect) => rect.bottom)) };
}

/** The part of the window `element` can be seen in: its scrolling box, a dialog's window, or the page's below the header. */
function visibleBand(element: HTMLElement): { top: number; bottom: number } {
  const container = scrollingAncestor(element);
  if (container) {
    const box = container.getBoundingClientRect();
    return { top: Math.max(box.top, 0), bottom: Math.min(box.bottom, window.innerHeight) };
  }
  // A dialog is above the header; the page's own content is below it.
  const inDialog = element.closest('[role="dialog"], [role="alertdialog"]') !== null;
  const padding = inDialog ? 0 : parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return { top: padding, bottom: window.innerHeight };
}

/**
 * Moves focus to `element` (a field with an error, a message) and, unless it shows already with
 * its label and its message, scrolls it to the middle of what it is seen in, clear of the sticky
 * header.
 *
 * @example focusInView(form.querySelector('[name="first_name"]'))
 */
export function focusInView(element: HTMLElement): void {
  element.focus({ preventScroll: true });
  const shown = extent(element);
  const band = visibleBand(element);
  if (shown.top < band.top || shown.bottom > band.bottom) element.scrollIntoView({ block: 'center', inline: 'nearest' });
}
