import { useEffect } from 'react';
import { useFirstVisible } from '@/bindings/hooks';
import { useChosenDatesPricing } from '@/bindings/pricing-hooks';
import { useResultTrackers, useSearchActions, useVisibleDocuments } from '@/bindings/search-context';
import { listingFromDocument } from '@/domain/listing-document';
import { listingProduct, SEARCH_RESULTS_LIST } from '@/domain/analytics/products';
import { pricingKey } from '@/domain/pricing/derived';
import { lowestOffer } from '@/domain/pricing/texts';
import { ListingCard } from '@/views/listing/listing-card';
import { PricingSummary } from '@/views/pricing/pricing-summary';

/** Marks the last shown result: when it comes into view and more are loaded, the next batch is shown. */
function EndOfResults({ onVisible }: { onVisible: () => void }) {
  const [ref, visible] = useFirstVisible<HTMLDivElement>();
  useEffect(() => {
    if (visible) onVisible();
  }, [visible, onVisible]);
  return <div ref={ref} className="results-end" aria-hidden="true" />;
}

/** Cards in the first row of results (three on a wide screen). */
const FIRST_ROW = 3;

/**
 * The result list (spec §2): `numvisible` items at first, the next batch appended as the last one
 * comes into view; in the ranking's order once it is loaded (spec §9).
 */
export function ResultList() {
  const { documents, hasHidden } = useVisibleDocuments();
  const { showMore, pricingChanged } = useSearchActions();
  // Spec §9 Price sort: once dates are chosen, a price sort follows their prices.
  const pricing = useChosenDatesPricing();
  useEffect(() => pricingChanged(pricing), [pricing]); // eslint-disable-line react-hooks/exhaustive-deps
  const listings = documents.map(listingFromDocument).filter((listing) => listing !== null);
  // Spec §3 Ranking response: each card's impression and link clicks go to its ranking trackers.
  // Spec §3 Analytics product and §9: each card's impression and product click go to analytics.
  const withCode = listings.filter((listing) => listing.propertyCode);
  const trackers = useResultTrackers(
    new Map(withCode.map((listing) => [String(listing.eid), listing.propertyCode])),
    new Map(withCode.map((listing, index) => [String(listing.eid), listingProduct(listing, { list: SEARCH_RESULTS_LIST, index })])),
  );
  return (
    <>
      <div className="listing-grid" data-count={listings.length} data-pricing-results ref={trackers.ref} onClick={trackers.onClick} onAuxClick={trackers.onAuxClick}>
        {listings.map((listing, index) => (
          <div key={listing.docId} className="result-card">
            {/* The first row is in view as the page opens: its images come at once, the first one first. */}
            {/* With dates, the stay's total below the card is its price (the 'from' price steps aside). */}
            <ListingCard listing={listing} eager={index < FIRST_ROW} priority={index === 0} datesPriced={lowestOffer(pricing?.[pricingKey(listing.eid)]) !== null} />
            <PricingSummary eid={listing.eid} name={listing.name} />
          </div>
        ))}
      </div>
      {hasHidden && <EndOfResults key={documents.length} onVisible={showMore} />}
    </>
  );
}
