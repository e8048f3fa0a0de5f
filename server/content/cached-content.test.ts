import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource, HomePage } from '../../src/domain/content.ts';
import type { OpenDatabase } from '../db/client.ts';
import { areas } from '../db/schema.ts';
import { openTestDatabase } from '../test-support.ts';
import { cachedContentSource, LruMap } from './cached-content.ts';
import { contentFingerprint, createContentVersion } from './content-version.ts';

describe('the content version', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('changes when a row of a content table is added, edited or removed, and only then', async () => {
    const { db } = database;
    const empty = await contentFingerprint(db);
    expect(await contentFingerprint(db)).toBe(empty);
    await db.insert(areas).values({ id: 1, slug: 'pelican-point', name: 'Pelican Point', description: 'A quiet bay', latitude: 1, longitude: 2 });
    const added = await contentFingerprint(db);
    expect(added).not.toBe(empty);
    // The same row count, another text: still seen.
    await db.update(areas).set({ name: 'Pelican Point North' }).where(eq(areas.id, 1));
    const edited = await contentFingerprint(db);
    expect(edited).not.toBe(added);
    expect(await contentFingerprint(db)).toBe(edited);
    await db.delete(areas).where(eq(areas.id, 1));
    expect(await contentFingerprint(db)).not.toBe(edited);
  });

  it('is checked again only after freshMs, and answers at once (checking behind) while it is merely stale', async () => {
    let clock = 0;
    let checks = 0;
    let print = 'a';
    const db = { execute: async () => (checks++, { rows: [{ fingerprint: print }] }) };
    const version = createContentVersion(db as never, { freshMs: 2_000, staleMs: 60_000, now: () => clock });
    expect(await version.current()).toBe('a');
    print = 'b';
    clock = 1_000;
    expect(await version.current()).toBe('a');
    expect(checks).toBe(1);
    clock = 3_000;
    // Stale: the known value now, the new one for the next caller.
    expect(await version.current()).toBe('a');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await version.current()).toBe('b');
    expect(checks).toBe(2);
    // Too old to use: waits for the check.
    print = 'c';
    clock = 100_000;
    expect(await version.current()).toBe('c');
  });
});

describe('page data kept until the content changes', () => {
  const home = (title: string): HomePage => ({ title, intro: '', communityPhotos: [], featured: [], areas: [], upcomingEvents: [] });

  function counting() {
    const calls: string[] = [];
    let title = 'first';
    let fail = false;
    const source = {
      home: async () => {
        calls.push('home');
        if (fail) throw new Error('database down');
        return home(title);
      },
      listing: async (slug: string) => (calls.push(`listing:${slug}`), null),
      buy: async () => (calls.push('buy'), null),
    } as unknown as ContentSource;
    return { source, calls, setTitle: (t: string) => (title = t), setFail: (f: boolean) => (fail = f) };
  }

  it('loads each answer once per content version and day, and again when either changes', async () => {
    const { source, calls, setTitle } = counting();
    let version = 'v1';
    let day = '2030-01-01';
    const content = cachedContentSource(source, { current: async () => version }, { today: () => day });
    expect((await content.home()).title).toBe('first');
    setTitle('second');
    expect((await content.home()).title).toBe('first');
    expect(calls).toEqual(['home']);
    version = 'v2';
    expect((await content.home()).title).toBe('second');
    setTitle('third');
    day = '2030-01-02';
    expect((await content.home()).title).toBe('third');
    expect(calls).toEqual(['home', 'home', 'home']);
  });

  it('shares one load between concurrent requests, never keeps a failure, and always re-prices the buy page', async () => {
    const { source, calls, setFail } = counting();
    const content = cachedContentSource(source, { current: async () => 'v1' });
    await Promise.all([content.home(), content.home(), content.home()]);
    expect(calls).toEqual(['home']);
    const fresh = counting();
    fresh.setFail(true);
    const failing = cachedContentSource(fresh.source, { current: async () => 'v1' });
    await expect(failing.home()).rejects.toThrow('database down');
    fresh.setFail(false);
    expect((await failing.home()).title).toBe('first');
    setFail(false);
    await content.buy(1001, 'rcav[begin]=x');
    await content.buy(1001, 'rcav[begin]=x');
    expect(calls.filter((c) => c === 'buy')).toHaveLength(2);
  });

  it('keeps at most maxEntries answers, so made-up URLs cannot grow it without bound', async () => {
    const { source, calls } = counting();
    const content = cachedContentSource(source, { current: async () => 'v1' }, { maxEntries: 3 });
    for (const slug of ['a', 'b', 'c', 'd']) await content.listing(slug);
    await content.listing('d');
    await content.listing('a');
    expect(calls).toEqual(['listing:a', 'listing:b', 'listing:c', 'listing:d', 'listing:a']);
    const lru = new LruMap<string, number>(2);
    lru.set('x', 1);
    lru.set('y', 2);
    lru.get('x');
    lru.set('z', 3);
    expect([lru.get('x'), lru.get('y'), lru.get('z'), lru.size]).toEqual([1, undefined, 3, 2]);
  });
});
