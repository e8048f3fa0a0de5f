import { afterEach, describe, expect, it, vi } from 'vitest';
import { bottomOverlayPadding, FOCUS_CLEARANCE_PX, stickyHeaderPadding } from './sticky-header';

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
  unobserve(element: Element) {
    this.observed = this.observed.filter((observed) => observed !== element);
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

describe('bottomOverlayPadding', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.style.scrollPaddingBottom = '';
    document.body.replaceChildren();
  });

  it("keeps the page's bottom scroll padding at the cookie banner's height while it shows, and none without it", async () => {
    vi.stubGlobal('ResizeObserver', HandResizeObserver);
    const stop = bottomOverlayPadding();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
    const banner = document.createElement('section');
    banner.className = 'consent-banner';
    let height = 180.2;
    banner.getBoundingClientRect = () => ({ height }) as DOMRect;
    document.body.append(banner);
    await Promise.resolve();
    expect(document.documentElement.style.scrollPaddingBottom).toBe(`${181 + FOCUS_CLEARANCE_PX / 2}px`);
    expect(HandResizeObserver.last?.observed).toEqual([banner]);
    // The categories open: the banner grows.
    height = 320;
    HandResizeObserver.last?.callback();
    expect(document.documentElement.style.scrollPaddingBottom).toBe(`${320 + FOCUS_CLEARANCE_PX / 2}px`);
    banner.remove();
    await Promise.resolve();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
    stop();
    expect(HandResizeObserver.last?.disconnected).toBe(true);
  });
});
