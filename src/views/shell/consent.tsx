import { useConsent } from '@/app/analytics-hooks';
import { deferred } from '@/app/deferred';
import { useDeferred } from '@/app/use-deferred';

const consentBanner = deferred(() => import('./consent-banner'));

/** The cookie banner, when GA4 is configured and the visitor has a choice to make; its code comes then. */
export function Consent() {
  const { enabled, shown } = useConsent();
  const loaded = useDeferred(consentBanner, enabled && shown);
  return loaded && enabled ? <loaded.ConsentBanner /> : null;
}

/** The footer's link that opens the cookie choices again (only when GA4 is configured). */
export function CookieSettingsLink() {
  const { enabled, reopen } = useConsent();
  if (!enabled) return null;
  return (
    <li>
      <button type="button" className="link-button site-footer__button" onClick={reopen}>
        Cookie settings
      </button>
    </li>
  );
}
