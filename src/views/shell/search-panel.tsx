import { useRef } from 'react';
import { deferred } from '@/bindings/deferred';
import { usePanelFocus } from '@/bindings/panel-focus-hooks';
import { useSearchPanel } from '@/bindings/hooks';
import { useDeferred } from '@/bindings/use-deferred';

/** The panel's form, dates and guests: loaded when it first opens, or on intent (the header's trigger). */
export const searchPanelContent = deferred(() => import('./search-panel-content'));

const trigger = () => document.querySelector('[aria-controls="search-panel"]');

/** The off-canvas search panel (spec §2): shown by the header trigger, closed with Escape or its button. */
export function SearchPanel() {
  const panel = useSearchPanel();
  const content = useDeferred(searchPanelContent, panel.shown);
  const ref = useRef<HTMLElement>(null);
  // Opened, focus goes into the panel at once (to the panel itself while its form's code is still
  // on its way; the form then takes it), so Escape closes it whenever it comes. Closed with Escape
  // or its Close button, the panel hides the focused element: focus goes back to what opened it
  // (the header's trigger), in the same commit, not to the page body (WCAG 2.4.3).
  usePanelFocus(panel.shown, ref, trigger);
  return (
    <aside
      ref={ref}
      id="search-panel"
      className={`search-panel ${panel.shown ? 'show-search' : 'hide-search'}`}
      aria-label="Search"
      hidden={!panel.shown}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') panel.close();
      }}
    >
      {content && <content.SearchPanelContent />}
    </aside>
  );
}
