/**
 * `npm run test:solr`: the site's search requests through the proxy, on a real SolrCloud (2 nodes,
 * 2 shards x 2 replicas, filled by `npm run solr:index`) and on the embedded engine, give the same
 * answers: numFound, facet counts, and the same documents in the same order wherever the sort
 * decides the order.
 *
 * What may differ, and why (docs/search.md "Solr and the embedded engine"):
 * - documents whose sort values tie (every `*:*` search without a sort, equal prices, ratings,
 *   bedrooms): Solr orders ties by shard and index position, the engine by index position. The
 *   page then holds the same sort values, and paging through all results yields the same set;
 * - scores: the engine's BM25 does not quantise document lengths as Lucene's norms do, so scores
 *   differ in the last digits; documents are compared in the same order unless two scores lie
 *   within 1% (a near tie);
 * - spellcheck wording: the same misspelled words are found and the collation has the same
 *   number of hits, but the suggested words may differ in order past the first.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentsParams, buildFavouritesParams, buildSearchParams } from '../../src/domain/search/search-params.ts';
import { facetTag } from '../../src/domain/search/facets.ts';
import { filterQuery } from '../../src/domain/search/filter-value.ts';
import { SORT_OPTIONS } from '../../src/views/search/sort-options.ts';
import type { SearchState } from '../../src/domain/search/search-state.ts';
import type { SearchBackend, SearchDocument } from '../../server/search/types.ts';
import { startSolrCluster, type SolrCluster } from './cluster.ts';
import { autocomplete, demoDataDir, embeddedBackend, proxyApp, readDocuments, runIndexer, select, settings, solrBackend, type Pairs, type ProxyAnswer } from './harness.ts';

let cluster: SolrCluster;
let dataDir: string | undefined;
let solr: FastifyInstance;
let engine: FastifyInstance;
let engineBackend: SearchBackend;
let documents: SearchDocument[];
const byId = new Map<string, SearchDocument>();

beforeAll(async () => {
  const [started, demo] = await Promise.all([startSolrCluster(), demoDataDir()]);
  cluster = started;
  dataDir = demo;
  await runIndexer(dataDir, cluster.urls[0]!);
  documents = await readDocuments(dataDir);
  for (const doc of documents) byId.set(doc.id, doc);
  solr = await proxyApp(solrBackend(cluster.urls[0]!));
  engineBackend = await embeddedBackend(documents);
  engine = await proxyApp(engineBackend);
}, 900_000);

afterAll(async () => {
  await solr?.close();
  await engine?.close();
  await cluster?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const config = { ...settings.search, max_rows: settings.search.max_rows };

function search(state: Partial<SearchState>, overrides: Partial<typeof config> = {}): Pairs {
  return buildSearchParams({ ...config, ...overrides }, { fq: [], start: 0, ...state } as SearchState)!;
}

function ids(answer: ProxyAnswer): string[] {
  return (answer.body.response?.docs ?? []).map((d) => String(d.id));
}

/** Both answers, checked for the same status, numFound and facet counts. */
async function both(pairs: Pairs): Promise<{ s: ProxyAnswer; e: ProxyAnswer }> {
  const [s, e] = await Promise.all([select(solr, pairs), select(engine, pairs)]);
  const label = new URLSearchParams(pairs).toString();
  expect(s.status, `${label}: ${JSON.stringify(s.body).slice(0, 300)}`).toBe(e.status);
  if (s.status !== 200) return { s, e };
  expect(s.body.response?.numFound, `numFound of ${label}`).toBe(e.body.response?.numFound);
  expect(s.body.response?.start, label).toBe(e.body.response?.start);
  expect(ids(s).length, label).toBe(ids(e).length);
  const sf = s.body.facet_counts;
  const ef = e.body.facet_counts;
  expect(sf?.facet_fields ?? {}, `facet_fields of ${label}`).toEqual(ef?.facet_fields ?? {});
  expect(sf?.facet_queries ?? {}, `facet_queries of ${label}`).toEqual(ef?.facet_queries ?? {});
  expect(sf?.facet_ranges ?? {}, `facet_ranges of ${label}`).toEqual(ef?.facet_ranges ?? {});
  return { s, e };
}

