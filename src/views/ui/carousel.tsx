import type { KeyboardEvent, ReactNode } from 'react';
import type { SliderHandle } from '@/bindings/slider-hooks';
import { MOBILE_MAX_WIDTH, type SliderLook } from '@/domain/slider';

export interface CarouselProps {
  slider: SliderHandle;
  /** The carousel's name, e.g. 'Photos of Dune House'. */
  label: string;
  /** What a slide is called in the controls and announcements: 'photo', 'tour'. */
  noun: string;
  look: SliderLook;
  className: string;
  id?: string;
  count: number;
  /** One slide's content; `loaded` says whether its media may load yet. */
  renderSlide: (index: number, loaded: boolean) => ReactNode;
  /** A slide's extra attributes (e.g. the community-photo mark). */
  slideData?: (index: number) => Record<`data-${string}`, string | undefined>;
  /** The polite announcement of the shown slide, e.g. 'Photo 2 of 10: Pool'. */
  announce: (index: number) => string;
  /** Below the slides: thumbnails, say. */
  children?: ReactNode;
}

/**
 * The sizes of one kind of slider as CSS custom properties (styles.css lays the slides out with
 * them): the centre slide's share of the width, narrower below the slider's breakpoint, the
 * mobile look below 768 px (spec §9 Breakpoints), the aspect ratio, the height limit and the gap.
 */
function sliderCss(className: string, look: SliderLook): string {
  const selector = `.slider.${className}`;
  const rules = [
    `${selector}{--slider-center:${look.centerArea};--slider-aspect:${look.aspect};--slider-max-height:${look.maxHeight.desktop}px;--slider-gap:${look.spacing}px${look.maxWidth ? `;max-width:${look.maxWidth}px` : ''}}`,
    `@media (max-width:${look.breakpoint - 0.02}px){${selector}{--slider-center:${look.breakpointCenterArea}}}`,
  ];
  if (look.mobile) {
    rules.push(`@media (max-width:${MOBILE_MAX_WIDTH + 0.98}px){${selector}{--slider-center:${look.mobile.centerArea};--slider-max-height:${look.mobile.maxHeight}px}}`);
  }
  return rules.join('');
}

/**
 * A carousel in the WAI-ARIA pattern: a region described as a carousel, each slide a group
 * described as a slide and named 'n of m', previous / next buttons, the arrow keys, and a polite
 * live region naming the shown slide. The shown slide is marked main (data-main-slide). Its sizes
 * come from CSS alone (custom properties of `look`), so the server's HTML already has the first
 * slide at its final size and nothing moves when the carousel starts.
 */
export function Carousel({ slider, label, noun, look, className, id, count, renderSlide, slideData, announce, children }: CarouselProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') slider.next();
    else if (event.key === 'ArrowLeft') slider.previous();
    else return;
    event.preventDefault();
  };
  const several = count > 1;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <section
      ref={slider.rootRef}
      id={id}
      className={`slider ${className}`}
      aria-roledescription="carousel"
      aria-label={label}
      data-fullscreen={slider.isFullscreen || undefined}
      onKeyDown={onKeyDown}
    >
      <style>{sliderCss(className, look)}</style>
      <div className="slider__stage">
        {several && (
          <div className="slider__controls">
            <button type="button" className="slider__button slider__button--previous" aria-label={`Previous ${noun}`} onClick={slider.previous}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="slider__button slider__button--next" aria-label={`Next ${noun}`} onClick={slider.next}>
              <span aria-hidden="true">›</span>
            </button>
            {slider.canGoFullscreen || slider.isFullscreen ? (
              <button type="button" className="slider__button slider__button--fullscreen" aria-pressed={slider.isFullscreen} onClick={slider.toggleFullscreen}>
                {slider.isFullscreen ? 'Close fullscreen' : 'Fullscreen'}
              </button>
            ) : null}
          </div>
        )}
        <div className="slider__viewport" ref={slider.viewportRef}>
          <div className="slider__track">
            {Array.from({ length: count }, (_, index) => {
              const main = index === slider.index;
              return (
                <div
                  key={index}
                  className={`slider__slide${main ? ' slider__slide--main' : ''}`}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${count}`}
                  aria-current={main || undefined}
                  data-main-slide={main || undefined}
                  inert={!main}
                  {...slideData?.(index)}
                >
                  {renderSlide(index, slider.loaded.includes(index))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {several ? announce(slider.index) : ''}
      </p>
      {children}
      {several && <p className="visually-hidden">{`${Noun}s: use the arrow keys or the previous and next buttons.`}</p>}
    </section>
  );
}
