import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AnalyticsEvent, AnalyticsProduct } from '@/domain/analytics/events';
import { analyticsMachine, CLICK_FALLBACK_MS, MAX_ERROR_REPORTS, MAX_HELD_FOR_GA4 } from '@/machines/analytics-machine';
import { connectAnalyticsDelivery, connectGa4Forwarding, postBatch, BATCH_WINDOW_MS } from './analytics-delivery';
import { createGa4 } from './ga4';
import { connectPageAnalytics, exceptionEvent } from './page-analytics';

const product = (n: number): AnalyticsProduct => ({ item_id: `P${n}`, item_name: `Rental ${n}`, price: 100 + n, item_list_name: 'Search results', index: n });

/** A page's analytics actor and its delivery, with a beacon that records what it was given. */
function setUp(beacon: (url: string, body: string) => boolean = () => true) {
  const posted: AnalyticsEvent[][] = [];
  const sendBeacon = vi.fn((url: string, body: string) => {
    const accepted = beacon(url, body);
    if (accepted) posted.push((JSON.parse(body) as { events: AnalyticsEvent[] }).events);
    return accepted;
  });
  const navigate = vi.fn();
  const fetch = vi.fn(async () => new Response(null, { status: 204 }));
  const actor = createActor(analyticsMachine).start();
  const dispose = connectAnalyticsDelivery(actor, { navigator: { sendBeacon } as unknown as Navigator, fetch: fetch as unknown as typeof globalThis.fetch, navigate });
  const impression = (n: number) => actor.send({ type: 'analytics.impression', product: product(n), page: '/search', at: 1000 + n });
  return { actor, posted, sendBeacon, navigate, fetch, dispose, impression };
}

