import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { AnalyticsProduct } from '@/domain/analytics/events';
import { pagePath } from '@/effects/analytics-delivery';
import type { ConsentCategory, ConsentChoice } from '@/machines/consent-machine';
import { useSettings, useSiteActors } from './site-context';

/** view_item once per listing page shown (spec §1 detail view). */
export function useViewItem(product: AnalyticsProduct): void {
  const { analytics } = useSiteActors();
  const key = JSON.stringify(product);
  useEffect(() => {
    analytics.send({ type: 'analytics.tracked', event: { name: 'view_item', at: Date.now(), page: pagePath(), params: { items: [JSON.parse(key) as AnalyticsProduct] } } });
  }, [analytics, key]);
}

/** The cookie banner's state and actions (issue 16 Consent); `enabled` only when GA4 is configured. */
export function useConsent(): {
  enabled: boolean;
  shown: boolean;
  choosing: boolean;
  draft: ConsentChoice;
  accept: () => void;
  reject: () => void;
  choose: () => void;
  toggle: (category: ConsentCategory) => void;
  save: () => void;
  close: () => void;
  reopen: () => void;
} {
  const { consent } = useSiteActors();
  const enabled = Boolean(useSettings().analytics?.ga4_measurement_id);
  const shown = useSelector(consent, (s) => s.hasTag('banner'));
  const choosing = useSelector(consent, (s) => s.matches('choosing'));
  const draft = useSelector(consent, (s) => s.context.draft);
  return {
    enabled,
    shown,
    choosing,
    draft,
    accept: () => consent.send({ type: 'consent.accepted' }),
    reject: () => consent.send({ type: 'consent.rejected' }),
    choose: () => consent.send({ type: 'consent.choose.opened' }),
    toggle: (category) => consent.send({ type: 'consent.category.toggled', category }),
    save: () => consent.send({ type: 'consent.saved' }),
    close: () => consent.send({ type: 'consent.closed' }),
    reopen: () => consent.send({ type: 'consent.reopened' }),
  };
}
