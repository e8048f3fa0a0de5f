import { deferred } from '@/app/deferred';
import { useSearchPanel } from '@/app/hooks';
import { useDeferred } from '@/app/use-deferred';

/** The panel's form, dates and guests: loaded when it first opens, or on intent (the header's trigger). */
export const searchPanelContent = deferred(() => import('./search-panel-content'));

/** The off-canvas search panel (spec §2): shown by the header trigger, closed with Escape or its button. */
export function SearchPanel() {
  const panel = useSearchPanel();
  const content = useDeferred(searchPanelContent, panel.shown);
  return (
    <aside
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
