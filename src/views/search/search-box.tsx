import { deferred } from '@/bindings/deferred';
import { island } from '@/bindings/island';
import { useSearchState } from '@/bindings/search-context';

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
