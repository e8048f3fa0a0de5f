import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { logRefusedTarget, navigateTo } from '@/effects/navigation';
import { jumpMenuMachine } from '@/machines/jump-menu-machine';
import { JumpMenu } from '@/views/shell/jump-menu';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';
import { mountSite, pageSettings, siteActorsWith, type MountedSite } from './site-harness';

type JumpSnapshot = SnapshotFrom<typeof jumpMenuMachine>;
type JumpEvent = EventFrom<typeof jumpMenuMachine>;

const ORIGIN = window.location.origin;

/**
 * The options of a jump menu a site owner configured, a tampered one among them (spec §2 Jump
 * menus): same-origin http(s) targets navigate, anything else is refused and logged.
 */
const OPTIONS: Array<{ label: string; value: string; navigatesTo?: string; refusedBecause?: string }> = [
  { label: 'Events', value: 'events::/events', navigatesTo: `${ORIGIN}/events` },
  { label: 'All rentals', value: '/search', navigatesTo: `${ORIGIN}/search` },
  { label: 'Map search', value: `map::${ORIGIN}/search/map?view=list#top`, navigatesTo: `${ORIGIN}/search/map?view=list#top` },
  { label: 'Run a script', value: 'x::javascript:alert(document.cookie)', refusedBecause: 'scheme javascript: is not allowed' },
  { label: 'Inline page', value: 'data:text/html,<script>alert(1)</script>', refusedBecause: 'scheme data: is not allowed' },
  { label: 'Protocol-relative', value: '//evil.example/login', refusedBecause: 'protocol-relative URL' },
  { label: 'Backslash trick', value: 'x::/\\evil.example/login', refusedBecause: 'protocol-relative URL' },
  { label: 'Other site', value: 'partner::https://evil.example/deals', refusedBecause: 'other origin https://evil.example' },
];

const coverage = new ModelCoverage(jumpMenuMachine);
const model = createTestModel(jumpMenuMachine, {
  input: { origin: ORIGIN },
  events: OPTIONS.map((option) => ({ type: 'jump.option.chosen' as const, value: option.value })),
  filterEvents: (snapshot, event) => snapshot.can(event),
});

/**
 * The JumpMenu select, chosen from with user-event. The navigation effect is the boundary: it
 * is wired as wireEffects wires it, but with a stand-in for the browser's location and log.
 */
function jumpDriver(): PathDriver<JumpSnapshot, JumpEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  const location = { assign: vi.fn<(url: string) => void>() };
  const logger = { warn: vi.fn<(message: string) => void>() };
  let unwire = () => {};
  return {
    start: () => {
      user = userEvent.setup();
      const page = pageSettings();
      const actor = createActor(jumpMenuMachine, { input: { origin: ORIGIN }, inspect: coverage.inspect }).start();
      const actors = siteActorsWith(page, 'jumpMenu', actor);
      const navigation = actors.jumpMenu.on('navigation.requested', ({ url }) => navigateTo(url, location as unknown as Location));
      const refused = actors.jumpMenu.on('jump.target.refused', ({ value, reason }) => logRefusedTarget(value, reason, logger));
      unwire = () => {
        navigation.unsubscribe();
        refused.unsubscribe();
      };
      site = mountSite(
        <JumpMenu label="Go to" placeholder="Choose a page" options={OPTIONS.map(({ label, value }) => ({ label, value }))} />,
        page,
        actors,
      );
    },
    perform: async (event) => {
      const option = OPTIONS.find((o) => o.value === event.value);
      if (!option) throw new Error(`No option has the value ${event.value}`);
      location.assign.mockClear();
      logger.warn.mockClear();
      await user.click(screen.getByRole('button', { name: /Go to/ }));
      await user.click(screen.getByRole('option', { name: option.label }));
      if (option.navigatesTo) {
        expect(location.assign).toHaveBeenCalledTimes(1);
        expect(location.assign).toHaveBeenCalledWith(option.navigatesTo);
        expect(logger.warn).not.toHaveBeenCalled();
      } else {
        expect(location.assign).not.toHaveBeenCalled();
        expect(logger.warn).toHaveBeenCalledTimes(1);
        expect(logger.warn.mock.calls[0]?.[0]).toContain(`(${option.refusedBecause})`);
        expect(logger.warn.mock.calls[0]?.[0]).toContain(JSON.stringify(option.value));
      }
    },
    expectState: (state) => {
      expect(site?.actors.jumpMenu.getSnapshot().value).toEqual(state.value);
      // Ready: the menu can be used (again) and nothing else was asked of the browser.
      expect(screen.getByRole('button', { name: /Go to/ })).not.toHaveProperty('disabled', true);
      expect(screen.queryByRole('listbox')).toBeNull();
    },
    stop: () => {
      unwire();
      site?.unmount();
    },
  };
}

describe('jump menu machine, walked through the JumpMenu select and the navigation effect', () => {
  afterAll(() => {
    coverage.write();
  });

  // Every option is its own path: each kind of refused target must be refused.
  const paths = planPaths(model, jumpMenuMachine, { everyEdge: true });
  const title = (path: (typeof paths)[number]) => {
    const chosen = path.steps.at(-1)?.event;
    const option = OPTIONS.find((o) => chosen?.type === 'jump.option.chosen' && o.value === chosen.value);
    if (!option) return path.description;
    const outcome = option.navigatesTo ? `navigates to ${option.navigatesTo}` : `is refused and logged (${option.refusedBecause})`;
    return `choosing '${option.label}' (${option.value}) ${outcome}; ${path.description}`;
  };
  it.each(paths.map((path) => [title(path), path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, jumpDriver());
  });
});
