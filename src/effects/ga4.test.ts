import { describe, expect, it } from 'vitest';
import { createGa4, GTAG_SCRIPT_URL } from './ga4';

/** A fresh window-like object with its own document, so each test sees only its own dataLayer and scripts. */
function fakeWindow() {
  const doc = document.implementation.createHTMLDocument('t');
  return { document: doc } as unknown as Window & { dataLayer?: IArguments[] };
}
const entries = (win: { dataLayer?: unknown[] }) => (win.dataLayer ?? []).map((entry) => Array.from(entry as IArguments));
const scripts = (win: Window) => [...win.document.querySelectorAll('script')].map((script) => script.src);

describe('GA4 with Consent Mode v2', () => {
  it('starts with every signal denied and loads nothing from Google', () => {
    const win = fakeWindow();
    createGa4('G-TEST1234', win);
    expect(entries(win)[0]).toEqual(['consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', wait_for_update: 500 }]);
    expect(entries(win).slice(1).map((entry) => entry[0])).toEqual(['js', 'config']);
    expect(entries(win)[2]).toEqual(['config', 'G-TEST1234']);
    expect(scripts(win)).toEqual([]);
  });

  it('forwards no event before analytics consent, and loads no script on a rejection', () => {
    const win = fakeWindow();
    const ga4 = createGa4('G-TEST1234', win);
    ga4.forward([{ name: 'view_item', params: {} }]);
    ga4.applyConsent({ analytics: false, ads: false });
    ga4.forward([{ name: 'view_item', params: {} }]);
    expect(entries(win).filter((entry) => entry[0] === 'event')).toEqual([]);
    expect(entries(win).at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }]);
    expect(scripts(win)).toEqual([]);
  });

  it('after consent: updates the signals, loads gtag.js once, and forwards events as gtag events', () => {
    const win = fakeWindow();
    const ga4 = createGa4('G-TEST1234', win);
    ga4.applyConsent({ analytics: true, ads: false });
    ga4.applyConsent({ analytics: true, ads: true });
    ga4.forward([{ name: 'select_item', params: { items: [{ item_id: 'P1' }] } }]);
    expect(scripts(win)).toEqual([`${GTAG_SCRIPT_URL}?id=G-TEST1234`]);
    expect(entries(win).filter((entry) => entry[0] !== 'js').slice(1)).toEqual([
      ['config', 'G-TEST1234'],
      ['consent', 'update', { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }],
      ['consent', 'update', { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' }],
      ['event', 'select_item', { items: [{ item_id: 'P1' }] }],
    ]);
  });
});

describe("GA4's consent as the analytics actor hears it", () => {
  it('says nothing before the choice, the choice once applied (at once to a late listener), then each change', () => {
    const ga4 = createGa4('G-TEST1234', fakeWindow());
    const early: boolean[] = [];
    ga4.analyticsConsent$.subscribe((granted) => early.push(granted));
    expect(early).toEqual([]);
    ga4.applyConsent({ analytics: true, ads: false });
    const late: boolean[] = [];
    ga4.analyticsConsent$.subscribe((granted) => late.push(granted));
    ga4.applyConsent({ analytics: false, ads: false });
    expect(early).toEqual([true, false]);
    expect(late).toEqual([true, false]);
  });

  it('tells it after the consent update is in the dataLayer, so events forwarded then follow the update', () => {
    const win = fakeWindow();
    const ga4 = createGa4('G-TEST1234', win);
    ga4.analyticsConsent$.subscribe((granted) => {
      if (granted) ga4.forward([{ name: 'view_item', params: { items: [{ item_id: 'P1' }] } }]);
    });
    ga4.applyConsent({ analytics: true, ads: false });
    expect(entries(win).slice(-2).map((entry) => entry.slice(0, 2))).toEqual([
      ['consent', 'update'],
      ['event', 'view_item'],
    ]);
  });
});
