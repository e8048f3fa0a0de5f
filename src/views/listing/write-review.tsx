import { useState } from 'react';
import { deferred, preload } from '@/bindings/deferred';
import { useDeferred } from '@/bindings/use-deferred';
import { PlainButton } from '@/views/ui/plain-button';

/** The review form and its modal: a chunk of its own, loaded on intent (issue 15 item 7). */
const reviewForm = deferred(() => import('./review-form'));
const preloadForm = () => preload(reviewForm);

/**
 * 'Write a review' in the listing's reviews section: each press opens the review form in a modal
 * (spec §2 Listing detail page). The form's code loads when the visitor points at or focuses the
 * button, or presses it.
 */
export function WriteReview({ eid, listingName }: { eid: number; listingName: string }) {
  const [openRequests, setOpenRequests] = useState(0);
  const loaded = useDeferred(reviewForm, openRequests > 0);
  const Dialog = loaded?.default;
  return (
    <>
      <PlainButton
        variant="primary"
        className="review-write"
        onPointerEnter={preloadForm}
        onFocus={preloadForm}
        onPress={() => {
          preloadForm();
          setOpenRequests((count) => count + 1);
        }}
      >
        Write a review
      </PlainButton>
      {Dialog && openRequests > 0 && <Dialog eid={eid} listingName={listingName} openRequests={openRequests} />}
    </>
  );
}