const itemIds = (events: AnalyticsEvent[]) => events.map((event) => [event.name, (event.params.items ?? []).map((item) => item.item_id)]);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('impressions (spec §9: in batches of 10, the remainder on pagehide)', () => {
  it('sends exactly 10 in one view_item_list, holds the next 3, and sends those 3 on pagehide', async () => {
    const page = setUp();
    for (let n = 1; n <= 13; n++) page.impression(n);
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS);
    expect(page.posted).toHaveLength(1);
    expect(itemIds(page.posted[0]!)).toEqual([['view_item_list', ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10']]]);
    expect(page.posted[0]![0]).toMatchObject({ page: '/search', at: 1010 });
    expect(page.posted[0]![0]!.params.items?.[0]).toEqual({ item_id: 'P1', item_name: 'Rental 1', price: 101, item_list_name: 'Search results', index: 1 });
    // The three more seen are held, however long the visitor looks.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(page.posted).toHaveLength(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(page.posted).toHaveLength(1);
    const dispose = connectPageAnalytics((event) => page.actor.send(event));
    window.dispatchEvent(new Event('pagehide'));
    dispose();
    expect(page.posted.map(itemIds)).toEqual([[['view_item_list', ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10']]], [['view_item_list', ['P11', 'P12', 'P13']]]]);
    page.dispose();
  });

  it('counts a product once per page view: seen again, it is not sent again', async () => {
    const page = setUp();
    for (let n = 1; n <= 9; n++) page.impression(n);
    page.impression(3);
    page.impression(9);
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS);
    expect(page.posted).toEqual([]);
    page.impression(10);
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS);
    expect(page.posted.map(itemIds)).toEqual([[['view_item_list', ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10']]]]);
    page.dispose();
  });

  it('sends nothing on pagehide when nothing is held', () => {
    const page = setUp();
    page.actor.send({ type: 'analytics.page.hidden' });
    expect(page.sendBeacon).not.toHaveBeenCalled();
    page.dispose();
  });
});

describe('other events are batched', () => {
  it('goes out together after a quiet second, in the order they happened', async () => {
    const page = setUp();
    page.actor.send({ type: 'analytics.tracked', event: { name: 'view_item', page: '/listing/a', params: { items: [product(1)] } } });
    page.actor.send({ type: 'analytics.tracked', event: { name: 'add_to_cart', page: '/listing/a', params: { from: 'details', items: [product(1)] } } });
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS - 1);
    expect(page.posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.posted.map((events) => events.map((event) => event.name))).toEqual([['view_item', 'add_to_cart']]);
    page.dispose();
  });

  it('falls back to a keepalive fetch of JSON when the beacon is refused', async () => {
    const page = setUp(() => false);
    page.actor.send({ type: 'analytics.tracked', event: { name: 'view_item', params: { items: [product(1)] } } });
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS);
    expect(page.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = page.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/analytics/collect');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(init.body as string)).toEqual({ events: [{ name: 'view_item', params: { items: [product(1)] } }] });
    page.dispose();
  });

  it('splits more than 50 waiting events into posts of at most 50 (the collector refuses more)', async () => {
    const page = setUp();
    for (let n = 0; n < 60; n++) page.actor.send({ type: 'analytics.tracked', event: { name: 'search', params: { search_term: `q${n}`, results: n } } });
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS);
    expect(page.posted.map((events) => events.length)).toEqual([50, 10]);
    page.dispose();
  });
});

describe('a product click (spec §9: the navigation goes ahead after 2000 ms)', () => {
  const click = (page: ReturnType<typeof setUp>) =>
    page.actor.send({ type: 'analytics.product.clicked', product: product(4), page: '/search', href: 'http://localhost/listing/p4', at: 5 });

  it('sends select_item at once and navigates as soon as the beacon is queued', async () => {
    const page = setUp();
    click(page);
    expect(page.posted.map(itemIds)).toEqual([[['select_item', ['P4']]]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.navigate).toHaveBeenCalledWith('http://localhost/listing/p4');
    expect(page.actor.getSnapshot().matches({ click: 'ready' })).toBe(true);
    page.dispose();
  });

  it('takes what was waiting in the same post', async () => {
    const page = setUp();
    page.actor.send({ type: 'analytics.tracked', event: { name: 'search', params: { search_term: 'pool', results: 3 } } });
    click(page);
    expect(page.posted.map((events) => events.map((event) => event.name))).toEqual([['search', 'select_item']]);
    page.dispose();
  });

  it('navigates after 2000 ms when the collector has not answered, not before', async () => {
    const page = setUp(() => false);
    page.fetch.mockImplementation(() => new Promise<Response>(() => {}));
    click(page);
    await vi.advanceTimersByTimeAsync(CLICK_FALLBACK_MS - 1);
    expect(page.navigate).not.toHaveBeenCalled();
    expect(page.actor.getSnapshot().matches({ click: 'clicking' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.navigate).toHaveBeenCalledTimes(1);
    expect(page.navigate).toHaveBeenCalledWith('http://localhost/listing/p4');
    // The late timer of a confirmed click does not navigate twice.
    await vi.advanceTimersByTimeAsync(CLICK_FALLBACK_MS);
    expect(page.navigate).toHaveBeenCalledTimes(1);
    page.dispose();
  });

  it('navigates at once when the send fails (nothing to wait for)', async () => {
    const page = setUp(() => false);
    page.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    click(page);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.navigate).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Analytics not sent: Failed to fetch');
    page.dispose();
  });

  it('ignores a second click while the first waits', async () => {
    const page = setUp(() => false);
    page.fetch.mockImplementation(() => new Promise<Response>(() => {}));
    click(page);
    page.actor.send({ type: 'analytics.product.clicked', product: product(5), page: '/search', href: 'http://localhost/listing/p5', at: 6 });
    await vi.advanceTimersByTimeAsync(CLICK_FALLBACK_MS);
    expect(page.navigate.mock.calls).toEqual([['http://localhost/listing/p4']]);
    page.dispose();
  });
});

describe('error reports (spec §8: an uncaught script error is reported to analytics)', () => {
  it('reports an uncaught error and an unhandled rejection as exception events', async () => {
    const page = setUp();
    const dispose = connectPageAnalytics((event) => page.actor.send(event));
    window.dispatchEvent(new ErrorEvent('error', { message: 'x is not a function', error: new TypeError('x is not a function'), filename: 'http://localhost/assets/a.js', lineno: 3, colno: 7 }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new Error('Network down');
    window.dispatchEvent(rejection);
    dispose();
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS);
    expect(page.posted[0]!.map((event) => [event.name, event.params.description, event.params.fatal])).toEqual([
      ['exception', 'Uncaught script error: x is not a function (http://localhost/assets/a.js:3:7)', false],
      ['exception', 'Unhandled promise rejection: Network down', false],
    ]);
    page.dispose();
  });

  it(`reports at most ${MAX_ERROR_REPORTS} errors from one page`, async () => {
    const page = setUp();
    for (let n = 0; n < MAX_ERROR_REPORTS + 5; n++) page.actor.send({ type: 'analytics.tracked', event: exceptionEvent('error', new Error(`boom ${n}`), null, '/', n) });
    page.actor.send({ type: 'analytics.tracked', event: { name: 'view_item', params: {} } });
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS);
    const names = page.posted.flat().map((event) => event.name);
    expect(names.filter((name) => name === 'exception')).toHaveLength(MAX_ERROR_REPORTS);
    expect(names.at(-1)).toBe('view_item');
    page.dispose();
  });

  it('keeps a report within the collector limits (500 characters) whatever was thrown', () => {
    expect(exceptionEvent('rejection', { code: 42 }, null, '/', 1).params.description).toBe('Unhandled promise rejection: {"code":42}');
    expect(exceptionEvent('error', 'x'.repeat(900), 'a.js:1:1', '/', 1).params.description).toHaveLength(500);
  });
});

describe('postBatch', () => {
  it('answers false without a beacon or fetch (nothing to send with)', async () => {
    await expect(postBatch([{ name: 'view_item', params: {} }], { navigator: {} as Navigator, fetch: undefined })).resolves.toBe(false);
  });
  it('answers false when the collector refuses the batch', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 400 }));
    await expect(postBatch([{ name: 'view_item', params: {} }], { navigator: {} as Navigator, fetch: fetch as unknown as typeof globalThis.fetch })).resolves.toBe(false);
  });
});

describe('GA4 beside the collector (issue 22: events before the consent code arrives are not lost)', () => {
  const ga4Page = () => {
    const page = setUp();
    const win = { document: document.implementation.createHTMLDocument('ga4') } as unknown as Window & { dataLayer?: unknown[] };
    const ga4 = createGa4('G-TEST1234', win);
    page.dispose = ((dispose) => {
      const forwarding = connectGa4Forwarding(page.actor, ga4);
      return () => {
        forwarding();
        dispose();
      };
    })(page.dispose);
    const calls = () => (win.dataLayer ?? []).map((entry) => Array.from(entry as IArguments));
    const gaEvents = () => calls().filter((call) => call[0] === 'event').map((call) => [call[1], ((call[2] as AnalyticsEvent['params']).items ?? []).map((item) => item.item_id)]);
    const track = (event: AnalyticsEvent) => page.actor.send({ type: 'analytics.tracked', event });
    /** One of each kind of event a page sends, in this order. */
    const everyKind = () => {
      for (let n = 1; n <= 10; n++) page.impression(n);
      track({ name: 'view_item', params: { items: [product(11)] } });
      track({ name: 'add_to_cart', params: { from: 'details', items: [product(11)] } });
      track({ name: 'begin_checkout', params: { step: 1, items: [product(11)] } });
      track({ name: 'exception', params: { description: 'boom', fatal: false } });
      page.actor.send({ type: 'analytics.product.clicked', product: product(12), page: '/search', href: '/listing/x', at: 1 });
    };
    const kinds = [
      ['view_item_list', ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10']],
      ['view_item', ['P11']],
      ['add_to_cart', ['P11']],
      ['begin_checkout', ['P11']],
      ['exception', []],
      ['select_item', ['P12']],
    ];
    return { ...page, ga4, calls, gaEvents, everyKind, kinds };
  };

  it('holds every kind of event until the choice is known, then forwards them in order, once, after the consent update', async () => {
    const page = ga4Page();
    page.everyKind();
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS);
    // The collector has them all; GA4 nothing yet.
    expect(page.posted.flat().map((event) => event.name)).toEqual(page.kinds.map(([name]) => name));
    expect(page.gaEvents()).toEqual([]);
    page.ga4.applyConsent({ analytics: true, ads: false });
    expect(page.gaEvents()).toEqual(page.kinds);
    expect(page.calls().findIndex((call) => call[0] === 'consent' && call[1] === 'update')).toBeLessThan(page.calls().findIndex((call) => call[0] === 'event'));
    // Later events go at once, and nothing goes twice (another choice that still allows analytics).
    page.ga4.applyConsent({ analytics: true, ads: true });
    page.actor.send({ type: 'analytics.tracked', event: { name: 'view_item', params: { items: [product(13)] } } });
    expect(page.gaEvents()).toEqual([...page.kinds, ['view_item', ['P13']]]);
    page.dispose();
  });

  it('forwards at once when the choice was known before, and nothing before a refusal or while refused', async () => {
    const page = ga4Page();
    page.ga4.applyConsent({ analytics: true, ads: false });
    page.everyKind();
    expect(page.gaEvents()).toEqual(page.kinds);
    page.ga4.applyConsent({ analytics: false, ads: true });
    page.actor.send({ type: 'analytics.tracked', event: { name: 'view_item', params: { items: [product(13)] } } });
    expect(page.gaEvents()).toEqual(page.kinds);
    page.dispose();

    const refused = ga4Page();
    refused.everyKind();
    refused.ga4.applyConsent({ analytics: false, ads: false });
    refused.ga4.applyConsent({ analytics: true, ads: false });
    expect(refused.gaEvents()).toEqual([]);
    await vi.advanceTimersByTimeAsync(BATCH_WINDOW_MS);
    // The collector had them all the same.
    expect(refused.posted.flat().map((event) => event.name)).toEqual(refused.kinds.map(([name]) => name));
    refused.dispose();
  });

  it('keeps at most MAX_HELD_FOR_GA4 events while the choice is unknown', () => {
    const page = ga4Page();
    for (let n = 0; n < MAX_HELD_FOR_GA4 + 5; n++) page.actor.send({ type: 'analytics.tracked', event: { name: 'view_item', params: { items: [product(n)] } } });
    page.ga4.applyConsent({ analytics: true, ads: false });
    expect(page.gaEvents()).toHaveLength(MAX_HELD_FOR_GA4);
    expect(page.gaEvents()[0]).toEqual(['view_item', ['P0']]);
    page.dispose();
  });
});
