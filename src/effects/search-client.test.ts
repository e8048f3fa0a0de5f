import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentStore, KeptDocument, StoredDocument } from '@/domain/search/document-store';
import { createSearchClient } from './search-client';

/** A page's document store as the search client sees it: what earlier pages kept. */
function storeHolding(docs: StoredDocument[], expires = 10_000) {
  const kept = new Map<string, KeptDocument>(docs.map((doc) => [doc.id, { doc, expires }]));
  const written: StoredDocument[][] = [];
  const store: DocumentStore = {
    read: (ids) => Promise.resolve(new Map(ids.flatMap((id) => (kept.has(id) ? [[id, kept.get(id) as KeptDocument] as const] : [])))),
    write: (written_) => void written.push([...written_]),
  };
  return { store, written };
}

function proxyAnswering(docsFor: (ids: string[]) => unknown[]) {
  const calls: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const params = new URLSearchParams(String(init.body));
      calls.push(params);
      const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
      return new Response(JSON.stringify({ response: { numFound: ids.length, docs: docsFor(ids) } }));
    }),
  );
  return calls;
}

describe('search client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the search form-encoded to the proxy', async () => {
    const calls = proxyAnswering(() => []);
    const client = createSearchClient({ url: '/solr/select' });
    await firstValueFrom(client.search([['q', '*:*'], ['fq', 'a:1'], ['fq', 'b:2']]));
    expect(calls[0]?.getAll('fq')).toEqual(['a:1', 'b:2']);
  });

  it('returns documents in the order asked, whatever order the server answers in', async () => {
    proxyAnswering((ids) => [...ids].reverse().map((id) => ({ id, ss_name: id.toUpperCase() })));
    const client = createSearchClient({ url: '/solr/select' });
    const docs = await firstValueFrom(client.documents(['a', 'b', 'c']));
    expect(docs.map((d) => d.id)).toEqual(['a', 'b', 'c']);
  });

  it('serves cached documents without asking again, until the cache lifetime ends', async () => {
    let clock = 0;
    const calls = proxyAnswering((ids) => ids.map((id) => ({ id })));
    const client = createSearchClient({ url: '/solr/select', docCacheMs: 1000, now: () => clock });
    await firstValueFrom(client.documents(['a', 'b']));
    await firstValueFrom(client.documents(['b', 'a']));
    expect(calls).toHaveLength(1);
    await firstValueFrom(client.documents(['a', 'c']));
    expect(calls[1]?.get('ids')).toBe('c');
    clock = 1001;
    await firstValueFrom(client.documents(['a']));
    expect(calls[2]?.get('ids')).toBe('a');
  });

  it('drops documents the server does not return, and malformed ones', async () => {
    proxyAnswering(() => [{ id: 'a' }, { noId: true }, null, 'x']);
    const client = createSearchClient({ url: '/solr/select' });
    expect((await firstValueFrom(client.documents(['a', 'gone']))).map((d) => d.id)).toEqual(['a']);
  });

  it('reads documents kept by an earlier page before the network, and keeps what the network answers for the next', async () => {
    const calls = proxyAnswering((ids) => ids.map((id) => ({ id, ss_name: `fetched ${id}` })));
    const { store, written } = storeHolding([{ id: 'a', ss_name: 'kept a' }]);
    const client = createSearchClient({ url: '/solr/select', store, now: () => 0 });
    const docs = await firstValueFrom(client.documents(['a', 'b']));
    expect(docs.map((d) => d.ss_name)).toEqual(['kept a', 'fetched b']);
    expect(calls.map((c) => c.get('ids'))).toEqual(['b']);
    expect(written).toEqual([[{ id: 'b', ss_name: 'fetched b' }]]);
    // Both are in memory now: no store read, no request.
    await firstValueFrom(client.documents(['b', 'a']));
    expect(calls).toHaveLength(1);
  });

  it('gives the kept documents without ever asking the network, and forgets a kept one when its lifetime ends', async () => {
    let clock = 0;
    const calls = proxyAnswering(() => []);
    const { store } = storeHolding([{ id: 'a' }], 500);
    const client = createSearchClient({ url: '/solr/select', store, now: () => clock });
    expect((await firstValueFrom(client.cachedDocuments(['a', 'b']))).map((d) => d.id)).toEqual(['a']);
    clock = 500;
    // The kept entry's own end holds, in memory too, even when the store hands it over again.
    expect(await firstValueFrom(client.cachedDocuments(['a']))).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});
