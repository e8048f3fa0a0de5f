/**
 * Focus that nothing covers (WCAG 2.2 2.4.11 Focus Not Obscured): the page's header sticks to the
 * top of the window, so what scrolls into view must stop below it. The stylesheet's
 * scroll-padding-top on the page does that for every focus move (Tab, a fragment, a script's);
 * `stickyHeaderPadding` keeps it equal to the header's height as that changes (tiny once scrolled,
 * two or three rows on a narrow window, the menu open). Loaded once the page runs
 * (src/app/wire-effects.ts); until then the stylesheet's figures hold.
 */

/** Room kept between the header and what scrolls into view: a field's label above it (a line and its margin) and the focus ring. */
export const FOCUS_CLEARANCE_PX = 40;

/**
 * Keeps the page's scroll-padding-top equal to the sticky header's height plus FOCUS_CLEARANCE_PX,
 * measured now and whenever the header's size changes. Set on the root element's own style (not a
 * custom property every element inherits), so a change restyles nothing else. Returns the disposer.
 */
export function stickyHeaderPadding(header: Element, root: HTMLElement = document.documentElement): () => void {
  const measure = () => {
    root.style.scrollPaddingTop = `${Math.ceil(header.getBoundingClientRect().height) + FOCUS_CLEARANCE_PX}px`;
  };
  measure();
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver(measure);
  observer.observe(header);
  return () => observer.disconnect();
}

/** What is fixed to the bottom of the window while it shows: the cookie banner. */
export const BOTTOM_OVERLAY = '.consent-banner';

/**
 * Keeps the page's scroll-padding-bottom equal to the height of what is fixed to the bottom of the
 * window (the cookie banner, while a choice is asked) plus a focus ring's room, so a field focused
 * by Tab or a script stops above it instead of under it; nothing when none shows. Watches the page
 * for the banner to come and go. Returns the disposer.
 */
export function bottomOverlayPadding(root: HTMLElement = document.documentElement, body: Element = document.body): () => void {
  let watched: Element | null = null;
  const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measure());
  function measure() {
    const overlay = body.querySelector(BOTTOM_OVERLAY);
    if (overlay !== watched) {
      if (watched) resize?.unobserve(watched);
      if (overlay) resize?.observe(overlay);
      watched = overlay;
    }
    root.style.scrollPaddingBottom = overlay ? `${Math.ceil(overlay.getBoundingClientRect().height) + FOCUS_CLEARANCE_PX / 2}px` : '';
  }
  measure();
  const mutations = new MutationObserver(measure);
  mutations.observe(body, { childList: true, subtree: true });
  return () => {
    mutations.disconnect();
    resize?.disconnect();
  };
}
