import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_CLEARANCE_PX, stickyHeaderPadding } from './sticky-header';

/** A ResizeObserver the test fires by hand. */
class HandResizeObserver {
  static last: HandResizeObserver | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: () => void) {
    HandResizeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}

function headerOf(height: () => number): HTMLElement {
  const header = document.createElement('header');
  header.getBoundingClientRect = () => ({ height: height() }) as DOMRect;
  return header;
}

describe('stickyHeaderPadding', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.style.scrollPaddingTop = '';
  });

  it("keeps the page's scroll padding at the header's height and the label's room, as the header changes", () => {
    vi.stubGlobal('ResizeObserver', HandResizeObserver);
    let height = 72.8;
    const header = headerOf(() => height);
    const stop = stickyHeaderPadding(header);
    expect(document.documentElement.style.scrollPaddingTop).toBe(`${73 + FOCUS_CLEARANCE_PX}px`);
    expect(HandResizeObserver.last?.observed).toEqual([header]);
    // Tiny once scrolled.
    height = 52;
    HandResizeObserver.last?.callback();
    expect(document.documentElement.style.scrollPaddingTop).toBe(`${52 + FOCUS_CLEARANCE_PX}px`);
    stop();
    expect(HandResizeObserver.last?.disconnected).toBe(true);
  });

  it('sets it once where the browser has no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const stop = stickyHeaderPadding(headerOf(() => 131.9));
    expect(document.documentElement.style.scrollPaddingTop).toBe(`${132 + FOCUS_CLEARANCE_PX}px`);
    stop();
  });
});
