import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useConsent } from '@/bindings/consent-hooks';

/**
 * The cookie banner (issue 16 Consent): a labelled region overlaid at the bottom of the window
 * (nothing moves: no layout shift). Accept all, Reject all, or Choose per category; Escape or
 * Close leaves the categories. Opened from the footer it takes the focus, and gives it back to
 * the footer link when it closes.
 */
export function ConsentBanner() {
  const { shown, choosing, draft, accept, reject, choose, toggle, save, close } = useConsent();
  const titleId = useId();
  const region = useRef<HTMLElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    if (!choosing) return undefined;
    // The categories open: focus goes to the first one (the visitor asked for them).
    opener.current ??= document.activeElement;
    region.current?.querySelector<HTMLInputElement>('input')?.focus();
    return undefined;
  }, [choosing]);
  useEffect(() => {
    if (shown) return;
    const back = opener.current;
    opener.current = null;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  }, [shown]);
  if (!shown) return null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && choosing) {
      event.stopPropagation();
      close();
    }
  };
  return (
    <section ref={region} className="consent-banner" aria-labelledby={titleId} onKeyDown={onKeyDown} data-choosing={choosing || undefined}>
      <div className="consent-banner__inner">
        <h2 id={titleId} className="consent-banner__title">
          Cookies on this site
        </h2>
        <p className="consent-banner__text">
          We count page views, searches and bookings ourselves, without cookies. With your permission we also use Google Analytics cookies to learn
          how visitors use the site (analytics) and to measure our advertising (advertising). See our <a href="/privacy-policy">privacy policy</a>.
        </p>
        {choosing && (
          <fieldset className="consent-banner__choices">
            <legend>Choose which cookies to allow</legend>
            <label>
              <input type="checkbox" name="analytics" checked={draft.analytics} onChange={() => toggle('analytics')} /> Analytics cookies (Google Analytics)
            </label>
            <label>
              <input type="checkbox" name="ads" checked={draft.ads} onChange={() => toggle('ads')} /> Advertising cookies
            </label>
          </fieldset>
        )}
        <div className="consent-banner__actions">
          {choosing && (
            <button type="button" className="button button--primary" onClick={save}>
              Save choices
            </button>
          )}
          <button type="button" className={`button ${choosing ? 'button--secondary' : 'button--primary'}`} onClick={accept}>
            Accept all
          </button>
          <button type="button" className="button button--secondary" onClick={reject}>
            Reject all
          </button>
          {choosing ? (
            <button type="button" className="button button--quiet" onClick={close}>
              Close
            </button>
          ) : (
            <button type="button" className="button button--quiet" onClick={choose}>
              Choose
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
