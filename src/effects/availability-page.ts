/**
 * The page side of the availability search (spec §4): the body is marked as loading while a
 * search runs (class 'rc-avail-searching' and aria-busy), and the start and stop events are
 * dispatched on the document for third-party scripts.
 */
export const SEARCHING_CLASS = 'rc-avail-searching';
export const SEARCH_START_EVENT = 'rcavail:search:start';
export const SEARCH_STOP_EVENT = 'rcavail:search:stop';

export function markSearching(searching: boolean, doc: Document = document): void {
  doc.body.classList.toggle(SEARCHING_CLASS, searching);
  if (searching) doc.body.setAttribute('aria-busy', 'true');
  else doc.body.removeAttribute('aria-busy');
  // The global 'searching' flag of the original widgets, for scripts that read it.
  (doc.defaultView as (Window & { rcAvailSearching?: boolean }) | null)!.rcAvailSearching = searching;
}

export function dispatchSearchEvent(type: typeof SEARCH_START_EVENT | typeof SEARCH_STOP_EVENT, detail: unknown, doc: Document = document): void {
  doc.dispatchEvent(new CustomEvent(type, { detail }));
}
