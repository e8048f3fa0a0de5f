import { deferred } from '@/bindings/deferred';
import { useSettings, useSiteActors } from '@/bindings/site-context';
import { useDeferred } from '@/bindings/use-deferred';

/** The banner, the consent actor and its effects: loaded after the page, on a site with GA4 only. */
const consentBanner = deferred(() => import('./consent-banner'));

const useGa4Configured = () => Boolean(useSettings().analytics?.ga4_measurement_id);

/** The cookie banner, when GA4 is configured (it shows while the visitor has a choice to make). */
export function Consent() {
  const loaded = useDeferred(consentBanner, useGa4Configured());
  return loaded ? <loaded.ConsentBanner /> : null;
}

/** The footer's link that opens the cookie choices again (only when GA4 is configured). */
export function CookieSettingsLink() {
  const actors = useSiteActors();
  if (!useGa4Configured()) return null;
  const reopen = () => void consentBanner.load().then(() => actors.consent.send({ type: 'consent.reopened' }));
  return (
    <li>
      <button type="button" className="link-button site-footer__button" onClick={reopen}>
        Cookie settings
      </button>
    </li>
  );
}
