import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createActor, initialTransition, raise, transition, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { SearchProvider } from '@/bindings/search-context';
import { createSiteActors } from '@/bindings/actors/site-actors';
import { documentEid, listingFromDocument } from '@/domain/listing-document';
import { pricingByItem, pricingKey } from '@/domain/pricing/derived';
import type { AvailItem } from '@/domain/pricing/types';
import { filterQuery, parseFilterValue } from '@/domain/search/filter-value';
import { parseSearchHash, serializeSearchHash } from '@/domain/search/hash-state';
import { pageCount, pageOfStart } from '@/domain/search/pager';
import { parseSearchResponse, type SearchResult } from '@/domain/search/response';
import { buildSearchParams } from '@/domain/search/search-params';
import type { SearchState } from '@/domain/search/search-state';
import type { PageSettings } from '@/domain/settings';
import { LAZY_ROOT_MARGIN } from '@/effects/visibility';
import { autocompleteMachine } from '@/machines/autocomplete-machine';
import { searchMachine, type ResultDocument, type SearchContext } from '@/machines/search-machine';
import { SEARCH_NOTE_FIRST, SEARCH_NOTE_LAST, SORT_OPTIONS, SearchResults } from '@/views/search/search-results';
import { ModelCoverage, planPaths, runPath, type PathDriver, type PlannedPath, type Via } from './coverage';
import { mountSite, pageSettings, siteSettings, type MountedSite } from './site-harness';
import { TestIntersectionObserver } from './test-intersection-observer';
import { SEARCH_RCAV, fixturePrice } from './pricing-harness';

type SearchSnapshot = SnapshotFrom<typeof searchMachine>;
type SearchEvent = EventFrom<typeof searchMachine>;
type ModelEvent = Via<SearchEvent>;

const config = siteSettings.search;
const exposed = config.exposed_params;
const hashOf = (state: SearchState) => serializeSearchHash(state, exposed);

// ---------------------------------------------------------------------------------------------
// The search index behind the proxy: 42 rentals, answered as Solr answers (spec §3 Search
// response fields read, Search document), so that the driver can reply as search-wiring.ts does.

const NAMES = ['Sea Glass', 'Driftwood', 'Pelican', 'Sandpiper', 'Tidewater', 'Seabreeze', 'Lighthouse', 'Dune', 'Saltmarsh', 'Osprey', 'Coral', 'Moonrise', 'Heron', 'Boardwalk'];
const TYPES = ['Cottage', 'Condo', 'House'];
const AREAS = ['Seabright', 'Seabright', 'Harbour', 'Harbour', 'Harbour', 'North Shore', 'North Shore'];

/** The full documents of the index, shaped as the proxy's full documents (listing-document.ts). */
const INDEX: ResultDocument[] = Array.from({ length: 42 }, (_, i) => {
  const type = TYPES[i % TYPES.length] as string;
  const name = `${NAMES[Math.floor(i / TYPES.length)]} ${type}`;
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  const area = AREAS[i % AREAS.length] as string;
  const bedrooms = 1 + ((i * 7) % 5);
  return {
    id: `${config.hash}-${config.index}-${1001 + i}`,
    entity_id: 1001 + i,
    ss_vrfusion_site_property_code: `CH${1001 + i}`,
    ss_name: name,
    ss_url: `/listing/${slug}`,
    ss_area: area,
    ss_type: type,
    is_bedrooms: bedrooms,
    fs_bathrooms: 1 + (i % 3) * 0.5,
    is_sleeps: bedrooms * 2,
    fs_rating: 3.5 + ((i * 13) % 16) / 10,
    is_review_count: 3 + ((i * 5) % 40),
    is_price_min: 12_000 + i * 1_500,
    ss_image: `/media/listings/${slug}.jpg`,
    tm_summary: `A ${type.toLowerCase()} in ${area} with ${bedrooms} bedrooms.`,
    sm_amenities: ['Wifi', ...(i % 2 ? ['Pool'] : []), ...(i % 3 ? [] : ['Hot tub'])],
  };
});
/**
 * The ranking service's order (spec §7 Ranking): a shuffle of the property codes with every fifth
 * rental left out, so that some results are missing from the ranking (spec §9).
 */
const RANKED_IDS: string[] = INDEX.map((_, i) => i)
  .sort((a, b) => ((a * 17) % 42) - ((b * 17) % 42))
  .filter((i) => i % 5 !== 0)
  .map((i) => String(INDEX[i]?.ss_vrfusion_site_property_code));
const RANK = new Map(RANKED_IDS.map((id, position) => [id, position]));
/** A document's ranking position; a property missing from the ranking gets the number of ranked ones (spec §9). */
const positionOf = (doc: ResultDocument) => RANK.get(String(doc.ss_vrfusion_site_property_code)) ?? RANKED_IDS.length;

/**
 * The availability answer for the visitor's chosen dates (spec §3 Item pricing): one price per
 * rental, in an order unlike the catalogue's, and no pricing for every seventh rental.
 */
const DATED_ITEMS: AvailItem[] = INDEX.filter((_, i) => i % 7 !== 3).map((doc, i) => {
  const eid = documentEid(doc) as number;
  return { eid, groups: [{ id: 'standard', name: 'Standard', offerby: 'Coral Haven Coast Rentals', featured: true }], prices: [fixturePrice({ eid, p: 900 + ((i * 37) % 23) * 50 })] };
});
const DATED_PRICING = pricingByItem(DATED_ITEMS, 'low', SEARCH_RCAV);