/** The page's documents in the same order (the proxy breaks ties by id, so every order is total). */
function expectSameOrder(s: ProxyAnswer, e: ProxyAnswer, label: string) {
  expect(ids(s), `documents of ${label}`).toEqual(ids(e));
}

/**
 * Relevance order: the same documents in the same order, except where scores nearly tie (within
 * 1%): Lucene's BM25 keeps document lengths in one byte, the engine exactly, so two listings Solr
 * scores equal (then ordered by id) may differ in the engine's last digits, and at the page's end
 * a near tie may fall on either side. The engine's score of every match decides what is near.
 */
async function expectSameRelevanceOrder(pairs: Pairs, s: ProxyAnswer, e: ProxyAnswer, label: string) {
  const all = await engineBackend.select(
    new Map([...new Map(pairs.map(([n]) => [n, pairs.filter(([m]) => m === n).map(([, v]) => v)]))].filter(([n]) => n !== 'rows' && n !== 'start' && n !== 'fl' && !n.startsWith('facet') && !n.startsWith('f.')).concat([
      ['rows', ['1000']],
      ['fl', ['id,score']],
    ]) as [string, string[]][]),
  );
  const score = new Map(all.response.docs.map((d) => [String(d.id), Number(d.score)]));
  const near = (a: number, b: number) => Math.abs(a - b) <= 0.01 * Math.max(a, b);
  const si = ids(s);
  const ei = ids(e);
  for (let i = 1; i < si.length; i++) {
    const a = score.get(si[i - 1]!)!;
    const b = score.get(si[i]!)!;
    expect(a > b || near(a, b), `${label}: Solr ranks ${si[i - 1]} (engine ${a}) before ${si[i]} (engine ${b})`).toBe(true);
  }
  const last = score.get(ei[ei.length - 1] ?? '') ?? 0;
  const first = score.get(ei[0] ?? '') ?? 0;
  const inE = new Set(ei);
  const inS = new Set(si);
  for (const id of [...si.filter((x) => !inE.has(x)), ...ei.filter((x) => !inS.has(x))]) {
    const x = score.get(id)!;
    expect(near(x, last) || near(x, first), `${label}: ${id} (engine ${x}) is on one page only, not a near tie at the page's edge (${first}..${last})`).toBe(true);
  }
}

/** Every page of a search: the same documents in all, each once. */
async function expectSamePages(pairs: Pairs, rows: number) {
  const collect = async (app: FastifyInstance) => {
    const seen: string[] = [];
    for (let start = 0; ; start += rows) {
      const page = await select(app, [...pairs.filter(([n]) => n !== 'start' && n !== 'rows'), ['start', String(start)], ['rows', String(rows)]]);
      expect(page.status).toBe(200);
      seen.push(...ids(page));
      if (start + rows >= page.body.response!.numFound) break;
    }
    return seen;
  };
  const [s, e] = await Promise.all([collect(solr), collect(engine)]);
  expect(new Set(s).size, 'no document twice across pages (Solr)').toBe(s.length);
  expect(new Set(e).size, 'no document twice across pages (engine)').toBe(e.length);
  expect([...s].sort()).toEqual([...e].sort());
  return s.length;
}

