import { of, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import siteJson from '../../../config/site.json';
import { filterQuery } from '@/domain/search/filter-value';
import { serializeSearchHash } from '@/domain/search/hash-state';
import type { SearchState } from '@/domain/search/search-state';
import { parseSiteSettings } from '@/domain/settings';
import type { RankingAnswer } from '@/effects/ranking-client';
import type { SearchClient, SearchDoc } from '@/effects/search-client';
import { rankingMachine } from '@/machines/ranking-machine';
import { searchMachine, type ResultDocument } from '@/machines/search-machine';
import { connectRanking, connectSearch } from './search-wiring';

// ---------------------------------------------------------------------------------------------
// connectSearch with a fake search client: each request is held until the test answers it, so
// answers can arrive late, out of order or not at all, as they do from a real proxy.

const config = parseSiteSettings(siteJson).search;
const hashOf = (state: SearchState) => serializeSearchHash(state, config.exposed_params);
const AREA = (area: string): SearchState => ({ fq: [filterQuery('ss_area', area)], start: 0 });
const SEABRIGHT = AREA('Seabright');
const HARBOUR = AREA('Harbour');
/** The documents of the fake index, per area. */
const INDEX: Record<string, SearchDoc[]> = {
  Seabright: [1, 2, 3].map((n) => ({ id: `sea-${n}`, ss_name: `Seabright ${n}` })),
  Harbour: [1, 2].map((n) => ({ id: `harbour-${n}`, ss_name: `Harbour ${n}` })),
};
/** A Solr answer with the ids of the documents (spec §3 Search response fields read). */
const solrAnswer = (docs: SearchDoc[]) => ({ response: { numFound: docs.length, start: 0, docs: docs.map(({ id }) => ({ id })) } });

interface HeldRequest<T> {
  answer: (value: T) => void;
  fail: (message: string) => void;
}

function fakeSearchClient() {
  const hold = <T,>(subject: Subject<T>): HeldRequest<T> => ({
    answer: (value) => {
      subject.next(value);
      subject.complete();
    },
    fail: (message) => subject.error(new Error(message)),
  });
  const searches: Array<HeldRequest<unknown> & { params: ReadonlyArray<readonly [string, string]> }> = [];
  const documents: Array<HeldRequest<SearchDoc[]> & { ids: readonly string[] }> = [];
  const client: SearchClient = {
    search: (params) => {
      const subject = new Subject<unknown>();
      searches.push({ params, ...hold(subject) });
      return subject;
    },
    documents: (ids) => {
      const subject = new Subject<SearchDoc[]>();
      documents.push({ ids, ...hold(subject) });
      return subject;
    },
    cachedDocuments: () => of([]),
    dispose: () => {},
  };
  return { client, searches, documents };
}

/** The page's hash as the visitor's link or address bar sets it; resolves once the hashchange event has passed. */
async function followLink(state: SearchState) {
  const changed = new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
  window.location.hash = hashOf(state);
  await changed;
}

function searchPage(state: SearchState) {
  window.history.replaceState(null, '', `/search#${hashOf(state)}`);
  const actor = createActor(searchMachine, { input: { maxRows: config.max_rows, numvisible: config.numvisible, returnFullDocs: config.return_full_docs } }).start();
  const fake = fakeSearchClient();
  const disconnect = connectSearch(actor, config, fake.client);
  const shown = () => actor.getSnapshot().context.documents.map((doc) => doc.id);
  return { actor, ...fake, disconnect, shown };
}

const ids = (area: string) => (INDEX[area] ?? []).map((doc) => doc.id);
const filtersOf = (params: ReadonlyArray<readonly [string, string]>) => params.filter(([name]) => name === 'fq').map(([, value]) => value);

describe('connectSearch, with a fake search client', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it("searches for the page's hash, then fetches and shows that search's full documents", () => {
    const page = searchPage(SEABRIGHT);
    expect(page.searches).toHaveLength(1);
    expect(filtersOf(page.searches[0]?.params ?? [])).toContainEqual(expect.stringContaining('Seabright'));
    page.searches[0]?.answer(solrAnswer(INDEX.Seabright ?? []));
    expect(page.documents.map((request) => request.ids)).toEqual([ids('Seabright')]);
    page.documents[0]?.answer(INDEX.Seabright ?? []);
    expect(page.actor.getSnapshot().value).toBe('ready');
    expect(page.shown()).toEqual(ids('Seabright'));
    expect(errors).not.toHaveBeenCalled();
    page.disconnect();
  });

  it('ignores the answer to a superseded search, whichever arrives first', async () => {
    const page = searchPage(SEABRIGHT);
    await followLink(HARBOUR);
    expect(page.searches.map((request) => filtersOf(request.params).some((fq) => fq.includes('Harbour')))).toEqual([false, true]);
    // The first search answers late, before the second: nothing is fetched or shown for it.
    page.searches[0]?.answer(solrAnswer(INDEX.Seabright ?? []));
    expect(page.documents).toEqual([]);
    expect(page.actor.getSnapshot().value).toBe('searching');
    page.searches[1]?.answer(solrAnswer(INDEX.Harbour ?? []));
    expect(page.documents.map((request) => request.ids)).toEqual([ids('Harbour')]);
    page.documents[0]?.answer(INDEX.Harbour ?? []);
    expect(page.shown()).toEqual(ids('Harbour'));
    page.disconnect();
  });

  it('ignores the late answer of a superseded search after the current one has been shown', async () => {
    const page = searchPage(SEABRIGHT);
    await followLink(HARBOUR);
    page.searches[1]?.answer(solrAnswer(INDEX.Harbour ?? []));
    page.documents[0]?.answer(INDEX.Harbour ?? []);
    page.searches[0]?.answer(solrAnswer(INDEX.Seabright ?? []));
    expect(page.documents).toHaveLength(1);
    expect(page.shown()).toEqual(ids('Harbour'));
    page.disconnect();
  });

  it("ignores the full documents of a superseded search, and shows the current search's", async () => {
    const page = searchPage(SEABRIGHT);
    page.searches[0]?.answer(solrAnswer(INDEX.Seabright ?? []));
    await followLink(HARBOUR);
    page.documents[0]?.answer(INDEX.Seabright ?? []);
    expect(page.shown()).toEqual([]);
    expect(page.actor.getSnapshot().value).toBe('searching');
    page.searches[1]?.answer(solrAnswer(INDEX.Harbour ?? []));
    page.documents[1]?.answer(INDEX.Harbour ?? []);
    expect(page.shown()).toEqual(ids('Harbour'));
    page.disconnect();
  });

  it("ignores the full documents of a superseded search that arrive while the current search's documents load", async () => {
    const page = searchPage(SEABRIGHT);
    page.searches[0]?.answer(solrAnswer(INDEX.Seabright ?? []));
    await followLink(HARBOUR);
    page.searches[1]?.answer(solrAnswer(INDEX.Harbour ?? []));
    expect(page.documents.map((request) => request.ids)).toEqual([ids('Seabright'), ids('Harbour')]);
    page.documents[0]?.answer(INDEX.Seabright ?? []);
    expect(page.actor.getSnapshot().value).toBe('loadingDocuments');
    expect(page.shown()).toEqual([]);
    page.documents[1]?.answer(INDEX.Harbour ?? []);
    expect(page.shown()).toEqual(ids('Harbour'));
    page.disconnect();
  });

  it('logs a failed search (spec §8) and keeps the results shown', async () => {
    const page = searchPage(SEABRIGHT);
    page.searches[0]?.answer(solrAnswer(INDEX.Seabright ?? []));
    page.documents[0]?.answer(INDEX.Seabright ?? []);
    await followLink(HARBOUR);
    page.searches[1]?.fail('Search proxy answered 503 Service Unavailable');
    expect(errors.mock.calls).toEqual([['Search failed: Search proxy answered 503 Service Unavailable']]);
    expect(page.actor.getSnapshot().value).toBe('failed');
    expect(page.shown()).toEqual(ids('Seabright'));
    page.disconnect();
  });

  it('logs an answer that is not a search response as a failure', () => {
    const page = searchPage(SEABRIGHT);
    page.searches[0]?.answer({ response: { numFound: 'many' } });
    expect(page.actor.getSnapshot().value).toBe('failed');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/^Search failed: /);
    page.disconnect();
  });

  it('logs nothing for the failure of a superseded search or of its documents', async () => {
    const page = searchPage(SEABRIGHT);
    page.searches[0]?.answer(solrAnswer(INDEX.Seabright ?? []));
    await followLink(HARBOUR);
    page.documents[0]?.fail('Search proxy answered 503 Service Unavailable');
    await followLink(SEABRIGHT);
    page.searches[1]?.fail('Search proxy answered 503 Service Unavailable');
    expect(errors).not.toHaveBeenCalled();
    page.searches[2]?.answer(solrAnswer(INDEX.Seabright ?? []));
    page.documents[1]?.answer(INDEX.Seabright ?? []);
    expect(page.shown()).toEqual(ids('Seabright'));
    page.disconnect();
  });

  it('stops searching when disconnected', async () => {
    const page = searchPage(SEABRIGHT);
    page.disconnect();
    await followLink(HARBOUR);
    expect(page.searches).toHaveLength(1);
  });
});

