import { assign, emit, setup } from 'xstate';
import { slidesToLoad, type SliderLayout } from '@/domain/slider';

export interface SliderInput {
  count: number;
  /** Images loaded on either side of the shown slide (spec §9 Listing slider: 2). */
  preload: number;
  /** Whether the slider may be shown fullscreen on desktop (spec §9: the listing slider may; never on mobile). */
  fullscreen: boolean;
}

export interface SliderContext {
  count: number;
  preload: number;
  allowsFullscreen: boolean;
  /** The slide marked main (spec §4 Page elements: the mark moves with each slide change). */
  index: number;
  /** Slides whose images are loaded (the shown one and `preload` on each side, as slides are shown). */
  loaded: number[];
  layout: SliderLayout;
}

export type SliderEvent =
  | { type: 'slider.next' }
  | { type: 'slider.previous' }
  /** A thumbnail was chosen. */
  | { type: 'slider.selected'; index: number }
  /** The carousel settled on a slide by itself (a swipe): the mark follows, nothing is asked of it. */
  | { type: 'slider.settled'; index: number }
  /** The viewport crossed the mobile breakpoint (spec §9 Breakpoints: below 768 px). */
  | { type: 'slider.layout.changed'; layout: SliderLayout }
  | { type: 'slider.fullscreen.toggled' }
  /** The browser left fullscreen (Escape, or it refused to enter). */
  | { type: 'slider.fullscreen.exited' };

/** Effect requests: the carousel binding moves the carousel and enters or leaves fullscreen. */
export type SliderEmitted =
  | { type: 'slider.scroll'; index: number; direction: 'next' | 'previous' | 'jump' }
  | { type: 'slider.fullscreen.requested'; open: boolean };

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/**
 * One slider's slide state (spec §2 Listing detail page, §4 Page elements, §9 Listing slider): the
 * main slide moves with next / previous (looping from the last to the first), a chosen thumbnail
 * or a swipe; the images of the shown slide and `preload` on each side load; on desktop it may go
 * fullscreen, which mobile never does. Pure: the carousel (embla) is moved by the effect binding
 * that listens for `slider.scroll`, and reports swipes back as `slider.settled`.
 */
export const sliderMachine = setup({
  types: {
    input: {} as SliderInput,
    context: {} as SliderContext,
    events: {} as SliderEvent,
    emitted: {} as SliderEmitted,
  },
  guards: {
    hasSeveralSlides: ({ context }) => context.count > 1,
    isOtherSlide: ({ context, event }) =>
      'index' in event && Number.isInteger(event.index) && event.index >= 0 && event.index < context.count && event.index !== context.index,
    mayGoFullscreen: ({ context }) => context.allowsFullscreen && context.layout === 'desktop',
    isMobile: ({ event }) => event.type === 'slider.layout.changed' && event.layout === 'mobile',
  },
  actions: {
    showNext: assign(({ context }) => {
      const index = wrap(context.index + 1, context.count);
      return { index, loaded: slidesToLoad(context.loaded, index, context.count, context.preload) };
    }),
    showPrevious: assign(({ context }) => {
      const index = wrap(context.index - 1, context.count);
      return { index, loaded: slidesToLoad(context.loaded, index, context.count, context.preload) };
    }),
    showChosen: assign(({ context, event }) => {
      const index = 'index' in event ? event.index : context.index;
      return { index, loaded: slidesToLoad(context.loaded, index, context.count, context.preload) };
    }),
    scrollNext: emit(({ context }) => ({ type: 'slider.scroll' as const, index: context.index, direction: 'next' as const })),
    scrollPrevious: emit(({ context }) => ({ type: 'slider.scroll' as const, index: context.index, direction: 'previous' as const })),
    scrollToChosen: emit(({ context }) => ({ type: 'slider.scroll' as const, index: context.index, direction: 'jump' as const })),
    setLayout: assign({ layout: ({ context, event }) => (event.type === 'slider.layout.changed' ? event.layout : context.layout) }),
    openFullscreen: emit({ type: 'slider.fullscreen.requested', open: true }),
    closeFullscreen: emit({ type: 'slider.fullscreen.requested', open: false }),
  },
}).createMachine({
  id: 'slider',
  context: ({ input }) => ({
    count: input.count,
    preload: input.preload,
    allowsFullscreen: input.fullscreen,
    index: 0,
    loaded: slidesToLoad([], 0, input.count, input.preload),
    // The server draws desktop and mobile with CSS alone; the media-query effect says which it is.
    layout: 'desktop',
  }),
  on: {
    'slider.next': { guard: 'hasSeveralSlides', actions: ['showNext', 'scrollNext'] },
    'slider.previous': { guard: 'hasSeveralSlides', actions: ['showPrevious', 'scrollPrevious'] },
    'slider.selected': { guard: 'isOtherSlide', actions: ['showChosen', 'scrollToChosen'] },
    'slider.settled': { guard: 'isOtherSlide', actions: 'showChosen' },
    'slider.layout.changed': { actions: 'setLayout' },
  },
  initial: 'inline',
  states: {
    inline: {
      on: { 'slider.fullscreen.toggled': { guard: 'mayGoFullscreen', target: 'fullscreen', actions: 'openFullscreen' } },
    },
    fullscreen: {
      tags: ['fullscreen'],
      on: {
        'slider.fullscreen.toggled': { target: 'inline', actions: 'closeFullscreen' },
        'slider.fullscreen.exited': { target: 'inline' },
        // Spec §9: no fullscreen on mobile.
        'slider.layout.changed': { guard: 'isMobile', target: 'inline', actions: ['setLayout', 'closeFullscreen'] },
      },
    },
  },
});
