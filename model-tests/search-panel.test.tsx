import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { searchPanelMachine } from '@/machines/search-panel-machine';
import { Header } from '@/views/shell/header';
import { SearchPanel } from '@/views/shell/search-panel';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { mountSite, pageSettings, siteActorsWith, type MountedSite } from './site-harness';

type PanelSnapshot = SnapshotFrom<typeof searchPanelMachine>;
type PanelEvent = EventFrom<typeof searchPanelMachine>;

/** The panel closes with Escape or with its close button: both are walked. */
const closings: Array<Via<Extract<PanelEvent, { type: 'search.panel.closed' }>>> = [
  { type: 'search.panel.closed', via: 'Escape key' },
  { type: 'search.panel.closed', via: 'close button' },
];

const coverage = new ModelCoverage(searchPanelMachine);
const model = createTestModel(searchPanelMachine, {
  events: [{ type: 'search.panel.toggled' }, ...closings],
  filterEvents: (snapshot, event) => snapshot.can(event),
});

/** The header's search trigger and the off-canvas panel, clicked and typed at with user-event. */
function panelDriver(): PathDriver<PanelSnapshot, PanelEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  /** Before the first event nothing has had the focus. */
  let started = false;
  const panel = () => document.getElementById('search-panel') as HTMLElement;
  const trigger = () => within(screen.getByRole('banner')).getByRole('button', { name: 'Search' });
  return {
    start: () => {
      user = userEvent.setup();
      const page = pageSettings();
      const actors = siteActorsWith(page, 'searchPanel', createActor(searchPanelMachine, { inspect: coverage.inspect }).start());
      site = mountSite(
        <>
          <Header currentPath="/" />
          <SearchPanel />
        </>,
        page,
        actors,
      );
    },
    perform: async (event) => {
      started = true;
      if (event.type === 'search.panel.toggled') return user.click(trigger());
      const via = (event as Partial<Via<PanelEvent>>).via;
      if (via === 'Escape key') {
        expect(panel().contains(document.activeElement)).toBe(true);
        return user.keyboard('{Escape}');
      }
      return user.click(within(panel()).getByRole('button', { name: 'Close search' }));
    },
    expectState: (state) => {
      const shown = state.matches('showSearch');
      expect(site?.actors.searchPanel.getSnapshot().value).toEqual(state.value);
      expect(panel().hidden).toBe(!shown);
      expect(panel().classList.contains(shown ? 'show-search' : 'hide-search')).toBe(true);
      expect(panel().classList.contains(shown ? 'hide-search' : 'show-search')).toBe(false);
      expect(trigger().getAttribute('aria-expanded')).toBe(String(shown));
      expect(trigger().classList.contains(shown ? 'hide-search' : 'show-search')).toBe(true);
      if (shown) {
        // The visitor can type at once: the search field has the focus.
        expect(document.activeElement).toBe(within(panel()).getByLabelText('Town, property name or feature'));
        expect(screen.getByRole('complementary', { name: 'Search' })).toBe(panel());
      } else {
        expect(screen.queryByRole('complementary', { name: 'Search' })).toBeNull();
        // Closed (by Escape, its button or the trigger), the focus is on the trigger, not the body (issue 11).
        if (started) expect(document.activeElement).toBe(trigger());
      }
    },
    stop: () => site?.unmount(),
  };
}

describe('search panel machine, walked through the header trigger and the off-canvas panel', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, searchPanelMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, panelDriver());
  });
});
