import { expect, test } from './fixtures';

/**
 * Issue 24: a page's first Intl object loads the locale's data, a task of 50–60 ms on a phone
 * (4× CPU) wherever it falls in the start. Prices, counts and dates are written without Intl, so
 * no page makes one until the visitor asks for something that needs it (a date picker, another
 * currency). Every Intl entry point is watched from before the page's first script.
 */
const PATHS = ['/', '/search', '/search/map', '/events', '/things-to-do', '/favourites', '/mytrip', '/rescms/order/checkout', '/inquiry', '/about-us'];

test('no page uses Intl while it starts', async ({ page, stays }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { intlCalls: string[] }).intlCalls = calls;
    const intl = Intl as unknown as Record<string, unknown>;
    for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'Locale', 'DisplayNames', 'ListFormat', 'RelativeTimeFormat', 'Segmenter']) {
      const original = intl[name] as (new (...args: unknown[]) => object) | undefined;
      if (typeof original !== 'function') continue;
      const watched = new Proxy(original, {
        construct: (target, args: unknown[]) => (calls.push(`new Intl.${name}`), new target(...args)),
        apply: (target, self, args: unknown[]) => (calls.push(`Intl.${name}()`), Reflect.apply(target, self, args) as unknown),
      });
      intl[name] = watched;
    }
    const methods: Array<[object, string]> = [
      [Number.prototype, 'toLocaleString'],
      [BigInt.prototype, 'toLocaleString'],
      [String.prototype, 'localeCompare'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [Array.prototype, 'toLocaleString'],
    ];
    for (const [prototype, method] of methods) {
      const original = (prototype as Record<string, (...args: unknown[]) => unknown>)[method]!;
      Object.defineProperty(prototype, method, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          calls.push(method);
          return original.apply(this, args);
        },
      });
    }
  });
  for (const path of [...PATHS, `/listing/${stays.bookable.slug}`]) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // A moment after hydration: the work the start leaves for later (idle callbacks, lazy parts) runs too.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { intlCalls: string[] }).intlCalls), path).toEqual([]);
  }
});
