import { createContext, useCallback, useContext, useEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, type Actor } from 'xstate';
import type { PricingRanges } from '@/domain/search/result-order';
import { buildSearchParams } from '@/domain/search/search-params';
import type { SearchResult } from '@/domain/search/response';
import type { SearchState } from '@/domain/search/search-state';
import { AUTOCOMPLETE_LIMIT } from '@/domain/search/autocomplete';
import { createSearchClient } from '@/effects/search-client';
import { suggestionsFor } from '@/effects/suggestions';
import { firstVisible$ } from '@/effects/visibility';
import { autocompleteMachine } from '@/machines/autocomplete-machine';
import { filtersDialogMachine } from '@/machines/filters-dialog-machine';
import { rankingMachine } from '@/machines/ranking-machine';
import { searchMachine, type ResultDocument } from '@/machines/search-machine';
import type { InitialSearch } from './initial-search';
import type { AnalyticsProduct } from '@/domain/analytics/events';
import { searchEvent } from '@/domain/analytics/products';
import { learnItemIds } from '@/effects/analytics-item-ids';
import { pagePath } from '@/effects/page-analytics';
import { sendAnalytics } from './analytics-port';
import { useContentVersion, useSettings, useSiteActors } from './site-context';
import { pageDocumentStore } from './document-store';
import { whenIdle } from '@/effects/main-thread';
import { connectRanking, connectSearch } from './actors/search-wiring';

export interface SearchActors {
  search: Actor<typeof searchMachine>;
  autocomplete: Actor<typeof autocompleteMachine>;
  /** The page's ranking (spec §7 Ranking): its order, and the trackers of the result cards. */
  ranking: Actor<typeof rankingMachine>;
  /** The phone search's filters dialog. */
  filters: Actor<typeof filtersDialogMachine>;
}

const SearchContext = createContext<SearchActors | null>(null);

/** Where the autocomplete endpoint lives, beside the search proxy. */
export function autocompleteUrl(proxyUrl: string): string {
  return proxyUrl.replace(/\/select$/, '') + '/autocomplete';
}

/**
 * One search component for the page below it: its actors live while it is mounted, and only
 * in the browser are they connected to the hash and the proxy.
 */
/**
 * Puts the server's default search into a new search actor, through the events its own first
 * search would send: the page is rendered with these results on the server and hydrates with them.
 */
function seedSearch(search: Actor<typeof searchMachine>, initial: InitialSearch): void {
  search.send({ type: 'search.hash.changed', state: initial.state });
  const { requestId } = search.getSnapshot().context;
  search.send({ type: 'search.results.received', requestId, result: initial.result });
  if (search.getSnapshot().matches('loadingDocuments')) search.send({ type: 'search.documents.received', requestId, documents: initial.documents });
}

export function SearchProvider({
  children,
  actors: given,
  ranked = true,
  initial = null,
}: {
  children: ReactNode;
  /** Whether the results follow the ranking service's order (spec §9); off for a fixed list. */
  ranked?: boolean;
  /** The default search the server ran for this page (null: the page's first search is the browser's). */
  initial?: InitialSearch | null;
  /** Tests hand in their own actors, left unconnected (an idle ranking actor is made when none is given). */
  actors?: Omit<SearchActors, 'ranking' | 'filters'> & Partial<Pick<SearchActors, 'ranking' | 'filters'>>;
}) {
  const settings = useSettings();
  const site = useSiteActors();
  const contentVersion = useContentVersion();
  const config = settings.search;
  const [actors] = useState<SearchActors>(() => {
    if (given) return { ...given, ranking: given.ranking ?? createActor(rankingMachine).start(), filters: given.filters ?? createActor(filtersDialogMachine).start() };
    const search = createActor(searchMachine, {
      input: { maxRows: config.max_rows, numvisible: config.numvisible, returnFullDocs: config.return_full_docs },
    }).start();
    if (initial) seedSearch(search, initial);
    return {
      search,
      autocomplete: createActor(autocompleteMachine).start(),
      ranking: createActor(rankingMachine).start(),
      filters: createActor(filtersDialogMachine).start(),
    };
  });
  const [seededDocuments] = useState(() => initial?.documents ?? []);
  useEffect(() => {
    if (given) return undefined;
    // The documents the page came with are in the cache: a search that finds them needs no second request.
    // Kept across pages too (once the page is idle), for the favourites and the next search page.
    const store = pageDocumentStore({ settings, contentVersion });
    const client = createSearchClient({ url: config.url, docCacheMs: config.doc_cache, documents: seededDocuments, store });
    if (seededDocuments.length > 0) whenIdle(() => store.write(seededDocuments));
    const disconnect = connectSearch(actors.search, config, client);
    // A disabled search (max_rows <= 0) shows the server's listings: no ranking is asked for.
    // Without the ranking, result cards are still observed, but no tracker is ever known.
    const disconnectRanking =
      ranked && config.max_rows > 0 ? connectRanking(actors.ranking, actors.search, { ranking: settings.ranking, hostName: settings.vrfusion_site.host }) : () => {};
    // Every search the visitor runs on a search page goes to analytics (the first one is the page's own).
    const disconnectSearchEvents = ranked && config.max_rows > 0 ? trackSearches(actors.search, site) : () => {};
    const suggestions = suggestionsFor(autocompleteUrl(config.url), AUTOCOMPLETE_LIMIT);
    const asked = actors.autocomplete.on('autocomplete.requested', ({ text }) => suggestions.ask(text));
    const replies = suggestions.replies$.subscribe((reply) =>
      actors.autocomplete.send(
        'failed' in reply
          ? { type: 'autocomplete.failed', text: reply.text }
          : { type: 'autocomplete.suggestions.received', text: reply.text, suggestions: reply.suggestions },
      ),
    );
    return () => {
      disconnect();
      disconnectRanking();
      disconnectSearchEvents();
      client.dispose();
      asked.unsubscribe();
      replies.unsubscribe();
    };
  }, [actors, site, config, given, ranked, seededDocuments, settings, contentVersion]);
  return <SearchContext.Provider value={actors}>{children}</SearchContext.Provider>;
}

