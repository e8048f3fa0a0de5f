import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Subject, of, type Observable } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type Actor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { connectFavouritesDropdown } from '@/app/wire-effects';
import { lookupFavourites } from '@/effects/favourites-lookup';
import { favouritesViewPath } from '@/domain/search/search-params';
import type { SearchClient, SearchDoc } from '@/effects/search-client';
import { favouritesDropdownMachine, shownFavourites } from '@/machines/favourites-dropdown-machine';
import { FavouritesCounter } from '@/views/flag/favourites-counter';
import { FlagButton } from '@/views/flag/flag-button';
import { ModelCoverage, planPaths, runPath, type PathDriver, type PlannedPath, type Via } from './coverage';
import { mountSite, pageSettings, siteActorsWith, siteSettings, type MountedSite } from './site-harness';

type DropdownSnapshot = SnapshotFrom<typeof favouritesDropdownMachine>;
type DropdownEvent = EventFrom<typeof favouritesDropdownMachine>;
type ModelEvent = Via<DropdownEvent>;

/** A rental in the index, and a flagged one the index no longer has (taken off the site). */
const SEA_GLASS: SearchDoc = {
  id: 'chc1-listings-1001',
  entity_id: 1001,
  ss_name: 'Sea Glass Cottage',
  ss_url: '/listing/sea-glass-cottage',
  ss_image: '/media/units/1001/1.svg',
  ss_area: 'Pelican Point',
  is_bedrooms: 3,
  is_sleeps: 6,
  is_price_min: 18900,
};
const GONE = 'chc1-listings-4999';
const INDEX = new Map([[SEA_GLASS.id, SEA_GLASS]]);
const NAMES: Record<string, string> = { [SEA_GLASS.id]: 'Sea Glass Cottage', [GONE]: 'Old Boathouse' };

const { flag } = siteSettings;

/** What the visitor and the search can do in each state. */
function dropdownEvents(snapshot: DropdownSnapshot): ModelEvent[] {
  const { items } = snapshot.context;
  const flags: ModelEvent[] = [SEA_GLASS.id, GONE].map((id) => {
    const next = items.includes(id) ? items.filter((item) => item !== id) : [...items, id];
    return { type: 'favourites.updated', items: next, via: `${items.includes(id) ? 'unflags' : 'flags'} ${NAMES[id]}` };
  });
  const visitor: ModelEvent[] = [
    { type: 'dropdown.opened', via: 'points at the favourites block' },
    { type: 'dropdown.opened', via: 'clicks the list toggle' },
    { type: 'dropdown.closed', via: 'moves the pointer away' },
    { type: 'dropdown.closed', via: 'presses Escape' },
    { type: 'dropdown.toggled', via: 'presses Enter on the list toggle' },
  ];
  const replies: ModelEvent[] = snapshot.matches({ showItems: 'loading' })
    ? [
        { type: 'lookup.received', requestId: snapshot.context.requestId, documents: [], via: 'the lookup answers' },
        { type: 'lookup.failed', requestId: snapshot.context.requestId, message: 'HTTP 503', via: 'the lookup fails' },
      ]
    : [];
  // Once the page is idle, documents kept from an earlier page (the document cache) may come in.
  const kept: ModelEvent[] =
    snapshot.matches('hidden') && items.includes(SEA_GLASS.id) && !snapshot.context.lookedUp.includes(SEA_GLASS.id)
      ? [{ type: 'lookup.kept', documents: [SEA_GLASS], via: 'the page finds a favourite kept from an earlier page' }]
      : [];
  return [...flags, ...visitor, ...replies, ...kept];
}

/** The state as the visitor sees it (the request counter only guards against late answers). */
function serializeDropdown(snapshot: DropdownSnapshot): string {
  const { items, lookedUp } = snapshot.context;
  return JSON.stringify({ value: snapshot.value, items, covered: items.every((id) => lookedUp.includes(id)), shown: shownFavourites(snapshot.context).map((d) => d.id) });
}

const model = createTestModel(favouritesDropdownMachine, {
  input: { items: [] },
  events: dropdownEvents,
  filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event),
  serializeState: serializeDropdown,
});
const coverage = new ModelCoverage(favouritesDropdownMachine);

const ALL = { hidden: true } as const;
const block = () => document.querySelector('.favourites-block') as HTMLElement;
const toggleButton = () => screen.getByRole('button', { name: /the list of favourites/, ...ALL });
const dropdownRegion = () => document.getElementById('favourites-dropdown') as HTMLElement;

/**
 * The header's FavouritesCounter beside two flag buttons, with the dropdown wired as the page
 * wires it (connectFavouritesDropdown) to a search client whose answers the test gives: the
 * proxy is the boundary.
 */
