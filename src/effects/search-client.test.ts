import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSearchClient } from './search-client';

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
});
