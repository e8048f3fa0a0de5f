import { of, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { RankingAnswer } from '@/effects/ranking-client';
import { rankingMachine } from '@/machines/ranking-machine';
import { searchMachine, type ResultDocument } from '@/machines/search-machine';
import { connectRanking } from './search-wiring';

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
