import { deferred } from '@/app/deferred';
import { island } from '@/app/island';
import { useSearchState } from '@/app/search-context';

const SearchBoxIsland = island(
  deferred(() => import('./search-box-live')),
  (module) => module.SearchBoxLive,
  { name: 'search-box' },
);

/**
 * The keyword box with autocomplete (spec §5). The server renders it in full; its react-aria
 * combo box arrives on intent (pointer, focus, touch).
 */
export function SearchBox() {
  const state = useSearchState();
  return <SearchBoxIsland q={state.q ?? ''} />;
}
