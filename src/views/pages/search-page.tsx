import { useLoaderData } from 'react-router';
import type { SearchPage as SearchPageData } from '@/domain/content';
import { ListingGrid } from '@/views/listing/listing-card';

export function SearchPage() {
  const search = useLoaderData() as SearchPageData;
  return (
    <div className="page page--search">
      <h1>{search.title}</h1>
      <p className="lead">{search.intro}</p>
      <div className="search-layout">
        <aside className="search-layout__filters" aria-label="Towns">
          <h2 className="h3">Towns</h2>
          <ul className="filter-list">
            {search.areas.map((area) => (
              <li key={area.slug}>
                {area.name} <span className="muted">({area.listingCount})</span>
              </li>
            ))}
          </ul>
        </aside>
        <section className="search-layout__results" aria-labelledby="result-count">
          <p id="result-count" className="result-count">
            {search.total} rentals
          </p>
          <ListingGrid listings={search.listings} />
        </section>
      </div>
    </div>
  );
}
