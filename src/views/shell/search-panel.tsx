import { useEffect, useRef } from 'react';
import { deferred } from '@/bindings/deferred';
import { useSearchPanel } from '@/bindings/hooks';
import { useDeferred } from '@/bindings/use-deferred';

/** The panel's form, dates and guests: loaded when it first opens, or on intent (the header's trigger). */
export const searchPanelContent = deferred(() => import('./search-panel-content'));

/** The off-canvas search panel (spec §2): shown by the header trigger, closed with Escape or its button. */
export function SearchPanel() {
  const panel = useSearchPanel();
  const content = useDeferred(searchPanelContent, panel.shown);
  const ref = useRef<HTMLElement>(null);
  const wasShown = useRef(panel.shown);
  // Closed with Escape or its Close button, the panel hides the focused element: the focus goes
  // back to the header's trigger that opened it, not to the page body (WCAG 2.4.3).
  useEffect(() => {
    const closed = wasShown.current && !panel.shown;
    wasShown.current = panel.shown;
    if (!closed) return;
    const active = document.activeElement;
    if (active === null || active === document.body || ref.current?.contains(active)) {
      document.querySelector<HTMLElement>('[aria-controls="search-panel"]')?.focus();
    }
  }, [panel.shown]);
  return (
    <aside
      ref={ref}
      id="search-panel"
      className={`search-panel ${panel.shown ? 'show-search' : 'hide-search'}`}
      aria-label="Search"
      hidden={!panel.shown}
      onKeyDown={(event) => {
        if (event.key === 'Escape') panel.close();
      }}
    >
      {content && <content.SearchPanelContent />}
    </aside>
  );
}
