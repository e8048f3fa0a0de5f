import { useEffect } from 'react';
import type { AnalyticsProduct } from '@/domain/analytics/events';
import { pagePath } from '@/effects/page-analytics';
import { useSiteActors } from './site-context';

/** view_item once per listing page shown (spec §1 detail view). */
export function useViewItem(product: AnalyticsProduct): void {
  const { analytics } = useSiteActors();
  const key = JSON.stringify(product);
  useEffect(() => {
    analytics.send({ type: 'analytics.tracked', event: { name: 'view_item', at: Date.now(), page: pagePath(), params: { items: [JSON.parse(key) as AnalyticsProduct] } } });
  }, [analytics, key]);
}
