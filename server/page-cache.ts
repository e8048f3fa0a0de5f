/**
 * Rendered pages kept in memory until the content changes, so the same page is not rendered
 * again for every visitor (issue 10, Cheap server renders).
 *
 * A render is a function of the URL, the Accept header, the page settings (favourites, specials;
 * the site settings are the same for the whole process), the request's origin, the content
 * version and the day, and of nothing else. The cache key holds all of these. A page with
 * status messages (shown once) is never cached, nor a redirect, an error page or a render whose
 * data failed to load. Each render gets a random placeholder for the CSP nonce, which every
 * response replaces with its own nonce, so no two responses share one.
 *
 *   const pages = createPageCache({ version: () => contentVersion.current() });
 *   const result = await pages.render(renderer, options);  // as renderer.render(options)
 *
 * `variant(url)` adds what else a page depends on to its key: the search pages, rendered in the
 * built-in ranking's order, are kept per order, so a page kept from before the ranking changed is
 * not served with the old order while the browser reorders it to the new one (a layout shift).
 *
 * At most `maxBytes` of HTML are kept (the least recently used go first), so made-up URLs cannot
 * grow it without bound.
 */
import crypto from 'node:crypto';
import type { PageRenderer, RenderResult } from './renderer.ts';

export const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

type PageResult = Extract<RenderResult, { kind: 'page' }>;

interface Entry {
  result: PageResult;
  placeholder: string;
  bytes: number;
}

export interface PageCache {
  render(renderer: PageRenderer, options: Parameters<PageRenderer['render']>[0]): Promise<RenderResult>;
  readonly stats: { hits: number; misses: number; entries: number; bytes: number };
}

export function createPageCache(options: {
  version: () => Promise<string>;
  variant?: (url: string) => Promise<string>;
  maxBytes?: number;
  today?: () => string;
}): PageCache {
  const maxBytes = options.maxBytes ?? PAGE_CACHE_BYTES;
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry>>();
  const stats = { hits: 0, misses: 0, entries: 0, bytes: 0 };
  let cachedVersion = '';

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    stats.bytes -= entry.bytes;
  };
  const keep = (key: string, entry: Entry) => {
    forget(key);
    entries.set(key, entry);
    stats.bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (stats.bytes <= maxBytes) break;
      forget(oldest);
    }
    stats.entries = entries.size;
  };
  const withNonce = (entry: Entry, nonce: string): PageResult => ({ ...entry.result, html: entry.result.html.split(entry.placeholder).join(nonce) });

  return {
    stats,
    async render(renderer, renderOptions) {
      const { request, page, nonce } = renderOptions;
      if (page.messages.length > 0) return renderer.render(renderOptions);
      const current = `${await options.version()}@${today()}`;
      if (current !== cachedVersion) {
        entries.clear();
        stats.bytes = 0;
        cachedVersion = current;
      }
      const variant = options.variant ? await options.variant(new URL(request.url).pathname) : '';
      const key = JSON.stringify([request.url, request.headers.get('accept'), page.flagged, page.specials, variant]);
      const hit = entries.get(key);
      if (hit) {
        // Most recently used last: the oldest is forgotten first.
        entries.delete(key);
        entries.set(key, hit);
        stats.hits++;
        return withNonce(hit, nonce);
      }
      stats.misses++;
      // Concurrent first requests for one page share its render.
      let pending = rendering.get(key);
      if (!pending) {
        const placeholder = crypto.randomBytes(16).toString('base64');
        pending = renderer.render({ ...renderOptions, nonce: placeholder }).then((result) => {
          if (result.kind !== 'page') return Promise.reject(Object.assign(new Error('not cacheable'), { result }));
          const entry = { result, placeholder, bytes: result.html.length * 2 };
          if (result.status === 200 && result.failures.length === 0 && current === cachedVersion) keep(key, entry);
          return entry;
        });
        rendering.set(key, pending);
        void pending.then(
          () => rendering.delete(key),
          () => rendering.delete(key),
        );
      }
      try {
        return withNonce(await pending, nonce);
      } catch (error) {
        const notCacheable = (error as { result?: RenderResult }).result;
        if (notCacheable) return notCacheable;
        throw error;
      }
    },
  };
}
