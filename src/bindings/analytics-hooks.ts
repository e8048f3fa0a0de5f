import { useEffect } from 'react';
import type { AnalyticsProduct } from '@/domain/analytics/events';
import { pagePath } from '@/effects/page-analytics';
import { sendAnalytics } from './analytics-port';
import { useSiteActors } from './site-context';

/** view_item once per listing page shown (spec §1 detail view). */
export function useViewItem(product: AnalyticsProduct): void {
  const actors = useSiteActors();
  const key = JSON.stringify(product);
  useEffect(() => {
    sendAnalytics(actors, { type: 'analytics.tracked', event: { name: 'view_item', at: Date.now(), page: pagePath(), params: { items: [JSON.parse(key) as AnalyticsProduct] } } });
  }, [actors, key]);
}
