import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSolrBackend, mergeSuggestions, SearchUnavailableError, SolrUpdateError } from './solr-backend.ts';
import { isAllowedSearchParam } from './proxy.ts';
import { SearchRequestError, type SearchDocument, type SolrParams } from './types.ts';

/** Solr 9 response bodies, as Solr writes them (spacing and key order included). */
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

interface Seen {
  method: string;
  url: string;
  contentType: string;
  body: string;
}

interface Answer {
  status?: number;
  body?: string;
  contentType?: string;
  /** Never answer (timeout case). */
  hang?: boolean;
  /** Only for a request whose URL starts with this (requests sent side by side arrive in either order). */
  for?: string;
}

/** A loopback stand-in for Solr: records every request and replays scripted answers in order. */
let server: http.Server;
let solrUrl: string;
const seen: Seen[] = [];
const answers: Answer[] = [];
const hanging: http.ServerResponse[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      // Unscripted requests get Solr's plain update acknowledgement.
      const at = answers.findIndex((a) => a.for === undefined || (request.url ?? '').startsWith(a.for));
      const answer = at === -1 ? {} : answers.splice(at, 1)[0]!;
      if (answer.hang) {
        hanging.push(response);
        return;
      }
      response.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json;charset=utf-8' });
      response.end(answer.body ?? fixture('update-ok.json'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  solrUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/solr/rentals`;
});

afterEach(() => {
  seen.length = 0;
  answers.length = 0;
  for (const response of hanging.splice(0)) response.destroy();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const params = (entries: [string, string | string[]][]): SolrParams => new Map(entries.map(([name, value]) => [name, Array.isArray(value) ? value : [value]]));

/** The form body as ordered [name, value] pairs. */
const formOf = (body: string) => [...new URLSearchParams(body).entries()];

function backend(overrides: Partial<Parameters<typeof createSolrBackend>[0]> = {}) {
  return createSolrBackend({ url: solrUrl, timeoutMs: 2000, indexId: 'listings', ...overrides });
}

describe('select', () => {
  it('forwards the allow-listed parameters as a form-encoded POST to /select and returns Solr’s JSON', async () => {
    answers.push({ body: fixture('select-faceted.json') });
    const result = await backend().select(
      params([
        ['q', '*:*'],
        ['fq', ['index_id:listings', '{!tag=area}ss_area:("Coral Bay" OR "Pelican Point")']],
        ['facet', 'true'],
        ['facet.field', ['{!ex=area}ss_area', 'ss_type', 'is_bedrooms', 'sm_amenities']],
        ['facet.limit', '50'],
        ['facet.mincount', '1'],
        ['json.nl', 'map'],
        ['rows', '10'],
        ['start', '0'],
        ['sort', 'is_bedrooms desc,ss_name asc'],
        ['fl', 'id'],
      ]),
    );
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/solr/rentals/select');
    expect(request!.contentType).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(formOf(request!.body)).toEqual([
      ['q', '*:*'],
      ['fq', 'index_id:listings'],
      ['fq', '{!tag=area}ss_area:("Coral Bay" OR "Pelican Point")'],
      ['facet', 'true'],
      ['facet.field', '{!ex=area}ss_area'],
      ['facet.field', 'ss_type'],
      ['facet.field', 'is_bedrooms'],
      ['facet.field', 'sm_amenities'],
      ['facet.limit', '50'],
      ['facet.mincount', '1'],
      ['json.nl', 'map'],
      ['rows', '10'],
      ['start', '0'],
      ['sort', 'is_bedrooms desc,ss_name asc'],
      ['fl', 'id'],
      ['wt', 'json'],
    ]);
    for (const [name] of formOf(request!.body)) expect(isAllowedSearchParam(name)).toBe(true);
    expect(result).toEqual(JSON.parse(fixture('select-faceted.json')));
    expect(result.response.numFound).toBe(87);
    expect(result.facet_counts?.facet_fields.ss_area).toEqual(expect.objectContaining({ 'Coral Bay': 52 }));
  });

  it('always asks for JSON and never forwards the cache-buster', async () => {
    answers.push({ body: fixture('select-faceted.json') });
    await backend().select(params([['q', 'beach'], ['_', '1700000000000'], ['wt', 'json']]));
    expect(formOf(seen[0]!.body)).toEqual([
      ['q', 'beach'],
      ['wt', 'json'],
    ]);
  });

  it('refuses a parameter outside the allow-list without calling Solr', async () => {
    for (const name of ['qt', 'shards', 'stream.body', 'debugQuery', 'echoParams']) {
      const error = await backend()
        .select(params([[name, 'x']]))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SearchRequestError);
      expect((error as Error).message).toBe(`Parameter '${name}' is not allowed`);
    }
    expect(seen).toHaveLength(0);
  });

  it('passes spellcheck parameters and Solr’s suggestions through', async () => {
    answers.push({ body: fixture('select-spellcheck.json') });
    const result = await backend().select(
      params([
        ['q', 'ts_name:(pelikan cotage)'],
        ['fq', 'index_id:listings'],
        ['spellcheck', 'true'],
        ['spellcheck.q', 'pelikan cotage'],
        ['spellcheck.count', '3'],
        ['spellcheck.collate', 'true'],
        ['json.nl', 'map'],
      ]),
    );
    expect(formOf(seen[0]!.body)).toContainEqual(['spellcheck.q', 'pelikan cotage']);
    expect(result.response.numFound).toBe(0);
    const suggestions = result.spellcheck?.suggestions as unknown as Record<string, { suggestion: string[] }>;
    expect(suggestions.cotage!.suggestion[0]).toBe('cottage');
  });

  it('fetches full documents by id with a terms filter and returns them in the requested order', async () => {
    answers.push({ body: fixture('select-ids.json') });
    const wanted = ['chc1-listings-1042', 'chc1-listings-1003', 'chc1-listings-1187'];
    const result = await backend().select(
      params([
        ['ids', wanted.join(',')],
        ['fq', 'index_id:listings'],
        ['json.nl', 'map'],
        ['facet', 'true'],
        ['facet.field', 'ss_area'],
      ]),
    );
    expect(seen[0]!.url).toBe('/solr/rentals/select');
    expect(formOf(seen[0]!.body)).toEqual([
      ['q', '*:*'],
      ['fq', 'index_id:listings'],
      ['json.nl', 'map'],
      ['fq', `{!terms f=id}${wanted.join(',')}`],
      ['rows', '3'],
      ['start', '0'],
      ['wt', 'json'],
    ]);
    expect(result.response.docs.map((d) => d.id)).toEqual(wanted);
    expect(result.response.docs[1]).toMatchObject({ ss_vrfusion_site_property_code: 'CHC-1003', is_bedrooms: 4 });
  });

  it('turns Solr’s 400 into a SearchRequestError with Solr’s message, without the Java class', async () => {
    answers.push({ status: 400, body: fixture('error-400.json') });
    const error = await backend()
      .select(params([['q', 'ss_name:(Pelican']]))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchRequestError);
    expect((error as Error).message).toBe(`Cannot parse 'ss_name:(Pelican': Encountered "<EOF>" at line 1, column 16.`);
  });

  it('turns Solr’s 500 and a missing core (404 HTML) into SearchUnavailableError', async () => {
    answers.push({ status: 500, body: fixture('error-500.json') });
    const error = await backend()
      .select(params([['q', '*:*']]))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchUnavailableError);
    expect((error as SearchUnavailableError).statusCode).toBe(503);
    expect((error as Error).message).toBe('The search service is not available just now');
    expect((error as SearchUnavailableError).detail).toContain('Solr answered 500');
    expect((error as SearchUnavailableError).detail).toContain('Too many values');

    answers.push({ status: 404, contentType: 'text/html', body: '<html><body><h2>HTTP ERROR 404 Not Found</h2></body></html>' });
    const missing = await backend()
      .select(params([['q', '*:*']]))
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(SearchUnavailableError);
    expect((missing as SearchUnavailableError).detail).toContain('404');
  });

  it('gives up after the timeout with SearchUnavailableError', async () => {
    answers.push({ hang: true });
    const started = performance.now();
    const error = await backend({ timeoutMs: 200 })
      .select(params([['q', '*:*']]))
      .catch((e: unknown) => e);
    const waited = performance.now() - started;
    expect(error).toBeInstanceOf(SearchUnavailableError);
    expect((error as SearchUnavailableError).detail).toMatch(/did not answer within 200 ms/);
    // It waited for the timeout (not less); that it gave up at all is the answer above.
    expect(waited).toBeGreaterThanOrEqual(190);
  });

  it('reports a refused connection as SearchUnavailableError naming Solr’s address', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await createSolrBackend({ url: `http://127.0.0.1:${port}/solr/rentals`, timeoutMs: 2000 })
      .select(params([['q', '*:*']]))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchUnavailableError);
    expect((error as SearchUnavailableError).detail).toBe(`Cannot reach Solr at http://127.0.0.1:${port}/solr/rentals/select: ECONNREFUSED`);
  });

  it('treats a 200 that is not JSON (a proxy’s error page) as unavailable', async () => {
    answers.push({ status: 200, contentType: 'text/html', body: '<html>Gateway</html>' });
    const error = await backend()
      .select(params([['q', '*:*']]))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchUnavailableError);
  });
});

