import { deferred } from '@/bindings/deferred';
import { island } from '@/bindings/island';
import { useIsAvailabilitySearching } from '@/bindings/pricing-hooks';
import type { Rcav } from '@/domain/pricing/types';

export interface BookedRange {
  begin: string;
  end: string;
}

export interface StaySearchFormProps {
  initial: Rcav | null;
  /** On a listing page: the search is for this unit (rcav.IDs). */
  eid?: number;
  /** Booked stays: their nights are disabled in the calendar. */
  booked?: BookedRange[];
  onSearch: (rcav: Rcav) => void;
  onClear: () => void;
  compact?: boolean;
}

/** What the live form is given: the props and whether an availability search is running. */
export interface StaySearchFormLiveProps extends StaySearchFormProps {
  searching: boolean;
}

const StaySearchFormIsland = island(
  deferred(() => import('./stay-search-form-live')),
  (module) => module.StaySearchFormLive,
  { name: 'stay-search-form', inert: ['booked'] },
);

/**
 * Dates and guests that run the availability search (spec §4): a date range picker and the
 * guest fields. The server renders it in full; the date picker's code (react-aria) arrives on
 * intent (pointer, focus, touch), or at once when the form must show other dates than the
 * server's. Booked nights only matter once the calendar is open.
 */
export function StaySearchForm(props: StaySearchFormProps) {
  return <StaySearchFormIsland {...props} searching={useIsAvailabilitySearching()} />;
}
