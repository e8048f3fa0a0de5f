import { useLoaderData } from 'react-router';
import { SearchProvider } from '@/bindings/search-context';
import type { SearchPageData } from '@/bindings/initial-search';
import { MapResults } from '@/views/search/map-results';
import { SearchResults } from '@/views/search/search-results';

/**
 * Map search results (spec §2): the search component with the results as a list and as pins
 * on a map. Below 768px the sidebar filters move to the top of the main area; from 768px they
 * sit inside the results view (the stylesheet's 'Map search' block).
 */
export function MapSearchPage() {
  const search = useLoaderData() as SearchPageData;
  return (
    <div className="page page--map-search">
      <h1>Map search</h1>
      <SearchProvider initial={search.initialSearch}>
        <SearchResults initial={search.listings} initialTotal={search.total} resultsFrame={(list) => <MapResults list={list} />} />
      </SearchProvider>
    </div>
  );
}