describe('suggest', () => {
  it('asks the listing suggester and the towns’, types’ and amenities’ facets, and orders them as the engine does', async () => {
    answers.push({ for: '/solr/rentals/suggest', body: fixture('suggest.json') }, { for: '/solr/rentals/select', body: fixture('suggest-values.json') });
    const solr = backend();
    const terms = await solr.suggest('pel', 4);
    const suggest = seen.find((r) => r.url === '/solr/rentals/suggest')!;
    expect(suggest.method).toBe('POST');
    expect(formOf(suggest.body)).toEqual([
      ['suggest.q', 'pel'],
      ['suggest.dictionary', 'listingSuggester'],
      ['suggest.count', '50'],
      ['json.nl', 'map'],
      ['wt', 'json'],
      ['suggest.cfq', 'listings'],
    ]);
    const facets = new URLSearchParams(seen.find((r) => r.url === '/solr/rentals/select')!.body);
    expect(facets.get('fq')).toBe('index_id:"listings"');
    expect(Object.keys(JSON.parse(facets.get('json.facet')!) as object)).toEqual(['ss_area', 'ss_type', 'sm_amenities']);
    // The town (its listings and their reviews weigh most), then the names: highlighting gone, the
    // lower-case duplicate merged, names starting with it before the one with it inside.
    expect(terms).toEqual(['Pelican Point', 'Pelican Point Beach House', 'Pelican Point Villa', 'Sea Breeze at Pelican Point']);

    // The values' weights are kept: the next autocomplete asks the suggester only. 'co': what starts
    // with it by weight (listings with it plus their reviews), before what merely has a word that does.
    answers.push({ for: '/solr/rentals/suggest', body: JSON.stringify({ suggest: { listingSuggester: { co: { numFound: 1, suggestions: [{ term: 'Sea <b>Co</b>ve', weight: 500 }] } } } }) });
    seen.length = 0;
    const co = await solr.suggest('co', 10);
    expect(seen.map((r) => r.url)).toEqual(['/solr/rentals/suggest']);
    expect(co.slice(0, 5)).toEqual(['Coffee maker', 'Community pool', 'Coral Haven', 'Condo', 'Cottage']);
    expect(co).toContain('Sea Cove');
    expect(co.indexOf('Sea Cove')).toBeGreaterThan(co.findLastIndex((t) => t.toLowerCase().startsWith('co')));

    // A content change made here clears them.
    await solr.update([doc(1)], []);
    answers.push({ for: '/solr/rentals/suggest', body: fixture('suggest.json') }, { for: '/solr/rentals/select', body: fixture('suggest-values.json') });
    seen.length = 0;
    await solr.suggest('pel', 3);
    expect(seen.map((r) => r.url).sort()).toEqual(['/solr/rentals/select', '/solr/rentals/suggest']);
  });
});