/**
 * A `search` analytics event for each new result of a search (a new query, filter or sort; not
 * another page of the same search): the typed text and numFound.
 */
function trackSearches(search: Actor<typeof searchMachine>, site: ReturnType<typeof useSiteActors>): () => void {
  let last: { result: unknown; key: string } | null = null;
  const check = () => {
    const { result, shownState } = search.getSnapshot().context;
    if (!result || result === last?.result) return;
    const key = JSON.stringify({ ...shownState, start: 0 });
    const isNew = key !== last?.key;
    last = { result, key };
    if (isNew) sendAnalytics(site, { type: 'analytics.tracked', event: searchEvent(shownState.q ?? '', result.numFound, pagePath(), Date.now()) });
  };
  const subscription = search.subscribe(check);
  check();
  return () => subscription.unsubscribe();
}

function useSearchActors(): SearchActors {
  const actors = useContext(SearchContext);
  if (!actors) throw new Error('SearchProvider is missing above this component');
  return actors;
}

/** The search root is pending while a request runs (spec §4 Search component). */
export function useIsSearchPending(): boolean {
  return useSelector(useSearchActors().search, (s) => s.hasTag('pending'));
}

/** 'loading' before the first answer, then 'ready', 'failed' or 'disabled'. */
export function useSearchPhase(): 'loading' | 'ready' | 'failed' | 'disabled' {
  return useSelector(useSearchActors().search, (s) =>
    s.matches('disabled') ? 'disabled' : s.matches('failed') ? 'failed' : s.context.result === null ? 'loading' : 'ready',
  );
}

export function useSearchState(): SearchState {
  return useSelector(useSearchActors().search, (s) => s.context.state);
}

/** The state the results on the page answer (the requested one may still be running). */
export function useShownSearchState(): SearchState {
  return useSelector(useSearchActors().search, (s) => s.context.shownState);
}

export function useSearchResult(): SearchResult | null {
  return useSelector(useSearchActors().search, (s) => s.context.result);
}

/** The request parameters of the shown results (facet counts can be read only if they asked for them). */
export function useSearchRequestParams(): [string, string][] {
  const config = useSettings().search;
  const state = useShownSearchState();
  return buildSearchParams(config, state) ?? [];
}

/** The documents shown so far (infinite scroll reveals `numvisible` more at a time). */
export function useVisibleDocuments(): { documents: ResultDocument[]; hasHidden: boolean } {
  const documents = useSelector(useSearchActors().search, (s) => s.context.documents);
  const visibleCount = useSelector(useSearchActors().search, (s) => s.context.visibleCount);
  return { documents: documents.slice(0, visibleCount), hasHidden: visibleCount < documents.length };
}

export function useSearchActions() {
  const { search } = useSearchActors();
  return {
    toggleFacet: (field: string, value: string, singleActive: boolean) => search.send({ type: 'facet.value.toggled', field, value, singleActive }),
    resetFacet: (field: string) => search.send({ type: 'facet.reset', field }),
    changeSort: (sort: string) => search.send({ type: 'search.sort.changed', sort }),
    goToStart: (start: number) => search.send({ type: 'search.page.requested', start }),
    submitQuery: (q: string) => search.send({ type: 'search.query.submitted', q }),
    showMore: () => search.send({ type: 'results.end.visible' }),
    pricingChanged: (pricing: PricingRanges | null) => search.send({ type: 'search.pricing.changed', pricing }),
  };
}

