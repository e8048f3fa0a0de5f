import { act, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { VirtualTimeScheduler } from 'rxjs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { analyticsActorModule } from '@/bindings/analytics-port';
import { SearchProvider } from '@/bindings/search-context';
import type { AnalyticsEvent } from '@/domain/analytics/events';
import { connectAnalyticsDelivery, connectGa4Forwarding } from '@/effects/analytics-delivery';
import { createGa4, type Ga4 } from '@/effects/ga4';
import { connectPageAnalytics } from '@/effects/page-analytics';
import { analyticsMachine } from '@/machines/analytics-machine';
import { autocompleteMachine } from '@/machines/autocomplete-machine';
import { rankingMachine } from '@/machines/ranking-machine';
import { searchMachine, type ResultDocument } from '@/machines/search-machine';
import { ResultList } from '@/views/search/result-list';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { mountSite, pageSettings, siteActorsWith, type MountedSite } from './site-harness';
import { TestIntersectionObserver } from './test-intersection-observer';

type AnalyticsSnapshot = SnapshotFrom<typeof analyticsMachine>;
type AnalyticsMachineEvent = EventFrom<typeof analyticsMachine>;
type ModelEvent = Via<AnalyticsMachineEvent>;

const LISTINGS = [
  { code: 'P1', name: 'Sea Glass Cottage', eid: 1001 },
  { code: 'P2', name: 'Driftwood Condo', eid: 1002 },
] as const;
const DOCUMENTS: ResultDocument[] = LISTINGS.map(({ code, name, eid }) => ({
  id: `chc1-listings-${eid}`,
  entity_id: eid,
  ss_name: name,
  ss_url: `/listing/${name.toLowerCase().replace(/\s+/g, '-')}`,
  ss_vrfusion_site_property_code: code,
  is_price_min: 25_000,
}));
const HREF = `${window.location.origin}/listing/driftwood-condo`;

const product = { item_id: 'P2', item_name: 'Driftwood Condo', price: 250, currency: 'USD', item_list_name: 'Search results', index: 1 };
const tracked: ModelEvent = { type: 'analytics.tracked', event: { name: 'exception', params: {} }, via: 'a script error is thrown on the page' };
const impression: ModelEvent = { type: 'analytics.impression', product: { ...product, item_id: 'P1' }, page: '/', at: 0, via: 'Sea Glass Cottage comes into view' };
const hidden: ModelEvent = { type: 'analytics.page.hidden', via: 'the visitor leaves the page (pagehide)' };
const clicked: ModelEvent = { type: 'analytics.product.clicked', product, page: '/', href: HREF, at: 0, via: 'clicks Driftwood Condo' };
const sent = (sendId: number): ModelEvent => ({ type: 'analytics.sent', sendId, via: 'the collector answers 204' });
const failed = (sendId: number): ModelEvent => ({ type: 'analytics.send.failed', sendId, via: 'the collector answers 500' });
const fired: ModelEvent = { type: 'analytics.timer.fired', via: '2000 ms pass without an answer' };
const configured: ModelEvent = { type: 'analytics.ga4.configured', via: 'the site has a GA4 measurement id' };
const granted: ModelEvent = { type: 'analytics.consent.known', analytics: true, via: 'the visitor allows analytics cookies' };
const refused: ModelEvent = { type: 'analytics.consent.known', analytics: false, via: 'the visitor refuses analytics cookies' };

/**
 * Kept small: one of each visitor action while few sends were made, the three ends of a click, and
 * GA4 (configured, then the visitor's cookie choice) while at most one send was made.
 */
function analyticsEvents(snapshot: AnalyticsSnapshot): ModelEvent[] {
  const click = snapshot.context.pendingClick;
  if (snapshot.matches({ click: 'clicking' }) && click) return [sent(click.sendId), failed(click.sendId), fired];
  // GA4 before any send, and after one (held while the choice is unknown, then forwarded or dropped).
  const ga4 = snapshot.context.lastSendId <= 1 ? [configured, granted, refused] : [];
  if (snapshot.context.lastSendId >= 2) return ga4;
  return [...(snapshot.context.errorReports === 0 ? [tracked] : []), ...(snapshot.context.seen.length === 0 ? [impression] : []), hidden, clicked, ...ga4];
}

/** What happened, in order, as the page saw it: sends to the collector and GA4's configuration and consent. */
type Ga4Moment = { kind: 'sent'; event: AnalyticsEvent } | { kind: 'configured' } | { kind: 'consent'; analytics: boolean };

/**
 * The events GA4 should have had (issue 22): nothing without GA4; before the cookie choice is
 * known, held, and forwarded only if the choice allows analytics; after a grant, each as it is sent.
 */
function expectedForGa4(moments: readonly Ga4Moment[]): AnalyticsEvent[] {
  const out: AnalyticsEvent[] = [];
  let held: AnalyticsEvent[] = [];
  let mode: 'off' | 'waiting' | 'allowed' | 'refused' = 'off';
  for (const moment of moments) {
    if (moment.kind === 'configured') mode = 'waiting';
    else if (moment.kind === 'consent') {
      if (mode === 'waiting' && moment.analytics) out.push(...held);
      held = [];
      mode = moment.analytics ? 'allowed' : 'refused';
    } else if (mode === 'waiting') held.push(moment.event);
    else if (mode === 'allowed') out.push(moment.event);
  }
  return out;
}

const model = createTestModel(analyticsMachine, {
  events: analyticsEvents,
  filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event as AnalyticsMachineEvent),
});
const coverage = new ModelCoverage(analyticsMachine);