/** Words the index's spellchecker corrects. */
const SPELLING: Record<string, string> = { glas: 'glass' };

/** What the server rendered before the first answer: the first rentals of the plain search. */
const SERVER_LISTINGS = INDEX.slice(0, config.numvisible).flatMap((doc) => listingFromDocument(doc) ?? []);
const SERVER_TOTAL = INDEX.length;

const valuesOf = (doc: ResultDocument, field: string): string[] => [doc[field]].flat().map(String);
const wordsOf = (doc: ResultDocument): string[] => `${String(doc.ss_name)} ${String(doc.tm_summary)}`.toLowerCase().split(/[^\p{L}\p{N}]+/u);

/**
 * The index's Solr response to a search state: q matches whole words of name and summary, each
 * fq one field value, an 'or' facet counts without its own filters (Solr's tag/ex), misspelled
 * words come back in spellcheck.suggestions.
 */
function indexResponse(state: SearchState): unknown {
  const words = (state.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const filters = state.fq.map((fq) => {
    const colon = fq.indexOf(':');
    return { field: fq.slice(0, colon), value: parseFilterValue(fq.slice(colon + 1)) };
  });
  const matching = (ignoredField?: string) =>
    INDEX.filter(
      (doc) =>
        words.every((word) => wordsOf(doc).includes(word)) &&
        filters.every((filter) => filter.field === ignoredField || valuesOf(doc, filter.field).includes(filter.value)),
    );
  const found = matching();
  const [sortField, direction] = (state.sort ?? '').split(' ');
  const sorted = sortField ? [...found].sort((a, b) => (Number(a[sortField]) - Number(b[sortField])) * (direction === 'desc' ? -1 : 1)) : found;
  const rows = state.rows ?? config.max_rows;
  const counts = (docs: ResultDocument[], field: string) => {
    const byValue: Record<string, number> = {};
    for (const doc of docs) for (const value of valuesOf(doc, field)) byValue[value] = (byValue[value] ?? 0) + 1;
    return byValue;
  };
  const facetFields = Object.fromEntries(
    Object.values(config.facets).map(({ data: { field }, settings_global }) => [
      field,
      counts(matching(settings_global.settings.operator === 'or' ? field : undefined), field),
    ]),
  );
  return {
    response: { numFound: found.length, start: state.start, docs: sorted.slice(state.start, state.start + rows).map((doc) => ({ id: doc.id })) },
    facet_counts: { facet_fields: facetFields },
    spellcheck: { suggestions: Object.fromEntries(words.filter((word) => SPELLING[word]).map((word) => [word, { suggestion: [SPELLING[word]] }])) },
  };
}

/** The index's answer as search-wiring.ts reads it. */
function indexResult(state: SearchState): SearchResult {
  const parsed = parseSearchResponse(indexResponse(state), { rows: state.rows ?? config.max_rows, start: state.start, ...(state.q ? { q: state.q } : {}) });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** The proxy's full documents for ids, in the order asked for (spec §7 Fetch full documents). */
function indexDocuments(ids: readonly string[]): ResultDocument[] {
  return ids.flatMap((id) => INDEX.filter((doc) => doc.id === id));
}

// ---------------------------------------------------------------------------------------------
// The model: the search machine with the hash effect folded in.

/**
 * The state a visitor's event asks the hash to become, read from the `search.hash.requested`
 * the machine itself emits for it, so the model need not know how filters, sort and pages change.
 */
function requestedState(context: SearchContext, event: SearchEvent): SearchState | null {
  const [, actions] = transition(searchMachine, searchMachine.resolveState({ value: 'ready', context }), event);
  for (const action of actions) {
    const emitted = (action.params as { event?: { type: string; state?: SearchState } } | undefined)?.event;
    if (emitted?.type === 'search.hash.requested' && emitted.state) return emitted.state;
  }
  return null;
}

/**
 * In the page a visitor's change leaves as `search.hash.requested`, the hash effect pushes the
 * hash and answers `search.hash.changed` (search-wiring.ts). The model raises that answer at
 * once, so that a click leads to `searching` in the model as it does in the page.
 */
const searchModelMachine = searchMachine.provide({
  actions: {
    requestHash: raise(({ context, event }) => ({ type: 'search.hash.changed' as const, state: requestedState(context, event) ?? context.state })),
  },
});

const PLAIN: SearchState = { fq: [], start: 0 };
const SEABRIGHT: SearchState = { fq: [filterQuery('ss_area', 'Seabright')], start: 0 };
const MISSPELLED: SearchState = { ...PLAIN, q: 'sea glas' };
/**
 * The searches walked and the visitor's ways between them (both directions): from the plain
 * search one step to each control's search and back, and from a misspelled query to its
 * correction ('Did you mean').
 */
const WALKS: Array<[SearchState, SearchState]> = [
  [PLAIN, SEABRIGHT],
  [PLAIN, { ...PLAIN, sort: 'fs_rating desc' }],
  [PLAIN, { ...PLAIN, start: config.max_rows }],
  [PLAIN, MISSPELLED],
  [MISSPELLED, { ...PLAIN, q: 'sea glass' }],
  [{ ...PLAIN, q: 'sea glass' }, PLAIN],
];
const walkKey = (from: SearchState, to: SearchState) => `${hashOf(from)} → ${hashOf(to)}`;
const WALK_KEYS = new Set(WALKS.flatMap(([a, b]) => [walkKey(a, b), walkKey(b, a)]));

const hashText = (state: SearchState) => (hashOf(state) ? `#${hashOf(state)}` : 'no hash');

/** What a visitor does in the search component, and how the driver does it. */
interface VisitorAction {
  event: ModelEvent;
  /** Whether the control is on the screen for this snapshot, as the views decide. */
  shown: (context: SearchContext) => boolean;
  perform: (user: UserEvent) => Promise<void>;
}

/** The parts of the search component, so that queries by role stay within a small part of the page. */
const part = (name: 'bar' | 'filters' | 'results') =>
  document.querySelector<HTMLElement>({ bar: '.search__bar', filters: '.search-layout__filters', results: '.search-layout__results' }[name]) as HTMLElement;
const facetSection = (label: string) => within(part('filters')).getByRole('region', { name: label });
const pager = () => within(part('results')).getByRole('navigation', { name: 'Result pages' });
const searchBox = () => within(part('bar')).getByRole('combobox', { name: 'Search rentals' });
const sortButton = () => within(part('bar')).getByRole('button', { name: /Sort by/ });
/**
 * For the assertions: role queries without Testing Library's visibility check, which asks jsdom
 * for the computed style of every ancestor of every match and made these walks several times
 * slower. The search component hides nothing with CSS; what it hides with aria-hidden (the
 * image links, the end-of-results marker) is not looked for with these.
 */
const ALL = { hidden: true } as const;
const pages = (result: SearchResult) => pageCount(result.numFound, result.rows);
const currentPage = (result: SearchResult) => pageOfStart(result.start, result.rows);

async function searchFor(user: UserEvent, text: string) {
  await user.clear(searchBox());
  await user.type(searchBox(), `${text}{Enter}`);
}

async function sortBy(user: UserEvent, label: string) {
  await user.click(sortButton());
  await user.click(screen.getByRole('option', { name: label }));
}

const VISITOR_ACTIONS: VisitorAction[] = [
  {
    event: { type: 'facet.value.toggled', field: 'ss_area', value: 'Seabright', singleActive: false, via: 'clicks Area: Seabright' },
    shown: ({ result }) => (result?.facetFields.ss_area ?? []).some(([value]) => value === 'Seabright'),
    perform: (user) => user.click(within(facetSection('Area')).getByRole('button', { name: /^Seabright/ })),
  },
  {
    event: { type: 'facet.reset', field: 'ss_area', via: 'clicks Reset Area' },
    shown: ({ result, state }) => result !== null && state.fq.some((fq) => fq.startsWith('ss_area:')),
    perform: (user) => user.click(within(facetSection('Area')).getByRole('button', { name: 'Reset Area' })),
  },
  {
    event: { type: 'search.sort.changed', sort: 'fs_rating desc', via: 'sorts by Guest rating' },
    shown: ({ state }) => state.sort !== 'fs_rating desc',
    perform: (user) => sortBy(user, 'Guest rating'),
  },
  {
    event: { type: 'search.sort.changed', sort: '', via: 'sorts by Recommended' },
    shown: ({ state }) => (state.sort ?? '') !== '',
    perform: (user) => sortBy(user, 'Recommended'),
  },
  {
    event: { type: 'search.page.requested', start: config.max_rows, via: 'clicks Next »' },
    shown: ({ result }) => result !== null && currentPage(result) < pages(result),
    perform: (user) => user.click(within(pager()).getByRole('button', { name: 'Next »' })),
  },
  {
    event: { type: 'search.page.requested', start: 0, via: 'clicks « Previous' },
    shown: ({ result }) => result !== null && currentPage(result) > 1,
    perform: (user) => user.click(within(pager()).getByRole('button', { name: '« Previous' })),
  },
  {
    event: { type: 'search.query.submitted', q: 'sea glas', via: 'searches for "sea glas"' },
    shown: () => true,
    perform: (user) => searchFor(user, 'sea glas'),
  },
  {
    event: { type: 'search.query.submitted', q: 'sea glass', via: 'clicks Did you mean "sea glass"' },
    shown: ({ result }) => result?.didYouMean === 'sea glass',
    perform: (user) => user.click(within(part('results')).getByRole('button', { name: 'sea glass' })),
  },
  {
    event: { type: 'search.query.submitted', q: '', via: 'empties the search box and presses Enter' },
    shown: () => true,
    perform: async (user) => {
      await user.clear(searchBox());
      await user.keyboard('{Enter}');
    },
  },
];

const FAILURE = 'Search proxy answered 503 Service Unavailable';
const ANSWERS = 'the index answers';
const DOCUMENTS = 'the documents arrive';
const FAILS = 'the proxy fails';
const SCROLL = 'the last card scrolls into view';
const LATE = 'late:';

/** A page load reads the hash (search-wiring.ts); a link or the address bar changes it later. */
const navigation = (state: SearchState, loading: boolean): ModelEvent => ({
  type: 'search.hash.changed',
  state,
  via: loading ? `the page loads with ${hashText(state)}` : `a link to ${hashText(state)}`,
});

/**
 * What can happen next, kept to a walk that covers the machine without walking every
 * combination: the index answers the current request or fails; at the end of the list the next
 * batch is asked for; from a freshly shown page the visitor uses each control that leads along
 * WALKS (never one that leaves the hash as it is: the hash effect would have nothing to report);
 * a link to the Seabright rentals re-searches from the plain search in every state.
 */
function searchEvents(snapshot: SearchSnapshot): ModelEvent[] {
  const context = snapshot.context;
  const { requestId, state, result, documents, visibleCount, numvisible } = context;
  const fresh = !snapshot.matches('ready') || visibleCount === numvisible;
  const events: ModelEvent[] = [];
  if (snapshot.matches('idle')) return [navigation(PLAIN, true), navigation(SEABRIGHT, true)];
  const plain = hashOf(state) === '';
  // The proxy fails for the plain search, for its documents, and for the Seabright search after the plain one.
  const mayFail =
    (plain && (result === null || snapshot.matches('loadingDocuments'))) ||
    (hashOf(state) === hashOf(SEABRIGHT) && JSON.stringify(result) === JSON.stringify(indexResult(PLAIN)));
  if (snapshot.matches('searching')) events.push({ type: 'search.results.received', requestId, result: indexResult(state), via: ANSWERS });
  if (snapshot.matches('loadingDocuments')) {
    events.push({ type: 'search.documents.received', requestId, documents: indexDocuments(context.pendingResult?.ids ?? []), via: DOCUMENTS });
  }
  if (mayFail && (snapshot.matches('searching') || snapshot.matches('loadingDocuments'))) {
    events.push({ type: 'search.failed', requestId, message: FAILURE, via: FAILS });
  }
  const scrolls = plain || hashOf(state) === hashOf(SEABRIGHT);
  if (snapshot.matches('ready') && scrolls && visibleCount < documents.length) events.push({ type: 'results.end.visible', via: SCROLL });
  if (plain && fresh) events.push(navigation(SEABRIGHT, false));
  if (snapshot.matches('ready') && fresh) {
    for (const { event, shown } of VISITOR_ACTIONS) {
      const next = shown(context) ? requestedState(context, event) : null;
      if (next && WALK_KEYS.has(walkKey(state, next))) events.push(event);
    }
  }
  return events;
}

/**
 * A model state is what the visitor sees and the machine decides on, without the request
 * counter: otherwise every search would make new states and the walk would never end. The
 * answers above only ever use the current counter, and the driver answers the actor's latest
 * request, so states that differ in the counter alone behave alike.
 */
function serializeSearch(snapshot: SearchSnapshot): string {
  const { state, result, documents, visibleCount, error, ranking } = snapshot.context;
  return JSON.stringify({ value: snapshot.value, state, result, documents: documents.map((doc) => doc.id), visibleCount, error, ranked: ranking !== null });
}

const ENABLED_INPUT = { maxRows: config.max_rows, numvisible: config.numvisible, returnFullDocs: config.return_full_docs };

const searchModel = createTestModel(searchModelMachine, {
  input: ENABLED_INPUT,
  events: searchEvents,
  // Only the events above: xstate/graph adds a bare event for every other type a state handles.
  filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event),
  serializeState: serializeSearch,
});

const coverage = new ModelCoverage(searchMachine);

// ---------------------------------------------------------------------------------------------
// The driver: the real views and actors, with the effects of search-wiring.ts played by the test.

const searchRoot = () => document.querySelector<HTMLElement>('.search') as HTMLElement;
/** The result cards' titles and where they link to. */
const cards = () =>
  within(part('results'))
    .queryAllByRole('article', ALL)
    .map((card) => {
      const title = within(card).getByRole('heading', { ...ALL, level: 3 });
      return { name: title.textContent, href: within(title).getByRole('link', ALL).getAttribute('href') };
    });

/** Spec §4 Facets: each value with its count, pressed when its filter is active; Reset while one is. */
function expectFacets({ shownState: state, result }: SearchContext) {
  for (const facet of Object.values(config.facets)) {
    const field = facet.data.field;
    const label = facet.settings.settings.riot_solr.facet_label;
    const section = within(part('filters')).getByRole('region', { ...ALL, name: label });
    const shown = within(section)
      .queryAllByRole('listitem', ALL)
      .map((item) => {
        const button = within(item).getByRole('button', ALL);
        const count = button.querySelector('.facet__count');
        expect(count?.getAttribute('aria-label')).toBe(`${count?.textContent} results`);
        return {
          value: button.querySelector('.facet__value')?.textContent ?? '',
          count: count?.textContent,
          pressed: button.getAttribute('aria-pressed') === 'true',
          dataActive: button.hasAttribute('data-active'),
        };
      });
    const answered = new Map((result?.facetFields[field] ?? []).map(([value, count]) => [value ?? '', count]));
    const expected = new Set([...answered].filter(([, count]) => count >= facet.settings_global.settings.facet_mincount).map(([value]) => value));
    // An active value stays, so that it can be removed.
    if (result) for (const filter of state.fq) if (filter.startsWith(`${field}:`)) expected.add(parseFilterValue(filter.slice(field.length + 1)));
    expect(new Set(shown.map((item) => item.value))).toEqual(expected);
    for (const item of shown) {
      expect(item.count).toBe(String(answered.get(item.value) ?? 0));
      expect(item.pressed).toBe(state.fq.includes(filterQuery(field, item.value)));
      expect(item.dataActive).toBe(item.pressed);
    }
    expect(within(section).queryByRole('button', { ...ALL, name: `Reset ${label}` }) !== null).toBe(shown.some((item) => item.pressed));
  }
}

/**
 * Spec §9 Search ordering by ranking, checked on the documents shown (the cards follow them):
 * the same documents as the search's answer; without a ranking in the search's order; with one,
 * Recommended by ranking position, Guest rating (a numeric sort, descending) by rating with the
 * better-ranked first among equal ratings, and a text sort in the search's order.
 */
function expectRankedOrder({ documents, ranking, shownState, result, pricing }: SearchContext) {
  const searchOrder = result && documents.length > 0 ? result.ids : documents.map((doc) => doc.id);
  const ids = documents.map((doc) => doc.id);
  expect([...ids].sort()).toEqual([...searchOrder].sort());
  const sort = shownState.sort ?? '';
  if (sort === 'ss_name asc') {
    // Spec §9: a lexicographic item sort, trimmed and case-insensitive, whatever the ranking.
    const names = documents.map((doc) => String(doc.ss_name ?? '').trim());
    names.slice(1).forEach((name, i) => expect(new Intl.Collator('en', { sensitivity: 'accent' }).compare(names[i] as string, name)).toBeLessThanOrEqual(0));
    return;
  }
  if (pricing !== null && sort.startsWith('is_price_')) {
    // Spec §9 Price sort: by the chosen dates' range minimum (maximum descending), 0 without pricing.
    const descending = sort.endsWith('desc');
    const price = (doc: ResultDocument) => {
      const range = pricing[pricingKey(documentEid(doc) as number)]?.range;
      return range ? (descending ? range[1] : range[0]) : 0;
    };
    documents.slice(1).forEach((doc, i) => {
      const before = documents[i] as ResultDocument;
      if (descending) expect(price(before)).toBeGreaterThanOrEqual(price(doc));
      else expect(price(before)).toBeLessThanOrEqual(price(doc));
    });
    expect(documents.map(price)).not.toEqual(documents.map((doc) => Number(doc.is_price_min)));
    return;
  }
  if (ranking === null) {
    expect(ids).toEqual(searchOrder);
    return;
  }
  documents.slice(1).forEach((doc, i) => {
    const before = documents[i] as ResultDocument;
    if (sort === '') {
      expect(positionOf(before)).toBeLessThanOrEqual(positionOf(doc));
    } else {
      expect(sort).toBe('fs_rating desc');
      expect(Number(before.fs_rating)).toBeGreaterThanOrEqual(Number(doc.fs_rating));
      if (before.fs_rating === doc.fs_rating) expect(positionOf(before)).toBeLessThanOrEqual(positionOf(doc));
    }
  });
}

function expectPager(result: SearchResult | null) {
  const total = result ? pages(result) : 0;
  if (total <= 1) {
    expect(within(part('results')).queryByRole('navigation', { ...ALL, name: 'Result pages' })).toBeNull();
    return;
  }
  const current = currentPage(result as SearchResult);
  const nav = within(within(part('results')).getByRole('navigation', { ...ALL, name: 'Result pages' }));
  const buttons = nav.getAllByRole('button', ALL);
  expect(buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual([
    '« Previous',
    ...Array.from({ length: total }, (_, i) => `Page ${i + 1}`),
    'Next »',
  ]);
  expect(nav.getByRole('button', { ...ALL, name: '« Previous' })).toHaveProperty('disabled', current === 1);
  expect(nav.getByRole('button', { ...ALL, name: 'Next »' })).toHaveProperty('disabled', current === total);
  expect(nav.getByRole('button', { ...ALL, name: `Page ${current}` }).getAttribute('aria-current')).toBe('page');
}

interface SearchDriverOptions {
  page: PageSettings;
  input: typeof ENABLED_INPUT;
}

/**
 * SearchResults in a SearchProvider given unconnected actors; the driver plays the effects as
 * search-wiring.ts runs them: the hash (a requested state becomes the hash and is read back, a
 * hash that does not change is not reported), the search and documents requests (recorded and
 * answered from the index when the path says so) and the failure log.
 */
function searchDriver({ page, input }: SearchDriverOptions): PathDriver<SearchSnapshot, SearchEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let search: Actor<typeof searchMachine> | null = null;
  let hash = '';
  let errors: MockInstance<typeof console.error> | null = null;
  const emitted: string[] = [];
  const searches: Array<{ requestId: number; state: SearchState }> = [];
  const documentRequests: Array<{ requestId: number; ids: string[] }> = [];

  const actor = () => search as Actor<typeof searchMachine>;
  /** The hash changed in the location bar: the hash effect reads it back (parseSearchHash). */
  const hashChanged = (next: string) => {
    hash = next;
    actor().send({ type: 'search.hash.changed', state: parseSearchHash(next, exposed).state });
  };
  const latest = <T,>(requests: T[]): T => {
    const request = requests.at(-1);
    if (!request) throw new Error('The search actor asked for nothing to answer');
    return request;
  };

  return {
    start: () => {
      user = userEvent.setup();
      vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
      const consoleError = console.error.bind(console);
      errors = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        if (!String(args[0]).startsWith('Search failed:')) consoleError(...args);
      });
      hash = '';
      search = createActor(searchMachine, { input, inspect: coverage.inspect });
      search.on('*', (event) => emitted.push(event.type));
      search.on('search.requested', (request) => {
        // search-wiring.ts sends nothing when the request cannot be built (max_rows <= 0).
        expect(buildSearchParams(page.settings.search, request.state)).not.toBeNull();
        searches.push(request);
      });
      search.on('search.documents.requested', (request) => documentRequests.push(request));
      search.on('search.hash.requested', ({ state }) => {
        const next = serializeSearchHash(state, exposed);
        if (next !== hash) hashChanged(next);
      });
      search.on('search.failure.logged', ({ message }) => console.error(`Search failed: ${message}`));
      search.start();
      const autocomplete = createActor(autocompleteMachine).start();
      site = mountSite(
        <SearchProvider actors={{ search, autocomplete }}>
          <SearchResults initial={SERVER_LISTINGS} initialTotal={SERVER_TOTAL} />
        </SearchProvider>,
        page,
        createSiteActors(page, window.location.origin),
      );
    },
    perform: async (event, before) => {
      errors?.mockClear();
      const via = (event as Partial<ModelEvent>).via ?? '';
      const visitor = VISITOR_ACTIONS.find((action) => action.event.via === via);
      if (visitor) {
        await visitor.perform(user);
        // The hash effect pushed the requested hash and reported it back.
        expect(hash).toBe(hashOf(latest(searches).state));
        return;
      }
      // A late answer carries the id of a superseded request; any other answers the latest one.
      const late = via.startsWith(LATE);
      const answered = <T extends { requestId: number }>(requests: T[]): T => {
        if (!late) return latest(requests);
        const request = requests.find((r) => 'requestId' in event && r.requestId === event.requestId);
        if (!request || request.requestId >= latest(searches).requestId) throw new Error(`No superseded request to answer late (${via})`);
        return request;
      };
      switch (event.type) {
        case 'search.hash.changed':
          act(() => hashChanged(hashOf(event.state)));
          return;
        case 'search.results.received': {
          const { requestId, state } = answered(searches);
          if (!late) expect(state).toEqual(before.context.state);
          const parsed = parseSearchResponse(indexResponse(state), { rows: state.rows ?? config.max_rows, start: state.start, ...(state.q ? { q: state.q } : {}) });
          if (!parsed.ok) throw new Error(parsed.error);
          act(() => actor().send({ type: 'search.results.received', requestId, result: parsed.value }));
          return;
        }
        case 'search.documents.received': {
          const { requestId, ids } = answered(documentRequests);
          if (!late) expect(ids).toEqual(before.context.pendingResult?.ids);
          act(() => actor().send({ type: 'search.documents.received', requestId, documents: indexDocuments(ids) }));
          return;
        }
        case 'search.failed': {
          const { requestId } = before.matches('loadingDocuments') || via.includes('documents') ? answered(documentRequests) : answered(searches);
          act(() => actor().send({ type: 'search.failed', requestId, message: event.message }));
          // Spec §8: a failure is logged, nothing more (search-wiring.ts); a late one not at all.
          if (late) expect(errors).not.toHaveBeenCalled();
          else expect(errors).toHaveBeenCalledWith(`Search failed: ${event.message}`);
          return;
        }
        case 'search.ranking.received': {
          // connectRanking (search-wiring.ts) hands over the ranking actor's `ranking.loaded`.
          emitted.length = 0;
          act(() => actor().send({ type: 'search.ranking.received', rankedIds: event.rankedIds, seed: event.seed }));
          // Spec §4 / §9: once the ranking has been loaded, 'sortOrderUpdated' is raised.
          expect(emitted).toEqual(['sortOrderUpdated']);
          return;
        }
        case 'search.pricing.changed': {
          // The visitor chooses dates: the availability actor holds their prices, and the result
          // list hands them to the search (result-list.tsx).
          act(() => site?.actors.availability.send({ type: 'availability.restored', params: { rcav: SEARCH_RCAV }, items: DATED_ITEMS }));
          return;
        }
        case 'results.end.visible': {
          const end = part('results').querySelector('.results-end');
          expect(end).not.toBeNull();
          // Spec §9: the end of the list counts as visible 80px before it scrolls in.
          expect(TestIntersectionObserver.watching(end as Element).map((observer) => observer.rootMargin)).toEqual([LAZY_ROOT_MARGIN]);
          act(() => TestIntersectionObserver.reveal(end as Element));
          return;
        }
        default:
          throw new Error(`No way to perform ${event.type} (${via})`);
      }
    },
    expectState: async (model) => {
      if (model.matches('disabled')) {
        // Spec §5: with max_rows <= 0 nothing is sent, whatever the hash or the visitor asks for.
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
        act(() => hashChanged('q=beach&fq=ss_area:Seabright'));
        await sortBy(user, 'Guest rating');
        await searchFor(user, 'beach');
        // The search box keeps its (empty) suggestions open: the visitor closes them.
        await user.keyboard('{Escape}');
        warn.mockRestore();
        expect(emitted).toEqual([]);
        expect(searches).toEqual([]);
      }
      const real = actor().getSnapshot();
      const { state, shownState, result, documents, visibleCount, error } = model.context;
      expect(real.value).toEqual(model.value);
      expect(real.context.state).toEqual(state);
      expect(real.context.result).toEqual(result);
      expect(real.context.shownState).toEqual(shownState);
      expect(real.context.documents.map((doc) => doc.id)).toEqual(documents.map((doc) => doc.id));
      expect(real.context.visibleCount).toBe(visibleCount);
      expect(real.context.error).toBe(error);
      expect(real.context.ranking).toEqual(model.context.ranking);
      expectRankedOrder(model.context);

      // Spec §4 Search component: the root says when a request runs.
      const pending = model.hasTag('pending');
      expect(searchRoot().hasAttribute('data-pending')).toBe(pending);
      expect(searchRoot().getAttribute('aria-busy')).toBe(String(pending));
      const bar = within(part('bar'));
      expect(bar.getByRole('combobox', { ...ALL, name: 'Search rentals' })).toHaveProperty('value', state.q ?? '');
      expect(bar.getByRole('button', { ...ALL, name: /Sort by/ }).textContent).toContain(
        SORT_OPTIONS.find((option) => option.id === (state.sort ?? ''))?.label,
      );
      expectFacets(model.context);
      expectPager(model.matches('disabled') ? null : result);

      const results = within(part('results'));
      const count = part('results').querySelector('#result-count');
      if (model.matches('disabled') || result === null) {
        // Until the first answer (for good, when disabled, or if it fails) the server's listings stay;
        // a failure adds a quiet note (spec §8: the failure itself is logged only).
        expect(count?.textContent).toBe(`${SERVER_TOTAL} rentals`);
        expect(cards()).toEqual(SERVER_LISTINGS.map((listing) => ({ name: listing.name, href: `/listing/${listing.slug}` })));
        expect(results.queryByRole('status', ALL)?.textContent ?? null).toBe(model.matches('failed') ? SEARCH_NOTE_FIRST : null);
        return;
      }
      // The results shown answer `shownState`; a newer search may still be running or have failed.
      expect(count?.textContent).toBe(`${result.numFound === 1 ? '1 rental' : `${result.numFound} rentals`}${shownState.q ? ` for “${shownState.q}”` : ''}`);
      expect(results.queryByText(SEARCH_NOTE_LAST) !== null).toBe(model.matches('failed'));
      expect(results.queryByText(/Did you mean/)?.textContent ?? null).toBe(result.didYouMean ? `Did you mean ${result.didYouMean}?` : null);
      expect(results.queryByText(/No rentals match your search/) !== null).toBe(result.numFound === 0);
      expect(cards()).toEqual(documents.slice(0, visibleCount).map((doc) => ({ name: doc.ss_name, href: doc.ss_url })));
      // Infinite scroll (spec §2): the end marker is there while more are loaded than shown.
      expect(part('results').querySelector('.results-end') !== null).toBe(visibleCount < documents.length);
    },
    stop: () => {
      site?.unmount();
      search?.stop();
      errors?.mockRestore();
      vi.unstubAllGlobals();
      TestIntersectionObserver.observers.clear();
    },
  };
}