describe('the same answers from SolrCloud and the embedded engine, through the proxy', () => {
  it('indexed every demo listing into both', async () => {
    const { s } = await both(search({}));
    expect(documents.length).toBeGreaterThan(20);
    expect(s.body.response?.numFound).toBe(documents.length);
  });

  it('the first search page: facets of every field, spellcheck on, every page across the results', async () => {
    const pairs = search({});
    const { s } = await both(pairs);
    expect(Object.keys(s.body.facet_counts?.facet_fields ?? {}).sort()).toEqual(Object.values(settings.search.facets).map((f) => f.data.field).sort());
    expect(await expectSamePages(pairs, settings.search.max_rows)).toBe(documents.length);
    expect(await expectSamePages(pairs, 7)).toBe(documents.length);
  });

  it('each sort of the sort menu, and paging deep into the results', async () => {
    for (const option of SORT_OPTIONS.filter((o) => o.id !== '')) {
      for (const start of [0, 10, 20, documents.length - 5, documents.length + 10]) {
        const pairs = search({ sort: option.id, start: Math.max(0, start) });
        const { s, e } = await both(pairs);
        expectSameOrder(s, e, `${option.id} from ${start}`);
      }
    }
  });

  it('every facet value as a filter, "or" facets multi-select with {!tag}/{!ex}, "and" facets combined', async () => {
    const { s } = await both(search({}));
    const fields = s.body.facet_counts!.facet_fields!;
    for (const [name, facet] of Object.entries(settings.search.facets)) {
      const field = facet.data.field;
      const values = Object.keys(fields[field] ?? {});
      expect(values.length, `values of ${name}`).toBeGreaterThan(1);
      for (const value of values) {
        const { s: one, e } = await both(search({ fq: [filterQuery(field, value)] }));
        expectSameOrder(one, e, `${field}=${value}`);
        expect(one.body.response!.numFound, `${field}=${value}`).toBe((fields[field] as Record<string, number>)[value]);
      }
      // two values of a facet: one tagged OR filter for an 'or' facet, two ANDed filters otherwise
      const { s: two, e: two2 } = await both(search({ fq: values.slice(0, 2).map((v) => filterQuery(field, v)) }));
      expectSameOrder(two, two2, `${field} two values`);
      if (facet.settings_global.settings.operator === 'or') {
        const pairs = search({ fq: values.slice(0, 2).map((v) => filterQuery(field, v)) });
        expect(pairs.some(([n, v]) => n === 'fq' && v.startsWith(`{!tag=${facetTag(field)}}`))).toBe(true);
      }
    }
    // filters of several facets at once, with a sort and a second page
    const area = Object.keys(fields.ss_area!)[0]!;
    const amenities = Object.keys(fields.sm_amenities!).slice(0, 2);
    const { s: mixed, e: mixed2 } = await both(
      search({ fq: [filterQuery('ss_area', area), ...amenities.map((a) => filterQuery('sm_amenities', a)), filterQuery('ss_type', Object.keys(fields.ss_type!)[0]!)], sort: 'is_price_min asc' }),
    );
    expectSameOrder(mixed, mixed2, 'several facets');
  });

  it('filters with escaped and quoted values, ranges and negations', async () => {
    const names = documents.slice(0, 5).map((d) => String(d.ss_name));
    const cases: Pairs[] = [
      ...names.map((name) => search({ fq: [filterQuery('ss_name', name)] })),
      search({ fq: ['is_bedrooms:[2 TO 4]'] }),
      search({ fq: ['is_price_min:[* TO 20000]'] }),
      search({ fq: ['fs_rating:{4.5 TO *]'] }),
      search({ fq: ['-ss_type:House'] }),
      search({ fq: ['ss_area:(' + documents.slice(0, 3).map((d) => JSON.stringify(String(d.ss_area))).join(' OR ') + ')'] }),
      search({ fq: ['ss_name:"No such \\"name\\": here"'] }),
      search({ fq: ['bs_pets:true'] }),
    ];
    for (const pairs of cases) {
      const { s, e } = await both(pairs);
      expectSameOrder(s, e, new URLSearchParams(pairs).toString());
    }
  });

  it('facet queries and range facets (tagged and excluded)', async () => {
    // Thresholds from the demo's prices (they include every mandatory fee, so they move with the
    // demo data): a filter that keeps the dearer half, a facet query counting the cheaper half
    // without it, and one that counts nothing (SolrCloud leaves it out under facet.mincount 1).
    const prices = documents.map((doc) => Number(doc.is_price_min)).filter((price) => price > 0).sort((a, b) => a - b);
    const median = prices[Math.floor(prices.length / 2)]!;
    const pairs: Pairs = [
      ...search({ fq: [`{!tag=price}is_price_min:[${median} TO *]`] }),
      ['facet.query', 'is_bedrooms:[3 TO *]'],
      ['facet.query', `{!ex=price}is_price_min:[* TO ${median}]`],
      ['facet.query', `is_price_min:[* TO ${prices[0]! - 1}]`],
      ['facet.query', 'fs_rating:[4.5 TO *]'],
      ['facet.range', '{!ex=price}is_price_min'],
      ['f.is_price_min.facet.range.start', '0'],
      ['f.is_price_min.facet.range.end', '60000'],
      ['f.is_price_min.facet.range.gap', '10000'],
      ['f.is_price_min.facet.range.other', 'all'],
      ['facet.range', 'is_sleeps'],
      ['f.is_sleeps.facet.range.start', '1'],
      ['f.is_sleeps.facet.range.end', '13'],
      ['f.is_sleeps.facet.range.gap', '4'],
      ['f.is_sleeps.facet.range.include', 'edge'],
    ];
    const { s, e } = await both(pairs);
    expect(Object.keys(s.body.facet_counts!.facet_ranges!).sort()).toEqual(['is_price_min', 'is_sleeps']);
    expect(s.body.facet_counts!.facet_queries![`{!ex=price}is_price_min:[* TO ${median}]`]).toBeGreaterThan(0);
    expect(Object.keys(s.body.facet_counts!.facet_queries!)).not.toContain(`is_price_min:[* TO ${prices[0]! - 1}]`);
    expectSameOrder(s, e, 'facet queries and ranges');
  });

  it('text queries as the site types them (lucene), and with the edismax boosts', async () => {
    const area = String(documents[0]!.ss_area);
    const name = String(documents[3]!.ss_name);
    const typed = ['beach', 'ocean view', 'Beach House', `"${name}"`, area, 'pool AND wifi', 'cott*', 'sea* view*', 'NOT beach', 'beach -pool', `ss_area:"${area}"`, 'is_bedrooms:3', 'quiet garden hot tub'];
    const boosts = [{}, { default_boost: 'sum(1,fs_rating)' }, { default_boost: 'log(sum(2,is_review_count))' }];
    for (const overrides of boosts) {
      for (const q of typed) {
        const pairs = [...search({ q }, overrides), ['fl', 'id,score']] as Pairs;
        const withScores = pairs.filter(([n, v]) => !(n === 'fl' && v === 'id'));
        const { s, e } = await both(withScores);
        await expectSameRelevanceOrder(withScores, s, e, `q=${q} ${JSON.stringify(overrides)}`);
      }
    }
  });

  it('odd input: quotes, colons, wildcards at the caps, escapes', async () => {
    const typed = ['beach"', '"', 'Ocean: view', 'a:b:c', '::', 'view*', 'a* b* c* d* e*', 'abcdefghijklmnopqrstuvwxyzabcdefghij*', '\\', '(beach', 'beach)', '[1 TO 2]', '{!lucene}x', '+', '-', '!', 'AND', 'OR OR', '&&', 'café', 'ÅNGSTRÖM', '日本', '?', 'b?ach', 'be*ch', '~', 'beach~', 'beach^2'];
    for (const q of typed) {
      const pairs = [...search({ q }).filter(([n]) => n !== 'fl'), ['fl', 'id,score']] as Pairs;
      const { s, e } = await both(pairs);
      expect(s.status, `q=${q}`).toBe(200);
      await expectSameRelevanceOrder(pairs, s, e, `q=${q}`);
    }
    // what the proxy refuses, both refuse with the same message
    for (const pairs of [[['q', 'a* b* c* d* e* f* g* h* i* j* k*']], [['q', '{!xmlparser}x']], [['sort', 'nope']], [['rows', '1000']]] as Pairs[]) {
      const { s, e } = await both(pairs);
      expect(s.status).toBe(400);
      expect(s.body.message).toBe(e.body.message);
    }
    // what the back end refuses: both 400, each in its own words (Solr's message is passed on)
    for (const pairs of [[['sort', 'random asc']], [['sort', 'tm_summary asc']], [['fq', 'no_such_field:1']]] as Pairs[]) {
      const { s } = await both(pairs);
      expect(s.status, JSON.stringify(pairs)).toBe(400);
    }
  });

  it('a random order by seed: the same documents, each once', async () => {
    const pairs = search({ sort: 'random_42 asc' });
    await both(pairs);
    expect(await expectSamePages(pairs, settings.search.max_rows)).toBe(documents.length);
  });

  it('the full-documents fetch by ids, in the order asked, and the favourites lookup', async () => {
    const wanted = [documents[7]!, documents[2]!, documents[30]!, documents[1]!].map((d) => d.id);
    const { s, e } = await both(buildDocumentsParams(settings.search, [...wanted, 'chc1-listings-999999'])!);
    expect(ids(s)).toEqual(wanted);
    expect(ids(e)).toEqual(wanted);
    expect(s.body.response!.docs).toEqual(e.body.response!.docs);
    const favourites = await both(buildFavouritesParams(settings.search, 'id', wanted)!);
    expectSameOrder(favourites.s, favourites.e, 'favourites');
    expect(favourites.s.body.response!.numFound).toBe(4);
  });

  it('spellcheck: the same misspelled words and a collation that finds the same listings', async () => {
    // The favourites view's id lookup holds no misspelled words: listing numbers are never corrected.
    const favourites = `id:(${documents[1]!.id} OR ${documents[3]!.id})`;
    const words = ['beech', 'ocaen view', 'cotage', 'swiming pool', 'beach', favourites, 'cottage 1002'];
    for (const q of words) {
      const { s, e } = await both(search({ q }));
      const sw = Object.keys((s.body.spellcheck?.suggestions ?? {}) as Record<string, unknown>);
      const ew = Object.keys((e.body.spellcheck?.suggestions ?? {}) as Record<string, unknown>);
      expect(sw, `misspelled words of ${q}: ${JSON.stringify(s.body.spellcheck)} / ${JSON.stringify(e.body.spellcheck)}`).toEqual(ew);
      if (q === favourites || q === 'cottage 1002') expect(sw).toEqual([]);
    }
  });

  it('autocomplete: the same suggestions, in the same order but for equal weights', async () => {
    for (const q of ['se', 'co', 'bea', 'Coral', 'poo', 'hot t', 'ocean', 'zzz', 'a', 'pel']) {
      const [s, e] = await Promise.all([autocomplete(solr, q), autocomplete(engine, q)]);
      expect(s.status).toBe(200);
      expect(e.status).toBe(200);
      if (s.suggestions.length < 10) {
        // Fewer than ten: every candidate is in, weighed alike and ties broken by text on both.
        expect(s.suggestions, `autocomplete ${q}: ${JSON.stringify(s.suggestions)} / ${JSON.stringify(e.suggestions)}`).toEqual(e.suggestions);
        continue;
      }
      // Ten or more: names of equally often reviewed listings tie; Solr's suggester orders them by
      // its index, the engine by name, so the tenth place may go to another of them.
      const wider = new Set(await engineBackend.suggest(q, 30));
      expect(s.suggestions.filter((x) => wider.has(x)), `autocomplete ${q}: ${JSON.stringify(s.suggestions)} / ${JSON.stringify(e.suggestions)}`).toEqual(s.suggestions);
      expect(s.suggestions.filter((x) => e.suggestions.includes(x)).length, `autocomplete ${q}`).toBeGreaterThanOrEqual(8);
    }
  });

  // Last: it changes the index (on both, as the search service does after a content edit).
  it('an index change (edited, added, removed listing) shows in the next search on both', async () => {
    const solrSide = solrBackend(cluster.urls.join(','));
    const edited = { ...documents[0]!, ss_name: 'Zanzibar Quokka Lodge', ts_name: 'Zanzibar Quokka Lodge' };
    const added = { ...documents[1]!, id: 'chc1-listings-999999', entity_id: 999999, ss_name: 'Quokka Annex', ts_name: 'Quokka Annex' };
    const removed = documents[2]!.id;
    const started = performance.now();
    await Promise.all([solrSide.update([edited, added], [removed]), engineBackend.update([edited, added], [removed])]);
    const { s, e } = await both(search({ q: 'quokka' }));
    console.log(`index change visible on SolrCloud ${Math.round(performance.now() - started)} ms after it was sent`);
    expect(ids(s).sort()).toEqual([edited.id, added.id].sort());
    expect(ids(e).sort()).toEqual(ids(s).sort());
    const gone = await both(buildDocumentsParams(settings.search, [removed])!);
    expect(gone.s.body.response!.numFound).toBe(0);
    const all = await both(search({}));
    expect(all.s.body.response!.numFound).toBe(documents.length);
    await solrSide.close();
  });
});
