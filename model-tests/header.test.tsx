import { act, screen } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { wireEffects } from '@/app/wire-effects';
import { headerMachine } from '@/machines/header-machine';
import { Header } from '@/views/shell/header';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';
import { mountSite, pageSettings, siteActorsWith, type MountedSite } from './site-harness';

type HeaderSnapshot = SnapshotFrom<typeof headerMachine>;
type HeaderEvent = EventFrom<typeof headerMachine>;

const coverage = new ModelCoverage(headerMachine);
const model = createTestModel(headerMachine, {
  // At the very top, and scrolled a little way down the page.
  events: [
    { type: 'header.scrolled', y: 0 },
    { type: 'header.scrolled', y: 240 },
  ],
  filterEvents: (snapshot, event) => snapshot.can(event),
});

function setScrollY(y: number) {
  // jsdom's scrollY is a replaceable property, as in browsers.
  (window as unknown as { scrollY: number }).scrollY = y;
}

/** The page header with the app's scroll effect (wireEffects), driven by scroll events and fake timers. */
function headerDriver(): PathDriver<HeaderSnapshot, HeaderEvent> {
  let site: MountedSite | null = null;
  let dispose = () => {};
  const banner = () => screen.getByRole('banner');
  const isTiny = () => banner().hasAttribute('data-tiny');
  return {
    start: () => {
      vi.useFakeTimers();
      setScrollY(0);
      const page = pageSettings();
      const actors = siteActorsWith(page, 'header', createActor(headerMachine, { inspect: coverage.inspect }).start());
      dispose = wireEffects(actors, page);
      site = mountSite(<Header currentPath="/" />, page, actors);
    },
    perform: (event, before) => {
      setScrollY(event.y);
      act(() => {
        window.dispatchEvent(new Event('scroll'));
      });
      // Spec §9: the compact check runs 100 ms after scrolling stops, not before.
      act(() => vi.advanceTimersByTime(99));
      expect(isTiny()).toBe(before.matches('tiny'));
      act(() => vi.advanceTimersByTime(1));
    },
    expectState: (state) => {
      expect(site?.actors.header.getSnapshot().value).toEqual(state.value);
      expect(isTiny()).toBe(state.matches('tiny'));
      expect(banner().getAttribute('data-tiny')).toBe(state.matches('tiny') ? 'true' : null);
    },
    stop: () => {
      dispose();
      site?.unmount();
      vi.useRealTimers();
      setScrollY(0);
    },
  };
}

describe('header machine, walked through the page header and the scroll effect', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, headerMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, headerDriver());
  });
});
