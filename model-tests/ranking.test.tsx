import { act, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Subject } from 'rxjs';
import { afterAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { SearchProvider } from '@/bindings/search-context';
import { createSiteActors } from '@/bindings/actors/site-actors';
import { connectRanking } from '@/bindings/actors/search-wiring';
import type { RankingEntity } from '@/domain/search/ranking';
import type { RankingAnswer } from '@/effects/ranking-client';
import { autocompleteMachine } from '@/machines/autocomplete-machine';
import { rankingMachine } from '@/machines/ranking-machine';
import { searchMachine, type ResultDocument } from '@/machines/search-machine';
import { ResultList } from '@/views/search/result-list';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { mountSite, pageSettings, siteSettings, type MountedSite } from './site-harness';
import { TestIntersectionObserver } from './test-intersection-observer';

type RankingSnapshot = SnapshotFrom<typeof rankingMachine>;
type RankingEvent = EventFrom<typeof rankingMachine>;
type ModelEvent = Via<RankingEvent>;

// ---------------------------------------------------------------------------------------------
// One search page: three results in the search's order, and the ranking service's answer.

const LISTINGS = [
  { code: 'P1', name: 'Sea Glass Cottage', eid: 1001 },
  { code: 'P2', name: 'Driftwood Condo', eid: 1002 },
  { code: 'P3', name: 'Pelican House', eid: 1003 },
] as const;
type Code = (typeof LISTINGS)[number]['code'];

const DOCUMENTS: ResultDocument[] = LISTINGS.map(({ code, name, eid }) => ({
  id: `chc1-listings-${eid}`,
  entity_id: eid,
  ss_name: name,
  ss_url: `/listing/${name.toLowerCase().replace(/\s+/g, '-')}`,
  ss_vrfusion_site_property_code: code,
}));

/** The service ranks Driftwood first, then Sea Glass (no click tracker); Pelican is missing from the ranking. */
const ENTITIES: RankingEntity[] = [
  { id: 'P2', impressionTrackerUrl: 'https://rank.example/i/P2', landingPageClickTrackerUrl: 'https://rank.example/c/P2' },
  { id: 'P1', impressionTrackerUrl: 'https://rank.example/i/P1', landingPageClickTrackerUrl: null },
];
const RANKED_ORDER: Code[] = ['P2', 'P1', 'P3'];
const SEARCH_ORDER: Code[] = ['P1', 'P2', 'P3'];
const FAILURE = 'HTTP 500';

const nameOf = (code: Code) => LISTINGS.find((listing) => listing.code === code)?.name as string;

// ---------------------------------------------------------------------------------------------
// The model.

const opened: ModelEvent = { type: 'ranking.page.opened', via: 'the search page connects its effects' };
const received: ModelEvent = { type: 'ranking.received', entities: ENTITIES, seed: 7, via: 'the ranking service answers' };
const failed: ModelEvent = { type: 'ranking.failed', message: FAILURE, via: 'the ranking service answers 500' };
const seen = (code: Code): ModelEvent => ({ type: 'ranking.card.seen', propertyId: code, via: `${nameOf(code)} comes into view` });
const clicked = (code: Code): ModelEvent => ({ type: 'ranking.card.clicked', propertyId: code, via: `clicks ${nameOf(code)}` });

/**
 * What can happen next, kept small: a card comes into view before the page's effects connect
 * (Sea Glass), while the ranking loads (Pelican, not ranked), after it arrived (Driftwood, and
 * Pelican again unranked) or after it failed (Driftwood); the visitor clicks Driftwood, the one
 * card with a click tracker, once the ranking is there.
 */
function rankingEvents(snapshot: RankingSnapshot): ModelEvent[] {
  if (snapshot.matches('idle')) return [opened, seen('P1')];
  if (snapshot.matches('loading')) return [received, failed, seen('P3')];
  if (snapshot.matches('loaded')) return [seen('P2'), seen('P3'), clicked('P2')];
  return [seen('P2')];
}

const model = createTestModel(rankingMachine, {
  events: rankingEvents,
  filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event),
});

const coverage = new ModelCoverage(rankingMachine);

// ---------------------------------------------------------------------------------------------
// The driver: the real result list and search actor, wired by the real connectRanking with the
// ranking service and the beacons played by the test.

const cardOf = (code: Code) => document.querySelector<HTMLElement>(`.listing-card[data-eid="${LISTINGS.find((l) => l.code === code)?.eid}"]`) as HTMLElement;
const cardNames = () => [...document.querySelectorAll('.listing-card h3')].map((title) => title.textContent);