const RANKING = { host: '', segment: 'coralhaven', cid: 'chc-web' };
const doc = (id: string, code: string): ResultDocument => ({ id, ss_vrfusion_site_property_code: code });
const DOCS = [doc('d1', 'C'), doc('d2', 'A'), doc('d3', 'B')];

/** A search actor showing DOCS in the search's order, as after a search with full documents. */
function shownSearch() {
  const search = createActor(searchMachine, { input: { maxRows: 30, numvisible: 10, returnFullDocs: true } }).start();
  search.send({ type: 'search.hash.changed', state: { fq: [], start: 0 } });
  search.send({ type: 'search.results.received', requestId: 1, result: { ids: DOCS.map((d) => d.id), numFound: 3, start: 0, rows: 30, facetFields: {}, facetRanges: {}, facetDates: {}, didYouMean: null } });
  search.send({ type: 'search.documents.received', requestId: 1, documents: DOCS });
  return search;
}
const order = (search: ReturnType<typeof shownSearch>) => search.getSnapshot().context.documents.map((d) => d.id);

describe('connectRanking', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks once with cid, host_name, full_url, usage and ga_id, then orders the results and raises sortOrderUpdated on window', () => {
    const search = shownSearch();
    expect(order(search)).toEqual(['d1', 'd2', 'd3']);
    const ranking = createActor(rankingMachine).start();
    const load = vi.fn((_url: string, _base: string) =>
      of<RankingAnswer>({ ok: true, entities: ['A', 'B', 'C'].map((id) => ({ id, impressionTrackerUrl: `https://t.example/i/${id}`, landingPageClickTrackerUrl: null })) }),
    );
    const events: Event[] = [];
    const onUpdated = (event: Event) => events.push(event);
    window.addEventListener('sortOrderUpdated', onUpdated);
    const disconnect = connectRanking(ranking, search, { ranking: RANKING, hostName: 'coralhaven.example', load, seed: () => 5, gaId: () => '111.222', track: vi.fn() });
    expect(load).toHaveBeenCalledTimes(1);
    const [url, base] = load.mock.calls[0] as [string, string];
    expect(base).toBe(window.location.href);
    expect(url).toBe(
      `/api/v2/coralhaven/ranking?cid=chc-web&host_name=coralhaven.example&full_url=${encodeURIComponent(window.location.href)}&usage=search&ga_id=111.222`,
    );
    expect(order(search)).toEqual(['d2', 'd3', 'd1']);
    expect(events).toHaveLength(1);
    expect((events[0] as CustomEvent).detail).toEqual({ rankedCount: 3 });
    expect(ranking.getSnapshot().value).toBe('loaded');
    window.removeEventListener('sortOrderUpdated', onUpdated);
    disconnect();
  });

  it('sends no ga_id without a usable analytics cookie', () => {
    const load = vi.fn((_url: string, _base: string) => new Subject<RankingAnswer>());
    connectRanking(createActor(rankingMachine).start(), shownSearch(), { ranking: RANKING, hostName: 'h', load, gaId: () => null })();
    expect(load.mock.calls[0]?.[0]).not.toContain('ga_id');
  });

  it('logs a failed ranking, throws nothing and keeps the search order', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const search = shownSearch();
    const ranking = createActor(rankingMachine).start();
    const onUpdated = vi.fn();
    window.addEventListener('sortOrderUpdated', onUpdated);
    expect(() =>
      connectRanking(ranking, search, { ranking: RANKING, hostName: 'h', load: () => of<RankingAnswer>({ ok: false, message: 'HTTP 500' }), gaId: () => null }),
    ).not.toThrow();
    expect(warn).toHaveBeenCalledWith('Ranking not loaded, results keep the search order: HTTP 500');
    expect(ranking.getSnapshot().value).toBe('failed');
    expect(order(search)).toEqual(['d1', 'd2', 'd3']);
    expect(onUpdated).not.toHaveBeenCalled();
    window.removeEventListener('sortOrderUpdated', onUpdated);
  });

  it('sends the trackers the ranking actor asks for, and stops listening when disconnected', () => {
    const answer = new Subject<RankingAnswer>();
    const track = vi.fn();
    const ranking = createActor(rankingMachine).start();
    const disconnect = connectRanking(ranking, shownSearch(), { ranking: RANKING, hostName: 'h', load: () => answer, track, gaId: () => null });
    ranking.send({ type: 'ranking.card.seen', propertyId: 'A' });
    answer.next({ ok: true, entities: [{ id: 'A', impressionTrackerUrl: 'https://t.example/i/A', landingPageClickTrackerUrl: 'https://t.example/c/A' }] });
    expect(track.mock.calls).toEqual([['https://t.example/i/A']]);
    ranking.send({ type: 'ranking.card.clicked', propertyId: 'A' });
    expect(track.mock.calls.at(-1)).toEqual(['https://t.example/c/A']);
    disconnect();
    ranking.send({ type: 'ranking.card.clicked', propertyId: 'A' });
    expect(track).toHaveBeenCalledTimes(2);
  });
});
