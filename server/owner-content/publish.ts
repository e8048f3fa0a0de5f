/**
 * What a published or status change is followed by on this instance, after its commit, so the
 * change is live at once: the content version is forgotten (page data and rendered pages are
 * made again), the search index re-reads the listing (an incremental update, not a rebuild; with
 * SOLR_URL the Solr back end is updated the same way), and the pricing model reloads.
 *
 *   const changed = listingChanged({ contentVersion, search, pricing });
 *   await changed(1001);
 */
import type { ContentVersion } from '../content/content-version.ts';
import type { SearchService } from '../search/search-service.ts';

export interface ListingChangeTargets {
  contentVersion: Pick<ContentVersion, 'invalidate'>;
  search: Pick<SearchService, 'refresh'>;
  /** The pricing engine, when it caches its model (its `invalidate()`). */
  pricing?: { invalidate?: () => void } | undefined;
}

export type ListingChanged = (eid: number) => Promise<void>;

export function listingChanged(targets: ListingChangeTargets): ListingChanged {
  return async (eid) => {
    targets.contentVersion.invalidate();
    targets.pricing?.invalidate?.();
    await targets.search.refresh([eid]);
    // The index changed after the version was forgotten: pages rendered meanwhile are dropped too.
    targets.contentVersion.invalidate();
  };
}
