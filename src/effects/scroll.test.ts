import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollPosition$ } from './scroll';

describe('scrollPosition$', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports the position at once, then 100 ms after scrolling stops', () => {
    const seen: number[] = [];
    const subscription = scrollPosition$(window).subscribe((y) => seen.push(y));
    expect(seen).toEqual([0]);
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(50);
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([0, 300]);
    subscription.unsubscribe();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
