import { filter, from, map, pairwise, startWith, type Subscription } from 'rxjs';
import type { Actor } from 'xstate';
import { parseSearchHash, serializeSearchHash } from '@/domain/search/hash-state';
import { parseSearchResponse } from '@/domain/search/response';
import { buildDocumentsParams, buildSearchParams } from '@/domain/search/search-params';
import type { SearchConfig } from '@/domain/search/search-config';
import { locationHash$, pushHash } from '@/effects/location-hash';
import type { SearchClient } from '@/effects/search-client';
import type { searchMachine } from '@/machines/search-machine';
import { readScrollPosition, saveScrollPosition } from '@/persistence/scroll-positions';

/**
 * Connects one search actor to the browser: the URL hash drives it, its requests go through
 * the search client's queues, failures are logged (spec §8: search failures are logged only),
 * and back/forward return to the scroll position the visitor left. Returns the disposer.
 */
export function connectSearch(actor: Actor<typeof searchMachine>, config: SearchConfig, client: SearchClient, target: Window = window): () => void {
  const subscriptions: Subscription[] = [];
  const exposed = config.exposed_params;
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
        const { state, problems } = parseSearchHash(hash ?? '', exposed);
        if (problems.length > 0) console.warn(`Search hash corrected: ${problems.join('; ')}`);
        actor.send({ type: 'search.hash.changed', state });
      }),
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