function dropdownDriver(): PathDriver<DropdownSnapshot, DropdownEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let dropdown: Actor<typeof favouritesDropdownMachine> | null = null;
  let disconnect = () => {};
  const lookups: Array<{ params: ReadonlyArray<readonly [string, string]>; reply: Subject<unknown> }> = [];
  const client: SearchClient = {
    search: (params): Observable<unknown> => {
      const reply = new Subject<unknown>();
      lookups.push({ params, reply });
      return reply;
    },
    documents: (ids) => of(ids.flatMap((id) => INDEX.get(id) ?? [])),
    // Nothing kept for the lookup itself: every lookup of the walk is one the test answers.
    cachedDocuments: () => of([]),
    dispose: () => {},
  };
  let idleWork = () => {};
  return {
    start: () => {
      user = userEvent.setup();
      const page = pageSettings();
      dropdown = createActor(favouritesDropdownMachine, { input: { items: [] }, inspect: coverage.inspect }).start();
      const actors = siteActorsWith(page, 'favouritesDropdown', dropdown);
      disconnect = connectFavouritesDropdown(
        actors,
        page,
        (ids) => lookupFavourites(client, page.settings.search, page.settings.flag.key, ids),
        // The document cache holds what the index has (a gone rental was never kept).
        (ids) => of(ids.flatMap((id) => INDEX.get(id) ?? [])),
        (work) => {
          idleWork = work;
        },
      );
      site = mountSite(
        <>
          <FavouritesCounter />
          <FlagButton itemId={SEA_GLASS.id} itemName={NAMES[SEA_GLASS.id] as string} />
          <FlagButton itemId={GONE} itemName={NAMES[GONE] as string} />
        </>,
        page,
        actors,
      );
    },
    perform: async (event, before) => {
      const via = (event as Partial<ModelEvent>).via ?? '';
      switch (event.type) {
        case 'favourites.updated': {
          const changed = [SEA_GLASS.id, GONE].find((id) => event.items.includes(id) !== before.context.items.includes(id)) as string;
          // A click that does not move the pointer off the block (the model's pointer stays put).
          act(() => screen.getByRole('button', { name: new RegExp(`: ${NAMES[changed]}$`), ...ALL }).click());
          return;
        }
        case 'dropdown.opened':
          if (via === 'points at the favourites block') await user.hover(block());
          else await user.click(toggleButton());
          return;
        case 'dropdown.closed':
          if (via === 'presses Escape') {
            act(() => toggleButton().focus());
            await user.keyboard('{Escape}');
            expect(document.activeElement).toBe(toggleButton());
          } else {
            await user.unhover(block());
          }
          return;
        case 'lookup.kept':
          act(() => idleWork());
          return;
        case 'dropdown.toggled':
          act(() => toggleButton().focus());
          await user.keyboard('{Enter}');
          return;
        case 'lookup.received':
        case 'lookup.failed': {
          const lookup = lookups.at(-1);
          if (!lookup) throw new Error('No lookup was sent');
          const { items } = before.context;
          // Spec §7 Favourites lookup: rows={count}&fq={key}:({id1} OR {id2} …).
          expect(lookup.params).toContainEqual(['rows', String(items.length)]);
          expect(lookup.params).toContainEqual(['fq', `${flag.key}:(${items.join(' OR ')})`]);
          act(() => {
            if (event.type === 'lookup.failed') lookup.reply.error(new Error('HTTP 503'));
            else {
              const docs = items.flatMap((id) => (INDEX.has(id) ? [{ id }] : []));
              lookup.reply.next({ response: { numFound: docs.length, start: 0, docs } });
              lookup.reply.complete();
            }
          });
          return;
        }
      }
    },
    expectState: (state) => {
      const real = (dropdown as Actor<typeof favouritesDropdownMachine>).getSnapshot();
      expect(real.value).toEqual(state.value);
      expect(real.context.items).toEqual(state.context.items);
      const { items } = state.context;
      const counter = screen.getByRole('link', { name: /Favourites/, ...ALL });
      expect(counter.getAttribute('href')).toBe(favouritesViewPath(flag.path, flag.key, items));
      expect(within(counter).getByText(String(items.length))).toBeTruthy();
      const shown = state.matches('showItems');
      expect(toggleButton().getAttribute('aria-expanded')).toBe(String(shown));
      expect(dropdownRegion().hidden).toBe(!shown);
      const region = within(dropdownRegion());
      const titles = region.queryAllByRole('heading', { level: 4, ...ALL }).map((h) => h.textContent);
      if (state.matches({ showItems: 'loaded' })) {
        // The gone rental has no document: only the one the index still has is listed.
        expect(titles).toEqual(items.includes(SEA_GLASS.id) ? [NAMES[SEA_GLASS.id]] : []);
        if (titles.length > 0) expect(region.getByRole('link', { name: `more about ${NAMES[SEA_GLASS.id]}`, ...ALL }).getAttribute('href')).toBe(SEA_GLASS.ss_url);
      } else if (state.matches({ showItems: 'empty' })) {
        expect(region.getByText(/You have not flagged any rentals yet/)).toBeTruthy();
      } else if (state.matches({ showItems: 'failed' })) {
        expect(region.getByRole('status', ALL).textContent).toMatch(/could not be loaded/);
      } else if (state.matches({ showItems: 'loading' })) {
        // The items already looked up stay while the rest loads.
        expect(titles).toEqual(shownFavourites(real.context).map((d) => NAMES[d.id]));
        if (titles.length === 0) expect(region.getByRole('status', ALL).textContent).toMatch(/Loading/);
      } else {
        expect(titles).toEqual([]);
      }
      expect(region.getByRole('link', { name: 'See all favourites', ...ALL }).getAttribute('href')).toBe(favouritesViewPath(flag.path, flag.key, items));
    },
    stop: () => {
      disconnect();
      site?.unmount();
    },
  };
}

const titleOf = (path: PlannedPath<DropdownSnapshot, DropdownEvent>) => {
  const events = path.steps.slice(1).map((step) => (step.event as Partial<ModelEvent>).via);
  const end = JSON.stringify(path.state.value);
  return events.length ? `reaches ${end}: ${events.join(' → ')}` : `starts in ${end}`;
};

describe('favourites dropdown machine, walked through the header block, flag buttons and the lookup effect', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, favouritesDropdownMachine);
  it.each(paths.map((path) => [titleOf(path), path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, dropdownDriver());
  });
});
