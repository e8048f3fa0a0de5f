import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { createSiteActors } from '@/bindings/actors/site-actors';
import { SliderInspectorContext } from '@/bindings/slider-hooks';
import type { Photo } from '@/domain/content';
import { sliderMachine } from '@/machines/slider-machine';
import { PhotoSlider } from '@/views/listing/photo-slider';
import { ModelCoverage, planPaths, runPath, type PathDriver } from './coverage';
import { mountSite, pageSettings, type MountedSite } from './site-harness';
import { TestIntersectionObserver } from './test-intersection-observer';

type SliderSnapshot = SnapshotFrom<typeof sliderMachine>;
type SliderEvent = EventFrom<typeof sliderMachine>;

/** Four photos: enough to loop, with one slide beyond the preload of 2 on either side of the first… and not of the third. */
const PHOTOS: Photo[] = ['Pool', 'Living room', 'Kitchen', 'Beach'].map((caption, i) => ({ src: `/media/units/1/${i + 1}.svg`, caption, width: 1200, height: 800 }));
const WIDTH = 300;

const coverage = new ModelCoverage(sliderMachine);
const model = createTestModel(sliderMachine, {
  input: { count: PHOTOS.length, preload: 2, fullscreen: true },
  events: [
    { type: 'slider.next' },
    { type: 'slider.previous' },
    { type: 'slider.selected', index: 2 },
    { type: 'slider.settled', index: 1 },
    { type: 'slider.layout.changed', layout: 'mobile' },
    { type: 'slider.layout.changed', layout: 'desktop' },
    { type: 'slider.fullscreen.toggled' },
    { type: 'slider.fullscreen.exited' },
  ],
  filterEvents: (snapshot, event) => {
    // A swipe is possible on mobile only (spec §9: dragging only below 768 px), to a neighbour.
    if (event.type === 'slider.settled') return snapshot.context.layout === 'mobile' && snapshot.can(event) && snapshot.context.index === 0;
    if (event.type === 'slider.layout.changed') return event.layout !== snapshot.context.layout;
    // The browser leaves fullscreen only when the page is in it.
    if (event.type === 'slider.fullscreen.exited') return snapshot.hasTag('fullscreen');
    return snapshot.can(event);
  },
});

/** A media query list whose answer the test sets: the viewport's width below or above 768 px. */
class TestMediaQueries {
  mobile = false;
  private readonly lists = new Set<{ media: string; listeners: Set<() => void> }>();
  matchMedia = (media: string) => {
    const entry = { media, listeners: new Set<() => void>() };
    this.lists.add(entry);
    const matches = () => this.matches(media);
    return {
      media,
      get matches() {
        return matches();
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => entry.listeners.delete(listener),
      addListener: (listener: () => void) => entry.listeners.add(listener),
      removeListener: (listener: () => void) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    };
  };
  private matches(media: string): boolean {
    return media.includes('max-width: 767px') ? this.mobile : false;
  }
  resize(mobile: boolean) {
    this.mobile = mobile;
    for (const entry of [...this.lists]) for (const listener of [...entry.listeners]) listener();
  }
}

class TestResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** jsdom lays nothing out: each slide is WIDTH wide, side by side, in a viewport as wide as one. */
function layOut() {
  const width = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('slider__slide') || this.classList.contains('slider__viewport') || this.classList.contains('slider__track') ? WIDTH : 0;
  });
  const left = vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains('slider__slide')) return 0;
    return [...(this.parentElement?.children ?? [])].indexOf(this) * WIDTH;
  });
  // embla lets a carousel be dragged only when it is laid out (its track has an offset parent).
  const parent = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
    return this.parentElement;
  });
  return () => {
    width.mockRestore();
    left.mockRestore();
    parent.mockRestore();
  };
}

/** A quick swipe to the left across the carousel, as a finger (embla reads mouse and touch events). */
function swipeLeft(viewport: Element) {
  const track = viewport.firstElementChild!;
  fireEvent.mouseDown(track, { clientX: 250, clientY: 50, button: 0, buttons: 1 });
  fireEvent.mouseMove(document, { clientX: 200, clientY: 50, buttons: 1 });
  fireEvent.mouseMove(document, { clientX: 60, clientY: 50, buttons: 1 });
  fireEvent.mouseUp(document, { clientX: 40, clientY: 50 });
}

