import { memo, useEffect, useRef, type ReactNode } from 'react';
import { deferred, preload } from '@/bindings/deferred';
import { useDeferred } from '@/bindings/use-deferred';
import {
  useFiltersDialog,
  useIsSearchPending,
  useSearchActions,
  useSearchPhase,
  useSearchResult,
  useShownSearchState,
} from '@/bindings/search-context';
import { useSettings } from '@/bindings/site-context';
import type { ListingSummary } from '@/domain/content';
import { formatCount } from '@/domain/money';
import { ListingGrid } from '@/views/listing/listing-card';
import { ActiveFilters } from './active-filters';
import { FacetList } from './facet-list';
import { Pager } from './pager';
import { ResultList } from './result-list';
import { SearchBox } from './search-box';
import { SortSelect } from './sort-select';

export { SORT_OPTIONS } from './sort-options';

/** The quiet notes of a search that could not run (spec §8: the failure itself is logged only). */
export const SEARCH_NOTE_LAST = 'Showing the results of your last search: the new one could not be run just now. Please try again in a moment.';
export const SEARCH_NOTE_FIRST = 'Showing all rentals: your search could not be run just now. Please try again in a moment.';

/** The phone search's filters dialog: loaded when the 'Filters' button is first pressed (or on intent). */
const filtersDialog = deferred(() => import('./filters-dialog'));
const preloadFilters = () => preload(filtersDialog);

/** Below 768 px the facets are not beside the results: this button opens them in a dialog (issue 11). */
function FiltersButton() {
  const dialog = useFiltersDialog();
  const state = useShownSearchState();
  const loaded = useDeferred(filtersDialog, dialog.open);
  const active = state.fq.length;
  const ref = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(dialog.open);
  // Closed, the dialog gives the focus back to this button (not the page body).
  useEffect(() => {
    if (wasOpen.current && !dialog.open) ref.current?.focus();
    wasOpen.current = dialog.open;
  }, [dialog.open]);
  return (
    <>
      <button
        ref={ref}
        type="button"
        className="button button--secondary filters-button"
        aria-haspopup="dialog"
        onClick={dialog.show}
        onPointerEnter={preloadFilters}
        onFocus={preloadFilters}
      >
        Filters{active > 0 ? ` (${active})` : ''}
      </button>
      {loaded && <loaded.FiltersDialog />}
    </>
  );
}

/** The result count, with the query when the visitor typed it (`showQuery`). */
function ResultSummary({ showQuery }: { showQuery: boolean }) {
  const result = useSearchResult();
  const state = useShownSearchState();
  const { submitQuery } = useSearchActions();
  if (!result) return null;
  return (
    <div className="result-summary">
      <p id="result-count" className="result-count" aria-live="polite">
        {result.numFound === 1 ? '1 rental' : `${formatCount(result.numFound)} rentals`}
        {state.q && showQuery ? ` for “${state.q}”` : ''}
      </p>
      {result.didYouMean && (
        <p className="did-you-mean">
          Did you mean{' '}
          <button type="button" className="link-button" onClick={() => submitQuery(result.didYouMean ?? '')}>
            {result.didYouMean}
          </button>
          ?
        </p>
      )}
    </div>
  );
}

/**
 * The search component (spec §2 Search results pages): search box, facets, sorted results
 * with infinite scroll and a pager. Until the first answer, the server's listings are shown.
 */
interface SearchResultsProps {
  initial: ListingSummary[];
  initialTotal: number;
  /** The facet sidebar and sort (off for a fixed list such as the favourites view). */
  facets?: boolean;
  /** Puts the result list (with its pager) in a frame, e.g. beside a map; rendered at one place so the frame stays mounted. */
  resultsFrame?: (list: ReactNode) => ReactNode;
  children?: ReactNode;
}

const identity = (list: ReactNode) => list;

export function SearchResults(props: SearchResultsProps) {
  const pending = useIsSearchPending();
  // A search starting or ending repaints this mark only, not the results (issue 10: a click paints at once).
  return (
    <div className="search" data-pending={pending || undefined} aria-busy={pending}>
      <SearchBody {...props} />
    </div>
  );
}

const SearchBody = memo(function SearchBody({ initial, initialTotal, facets = true, resultsFrame = identity, children }: SearchResultsProps) {
  const phase = useSearchPhase();
  const result = useSearchResult();
  const { numvisible } = useSettings().search;
  // Until the first answer the server's listings show; they stay (with a quiet note) if it fails.
  const unavailable = phase === 'failed' && !result;
  const waiting = phase === 'loading' || phase === 'disabled' || unavailable;
  return (
    <>
      {facets && (
        <div className="search__bar">
          <SearchBox />
          <SortSelect />
          <FiltersButton />
        </div>
      )}
      {facets && <ActiveFilters />}
      <div className={facets ? 'search-layout' : 'search-layout search-layout--plain'}>
        {facets && (
          <aside className="search-layout__filters" aria-labelledby="filters-title">
            <h2 id="filters-title" className="search-layout__filters-title">
              Filters
            </h2>
            <FacetList />
          </aside>
        )}
        <section className="search-layout__results" aria-labelledby="result-count">
          <h2 className="visually-hidden">Results</h2>
          {children}
          {phase === 'failed' && (
            // Spec §8: a failed search is logged; the visitor keeps what was shown, with a quiet note.
            <p className="search-note" role="status">
              {unavailable ? SEARCH_NOTE_FIRST : SEARCH_NOTE_LAST}
            </p>
          )}
          {waiting ? (
            <p id="result-count" className="result-count">
              {initialTotal} rentals
            </p>
          ) : (
            <ResultSummary showQuery={facets} />
          )}
          {resultsFrame(
              waiting ? (
                <ListingGrid listings={initial.slice(0, Math.max(numvisible, 1))} eager={3} />
              ) : (
                <>
                  {result && result.numFound === 0 ? (
                    <div className="empty-state no-results" role="status">
                      <p>No rentals match your search. Try removing a filter or searching for something else.</p>
                    </div>
                  ) : (
                    <ResultList />
                  )}
                  <Pager />
                </>
              ),
            )}
        </section>
      </div>
    </>
  );
});
