import { useActorRef, useSelector } from '@xstate/react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { MOBILE_MAX_WIDTH } from '@/domain/slider';
import { bindSliderFullscreen, bindSliderLayout, startCarousel, throttledResizes } from '@/effects/slider-carousel';
import { sliderMachine, type SliderInput } from '@/machines/slider-machine';
import { deferred } from './deferred';

/**
 * embla, loaded once the slider has rendered (issue 24): the server's HTML already shows the first
 * slide centred at its final size, so the carousel is needed only to move the track. Its code and
 * each carousel's first measuring then run in tasks of their own after hydration instead of inside
 * it (about 35 ms of the listing's longest start-up task on a phone at 4× CPU), and its 7 kB leave
 * the listing's first script.
 */
const emblaModule = deferred(() => import('embla-carousel'));
const loadEmbla = () => emblaModule.load().then((module) => module.default);

/** An inspector for the sliders' actors (model tests, dev tools); none on the site. */
export const SliderInspectorContext = createContext<((event: InspectionEvent) => void) | undefined>(undefined);

export interface SliderHandle {
  /** The carousel's viewport: embla measures and moves what is inside it. */
  viewportRef: (element: HTMLElement | null) => void;
  /** The slider's outer element: the one shown fullscreen. */
  rootRef: (element: HTMLElement | null) => void;
  index: number;
  loaded: readonly number[];
  isFullscreen: boolean;
  canGoFullscreen: boolean;
  next: () => void;
  previous: () => void;
  select: (index: number) => void;
  toggleFullscreen: () => void;
}

/**
 * One slider: its own slide machine, an embla carousel in the viewport, and the effects that tie
 * them (the carousel follows the machine, a swipe tells the machine; resizes throttled to 100 ms;
 * the mobile breakpoint; fullscreen). `dragOnlyOnMobile`: spec §9, the listing slider can be
 * dragged below 768 px only.
 */
export function useSlider(input: SliderInput, { dragOnlyOnMobile = false }: { dragOnlyOnMobile?: boolean } = {}): SliderHandle {
  const inspect = useContext(SliderInspectorContext);
  const actor = useActorRef(sliderMachine, { input, inspect });
  const index = useSelector(actor, (s) => s.context.index);
  const loaded = useSelector(actor, (s) => s.context.loaded);
  const isFullscreen = useSelector(actor, (s) => s.hasTag('fullscreen'));
  const canGoFullscreen = useSelector(actor, (s) => s.can({ type: 'slider.fullscreen.toggled' }));
  const resizes = useMemo(() => throttledResizes(), []);
  const options = useMemo<EmblaOptionsType>(
    () => ({
      loop: true,
      align: 'center',
      // Every slide is a stop (no trimmed snaps), so slide n is snap n.
      containScroll: false,
      watchResize: (carousel: EmblaCarouselType, entries: ResizeObserverEntry[]) => resizes.watch(carousel, entries),
      ...(dragOnlyOnMobile ? { watchDrag: false, breakpoints: { [`(max-width: ${MOBILE_MAX_WIDTH}px)`]: { watchDrag: true } } } : {}),
    }),
    [dragOnlyOnMobile, resizes],
  );
  const viewport = useRef<HTMLElement | null>(null);
  const root = useRef<HTMLElement | null>(null);

  useEffect(() => (viewport.current ? startCarousel(actor, viewport.current, options, loadEmbla) : undefined), [actor, options]);
  useEffect(() => {
    const subscription = resizes.reInit$.subscribe((resized) => resized.reInit());
    return () => subscription.unsubscribe();
  }, [resizes]);
  useEffect(() => bindSliderLayout(actor), [actor]);
  useEffect(() => bindSliderFullscreen(actor, () => root.current), [actor]);

  const rootRef = useCallback((element: HTMLElement | null) => {
    root.current = element;
  }, []);
  const viewportRef = useCallback((element: HTMLElement | null) => {
    viewport.current = element;
  }, []);
  return {
    viewportRef,
    rootRef,
    index,
    loaded,
    isFullscreen,
    canGoFullscreen,
    next: useCallback(() => actor.send({ type: 'slider.next' }), [actor]),
    previous: useCallback(() => actor.send({ type: 'slider.previous' }), [actor]),
    select: useCallback((chosen: number) => actor.send({ type: 'slider.selected', index: chosen }), [actor]),
    toggleFullscreen: useCallback(() => actor.send({ type: 'slider.fullscreen.toggled' }), [actor]),
  };
}