/** A window of GA4's own, so each path sees only its dataLayer. */
function fakeWindow() {
  const doc = document.implementation.createHTMLDocument('ga4');
  return { document: doc } as unknown as Window & { dataLayer?: unknown[] };
}

const cardOf = (code: string) => document.querySelector<HTMLElement>(`.listing-card[data-eid="${LISTINGS.find((l) => l.code === code)?.eid}"]`) as HTMLElement;

/** The result list of a search page, its analytics actor connected to a collector the test answers. */
function analyticsDriver(): PathDriver<AnalyticsSnapshot, AnalyticsMachineEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let actor: Actor<typeof analyticsMachine> | null = null;
  let disposers: Array<() => void> = [];
  let scheduler = new VirtualTimeScheduler();
  let posts: Array<{ events: AnalyticsEvent[]; answer: (status: number) => void }> = [];
  let navigations: string[] = [];
  let ga4Window = fakeWindow();
  let ga4: Ga4 = createGa4('G-MODEL1234', ga4Window);
  let moments: Ga4Moment[] = [];
  return {
    start: async () => {
      // The actor's code comes after the page: here it is there from the start.
      await analyticsActorModule.load();
      user = userEvent.setup();
      scheduler = new VirtualTimeScheduler();
      posts = [];
      navigations = [];
      moments = [];
      ga4Window = fakeWindow();
      ga4 = createGa4('G-MODEL1234', ga4Window);
      vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
      const search = createActor(searchMachine, { input: { maxRows: 30, numvisible: 10, returnFullDocs: true } }).start();
      search.send({ type: 'search.hash.changed', state: { fq: [], start: 0 } });
      search.send({
        type: 'search.results.received',
        requestId: 1,
        result: { ids: DOCUMENTS.map((doc) => doc.id), numFound: 2, start: 0, rows: 30, facetFields: {}, facetRanges: {}, facetDates: {}, didYouMean: null },
      });
      search.send({ type: 'search.documents.received', requestId: 1, documents: DOCUMENTS });
      actor = createActor(analyticsMachine, { inspect: coverage.inspect }).start();
      const subscription = actor.on('analytics.send.requested', ({ events }) => moments.push(...events.map((event) => ({ kind: 'sent' as const, event }))));
      // The beacon is refused, so each post is a fetch whose answer the test gives.
      const fetch = (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          posts.push({ events: (JSON.parse(init.body as string) as { events: AnalyticsEvent[] }).events, answer: (status) => resolve(new Response(null, { status })) });
        });
      disposers = [
        () => subscription.unsubscribe(),
        connectAnalyticsDelivery(actor, { navigator: { sendBeacon: () => false }, fetch: fetch as typeof globalThis.fetch, scheduler, navigate: (href) => navigations.push(href) }),
        connectPageAnalytics((event) => actor?.send(event)),
      ];
      const page = pageSettings();
      site = mountSite(
        <SearchProvider actors={{ search, autocomplete: createActor(autocompleteMachine).start(), ranking: createActor(rankingMachine).start() }}>
          <ResultList />
        </SearchProvider>,
        page,
        siteActorsWith(page, 'analytics', actor),
      );
    },
    perform: async (event) => {
      switch (event.type) {
        case 'analytics.tracked':
          act(() => {
            window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
          });
          return;
        case 'analytics.impression':
          act(() => TestIntersectionObserver.reveal(cardOf('P1')));
          return;
        case 'analytics.page.hidden':
          act(() => {
            window.dispatchEvent(new Event('pagehide'));
          });
          return;
        case 'analytics.product.clicked':
          await user.click(within(cardOf('P2')).getByRole('link', { name: 'Driftwood Condo' }));
          return;
        case 'analytics.sent':
        case 'analytics.send.failed':
          await act(async () => {
            posts.at(-1)?.answer(event.type === 'analytics.sent' ? 204 : 500);
            await new Promise((resolve) => setTimeout(resolve, 0));
          });
          return;
        case 'analytics.timer.fired':
          act(() => scheduler.flush());
          return;
        case 'analytics.ga4.configured':
          // What the page's wiring does on a site with a measurement id (analytics-wiring.ts).
          moments.push({ kind: 'configured' });
          disposers.push(connectGa4Forwarding(actor as Actor<typeof analyticsMachine>, ga4));
          return;
        case 'analytics.consent.known':
          // The cookie choice, as the consent actor applies it to GA4 (consent-hooks.ts).
          moments.push({ kind: 'consent', analytics: event.analytics });
          act(() => ga4.applyConsent({ analytics: event.analytics, ads: false }));
          return;
        default:
          throw new Error(`No way to perform ${(event as AnalyticsMachineEvent).type}`);
      }
    },
    expectDelivery: () => true,
    expectState: (state) => {
      const real = (actor as Actor<typeof analyticsMachine>).getSnapshot();
      expect(real.value).toEqual(state.value);
      expect(real.context.seen).toEqual(state.context.seen);
      expect(real.context.impressions.map((item) => item.item_id)).toEqual(state.context.impressions.map((item) => item.item_id));
      expect(real.context.errorReports).toBe(state.context.errorReports);
      // GA4 had exactly the events the visitor's choice allows, in order, each once, after a grant.
      const calls = (ga4Window.dataLayer ?? []).map((entry) => Array.from(entry as IArguments));
      const forwarded = calls.filter((call) => call[0] === 'event').map((call) => ({ name: call[1], params: call[2] }));
      expect(forwarded).toEqual(expectedForGa4(moments).map((event) => ({ name: event.name, params: event.params })));
      let allowed = false;
      for (const call of calls) {
        if (call[0] === 'consent') allowed = (call[2] as { analytics_storage: string }).analytics_storage === 'granted';
        if (call[0] === 'event') expect(allowed).toBe(true);
      }
      const configuredAt = moments.findIndex((moment) => moment.kind === 'configured');
      const held = state.matches({ ga4: 'waiting' }) ? moments.slice(configuredAt + 1).filter((moment) => moment.kind === 'sent').length : 0;
      expect(real.context.forGa4).toHaveLength(held);
      const clicks = posts.flatMap((post) => post.events).filter((event) => event.name === 'select_item');
      if (state.matches({ click: 'clicking' })) {
        // Spec §9: the click is sent at once; the page stays until it is confirmed or 2000 ms pass.
        expect(clicks.at(-1)?.params.items?.[0]).toMatchObject({ item_id: 'P2', index: 1, item_list_name: 'Search results' });
        expect(navigations).toHaveLength(clicks.length - 1);
      } else {
        expect(navigations).toEqual(clicks.map(() => HREF));
      }
      // Held impressions go on pagehide, as one view_item_list of what was held.
      const lists = posts.flatMap((post) => post.events).filter((event) => event.name === 'view_item_list');
      expect(lists.flatMap((event) => event.params.items ?? []).map((item) => item.item_id)).toEqual(
        state.context.seen.filter((id) => !state.context.impressions.some((item) => item.item_id === id)),
      );
    },
    stop: () => {
      disposers.forEach((dispose) => dispose());
      site?.unmount();
      vi.unstubAllGlobals();
    },
  };
}

describe('analytics machine, walked through a search page', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(model, analyticsMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, analyticsDriver());
    });
  }
});
