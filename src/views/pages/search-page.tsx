import { useLoaderData } from 'react-router';
import { SearchProvider } from '@/bindings/search-context';
import type { SearchPageData } from '@/bindings/initial-search';
import { SearchResults } from '@/views/search/search-results';

export function SearchPage() {
  const search = useLoaderData() as SearchPageData;
  return (
    <div className="page page--search">
      <h1>{search.title}</h1>
      <p className="lead">{search.intro}</p>
      <SearchProvider initial={search.initialSearch}>
        <SearchResults initial={search.listings} initialTotal={search.total} />
      </SearchProvider>
    </div>
  );
}
