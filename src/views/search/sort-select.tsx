import { deferred } from '@/bindings/deferred';
import { island } from '@/bindings/island';
import { useSearchState } from '@/bindings/search-context';

const SortSelectIsland = island(
  deferred(() => import('./sort-select-live')),
  (module) => module.SortSelectLive,
  { name: 'sort-select' },
);

/** The sort select (spec §9): rendered by the server, its react-aria code arriving on intent (pointer, focus, touch). */
export function SortSelect() {
  const state = useSearchState();
  return <SortSelectIsland sort={state.sort ?? ''} />;
}