describe('mergeSuggestions', () => {
  it('keeps what starts with the text, or has a word that does, and orders by start, weight, then text', () => {
    const candidates = [
      { text: 'Air conditioning', weight: 90 },
      { text: 'Coral Haven', weight: 3 },
      { text: 'Condo', weight: 40 },
      { text: 'Bacon Cottage', weight: 1000 },
      { text: 'coral haven', weight: 2 },
      { text: 'Seacove', weight: 7 },
    ];
    expect(mergeSuggestions('co', candidates, 10)).toEqual(['Condo', 'Coral Haven', 'Bacon Cottage', 'Air conditioning']);
    expect(mergeSuggestions('CO', candidates, 2)).toEqual(['Condo', 'Coral Haven']);
    expect(mergeSuggestions('coral h', candidates, 10)).toEqual(['Coral Haven']);
    expect(mergeSuggestions('  ', candidates, 10)).toEqual([]);
    expect(mergeSuggestions('co', candidates, 0)).toEqual([]);
  });
});

const doc = (eid: number, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  id: `chc1-listings-${eid}`,
  index_id: 'listings',
  ss_name: `Unit ${eid}`,
  fs_rating: null,
  ...extra,
});

describe('replaceAll and update', () => {
  it('deletes the index’s documents, adds them in batches and commits with the last request', async () => {
    const documents = [1001, 1002, 1003, 1004, 1005].map((eid) => doc(eid));
    await backend({ batchSize: 2 }).replaceAll(documents);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /solr/rentals/update',
      'POST /solr/rentals/update',
      'POST /solr/rentals/update',
      'POST /solr/rentals/update?commit=true',
    ]);
    for (const request of seen) expect(request.contentType).toBe('application/json;charset=UTF-8');
    expect(JSON.parse(seen[0]!.body)).toEqual({ delete: { query: 'index_id:"listings"' } });
    const added = seen.slice(1).flatMap((r) => JSON.parse(r.body) as Record<string, unknown>[]);
    expect(added.map((d) => d.id)).toEqual(documents.map((d) => d.id));
    // null values are left out: Solr has no value for them
    expect(added[0]).toEqual({ id: 'chc1-listings-1001', index_id: 'listings', ss_name: 'Unit 1001' });
  });

  it('commits the delete alone when there is nothing to add', async () => {
    await backend().replaceAll([]);
    expect(seen.map((r) => r.url)).toEqual(['/solr/rentals/update?commit=true']);
  });

  it('updates changed documents and deletes removed ids in one commit', async () => {
    await backend().update([doc(1001)], ['chc1-listings-1002']);
    expect(seen.map((r) => r.url)).toEqual(['/solr/rentals/update', '/solr/rentals/update?commit=true']);
    expect(JSON.parse(seen[0]!.body)).toEqual({ delete: ['chc1-listings-1002'] });
    expect((JSON.parse(seen[1]!.body) as { id: string }[]).map((d) => d.id)).toEqual(['chc1-listings-1001']);
    seen.length = 0;
    await backend().update([], []);
    expect(seen).toHaveLength(0);
  });

  it('reports a refused document with Solr’s message, and stops', async () => {
    answers.push({}, { status: 400, body: fixture('update-error-400.json') });
    const error = await backend({ batchSize: 1 })
      .replaceAll([doc(1001), doc(1002), doc(1003)])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SolrUpdateError);
    expect((error as Error).message).toBe("Solr refused the update: ERROR: [doc=chc1-listings-1001] unknown field 'xx_colour'");
    expect(seen).toHaveLength(2);
  });
});
