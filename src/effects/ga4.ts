import { BehaviorSubject, filter, type Observable } from 'rxjs';
import type { AnalyticsEvent } from '@/domain/analytics/events';
import type { ConsentChoice } from '@/machines/consent-machine';

/** Where gtag.js comes from (allowed by the page's CSP only when a measurement id is configured). */
export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

type Gtag = (...args: unknown[]) => void;
type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag };

const consentState = (choice: ConsentChoice) => ({
  analytics_storage: choice.analytics ? 'granted' : 'denied',
  ad_storage: choice.ads ? 'granted' : 'denied',
  ad_user_data: choice.ads ? 'granted' : 'denied',
  ad_personalization: choice.ads ? 'granted' : 'denied',
});

export interface Ga4 {
  /** Consent Mode v2 update; the first grant loads gtag.js. */
  applyConsent(choice: ConsentChoice): void;
  /** The events, as gtag('event', name, params), once analytics is granted; dropped before. */
  forward(events: readonly AnalyticsEvent[]): void;
  /**
   * Whether analytics is granted: the visitor's choice once it is applied (at once to a late
   * subscriber), then each change. Nothing before the choice is known.
   */
  readonly analyticsConsent$: Observable<boolean>;
}

/**
 * GA4 through a gtag-compatible `window.dataLayer` (issue 16): Consent Mode v2 defaults are
 * 'denied' for all four signals; nothing is loaded from Google until the visitor grants
 * something, and events are forwarded only with analytics granted.
 */
export function createGa4(measurementId: string, win: GtagWindow = window): Ga4 {
  const dataLayer = (win.dataLayer ??= []);
  const gtag: Gtag =
    win.gtag ??
    function gtag() {
      // gtag.js reads Arguments objects from the dataLayer, not arrays.
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
  win.gtag = gtag;
  gtag('consent', 'default', { ...consentState({ analytics: false, ads: false }), wait_for_update: 500 });
  gtag('js', new Date());
  gtag('config', measurementId);
  let analytics = false;
  let loaded = false;
  const consent = new BehaviorSubject<boolean | null>(null);
  return {
    applyConsent(choice) {
      analytics = choice.analytics;
      gtag('consent', 'update', consentState(choice));
      if (!loaded && (choice.analytics || choice.ads)) {
        loaded = true;
        const script = win.document.createElement('script');
        script.async = true;
        script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
        win.document.head.append(script);
      }
      // Told after the update is in the dataLayer, so that events forwarded now follow it.
      consent.next(choice.analytics);
    },
    analyticsConsent$: consent.pipe(filter((granted): granted is boolean => granted !== null)),
    forward(events) {
      if (!analytics) return;
      for (const event of events) gtag('event', event.name, event.params);
    },
  };
}

const shared = new Map<string, Ga4>();

/** The page's one GA4 (the delivery forwards to it, the cookie choice applies to it). */
export function sharedGa4(measurementId: string): Ga4 {
  let ga4 = shared.get(measurementId);
  if (!ga4) {
    ga4 = createGa4(measurementId);
    shared.set(measurementId, ga4);
  }
  return ga4;
}
