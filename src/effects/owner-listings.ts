import type { Subscription } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import type { ownerListingsMachine } from '@/machines/owner-listings-machine';
import { HttpError } from './http-client';
import { createListing, failureMessage, fetchListings, problemsOf } from './owner-api';

/**
 * Carries out what the owner's listings actor asks: the list, the new listing's POST (its 422
 * problems by field), the editor's page once it exists, focus on the dialog's first problem.
 * `focusField(name)` focuses the dialog's field (or its message) and `open(url)` leaves the page.
 */
export function connectOwnerListings(
  actor: ActorRefFrom<typeof ownerListingsMachine>,
  io: { focusField: (field: string) => void; open: (url: string) => void },
): () => void {
  const work: Subscription[] = [];
  const subscriptions = [
    actor.on('listings.load.requested', () => {
      work.push(
        fetchListings().subscribe({
          next: ({ listings }) => actor.send({ type: 'listings.loaded', listings }),
          error: (error: unknown) => actor.send({ type: 'listings.load.failed', message: failureMessage(error) }),
        }),
      );
    }),
    actor.on('listing.create.requested', ({ entries }) => {
      work.push(
        createListing(entries).subscribe({
          next: ({ eid }) => actor.send({ type: 'listing.created', eid }),
          error: (error: unknown) => {
            const problems = problemsOf(error);
            if (error instanceof HttpError && problems.length > 0) actor.send({ type: 'listing.create.rejected', problems, message: error.message });
            else actor.send({ type: 'listing.create.failed', message: failureMessage(error) });
          },
        }),
      );
    }),
    actor.on('listing.editor.requested', ({ eid }) => io.open(`/admin/listings/${eid}`)),
    actor.on('listing.add.focus.requested', ({ field }) => io.focusField(field)),
  ];
  return () => {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    work.forEach((subscription) => subscription.unsubscribe());
  };
}
