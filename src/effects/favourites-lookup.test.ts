import { firstValueFrom, lastValueFrom, of, throwError, toArray } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import siteJson from '../../config/site.json';
import type { DocumentStore, KeptDocument } from '@/domain/search/document-store';
import { parseSiteSettings } from '@/domain/settings';
import { createDocumentCache } from '@/persistence/doc-cache';
import { lookupFavourites } from './favourites-lookup';
import { createSearchClient, type SearchClient, type SearchDoc } from './search-client';

const config = parseSiteSettings(siteJson).search;

function clientAnswering(body: unknown, docs: SearchDoc[] = [], kept: SearchDoc[] = []) {
  const search = vi.fn<SearchClient['search']>(() => (body instanceof Error ? throwError(() => body) : of(body)));
  const documents = vi.fn<SearchClient['documents']>((ids) => of(docs.filter((doc) => ids.includes(doc.id))));
  const cachedDocuments = vi.fn<SearchClient['cachedDocuments']>((ids) => of(ids.flatMap((id) => kept.filter((doc) => doc.id === id))));
  return { client: { search, documents, cachedDocuments, dispose: () => {} } satisfies SearchClient, search, documents };
}

/** The proxy: a search finds `indexed`, a documents request (ids=…) answers those docs. */
function proxyOf(indexed: SearchDoc[]) {
  const asked: string[][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const params = new URLSearchParams(String(init.body));
      const ids = params.get('ids');
      if (ids === null) return new Response(JSON.stringify({ response: { numFound: indexed.length, start: 0, docs: indexed.map(({ id }) => ({ id })) } }));
      asked.push(ids.split(','));
      return new Response(JSON.stringify({ response: { docs: indexed.filter((doc) => ids.split(',').includes(doc.id)) } }));
    }),
  );
  return asked;
}

describe('favourites lookup (spec §7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a stuck store (IndexedDB never answering) does not hold the lookup: the network answers after the read gives up', async () => {
    const one = { id: 'chc1-listings-1', ss_name: 'One' };
    proxyOf([one]);
    const never = () => new Promise<never>(() => {});
    const stuck = () =>
      createDocumentCache({
        lifetimeMs: 3_600_000,
        contentVersion: 'v-a',
        port: () => ({ getMany: never, setMany: never, delMany: never, clear: never }),
        timeoutMs: 20,
      });
    const client = createSearchClient({ url: '/solr/select', store: stuck() });
    expect(await firstValueFrom(lookupFavourites(client, config, 'id', [one.id]))).toEqual([one]);
    // The idle read (no one waits for it) is the one allowed to wait: it is still waiting.
    let patient: SearchDoc[] | undefined;
    const sub = createSearchClient({ url: '/solr/select', store: stuck() })
      .cachedDocuments([one.id], { patient: true })
      .subscribe((docs) => (patient = docs));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(patient).toBeUndefined();
    sub.unsubscribe();
  });

  it('on a partial hit the store is read once, and only the favourites it lacked are fetched', async () => {
    const one = { id: 'chc1-listings-1', ss_name: 'One' };
    const three = { id: 'chc1-listings-3', ss_name: 'Three' };
    const asked = proxyOf([one, three]);
    const reads: string[][] = [];
    const store: DocumentStore = {
      read: (ids) => {
        reads.push([...ids]);
        return Promise.resolve(new Map<string, KeptDocument>(ids.includes(one.id) ? [[one.id, { doc: one, expires: Date.now() + 60_000 }]] : []));
      },
      write: () => {},
    };
    const client = createSearchClient({ url: '/solr/select', store });
    const found = await firstValueFrom(lookupFavourites(client, config, 'id', [one.id, three.id]));
    expect(found).toEqual([one, three]);
    expect(reads).toEqual([[one.id, three.id]]);
    expect(asked).toEqual([[three.id]]);
  });

  it('asks for rows={count}&fq=id:(a OR b), then the documents of the ids found, in the search order', async () => {
    const docs = [{ id: 'chc1-listings-2', ss_name: 'Two' }, { id: 'chc1-listings-1', ss_name: 'One' }];
    const { client, search, documents } = clientAnswering({ response: { numFound: 2, start: 0, docs: [{ id: 'chc1-listings-1' }, { id: 'chc1-listings-2' }] } }, docs);
    const found = await firstValueFrom(lookupFavourites(client, config, 'id', ['chc1-listings-2', 'chc1-listings-1', 'chc1-listings-9']));
    const params = search.mock.calls[0]?.[0];
    expect(params).toContainEqual(['rows', '3']);
    expect(params).toContainEqual(['fq', 'id:(chc1-listings-2 OR chc1-listings-1 OR chc1-listings-9)']);
    expect(documents.mock.calls[0]?.[0]).toEqual(['chc1-listings-1', 'chc1-listings-2']);
    expect(found.map((doc) => doc.id)).toEqual(['chc1-listings-2', 'chc1-listings-1']);
  });

  it('answers from the kept documents without any request when every favourite is kept, and looks all of them up when one is not', async () => {
    const one = { id: 'chc1-listings-1', ss_name: 'One' };
    const two = { id: 'chc1-listings-2', ss_name: 'Two' };
    const all = clientAnswering({ response: { numFound: 0, start: 0, docs: [] } }, [], [one, two]);
    expect(await firstValueFrom(lookupFavourites(all.client, config, 'id', ['chc1-listings-2', 'chc1-listings-1']))).toEqual([two, one]);
    expect(all.search).not.toHaveBeenCalled();
    expect(all.documents).not.toHaveBeenCalled();
    const some = clientAnswering({ response: { numFound: 2, start: 0, docs: [{ id: 'chc1-listings-1' }, { id: 'chc1-listings-3' }] } }, [one, { id: 'chc1-listings-3' }], [one]);
    const found = await firstValueFrom(lookupFavourites(some.client, config, 'id', ['chc1-listings-1', 'chc1-listings-3']));
    expect(some.search).toHaveBeenCalledTimes(1);
    expect(found.map((doc) => doc.id)).toEqual(['chc1-listings-1', 'chc1-listings-3']);
  });

  it('sends nothing without favourites, and nothing more when none is in the index', async () => {
    const none = clientAnswering({});
    expect(await lastValueFrom(lookupFavourites(none.client, config, 'id', []).pipe(toArray()))).toEqual([[]]);
    expect(none.search).not.toHaveBeenCalled();
    const gone = clientAnswering({ response: { numFound: 0, start: 0, docs: [] } });
    expect(await firstValueFrom(lookupFavourites(gone.client, config, 'id', ['chc1-listings-9']))).toEqual([]);
    expect(gone.documents).not.toHaveBeenCalled();
  });

  it('fails with a clear error on a malformed answer or a failing proxy', async () => {
    const malformed = clientAnswering({ response: { docs: 'nope' } });
    await expect(firstValueFrom(lookupFavourites(malformed.client, config, 'id', ['chc1-listings-1']))).rejects.toThrow(/response/);
    const down = clientAnswering(new Error('HTTP 503'));
    await expect(firstValueFrom(lookupFavourites(down.client, config, 'id', ['chc1-listings-1']))).rejects.toThrow('HTTP 503');
  });
});
