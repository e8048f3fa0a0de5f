import { distinctUntilChanged, from, map, skip, switchMap, type Observable, type Subscription } from 'rxjs';
import { connectFlagCookie } from '@/persistence/flag-cookie';
import type { SearchDoc } from '@/effects/search-client';
import { markHasJs } from '@/persistence/has-js-cookie';
import { scrollPosition$ } from '@/effects/scroll';
import type { PageSettings } from '@/domain/settings';
import { deferred } from '@/bindings/deferred';
import { connectLazyActors, type SiteActors } from '@/bindings/actors/site-actors';
import { connectOrder } from './order-wiring';
import type * as LookupClient from './favourites-lookup-client';
import { whenIdle } from '@/effects/main-thread';
import { connectPageAnalytics } from '@/effects/page-analytics';
import { analyticsActorModule, sendAnalytics } from '@/bindings/analytics-port';

/**
 * Connects the page's actors to the browser: persistence restores and saves them, effects
 * feed them events and carry out what they emit. Returns the disposer.
 */
export function wireEffects(actors: SiteActors, page: PageSettings): () => void {
  if (page.settings.site.has_js_cookie) markHasJs();
  const disposers: Array<() => void> = [];
  disposers.push(connectFlagCookie(actors.favourites));

  const scroll = scrollPosition$().subscribe((y) => actors.header.send({ type: 'header.scrolled', y }));
  disposers.push(() => scroll.unsubscribe());
  // What scrolls into view (a focused field above all) stops below the sticky header and above the
  // cookie banner, whatever their heights: measured once the page runs (the stylesheet's figures
  // hold until then).
  const header = document.querySelector('header.site-header');
  if (header) {
    let stop = () => {};
    void import('@/effects/sticky-header').then(({ stickyHeaderPadding, bottomOverlayPadding }) => {
      const stops = [stickyHeaderPadding(header), bottomOverlayPadding()];
      stop = () => stops.forEach((dispose) => dispose());
    });
    disposers.push(() => stop());
  }

  const full = actors.favourites.on('favourites.limit.reached', ({ limit }) =>
    console.warn(`Favourites are full: at most ${limit} items can be kept.`),
  );
  disposers.push(() => full.unsubscribe());
  disposers.push(connectFavouritesDropdown(actors, page));
  disposers.push(connectOrder(actors, page));
  // Analytics (issue 16): the page's own sources at once; the actor and its delivery come after the
  // page, once the browser is idle (issue 24: not in a phone's first busy seconds; an event sent
  // before then loads them at once).
  disposers.push(connectPageAnalytics((event) => sendAnalytics(actors, event)));
  whenIdle(() => void analyticsActorModule.load().then(() => actors.analytics, () => undefined));
  // Prices, their modals and sharing are connected as their views make their actors.
  disposers.push(connectLazyActors(actors));
  return () => disposers.forEach((dispose) => dispose());
}

/** The favourites lookup's search client: loaded the first time the dropdown shows the list. */
const favouritesLookup = deferred(() => import('./favourites-lookup-client'));

/** The lookup of full documents for favourite ids (spec §7 Favourites lookup). */
export type FavouritesLookup = (ids: readonly string[]) => Observable<SearchDoc[]>;

/** A lookup whose code comes with its first call. */
const lazyLookup =
  (make: (module: typeof LookupClient) => FavouritesLookup): FavouritesLookup =>
  (ids) =>
    from(favouritesLookup.load()).pipe(switchMap((module) => make(module)(ids)));

/**
 * The favourites dropdown hears every change of the favourites list (a click, or the cookie
 * restored), and its lookups run through a search client of their own (spec §7 Favourites lookup),
 * whose code comes with the first lookup. A visitor with favourites gets, once the page is idle,
 * the documents kept from an earlier page (`kept`, which brings the list's code too), so the list
 * opens full.
 * Tests hand in their own `lookup`, `kept` and `idle`.
 */
export function connectFavouritesDropdown(
  actors: Pick<SiteActors, 'favourites' | 'favouritesDropdown'>,
  page: PageSettings,
  lookup: FavouritesLookup = lazyLookup((module) => module.lookupForPage(page)),
  kept: FavouritesLookup = lazyLookup((module) => module.keptForPage(page)),
  idle: (work: () => void) => void = whenIdle,
): () => void {
  const dropdown = actors.favouritesDropdown;
  const lookups: Subscription[] = [];
  let disposed = false;
  idle(() => {
    // The page (or a test) may have let the dropdown go before the browser was idle.
    if (disposed) return;
    const { items } = dropdown.getSnapshot().context;
    // Nothing kept is no failure: the list looks its favourites up when it opens.
    if (items.length > 0) lookups.push(kept(items).subscribe({ next: (documents) => dropdown.send({ type: 'lookup.kept', documents }), error: () => {} }));
  });
  const items = from(actors.favourites)
    .pipe(
      map((snapshot) => snapshot.context.items),
      distinctUntilChanged(),
      skip(1),
    )
    .subscribe((list) => dropdown.send({ type: 'favourites.updated', items: list }));
  const requested = dropdown.on('favourites.lookup.requested', ({ requestId, ids }) => {
    lookups.push(
      lookup(ids).subscribe({
        next: (documents) => dropdown.send({ type: 'lookup.received', requestId, documents }),
        error: (error: unknown) => dropdown.send({ type: 'lookup.failed', requestId, message: error instanceof Error ? error.message : String(error) }),
      }),
    );
  });
  const failed = dropdown.on('favourites.lookup.failure.logged', ({ message }) => console.error(`Favourites lookup failed: ${message}`));
  return () => {
    disposed = true;
    items.unsubscribe();
    requested.unsubscribe();
    failed.unsubscribe();
    lookups.forEach((lookup) => lookup.unsubscribe());
  };
}
