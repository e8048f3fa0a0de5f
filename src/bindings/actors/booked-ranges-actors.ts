import { createActor } from 'xstate';
import { fetchBookedRanges } from '@/effects/availability-calendar';
import { errorMessage } from '@/effects/http-client';
import { latestRequest } from '@/effects/latest-request';
import { bookedRangesMachine } from '@/machines/booked-ranges-machine';
import { defineLazyActor, type SiteActors } from './site-actors';

/** The listing page's booked nights: GET /rcapi/item/{eid}/calendar for each request, answered with a result event. */
export function connectBookedRanges(bookedRanges: SiteActors['bookedRanges']): () => void {
  const request = latestRequest();
  const subscriptions = [
    bookedRanges.on('calendar.request', ({ eid }) => {
      request.run(fetchBookedRanges(eid), {
        next: (ranges) => bookedRanges.send({ type: 'calendar.loaded', eid, ranges }),
        error: (error: unknown) => bookedRanges.send({ type: 'calendar.failed', eid, message: errorMessage(error) }),
      });
    }),
    bookedRanges.on('calendar.failure.logged', ({ message }) => console.warn(`The booked dates are not known: ${message}`)),
  ];
  return () => {
    request.cancel();
    subscriptions.forEach((subscription) => subscription.unsubscribe());
  };
}

/** The listing page's booked nights (its booking box's calendar): made there only, with its own chunk. */
defineLazyActor('bookedRanges', { create: () => createActor(bookedRangesMachine), connect: connectBookedRanges });