function rankingDriver(): PathDriver<RankingSnapshot, RankingEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let ranking: Actor<typeof rankingMachine> | null = null;
  let search: Actor<typeof searchMachine> | null = null;
  let disconnect: (() => void) | null = null;
  let warnings: MockInstance<typeof console.warn> | null = null;
  let answer = new Subject<RankingAnswer>();
  const requests: string[] = [];
  const beacons: string[] = [];
  const sortOrderUpdates: Event[] = [];
  const revealed = new Set<Code>();
  let clicks = 0;
  const onSortOrderUpdated = (event: Event) => sortOrderUpdates.push(event);
  // jsdom does not navigate; the click's default action is stopped after the page's handlers ran.
  const stopNavigation = (event: MouseEvent) => event.preventDefault();

  return {
    start: () => {
      user = userEvent.setup();
      answer = new Subject<RankingAnswer>();
      vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
      warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
      window.addEventListener('sortOrderUpdated', onSortOrderUpdated);
      document.addEventListener('click', stopNavigation);
      search = createActor(searchMachine, { input: { maxRows: 30, numvisible: 10, returnFullDocs: true } }).start();
      search.send({ type: 'search.hash.changed', state: { fq: [], start: 0 } });
      search.send({
        type: 'search.results.received',
        requestId: 1,
        result: { ids: DOCUMENTS.map((doc) => doc.id), numFound: 3, start: 0, rows: 30, facetFields: {}, facetRanges: {}, facetDates: {}, didYouMean: null },
      });
      search.send({ type: 'search.documents.received', requestId: 1, documents: DOCUMENTS });
      ranking = createActor(rankingMachine, { inspect: coverage.inspect }).start();
      const page = pageSettings();
      site = mountSite(
        <SearchProvider actors={{ search, autocomplete: createActor(autocompleteMachine).start(), ranking }}>
          <ResultList />
        </SearchProvider>,
        page,
        createSiteActors(page, window.location.origin),
      );
    },
    perform: async (event) => {
      const actors = { ranking: ranking as Actor<typeof rankingMachine>, search: search as Actor<typeof searchMachine> };
      switch (event.type) {
        case 'ranking.page.opened':
          act(() => {
            disconnect = connectRanking(actors.ranking, actors.search, {
              ranking: siteSettings.ranking,
              hostName: siteSettings.vrfusion_site.host,
              load: (url) => {
                requests.push(url);
                return answer;
              },
              track: (url) => beacons.push(url),
              seed: () => 7,
              gaId: () => null,
            });
          });
          return;
        case 'ranking.received':
          act(() => answer.next({ ok: true, entities: event.entities }));
          return;
        case 'ranking.failed':
          act(() => answer.next({ ok: false, message: event.message }));
          return;
        case 'ranking.card.seen': {
          const card = cardOf(event.propertyId as Code);
          // An impression is the card itself in view, without the lazy-load margin.
          expect(TestIntersectionObserver.watching(card).map((observer) => observer.rootMargin)).toEqual(['0px']);
          act(() => TestIntersectionObserver.reveal(card));
          revealed.add(event.propertyId as Code);
          return;
        }
        case 'ranking.card.clicked':
          clicks += 1;
          await user.click(within(cardOf(event.propertyId as Code)).getByRole('link', { name: nameOf(event.propertyId as Code) }));
          return;
        default:
          throw new Error(`No way to perform ${(event as RankingEvent).type}`);
      }
    },
    expectState: (state) => {
      const real = (ranking as Actor<typeof rankingMachine>).getSnapshot();
      expect(real.value).toEqual(state.value);
      expect(real.context.seen).toEqual(state.context.seen);
      // Spec §7: one request per page, once the page's effects are connected.
      expect(requests).toHaveLength(state.matches('idle') ? 0 : 1);
      if (requests[0]) expect(requests[0]).toMatch(/^\/api\/v2\/coralhaven\/ranking\?cid=chc-web&host_name=coralhaven\.example&full_url=http.*&usage=search$/);

      const loaded = state.matches('loaded');
      // Spec §9: the results follow the ranking once it is loaded, the search's order otherwise.
      expect(cardNames()).toEqual((loaded ? RANKED_ORDER : SEARCH_ORDER).map(nameOf));
      expect(sortOrderUpdates).toHaveLength(loaded ? 1 : 0);
      // Spec §3: each card in view counts once per page view, when it has an impression tracker;
      // a click calls the click tracker. Nothing is sent without the ranking.
      const impressions = loaded ? ENTITIES.filter((entity) => revealed.has(entity.id as Code)).map((entity) => entity.impressionTrackerUrl) : [];
      expect(beacons.filter((url) => url.includes('/i/')).sort()).toEqual(impressions.sort());
      expect(beacons.filter((url) => url.includes('/c/'))).toEqual(Array.from({ length: clicks }, () => 'https://rank.example/c/P2'));
      // A failure is logged and changes nothing else.
      expect(warnings?.mock.calls.map(([message]) => message)).toEqual(
        state.matches('failed') ? [`Ranking not loaded, results keep the search order: ${FAILURE}`] : [],
      );
    },
    stop: () => {
      disconnect?.();
      site?.unmount();
      ranking?.stop();
      search?.stop();
      warnings?.mockRestore();
      window.removeEventListener('sortOrderUpdated', onSortOrderUpdated);
      document.removeEventListener('click', stopNavigation);
      vi.unstubAllGlobals();
      TestIntersectionObserver.observers.clear();
    },
  };
}

describe('ranking machine, walked through the result list with the real ranking wiring', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, rankingMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, rankingDriver());
  });
});
