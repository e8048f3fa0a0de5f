/**
 * jsdom has no IntersectionObserver, and visibility.ts reports every element at once without
 * one; this one reports an element only when the test says it came into view.
 */
export class TestIntersectionObserver {
  static readonly observers = new Set<TestIntersectionObserver>();
  readonly root = null;
  readonly rootMargin: string;
  readonly thresholds = [0];
  readonly targets = new Set<Element>();

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.rootMargin = options?.rootMargin ?? '0px';
    TestIntersectionObserver.observers.add(this);
  }

  observe(target: Element) {
    this.targets.add(target);
  }

  unobserve(target: Element) {
    this.targets.delete(target);
  }

  disconnect() {
    this.targets.clear();
    TestIntersectionObserver.observers.delete(this);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** The observers watching an element. */
  static watching(target: Element): TestIntersectionObserver[] {
    return [...TestIntersectionObserver.observers].filter((observer) => observer.targets.has(target));
  }

  /** The element came into view: every observer watching it is told. */
  static reveal(target: Element) {
    for (const observer of TestIntersectionObserver.watching(target)) {
      const rect = target.getBoundingClientRect();
      const entry = { target, isIntersecting: true, intersectionRatio: 1, boundingClientRect: rect, intersectionRect: rect, rootBounds: null, time: 0 };
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }
}
