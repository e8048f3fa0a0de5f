import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { BookedRange } from '@/machines/booked-ranges-machine';
import { useSiteActors } from './site-context';
import './actors/booked-ranges-actors';

/**
 * The unit's booked stays, for the listing page's calendar (none until known), and whether the
 * call failed, with how to try again.
 */
export function useBookedRanges(eid: number): { ranges: BookedRange[]; failed: boolean; retry: () => void } {
  const { bookedRanges } = useSiteActors();
  useEffect(() => {
    bookedRanges.send({ type: 'calendar.wanted', eid });
  }, [bookedRanges, eid]);
  const ranges = useSelector(bookedRanges, (s) => s.context.ranges);
  const failed = useSelector(bookedRanges, (s) => s.matches('failed'));
  return { ranges, failed, retry: () => bookedRanges.send({ type: 'calendar.retried' }) };
}