/** The phone search's filters dialog: open or not, and its two events. */
export function useFiltersDialog(): { open: boolean; show: () => void; close: () => void } {
  const { filters } = useSearchActors();
  const open = useSelector(filters, (s) => s.matches('open'));
  return { open, show: () => filters.send({ type: 'filters.opened' }), close: () => filters.send({ type: 'filters.closed' }) };
}

export function useAutocomplete(): { suggestions: string[]; pending: boolean; inputChanged: (text: string) => void } {
  const { autocomplete } = useSearchActors();
  const suggestions = useSelector(autocomplete, (s) => s.context.suggestions);
  const pending = useSelector(autocomplete, (s) => s.hasTag('pending'));
  return { suggestions, pending, inputChanged: (text) => autocomplete.send({ type: 'autocomplete.input.changed', text }) };
}

/** A plain left click on a same-origin link that opens in this tab (not a new tab, window or download). */
function followsInThisTab(event: MouseEvent<HTMLElement>, link: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  return link.origin === window.location.origin;
}

/** Only a real impression counts: the card itself in the viewport, without the lazy-load margin. */
const IMPRESSION_ROOT_MARGIN = '0px';

/**
 * The ranking trackers of a list of result cards (spec §3 Ranking response): each card's
 * impression once it has been in view, and a click on a link in a card. Cards are the elements
 * with `data-eid` inside the returned `ref`; `propertyCodes` maps their eid to the property code
 * the ranking knows them by. Spread `ref`, `onClick` and `onAuxClick` on the list.
 */
export function useResultTrackers(
  propertyCodes: ReadonlyMap<string, string>,
  /** The analytics product of each card (by eid): its impression and product click (spec §3, §9 Analytics). */
  products: ReadonlyMap<string, AnalyticsProduct> = new Map(),
): {
  ref: RefObject<HTMLDivElement | null>;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onAuxClick: (event: MouseEvent<HTMLElement>) => void;
} {
  const { ranking } = useSearchActors();
  const site = useSiteActors();
  const ref = useRef<HTMLDivElement>(null);
  const codes = useRef(propertyCodes);
  codes.current = propertyCodes;
  const items = useRef(products);
  items.current = products;
  const key = [...propertyCodes].map(([eid, code]) => `${eid}=${code}`).join('&');
  useEffect(() => {
    // Add to cart from these cards names each rental by the same property code (issue 22).
    learnItemIds([...codes.current].map(([eid, code]) => [Number(eid), code] as const));
    const list = ref.current;
    if (!list) return undefined;
    const subscriptions = [...list.querySelectorAll<HTMLElement>('[data-eid]')].flatMap((card) => {
      const eid = card.dataset.eid ?? '';
      const propertyId = codes.current.get(eid);
      const product = items.current.get(eid);
      if (!propertyId && !product) return [];
      return [
        firstVisible$(card, IMPRESSION_ROOT_MARGIN).subscribe(() => {
          if (propertyId) ranking.send({ type: 'ranking.card.seen', propertyId });
          if (product) sendAnalytics(site, { type: 'analytics.impression', product, page: pagePath(), at: Date.now() });
        }),
      ];
    });
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [ranking, site, key]);
  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const target = event.target instanceof Element ? event.target : null;
      const card = target?.closest<HTMLElement>('[data-eid]');
      if (!card || !target?.closest('a[href]') || !event.currentTarget.contains(card)) return;
      const propertyId = codes.current.get(card.dataset.eid ?? '');
      if (propertyId) ranking.send({ type: 'ranking.card.clicked', propertyId });
      const product = items.current.get(card.dataset.eid ?? '');
      const link = target.closest<HTMLAnchorElement>('a[href]');
      if (!product || !link) return;
      if (followsInThisTab(event, link)) {
        // Spec §9: the product click is sent first; the navigation follows its confirmation, at most 2000 ms later.
        event.preventDefault();
        sendAnalytics(site, { type: 'analytics.product.clicked', product, page: pagePath(), href: link.href, at: Date.now() });
      } else {
        sendAnalytics(site, { type: 'analytics.tracked', event: { name: 'select_item', at: Date.now(), page: pagePath(), params: { items: [product] } } });
      }
    },
    [ranking, site],
  );
  return { ref, onClick, onAuxClick: onClick };
}
