import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { SearchProvider } from '@/bindings/search-context';
import { createSiteActors } from '@/bindings/actors/site-actors';
import { parseSearchResponse } from '@/domain/search/response';
import { autocompleteMachine } from '@/machines/autocomplete-machine';
import { filtersDialogMachine } from '@/machines/filters-dialog-machine';
import { searchMachine } from '@/machines/search-machine';
import { SearchResults } from '@/views/search/search-results';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { mountSite, pageSettings, type MountedSite } from './site-harness';

type DialogSnapshot = SnapshotFrom<typeof filtersDialogMachine>;
type DialogEvent = EventFrom<typeof filtersDialogMachine>;

/** The dialog closes with 'Show N rentals', its Close button or Escape: each is walked. */
const closings: Array<Via<Extract<DialogEvent, { type: 'filters.closed' }>>> = [
  { type: 'filters.closed', via: 'Show 12 rentals' },
  { type: 'filters.closed', via: 'Close' },
  { type: 'filters.closed', via: 'Escape key' },
];

const coverage = new ModelCoverage(filtersDialogMachine);
const model = createTestModel(filtersDialogMachine, {
  events: [{ type: 'filters.opened' }, ...closings],
  filterEvents: (snapshot, event) => snapshot.can(event),
});

/** The search component with a shown result of 12 rentals, its 'Filters' button and dialog. */
function dialogDriver(): PathDriver<DialogSnapshot, DialogEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let filters = createActor(filtersDialogMachine);
  let started = false;
  const button = () => screen.getByRole('button', { name: /^Filters/ });
  const dialog = () => screen.queryByRole('dialog', { name: 'Filters' });
  return {
    start: () => {
      user = userEvent.setup();
      started = false;
      const page = pageSettings();
      const config = page.settings.search;
      const search = createActor(searchMachine, { input: { maxRows: config.max_rows, numvisible: config.numvisible, returnFullDocs: config.return_full_docs } }).start();
      search.send({ type: 'search.hash.changed', state: { fq: [], start: 0 } });
      const parsed = parseSearchResponse({ response: { numFound: 12, start: 0, docs: [] } }, { rows: config.max_rows, start: 0 });
      if (!parsed.ok) throw new Error(parsed.error);
      search.send({ type: 'search.results.received', requestId: search.getSnapshot().context.requestId, result: parsed.value });
      filters = createActor(filtersDialogMachine, { inspect: coverage.inspect }).start();
      site = mountSite(
        <SearchProvider actors={{ search, autocomplete: createActor(autocompleteMachine).start(), filters }}>
          <SearchResults initial={[]} initialTotal={0} />
        </SearchProvider>,
        page,
        createSiteActors(page, window.location.origin),
      );
    },
    perform: async (event) => {
      started = true;
      if (event.type === 'filters.opened') {
        await user.click(button());
        // The dialog's module arrives on demand.
        await waitFor(() => expect(dialog()).not.toBeNull());
        return;
      }
      const via = (event as Partial<Via<DialogEvent>>).via;
      const open = dialog() as HTMLElement;
      if (via === 'Escape key') await user.keyboard('{Escape}');
      else await user.click(within(open).getByRole('button', { name: via }));
      await waitFor(() => expect(dialog()).toBeNull());
    },
    expectState: (state) => {
      expect(filters.getSnapshot().value).toEqual(state.value);
      if (state.matches('open')) {
        const open = dialog() as HTMLElement;
        expect(open).not.toBeNull();
        // The facets, and the count of what they select.
        expect(within(open).getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0);
        expect(within(open).getByRole('button', { name: 'Show 12 rentals' })).toBeTruthy();
        expect(open.contains(document.activeElement)).toBe(true);
      } else {
        expect(dialog()).toBeNull();
        // Closed, the focus is back on the button that opened it.
        if (started) expect(document.activeElement).toBe(button());
      }
    },
    stop: () => {
      act(() => site?.unmount());
      filters.stop();
    },
  };
}

describe('filters dialog machine, walked through the phone search (issue 11)', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, filtersDialogMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, dialogDriver());
  });
});
