import { useEffect, useRef } from 'react';
import { useSearchPanel, useSettings } from '@/bindings/hooks';
import { useAvailabilityActions, useLastAvailabilitySearch, usePanelStaySearch } from '@/bindings/pricing-hooks';
import { StaySearchForm } from '@/views/pricing/stay-search-form';
import { Button } from '@/views/ui/button';
import { JumpMenu } from './jump-menu';

/** What the search panel holds: loaded the first time it opens (or on intent), not with every page. */
export function SearchPanelContent() {
  const panel = useSearchPanel();
  const settings = useSettings();
  const input = useRef<HTMLInputElement>(null);
  const last = useLastAvailabilitySearch();
  const { clear } = useAvailabilityActions();
  const searchStay = usePanelStaySearch(settings.order.search_accom_path);
  useEffect(() => {
    if (panel.shown) input.current?.focus();
  }, [panel.shown]);
  return (
    <div className="search-panel__inner">
      <div className="search-panel__head">
        <h2>Find your stay</h2>
        <Button variant="quiet" aria-label="Close search" onPress={panel.close}>
          ×
        </Button>
      </div>
      <form className="search-panel__form" action="/search" method="get" role="search">
        <label htmlFor="search-panel-q">Town, property name or feature</label>
        <div className="search-panel__row">
          <input ref={input} id="search-panel-q" name="q" type="search" placeholder="e.g. Pelican Point, pool, 4 bedrooms" />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
      </form>
      <StaySearchForm
        initial={last?.rcav ?? null}
        onSearch={(rcav) => {
          searchStay(rcav);
          // The prices show on the page behind the panel (or the search page it goes on to).
          panel.close();
        }}
        onClear={clear}
        compact
      />
      <JumpMenu
        label="Go to"
        placeholder="Choose a page"
        options={settings.menu.map((item) => ({ label: item.label, value: `${item.label}::${item.path}` }))}
      />
    </div>
  );
}
