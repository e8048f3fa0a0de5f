/**
 * Page data kept in memory until the content changes: the same ContentSource, each answer
 * cached by method, arguments, the content version (content-version.ts) and the day (the
 * "upcoming" events and current rates depend on it). Only the buy page is always asked afresh:
 * it re-prices a stay.
 *
 *   const content = cachedContentSource(createContentService(db, settings), version);
 *
 * Concurrent requests for the same answer share one load; a failed load is not kept. At most
 * `maxEntries` answers are kept (the least recently used go first), so URLs made up by a
 * visitor cannot grow the cache without bound.
 */
import type { ContentSource } from '../../src/domain/content.ts';
import { slugWords } from '../../src/domain/similar-listings.ts';
import type { ContentVersion } from './content-version.ts';

export const CONTENT_CACHE_ENTRIES = 1_000;

/** A map that keeps at most `max` entries, forgetting the least recently used first. */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get size(): number {
    return this.map.size;
  }
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
  delete(key: K): void {
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
}

export function cachedContentSource(
  source: ContentSource,
  version: Pick<ContentVersion, 'current'>,
  options: { maxEntries?: number; today?: () => string } = {},
): ContentSource {
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const cache = new LruMap<string, Promise<unknown>>(options.maxEntries ?? CONTENT_CACHE_ENTRIES);
  let cachedVersion = '';

  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const current = `${await version.current()}@${today()}`;
    if (current !== cachedVersion) {
      cache.clear();
      cachedVersion = current;
    }
    const hit = cache.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const loading = load();
    cache.set(key, loading);
    loading.catch(() => cache.delete(key));
    return loading;
  }

  return {
    home: () => cached('home', () => source.home()),
    search: () => cached('search', () => source.search()),
    listing: (slug) => cached(`listing:${slug}`, () => source.listing(slug)),
    listingMoved: (slug) => cached(`moved:${slug}`, () => source.listingMoved?.(slug) ?? Promise.resolve(null)),
    // Keyed by the words that count, so made-up slugs share answers.
    similarListings: (slug) => cached(`similar:${slugWords(slug).join(' ')}`, () => source.similarListings(slug)),
    events: (kind) => cached(`events:${kind}`, () => source.events(kind)),
    event: (slug) => cached(`event:${slug}`, () => source.event(slug)),
    activities: () => cached('activities', () => source.activities()),
    item: (eid) => cached(`item:${eid}`, () => source.item(eid)),
    buy: (eid, query) => source.buy(eid, query),
    favourites: (docIds) => cached(`favourites:${JSON.stringify(docIds)}`, () => source.favourites(docIds)),
    inquiry: () => cached('inquiry', () => source.inquiry()),
    page: (slug) => cached(`page:${slug}`, () => source.page(slug)),
    // Checkout data (countries, payment options) changes with the settings only; a confirmation is
    // a guest's booking, read each time and never kept.
    checkout: () => cached('checkout', () => source.checkout()),
    confirmation: (code) => source.confirmation(code),
  };
}
