import { asyncScheduler, defer, fromEvent, merge, Observable, Subject, Subscription, throttleTime } from 'rxjs';
import type { Actor } from 'xstate';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { MOBILE_MAX_WIDTH, type SliderLayout } from '@/domain/slider';
import type { sliderMachine } from '@/machines/slider-machine';
import { yieldToMain } from './main-thread';

type SliderActor = Actor<typeof sliderMachine>;

/** Spec §9 Timing and sizes: the slider's resize handler is throttled to 100 ms. */
export const SLIDER_RESIZE_THROTTLE_MS = 100;

/** What the binding uses of an embla carousel (EmblaCarouselType): moving it and hearing where it settled. */
export interface CarouselEngine {
  scrollTo(index: number): void;
  scrollNext(): void;
  scrollPrev(): void;
  canScrollNext(): boolean;
  canScrollPrev(): boolean;
  selectedScrollSnap(): number;
  reInit(): void;
  on(event: 'select', callback: () => void): unknown;
  off(event: 'select', callback: () => void): unknown;
}

/**
 * Binds a slider actor to its carousel: the machine's `slider.scroll` requests move the carousel
 * (forwards or backwards round the loop, or straight to a chosen slide), and a slide the carousel
 * settled on by itself (a swipe) comes back as `slider.settled`. Returns the unbinding.
 */
export function bindCarousel(actor: SliderActor, carousel: CarouselEngine): () => void {
  const scrolls = actor.on('slider.scroll', ({ index, direction }) => {
    if (carousel.selectedScrollSnap() === index) return;
    if (direction === 'next' && carousel.canScrollNext()) carousel.scrollNext();
    else if (direction === 'previous' && carousel.canScrollPrev()) carousel.scrollPrev();
    else carousel.scrollTo(index);
  });
  const settled = () => actor.send({ type: 'slider.settled', index: carousel.selectedScrollSnap() });
  carousel.on('select', settled);
  return () => {
    scrolls.unsubscribe();
    carousel.off('select', settled);
  };
}

/** embla's constructor (the default export of 'embla-carousel'), loaded with its module. */
export type CarouselFactory = (viewport: HTMLElement, options: EmblaOptionsType) => EmblaCarouselType;

/**
 * Starts a slider's carousel once its code has arrived (issue 24: the carousel's code and its first
 * measuring stay out of the page's hydration): in a task of its own after the code's evaluation,
 * on the slide the machine shows by then (a tap on next or a thumbnail before it arrived counts),
 * and bound to the machine. A failed load is logged, and the first slide, which the server's HTML
 * already shows centred, stays in place. Returns the stop, which also takes the carousel down.
 */
export function startCarousel(actor: SliderActor, viewport: HTMLElement, options: EmblaOptionsType, load: () => Promise<CarouselFactory>): () => void {
  let carousel: EmblaCarouselType | null = null;
  let unbind = () => {};
  const arrived = async () => {
    const create = await load();
    await yieldToMain();
    return create;
  };
  const subscription = defer(arrived).subscribe({
    next: (create) => {
      carousel = create(viewport, { ...options, startIndex: actor.getSnapshot().context.index });
      unbind = bindCarousel(actor, carousel);
    },
    error: (error: unknown) => console.warn(`A slider could not start its carousel: ${error instanceof Error ? error.message : String(error)}`),
  });
  return () => {
    subscription.unsubscribe();
    unbind();
    carousel?.destroy();
  };
}

/**
 * Resizes of the carousel, throttled to 100 ms (spec §9): pass `resizes.watch` as embla's
 * watchResize, and subscribe `resizes.reInit$` to re-measure. Only a real change of a measured
 * width counts (the observer's first report of each element does not).
 */
export function throttledResizes() {
  const widths = new WeakMap<Element, number>();
  const changed = new Subject<CarouselEngine>();
  return {
    watch: (carousel: CarouselEngine, entries: ResizeObserverEntry[]): boolean => {
      let resized = false;
      for (const entry of entries) {
        const width = entry.contentRect.width;
        const before = widths.get(entry.target);
        widths.set(entry.target, width);
        if (before !== undefined && Math.abs(before - width) >= 0.5) resized = true;
      }
      if (resized) changed.next(carousel);
      return false;
    },
    reInit$: changed.pipe(throttleTime(SLIDER_RESIZE_THROTTLE_MS, asyncScheduler, { leading: false, trailing: true })),
  };
}

/** The viewport's layout (spec §9 Breakpoints: mobile below 768 px), now and on each change. */
export function sliderLayout$(): Observable<SliderLayout> {
  return new Observable<SliderLayout>((subscriber) => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
    const report = () => subscriber.next(query.matches ? 'mobile' : 'desktop');
    report();
    query.addEventListener('change', report);
    return () => query.removeEventListener('change', report);
  });
}

/** Sends the viewport's layout to the slider as it changes. */
export function bindSliderLayout(actor: SliderActor): () => void {
  const subscription = sliderLayout$().subscribe((layout) => actor.send({ type: 'slider.layout.changed', layout }));
  return () => subscription.unsubscribe();
}

/**
 * Fullscreen for a slider (spec §9: the listing slider on desktop): the machine's request enters or
 * leaves the browser's fullscreen with `element`; leaving it by the browser (Escape), or a refusal,
 * comes back as `slider.fullscreen.exited`.
 */
export function bindSliderFullscreen(actor: SliderActor, element: () => HTMLElement | null): () => void {
  const subscription = new Subscription();
  const exited = () => actor.send({ type: 'slider.fullscreen.exited' });
  subscription.add(
    actor.on('slider.fullscreen.requested', ({ open }) => {
      const root = element();
      if (open) {
        if (!root || typeof root.requestFullscreen !== 'function') return exited();
        root.requestFullscreen().catch(exited);
      } else if (document.fullscreenElement && typeof document.exitFullscreen === 'function') {
        document.exitFullscreen().catch(() => undefined);
      }
      return undefined;
    }),
  );
  subscription.add(
    merge(fromEvent(document, 'fullscreenchange'), fromEvent(document, 'fullscreenerror')).subscribe(() => {
      if (actor.getSnapshot().hasTag('fullscreen') && document.fullscreenElement !== element()) exited();
    }),
  );
  return () => subscription.unsubscribe();
}
