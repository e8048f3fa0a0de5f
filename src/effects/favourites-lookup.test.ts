import { firstValueFrom, lastValueFrom, of, throwError, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import siteJson from '../../config/site.json';
import { parseSiteSettings } from '@/domain/settings';
import { lookupFavourites } from './favourites-lookup';
import type { SearchClient, SearchDoc } from './search-client';

const config = parseSiteSettings(siteJson).search;

function clientAnswering(body: unknown, docs: SearchDoc[] = [], kept: SearchDoc[] = []) {
  const search = vi.fn<SearchClient['search']>(() => (body instanceof Error ? throwError(() => body) : of(body)));
  const documents = vi.fn<SearchClient['documents']>((ids) => of(docs.filter((doc) => ids.includes(doc.id))));
  const cachedDocuments = vi.fn<SearchClient['cachedDocuments']>((ids) => of(ids.flatMap((id) => kept.filter((doc) => doc.id === id))));
  return { client: { search, documents, cachedDocuments, dispose: () => {} } satisfies SearchClient, search, documents };
}

describe('favourites lookup (spec §7)', () => {
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
