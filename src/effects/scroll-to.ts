import { animationFrames, defer, map, of, takeWhile, tap, type Observable } from 'rxjs';

/**
 * Animated scrolling to an element (spec §9 Timing and sizes: the review form), apart from
 * scroll.ts, whose scroll position every page's header reads, so that pages without it do not load it.
 */

/** The element that scrolls `element` into view: its nearest ancestor that scrolls vertically, or null for the page. */
export function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

/** Whether the visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** jQuery's 'swing': slow at both ends. */
const swing = (progress: number) => 0.5 - Math.cos(progress * Math.PI) / 2;

/**
 * Scrolls so that `element` sits `offset` px below the top of what scrolls it (its scrolling
 * ancestor, or the page), over `durationMs`, or at once when the visitor prefers reduced motion
 * (spec §9: the review form, 50 px above it over 500 ms). Emits each position set and completes
 * at the target (clamped to what can scroll); unsubscribing stops the scroll where it is.
 *
 * @example scrollToElement$(form, { offset: 50, durationMs: 500 }).subscribe();
 */
export function scrollToElement$(element: HTMLElement, options: { offset: number; durationMs: number; reducedMotion?: boolean }): Observable<number> {
  return defer(() => {
    const container = scrollingAncestor(element);
    const page = document.scrollingElement ?? document.documentElement;
    const from = container ? container.scrollTop : window.scrollY;
    const top = element.getBoundingClientRect().top - (container ? container.getBoundingClientRect().top : 0);
    const most = container ? container.scrollHeight - container.clientHeight : page.scrollHeight - window.innerHeight;
    const to = Math.max(0, Math.min(most, Math.round(from + top - options.offset)));
    const set = (position: number) => {
      if (container) container.scrollTop = position;
      else window.scrollTo(0, position);
    };
    if (options.reducedMotion ?? prefersReducedMotion()) return of(to).pipe(tap(set));
    return animationFrames().pipe(
      map(({ elapsed }) => Math.min(1, elapsed / options.durationMs)),
      takeWhile((progress) => progress < 1, true),
      map((progress) => (progress >= 1 ? to : Math.round(from + (to - from) * swing(progress)))),
      tap(set),
    );
  });
}