const titleOf = (path: PlannedPath<SearchSnapshot, SearchEvent>) => {
  const events = path.steps.slice(1).map((step) => (step.event as Partial<ModelEvent>).via);
  const end = JSON.stringify(path.state.value);
  return events.length ? `reaches ${end}: ${events.join(' → ')}` : `starts in ${end}`;
};

describe('search machine, walked through the search component (SearchResults) with the index and hash played by the test', () => {
  afterAll(() => {
    coverage.write();
  });

  describe('with the configured search (max_rows 30, numvisible 10, full documents)', () => {
    const paths = planPaths(searchModel, searchModelMachine);
    it.each(paths.map((path) => [titleOf(path), path] as const))('%s', async (_title, path) => {
      await runPath(path, coverage, searchDriver({ page: pageSettings(), input: ENABLED_INPUT }));
    });
  });

  describe('answers to a superseded request are ignored', () => {
    const load = navigation(PLAIN, true);
    const link = navigation(SEABRIGHT, false);
    const results = (requestId: number, state: SearchState, via = ANSWERS): ModelEvent => ({ type: 'search.results.received', requestId, result: indexResult(state), via });
    const docs = (requestId: number, state: SearchState, via = DOCUMENTS): ModelEvent => ({
      type: 'search.documents.received',
      requestId,
      documents: indexDocuments(indexResult(state).ids),
      via,
    });
    const failed = (requestId: number, via: string): ModelEvent => ({ type: 'search.failed', requestId, message: FAILURE, via });
    const reset = VISITOR_ACTIONS.find((action) => action.event.type === 'facet.reset')?.event as ModelEvent;
    const scenarios: ModelEvent[][] = [
      // Not superseded: from shown results, a link re-searches, and Reset clears the facet again.
      [load, results(1, PLAIN), docs(1, PLAIN), link, results(2, SEABRIGHT), docs(2, SEABRIGHT), reset],
      [load, link, results(1, PLAIN, `${LATE} the plain search answers`), results(2, SEABRIGHT), docs(2, SEABRIGHT)],
      [load, link, failed(1, `${LATE} the plain search fails`), results(2, SEABRIGHT)],
      [load, results(1, PLAIN), link, docs(1, PLAIN, `${LATE} the plain search's documents arrive`), results(2, SEABRIGHT)],
      [load, results(1, PLAIN), link, results(2, SEABRIGHT), docs(1, PLAIN, `${LATE} the plain search's documents arrive`), docs(2, SEABRIGHT)],
      [load, results(1, PLAIN), link, results(2, SEABRIGHT), failed(1, `${LATE} the plain search's documents fail`), docs(2, SEABRIGHT)],
    ];
    const paths = scenarios.map((events) => {
      // getPathsFromEvents walks every sequence of these events first; a link can follow a link
      // for ever, so that walk stops after the second search.
      const [path] = searchModel.getPathsFromEvents(events, {
        fromState: initialTransition(searchModelMachine, ENABLED_INPUT)[0],
        stopWhen: (snapshot) => snapshot.context.requestId > 3,
      });
      if (!path) throw new Error('A superseded-answer scenario leaves the model');
      return { ...path, description: '' };
    });
    it.each(paths.map((path) => [titleOf(path), path] as const))('%s', async (_title, path) => {
      await runPath(path, coverage, searchDriver({ page: pageSettings(), input: ENABLED_INPUT }));
    });
  });

  describe("with the ranking service's order (spec §9 Search ordering by ranking)", () => {
    const load = navigation(PLAIN, true);
    const results = (requestId: number, state: SearchState): ModelEvent => ({ type: 'search.results.received', requestId, result: indexResult(state), via: ANSWERS });
    const docs = (requestId: number, state: SearchState): ModelEvent => ({
      type: 'search.documents.received',
      requestId,
      documents: indexDocuments(indexResult(state).ids),
      via: DOCUMENTS,
    });
    const ranked: ModelEvent = { type: 'search.ranking.received', rankedIds: RANKED_IDS, seed: 20_250_101, via: 'the ranking arrives' };
    const scroll: ModelEvent = { type: 'results.end.visible', via: SCROLL };
    const byRating = VISITOR_ACTIONS.find((action) => action.event.via === 'sorts by Guest rating')?.event as ModelEvent;
    const RATING: SearchState = { ...PLAIN, sort: 'fs_rating desc' };
    const BY_NAME: SearchState = { ...PLAIN, sort: 'ss_name asc' };
    const BY_PRICE: SearchState = { ...PLAIN, sort: 'is_price_min asc' };
    const dated: ModelEvent = { type: 'search.pricing.changed', pricing: DATED_PRICING, via: 'the visitor chooses dates' };
    const scenarios: ModelEvent[][] = [
      // The ranking before the documents: the page arrives in ranked order, and batches keep it.
      [load, ranked, results(1, PLAIN), docs(1, PLAIN), scroll, scroll],
      // The ranking while the documents load, then a link to another search.
      [load, results(1, PLAIN), ranked, docs(1, PLAIN), navigation(SEABRIGHT, false), results(2, SEABRIGHT), docs(2, SEABRIGHT)],
      // The ranking after the documents reorders the page; a numeric sort then follows the ranking in its ties.
      [load, results(1, PLAIN), docs(1, PLAIN), scroll, ranked, byRating, results(2, RATING), docs(2, RATING)],
      // A text sort is lexicographic.
      [load, results(1, PLAIN), docs(1, PLAIN), ranked, navigation(BY_NAME, false), results(2, BY_NAME), docs(2, BY_NAME)],
      // Spec §9 Price sort: once dates are chosen, a price sort follows their prices, not the catalogue's.
      [load, results(1, PLAIN), docs(1, PLAIN), navigation(BY_PRICE, false), results(2, BY_PRICE), docs(2, BY_PRICE), dated],
    ];
    const paths = scenarios.map((events) => {
      const [path] = searchModel.getPathsFromEvents(events, {
        fromState: initialTransition(searchModelMachine, ENABLED_INPUT)[0],
        stopWhen: (snapshot) => snapshot.context.requestId > 3,
      });
      if (!path) throw new Error('A ranking scenario leaves the model');
      return { ...path, description: '' };
    });
    it.each(paths.map((path) => [titleOf(path), path] as const))('%s', async (_title, path) => {
      await runPath(path, coverage, searchDriver({ page: pageSettings(), input: ENABLED_INPUT }));
    });
  });

  describe('with search disabled (max_rows 0: spec §5, §9)', () => {
    const settings = { ...siteSettings, search: { ...config, max_rows: 0 } };
    const input = { ...ENABLED_INPUT, maxRows: settings.search.max_rows };
    const model = createTestModel(searchModelMachine, { input, events: searchEvents, filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event) });
    const paths = planPaths(model, searchModelMachine);
    it.each(paths.map((path) => [titleOf(path), path] as const))('%s: no request is ever sent', async (_title, path) => {
      await runPath(path, coverage, searchDriver({ page: { ...pageSettings(), settings }, input }));
    });
  });
});
