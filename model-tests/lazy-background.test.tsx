import { act, render } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { InspectProvider } from '@/bindings/inspect-context';
import { BACKGROUND_GIVE_UP_MS, BACKGROUND_RECHECK_MS, lazyBackgroundMachine } from '@/machines/lazy-background-machine';
import { LazyBackground } from '@/views/ui/lazy-background';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { TestIntersectionObserver } from './test-intersection-observer';

type BackgroundSnapshot = SnapshotFrom<typeof lazyBackgroundMachine>;
type BackgroundEvent = EventFrom<typeof lazyBackgroundMachine>;
type ModelEvent = Via<BackgroundEvent>;

const PHOTO = { src: '/media/events/7/cover.svg', caption: 'Harbour lights', width: 640, height: 400 };

const events: ModelEvent[] = [
  { type: 'background.checked', visible: true, elapsed: BACKGROUND_RECHECK_MS, via: 'the area is in view at the next recheck' },
  { type: 'background.checked', visible: false, elapsed: BACKGROUND_GIVE_UP_MS, via: 'the area stays out of view for 3000 ms' },
  { type: 'background.seen', via: 'the visitor scrolls to the area later' },
  { type: 'background.loaded', via: 'the image arrives' },
  { type: 'background.failed', message: 'The image could not be loaded', via: 'the image fails' },
];

const model = createTestModel(lazyBackgroundMachine, {
  events,
  filterEvents: (snapshot, event) => snapshot.can(event),
});
const coverage = new ModelCoverage(lazyBackgroundMachine);

/** The images the effect asked the browser for; a test says whether each loads. */
class TestImage {
  static made: TestImage[] = [];
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  src = '';
  constructor() {
    TestImage.made.push(this);
  }
}

/** An event card's lazy background with the browser's clock, layout, observer and image loads stood in for. */
function backgroundDriver(): PathDriver<BackgroundSnapshot, BackgroundEvent> {
  let unmount: (() => void) | null = null;
  let inView = false;
  let looks = 0;
  const area = () => document.querySelector('.lazy-background') as HTMLElement;
  return {
    start: () => {
      vi.useFakeTimers();
      TestImage.made = [];
      vi.stubGlobal('Image', TestImage);
      vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
      inView = false;
      looks = 0;
      // Below the fold until the test scrolls it into view.
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => {
        looks++;
        const top = inView ? 100 : 5000;
        return { x: 0, y: top, top, left: 0, width: 320, height: 200, right: 320, bottom: top + 200, toJSON: () => ({}) } as DOMRect;
      });
      unmount = render(
        <InspectProvider inspect={coverage.inspect}>
          <LazyBackground photo={PHOTO} />
        </InspectProvider>,
      ).unmount;
      // The first look, at once: out of view.
      act(() => vi.advanceTimersByTime(0));
      expect(looks).toBe(1);
    },
    perform: (event) => {
      switch (event.type) {
        case 'background.checked':
          if (event.visible) {
            inView = true;
            // Nothing happens until the next recheck, 500 ms later.
            act(() => vi.advanceTimersByTime(BACKGROUND_RECHECK_MS - 1));
            expect(TestImage.made).toHaveLength(0);
            act(() => vi.advanceTimersByTime(1));
            return;
          }
          act(() => vi.advanceTimersByTime(BACKGROUND_GIVE_UP_MS - 1));
          expect(area().dataset.state).toBe('rechecking');
          act(() => vi.advanceTimersByTime(1));
          // A look at once, then every 500 ms up to 3000 ms: seven in all.
          expect(looks).toBe(BACKGROUND_GIVE_UP_MS / BACKGROUND_RECHECK_MS + 1);
          return;
        case 'background.seen':
          inView = true;
          return act(() => TestIntersectionObserver.reveal(area()));
        case 'background.loaded':
          return act(() => TestImage.made.at(-1)?.onload?.());
        case 'background.failed':
          return act(() => TestImage.made.at(-1)?.onerror?.());
      }
    },
    expectState: (state) => {
      const element = area();
      expect(element.dataset.state).toBe(state.value);
      expect(element.style.backgroundImage).toBe(state.matches('shown') ? `url("${PHOTO.src}")` : '');
      const loadAsked = state.matches('loading') || state.matches('shown') || state.matches('failed');
      expect(TestImage.made.map((image) => image.src)).toEqual(loadAsked ? [PHOTO.src] : []);
      if (state.matches('rechecking')) expect(vi.getTimerCount()).toBe(1);
      else {
        // No recheck timer is left: more time passes without another look.
        expect(vi.getTimerCount()).toBe(0);
        const before = looks;
        act(() => vi.advanceTimersByTime(BACKGROUND_GIVE_UP_MS));
        expect(looks).toBe(before);
      }
      expect(TestIntersectionObserver.watching(element)).toHaveLength(state.matches('gaveUp') ? 1 : 0);
    },
    stop: () => {
      unmount?.();
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
      vi.useRealTimers();
      TestIntersectionObserver.observers.clear();
    },
  };
}

describe('lazy background machine, walked through an event card', () => {
  afterAll(() => coverage.write());
  afterEach(() => vi.useRealTimers());

  for (const path of planPaths(model, lazyBackgroundMachine)) {
    it(path.description, async () => {
      await runPath(path, coverage, backgroundDriver());
    });
  }
});
