import { filter, from, map, pairwise, startWith, take, type Observable, type Subscription } from 'rxjs';
import type { Actor } from 'xstate';
import { parseSearchHash, serializeSearchHash } from '@/domain/search/hash-state';
import { rankingRequestUrl } from '@/domain/search/ranking';
import { parseSearchResponse } from '@/domain/search/response';
import { buildDocumentsParams, buildSearchParams, searchFields } from '@/domain/search/search-params';
import type { SearchConfig } from '@/domain/search/search-config';
import { searchStatesEqual } from '@/domain/search/search-state';
import { locationHash$, markHashSearchSettled, pushHash } from '@/effects/location-hash';
import { drawSeed, loadRanking, type RankingAnswer } from '@/effects/ranking-client';
import { sendTracker } from '@/effects/ranking-trackers';
import type { SearchClient } from '@/effects/search-client';
import type { rankingMachine } from '@/machines/ranking-machine';
import type { searchMachine } from '@/machines/search-machine';
import { readGaId } from '@/persistence/analytics-cookie';
import { readScrollPosition, saveScrollPosition } from '@/persistence/scroll-positions';

/**
 * Connects one search actor to the browser: the URL hash drives it, its requests go through
 * the search client's queues, failures are logged (spec §8: search failures are logged only),
 * and back/forward return to the scroll position the visitor left. Returns the disposer.
 */
