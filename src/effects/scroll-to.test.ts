import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToElement$ } from './scroll-to';

/** A box that scrolls (600 px of content in 200 px) holding a target 300 px down; jsdom lays nothing out, so the sizes are given. */
function scroller(): { box: HTMLElement; target: HTMLElement } {
  const box = document.createElement('div');
  box.style.overflowY = 'auto';
  const target = document.createElement('form');
  box.append(target);
  document.body.append(box);
  Object.defineProperties(box, { scrollHeight: { value: 600 }, clientHeight: { value: 200 } });
  box.getBoundingClientRect = () => ({ top: 100 }) as DOMRect;
  target.getBoundingClientRect = () => ({ top: 100 + 300 - box.scrollTop }) as DOMRect;
  return { box, target };
}

describe('scrollToElement$', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });

  it('moves the scrolling box so the element sits 50 px below its top, easing over 500 ms', () => {
    const { box, target } = scroller();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const positions: number[] = [];
    let done = false;
    scrollToElement$(target, { offset: 50, durationMs: 500, reducedMotion: false }).subscribe({ next: (y) => positions.push(y), complete: () => (done = true) });
    const start = performance.now();
    for (const elapsed of [0, 100, 250, 400, 500]) {
      // Not there before 500 ms.
      expect(done).toBe(false);
      vi.spyOn(performance, 'now').mockReturnValue(start + elapsed);
      frames.splice(0).forEach((frame) => frame(start + elapsed));
    }
    expect(positions.at(-1)).toBe(250);
    expect(box.scrollTop).toBe(250);
    expect(done).toBe(true);
    // Under way in between, never past the target.
    expect(positions.some((y) => y > 0 && y < 250)).toBe(true);
    expect(Math.max(...positions)).toBe(250);
  });

  it('jumps at once when the visitor prefers reduced motion', () => {
    const { box, target } = scroller();
    const positions: number[] = [];
    scrollToElement$(target, { offset: 50, durationMs: 500, reducedMotion: true }).subscribe((y) => positions.push(y));
    expect(positions).toEqual([250]);
    expect(box.scrollTop).toBe(250);
  });

  it('stops at the end of what can scroll', () => {
    const { box, target } = scroller();
    target.getBoundingClientRect = () => ({ top: 100 + 580 - box.scrollTop }) as DOMRect;
    scrollToElement$(target, { offset: 50, durationMs: 500, reducedMotion: true }).subscribe();
    expect(box.scrollTop).toBe(400);
  });
});
