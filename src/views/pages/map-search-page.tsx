import { useLoaderData } from 'react-router';
import type { SearchPage as SearchPageData } from '@/domain/content';
import { ListingGrid } from '@/views/listing/listing-card';

/** Map search results (spec §2): below 768px the filters sit on top of the results. */
export function MapSearchPage() {
  const search = useLoaderData() as SearchPageData;
  return (
    <div className="page page--map-search">
      <h1>Map search</h1>
      <div className="map-search">
        <aside className="map-search__filters" aria-label="Towns">
          <h2 className="h3">Towns</h2>
          <ul className="filter-list">
            {search.areas.map((area) => (
              <li key={area.slug}>
                {area.name} <span className="muted">({area.listingCount})</span>
              </li>
            ))}
          </ul>
        </aside>
        <div className="map-search__main">
          <p className="result-count">{search.total} rentals</p>
          <ListingGrid listings={search.listings} />
        </div>
      </div>
    </div>
  );
}
