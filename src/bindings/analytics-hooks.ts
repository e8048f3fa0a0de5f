import { useEffect } from 'react';
import { listingProduct } from '@/domain/analytics/products';
import type { AnalyticsProduct } from '@/domain/analytics/events';
import { learnItemIds } from '@/effects/analytics-item-ids';
import { pagePath } from '@/effects/page-analytics';
import { sendAnalytics } from './analytics-port';
import { useSiteActors } from './site-context';

/**
 * view_item once per listing page shown (spec §1 detail view). The page's add to cart and
 * checkout name the rental by the same id (issue 22): its property code is learned here.
 */
export function useViewItem(listing: { eid: number; propertyCode: string; name: string; fromNightly: number }): void {
  const actors = useSiteActors();
  const key = JSON.stringify(listingProduct(listing));
  const { eid, propertyCode } = listing;
  useEffect(() => {
    learnItemIds([[eid, propertyCode]]);
    sendAnalytics(actors, { type: 'analytics.tracked', event: { name: 'view_item', at: Date.now(), page: pagePath(), params: { items: [JSON.parse(key) as AnalyticsProduct] } } });
  }, [actors, key, eid, propertyCode]);
}
