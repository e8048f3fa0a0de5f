import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { menuMachine } from '@/machines/menu-machine';
import { Header } from '@/views/shell/header';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';
import { mountSite, pageSettings, siteActorsWith, type MountedSite } from './site-harness';

type MenuSnapshot = SnapshotFrom<typeof menuMachine>;
type MenuEvent = EventFrom<typeof menuMachine>;

const coverage = new ModelCoverage(menuMachine);
const model = createTestModel(menuMachine, { filterEvents: (snapshot, event) => snapshot.can(event) });

/** The mobile menu toggle of the page header, clicked with user-event. */
function menuDriver(): PathDriver<MenuSnapshot, MenuEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  const toggle = () => screen.getByRole('button', { name: 'Menu' });
  const nav = () => screen.getByRole('navigation', { name: 'Main' });
  return {
    start: () => {
      user = userEvent.setup();
      const page = pageSettings();
      const actors = siteActorsWith(page, 'menu', createActor(menuMachine, { inspect: coverage.inspect }).start());
      site = mountSite(<Header currentPath="/" />, page, actors);
    },
    perform: async (event) => {
      if (event.type === 'menu.toggled') return user.click(toggle());
      if (event.type === 'menu.closed') {
        // A keyboard visitor in the expanded menu presses Escape: focus goes back to the toggle.
        nav().querySelector('a')?.focus();
        await user.keyboard('{Escape}');
        expect(document.activeElement).toBe(toggle());
        return;
      }
      throw new Error(`No visitor action sends '${(event as MenuEvent).type}'`);
    },
    expectState: (state) => {
      const expanded = state.matches('expanded');
      expect(site?.actors.menu.getSnapshot().value).toEqual(state.value);
      expect(toggle().getAttribute('aria-expanded')).toBe(String(expanded));
      expect(toggle().getAttribute('aria-controls')).toBe(nav().id);
      // The stylesheet shows the navigation below 768px only with data-expanded.
      expect(nav().getAttribute('data-expanded')).toBe(expanded ? 'true' : null);
    },
    stop: () => site?.unmount(),
  };
}

describe('menu machine, walked through the mobile menu toggle', () => {
  afterAll(() => coverage.write());

  for (const path of planPaths(model, menuMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, menuDriver());
    });
  }
});