export function connectSearch(actor: Actor<typeof searchMachine>, config: SearchConfig, client: SearchClient, target: Window = window): () => void {
  const subscriptions: Subscription[] = [];
  const exposed = config.exposed_params;
  const fields = searchFields(config);
  let restoreScroll = false;

  target.history.scrollRestoration = 'manual';
  const onPopState = () => {
    restoreScroll = true;
  };
  target.addEventListener('popstate', onPopState);

  const requested = actor.on('search.requested', ({ requestId, state }) => {
    const params = buildSearchParams(config, state);
    if (params === null) return; // max_rows <= 0: nothing is sent
    const rows = state.rows ?? config.max_rows;
    subscriptions.push(
      client
        .search(params)
        .pipe(map((body) => parseSearchResponse(body, { rows, start: state.start, ...(state.q ? { q: state.q } : {}) })))
        .subscribe({
          next: (parsed) =>
            actor.send(
              parsed.ok
                ? { type: 'search.results.received', requestId, result: parsed.value }
                : { type: 'search.failed', requestId, message: parsed.error },
            ),
          error: (error: unknown) => actor.send({ type: 'search.failed', requestId, message: String((error as Error).message ?? error) }),
        }),
    );
  });

  const documents = actor.on('search.documents.requested', ({ requestId, ids }) => {
    const extra = (buildDocumentsParams(config, ids) ?? []).filter(([name]) => name !== 'ids');
    subscriptions.push(
      client.documents(ids, extra).subscribe({
        next: (docs) => actor.send({ type: 'search.documents.received', requestId, documents: docs }),
        error: (error: unknown) => actor.send({ type: 'search.failed', requestId, message: String((error as Error).message ?? error) }),
      }),
    );
  });

  const hash = actor.on('search.hash.requested', ({ state }) => {
    saveScrollPosition(target.location.hash.replace(/^#/, ''), target.scrollY);
    pushHash(serializeSearchHash(state, exposed), target);
    target.scrollTo({ top: 0 });
  });

  const failure = actor.on('search.failure.logged', ({ message }) => console.error(`Search failed: ${message}`));

  // A plain GET search (the header's search panel, or no script yet) arrives as ?q=: it becomes
  // the hash, the one place the search state lives (spec §2).
  const typed = new URLSearchParams(target.location.search).get('q')?.trim();
  if (typed && target.location.hash.replace(/^#/, '') === '') {
    target.history.replaceState(target.history.state, '', `${target.location.pathname}#${serializeSearchHash({ q: typed, fq: [], start: 0 }, exposed)}`);
  }

  // The hash last: its first value starts a search, which the listeners above must hear.
  subscriptions.push(
    locationHash$(target)
      .pipe(startWith(null), pairwise())
      .subscribe(([previous, hash]) => {
        if (previous !== null) saveScrollPosition(previous, target.scrollY);
        const { state, problems } = parseSearchHash(hash ?? '', exposed, fields);
        if (problems.length > 0) console.warn(`Search hash corrected: ${problems.join('; ')}`);
        // The page came with the results of this state (the server's default search): no need to ask again.
        const shown = actor.getSnapshot();
        if (previous === null && shown.matches('ready') && searchStatesEqual(state, shown.context.shownState)) {
          markHashSearchSettled(target);
          return;
        }
        actor.send({ type: 'search.hash.changed', state });
      }),
  );

  // The first search has answered (or failed): results hidden while it ran show again.
  subscriptions.push(
    from(actor)
      .pipe(
        filter((snapshot) => snapshot.matches('ready') || snapshot.matches('failed') || snapshot.matches('disabled')),
        take(1),
      )
      .subscribe(() => markHashSearchSettled(target)),
  );

  // After back or forward, once the results are on the page, return to where the visitor was.
  subscriptions.push(
    from(actor)
      .pipe(
        map((snapshot) => snapshot.matches('ready')),
        startWith(false),
        pairwise(),
        filter(([before, now]) => !before && now && restoreScroll),
      )
      .subscribe(() => {
        restoreScroll = false;
        const y = readScrollPosition(target.location.hash.replace(/^#/, ''));
        if (y !== null) target.requestAnimationFrame(() => target.scrollTo({ top: y }));
      }),
  );

  return () => {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    [requested, documents, hash, failure].forEach((subscription) => subscription.unsubscribe());
    target.removeEventListener('popstate', onPopState);
  };
}

export interface RankingWiringOptions {
  /** settings.ranking: '' host is the built-in service on this site. */
  ranking: { host: string; segment: string; cid: string };
  /** settings.vrfusion_site.host, sent as host_name. */
  hostName: string;
  target?: Window;
  /** The effects, replaceable in tests. */
  load?: (url: string, base: string) => Observable<RankingAnswer>;
  track?: (url: string) => void;
  seed?: () => number;
  gaId?: () => string | null;
}

/**
 * Connects the page's ranking actor (spec §7 Ranking, §9 Search ordering by ranking): asks for
 * the ranking once, with ga_id from the analytics cookie; a loaded ranking goes to the search
 * actor, whose `sortOrderUpdated` is also dispatched on `window` as a DOM event for other
 * scripts; a failure is logged (the results keep the search's order); tracker URLs are sent as
 * beacons. Returns the disposer.
 */
export function connectRanking(ranking: Actor<typeof rankingMachine>, search: Actor<typeof searchMachine>, options: RankingWiringOptions): () => void {
  const {
    target = window,
    load = (url, base) => loadRanking(url, { base }),
    track = (url) => sendTracker(url),
    seed = drawSeed,
    gaId = () => readGaId(),
  } = options;
  const subscriptions: Subscription[] = [];

  const requested = ranking.on('ranking.requested', () => {
    const fullUrl = target.location.href;
    const url = rankingRequestUrl(options.ranking.host, options.ranking.segment, { cid: options.ranking.cid, hostName: options.hostName, fullUrl, gaId: gaId() });
    subscriptions.push(
      load(url, fullUrl).subscribe((answer) =>
        ranking.send(answer.ok ? { type: 'ranking.received', entities: answer.entities, seed: seed() } : { type: 'ranking.failed', message: answer.message }),
      ),
    );
  });
  const failure = ranking.on('ranking.failure.logged', ({ message }) => console.warn(`Ranking not loaded, results keep the search order: ${message}`));
  const loaded = ranking.on('ranking.loaded', ({ rankedIds, seed: drawn }) => search.send({ type: 'search.ranking.received', rankedIds, seed: drawn }));
  const trackers = ranking.on('ranking.trackers.requested', ({ urls }) => urls.forEach((url) => track(url)));
  const updated = search.on('sortOrderUpdated', ({ rankedCount }) => target.dispatchEvent(new CustomEvent('sortOrderUpdated', { detail: { rankedCount } })));

  ranking.send({ type: 'ranking.page.opened' });

  return () => {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    [requested, failure, loaded, trackers, updated].forEach((subscription) => subscription.unsubscribe());
  };
}