/** The listing's PhotoSlider with its real embla carousel and effects; the browser's media queries, sizes and fullscreen are the boundary. */
function sliderDriver({ beforeCarousel }: { beforeCarousel?: (region: HTMLElement) => void } = {}): PathDriver<SliderSnapshot, SliderEvent> {
  let site: MountedSite | null = null;
  let user: UserEvent = userEvent.setup();
  let media = new TestMediaQueries();
  let restoreLayout = () => {};
  let fullscreenElement: Element | null = null;
  const region = () => screen.getByRole('region', { name: 'Photos of Dune House' });
  const slides = () => within(region()).getAllByRole('group');
  return {
    start: async () => {
      media = new TestMediaQueries();
      user = userEvent.setup();
      vi.stubGlobal('matchMedia', media.matchMedia);
      // embla asks the document's own window (jsdom's, which has no matchMedia), not the global one.
      Object.defineProperty(document.defaultView!, 'matchMedia', { configurable: true, writable: true, value: media.matchMedia });
      vi.stubGlobal('ResizeObserver', TestResizeObserver);
      vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
      restoreLayout = layOut();
      fullscreenElement = null;
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
      const enter = (element: HTMLElement) => {
        fullscreenElement = element;
        document.dispatchEvent(new Event('fullscreenchange'));
        return Promise.resolve();
      };
      HTMLElement.prototype.requestFullscreen = function (this: HTMLElement) {
        return enter(this);
      };
      document.exitFullscreen = () => {
        fullscreenElement = null;
        document.dispatchEvent(new Event('fullscreenchange'));
        return Promise.resolve();
      };
      const page = pageSettings();
      const actors = createSiteActors(page, window.location.origin);
      site = mountSite(
        <SliderInspectorContext.Provider value={coverage.inspect}>
          <PhotoSlider photos={PHOTOS} name="Dune House" />
        </SliderInspectorContext.Provider>,
        page,
        actors,
      );
      beforeCarousel?.(region());
      // The carousel's code arrives after the slider has rendered (issue 24); once it has, it positions the track.
      await waitFor(() => expect(region().querySelector<HTMLElement>('.slider__track')?.style.transform).toMatch(/translate3d/));
    },
    perform: async (event, before) => {
      switch (event.type) {
        case 'slider.next':
          if (before.context.index === 1) await user.click(within(region()).getByRole('button', { name: 'Next photo' }));
          else {
            within(region()).getByRole('button', { name: new RegExp(`^Show photo ${before.context.index + 1}:`) }).focus();
            await user.keyboard('{ArrowRight}');
          }
          return;
        case 'slider.previous':
          if (before.context.index === 0) await user.click(within(region()).getByRole('button', { name: 'Previous photo' }));
          else {
            within(region()).getByRole('button', { name: new RegExp(`^Show photo ${before.context.index + 1}:`) }).focus();
            await user.keyboard('{ArrowLeft}');
          }
          return;
        case 'slider.selected':
          await user.click(within(region()).getByRole('button', { name: `Show photo ${event.index + 1}: ${PHOTOS[event.index]!.caption}` }));
          return;
        case 'slider.settled':
          act(() => swipeLeft(region().querySelector('.slider__viewport')!));
          return;
        case 'slider.layout.changed':
          act(() => media.resize(event.layout === 'mobile'));
          return;
        case 'slider.fullscreen.toggled':
          await user.click(within(region()).getByRole('button', { name: before.hasTag('fullscreen') ? 'Close fullscreen' : 'Fullscreen' }));
          return;
        case 'slider.fullscreen.exited':
          // The visitor pressed Escape: the browser leaves fullscreen by itself.
          act(() => {
            fullscreenElement = null;
            document.dispatchEvent(new Event('fullscreenchange'));
          });
          return;
      }
    },
    expectState: async (state) => {
      const { index, loaded } = state.context;
      // The main mark, the current thumbnail and the live region follow the shown slide.
      const all = slides();
      expect(all.map((slide) => slide.hasAttribute('data-main-slide'))).toEqual(PHOTOS.map((_, i) => i === index));
      expect(all[index]?.getAttribute('aria-label')).toBe(`${index + 1} of ${PHOTOS.length}`);
      expect(within(region()).getByRole('button', { name: `Show photo ${index + 1}: ${PHOTOS[index]!.caption}` })?.getAttribute('aria-current')).toBe('true');
      expect(within(region()).getByText(`Photo ${index + 1} of ${PHOTOS.length}: ${PHOTOS[index]!.caption}`)?.getAttribute('aria-live')).toBe('polite');
      // Images of the shown slide and 2 on either side load; the others wait.
      expect(all.map((slide) => slide.querySelector('img:not(noscript img)') !== null)).toEqual(PHOTOS.map((_, i) => loaded.includes(i)));
      expect(all[0]!.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');
      // Fullscreen: the browser shows the slider; the button is offered on desktop only.
      const fullscreen = state.hasTag('fullscreen');
      expect(fullscreenElement === region()).toBe(fullscreen);
      expect(region().hasAttribute('data-fullscreen')).toBe(fullscreen);
      const button = within(region()).queryByRole('button', { name: /fullscreen/i });
      if (fullscreen) expect(button?.getAttribute('aria-pressed')).toBe('true');
      else if (state.context.layout === 'mobile') expect(button).toBeNull();
      else expect(button?.getAttribute('aria-pressed')).toBe('false');
      await Promise.resolve();
    },
    stop: () => {
      site?.unmount();
      restoreLayout();
      vi.unstubAllGlobals();
    },
  };
}

describe('slider machine, walked through the listing photo slider and its embla carousel', () => {
  afterAll(() => {
    coverage.write();
  });

  const paths = planPaths(model, sliderMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, sliderDriver());
  });

  it('starts the carousel on a slide chosen before its code arrived: a swipe then goes on from that slide', async () => {
    const driver = sliderDriver({ beforeCarousel: (region) => fireEvent.click(within(region).getByRole('button', { name: 'Next photo' })) });
    const before = createActor(sliderMachine, { input: { count: PHOTOS.length, preload: 2, fullscreen: true } }).getSnapshot();
    await driver.start();
    try {
      await driver.perform({ type: 'slider.layout.changed', layout: 'mobile' }, before);
      await driver.perform({ type: 'slider.settled', index: 2 }, before);
      const region = screen.getByRole('region', { name: 'Photos of Dune House' });
      await waitFor(() => expect(region.querySelector('[data-main-slide]')?.getAttribute('aria-label')).toBe(`3 of ${PHOTOS.length}`));
    } finally {
      driver.stop();
    }
  });
});
