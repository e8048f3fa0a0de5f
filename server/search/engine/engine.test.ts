import { beforeEach, describe, expect, it } from 'vitest';
import { type SearchDocument, type SolrResponse, SearchRequestError } from '../types.ts';
import { type EmbeddedEngine, createEmbeddedEngine } from './engine.ts';
import { FILTER_CACHE_ENTRIES } from './request.ts';

const doc = (n: number, fields: Omit<SearchDocument, 'id' | 'index_id'>): SearchDocument => ({
  id: `abc-default-${n}`,
  index_id: 'default',
  ss_vrfusion_site_property_code: `P${n}`,
  ...fields,
});

const FIXTURE: SearchDocument[] = [
  doc(1, { ss_name: 'Sea View Cottage', tm_title: 'Sea View Cottage', ss_town: 'Padstow', ss_type: 'cottage', is_bedrooms: 2, fs_price: 120, fs_rating: 4.5, sm_amenities: ['wifi', 'parking'], tm_description: 'A cosy cottage with sea views over the harbour', bs_pets: true, ds_updated: '2024-03-01T00:00:00Z' }),
  doc(2, { ss_name: 'Harbour House', tm_title: 'Harbour House', ss_town: 'Padstow', ss_type: 'house', is_bedrooms: 4, fs_price: 250, fs_rating: 4.8, sm_amenities: ['wifi', 'pool'], tm_description: 'Large family house by the harbour', bs_pets: false, ds_updated: '2024-05-15T10:00:00Z' }),
  doc(3, { ss_name: 'Villa Sol', tm_title: 'Villa Sol', ss_town: 'St Ives', ss_type: 'villa', is_bedrooms: 5, fs_price: 400, fs_rating: 4.9, sm_amenities: ['pool', 'wifi', 'hot tub'], tm_description: 'Luxury villa with a pool and sea view', bs_pets: false }),
  doc(4, { ss_name: 'Gull Nook', tm_title: 'Gull Nook', ss_town: 'St Ives', ss_type: 'cottage', is_bedrooms: 1, fs_price: 90, fs_rating: 4.2, sm_amenities: ['wifi'], tm_description: 'Tiny cottage for two near the beach' }),
  doc(5, { ss_name: 'Old Mill', tm_title: 'Old Mill', ss_town: 'Fowey', ss_type: 'house', is_bedrooms: 3, fs_price: 180, sm_amenities: [], tm_description: 'Converted mill by the river' }),
  doc(6, { ss_name: 'Quay Loft', tm_title: 'Quay Loft', ss_town: 'Fowey', ss_type: 'apartment', is_bedrooms: 2, fs_price: 120, fs_rating: 4.5, sm_amenities: ['wifi', 'parking'], tm_description: 'Apartment on the quay with harbour views' }),
  doc(7, { ss_name: 'Tide End', tm_title: 'Tide End', ss_town: 'Padstow', ss_type: 'cottage', is_bedrooms: 3, fs_price: 200, fs_rating: 3.9, sm_amenities: ['parking', 'pets'], tm_description: 'Dog friendly cottage close to the Camel Trail' }),
  doc(8, { ss_name: 'Blue Haven', tm_title: 'Blue Haven', ss_type: 'villa', is_bedrooms: 6, fs_price: 650, fs_rating: 5, sm_amenities: ['pool', 'hot tub', 'wifi'], tm_description: 'Villa with hot tub and sea views', locs_location: '50.1,-5.2' }),
];

let engine: EmbeddedEngine;
beforeEach(async () => {
  engine = createEmbeddedEngine({ defaultSearchFields: ['tm_title', 'tm_description'], maxRows: 50 });
  await engine.replaceAll(FIXTURE);
});

const params = (o: Record<string, string | string[]>) => new Map(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
const select = (o: Record<string, string | string[]>) => engine.select(params(o));
const nums = (r: SolrResponse) => r.response.docs.map((d) => Number(String(d.id).split('-').pop()));
const fails = async (o: Record<string, string | string[]>, message: RegExp) => {
  const error = await select(o).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SearchRequestError);
  expect((error as Error).message).toMatch(message);
};

describe('embedded engine: matching and paging', () => {
  it('matches all by default with 10 rows, echoing the params', async () => {
    const r = await select({ fq: ['index_id:default', 'ss_town:*'], fl: 'id' });
    expect(r.response).toMatchObject({ numFound: 7, start: 0 });
    expect(r.responseHeader.status).toBe(0);
    expect(typeof r.responseHeader.QTime).toBe('number');
    expect(r.responseHeader.params).toEqual({ fq: ['index_id:default', 'ss_town:*'], fl: 'id' });
    expect(r.response.docs[0]).toEqual({ id: 'abc-default-1' });
    expect(engine.documentCount()).toBe(8);
  });

  it('pages with start and rows, capping rows at maxRows', async () => {
    expect(nums(await select({ q: '*:*', start: '2', rows: '3' }))).toEqual([3, 4, 5]);
    expect(nums(await select({ q: '*:*', start: '7', rows: '3' }))).toEqual([8]);
    expect(nums(await select({ q: '*:*', start: '100' }))).toEqual([]);
    expect((await select({ q: '*:*', rows: '0' })).response.numFound).toBe(8);
    const big = createEmbeddedEngine({ maxRows: 2 });
    await big.replaceAll(FIXTURE);
    expect((await big.select(params({ rows: '1000' }))).response.docs).toHaveLength(2);
  });

  it('applies ranges with open ends and exclusive bounds', async () => {
    expect(nums(await select({ fq: 'fs_price:[120 TO 250]' }))).toEqual([1, 2, 5, 6, 7]);
    expect(nums(await select({ fq: 'fs_price:{120 TO 250}' }))).toEqual([5, 7]);
    expect(nums(await select({ fq: 'fs_price:[120 TO 250}' }))).toEqual([1, 5, 6, 7]);
    expect(nums(await select({ fq: 'fs_price:{120 TO 250]' }))).toEqual([2, 5, 7]);
    expect(nums(await select({ fq: 'fs_price:[* TO 120]' }))).toEqual([1, 4, 6]);
    expect(nums(await select({ fq: 'fs_price:{400 TO *]' }))).toEqual([8]);
    expect(nums(await select({ fq: 'ss_name:[H TO Q}' }))).toEqual([2, 5]);
    expect(nums(await select({ fq: 'ds_updated:[2024-04-01T00:00:00Z TO *]' }))).toEqual([2]);
    expect(nums(await select({ fq: 'ds_updated:[2024-01-01T00:00:00Z TO 2024-03-01T00:00:00Z+1DAY]' }))).toEqual([1]);
  });

  it('combines filters, booleans and negation', async () => {
    expect(nums(await select({ fq: ['ss_town:Padstow', 'ss_type:cottage'] }))).toEqual([1, 7]);
    expect(nums(await select({ q: 'ss_town:Padstow AND NOT ss_type:cottage' }))).toEqual([2]);
    expect(nums(await select({ q: '-ss_town:Padstow' }))).toEqual([3, 4, 5, 6, 8]);
    expect(nums(await select({ q: '+sm_amenities:pool -ss_town:"St Ives"' }))).toEqual([2, 8]);
    expect(nums(await select({ q: 'ss_town:St\\ Ives' }))).toEqual([3, 4]);
    expect(nums(await select({ q: 'bs_pets:true' }))).toEqual([1]);
    expect(nums(await select({ q: 'is_bedrooms:3' }))).toEqual([5, 7]);
    expect(nums(await select({ q: 'fs_rating:*' }))).toHaveLength(7);
    expect(nums(await select({ q: 'sm_amenities:"hot tub"', fq: 'ss_type:villa' }))).toEqual([3, 8]);
  });

  it('finds by id for the favourites lookup and by ids in the requested order', async () => {
    expect(nums(await select({ q: '*:*', fq: 'id:(abc-default-7 OR abc-default-2)', rows: '2' }))).toEqual([2, 7]);
    const r = await select({ ids: 'abc-default-3,abc-default-1,nope,abc-default-2' });
    expect(nums(r)).toEqual([3, 1, 2]);
    expect(r.response.numFound).toBe(3);
    expect(r.response.docs[0]).toMatchObject({ ss_name: 'Villa Sol', sm_amenities: ['pool', 'wifi', 'hot tub'] });
    expect(nums(await select({ ids: 'abc-default-3,abc-default-1,abc-default-2', fq: 'ss_town:Padstow' }))).toEqual([1, 2]);
    expect(nums(await select({ ids: 'abc-default-3,abc-default-1,abc-default-2', sort: 'fs_price asc' }))).toEqual([1, 2, 3]);
  });

  it('searches text: terms, phrases, prefixes and fuzzy terms', async () => {
    expect(nums(await select({ q: 'harbour', sort: 'id asc' }))).toEqual([1, 2, 6]);
    expect(nums(await select({ q: 'tm_description:"sea views"', sort: 'id asc' }))).toEqual([1, 3, 8]);
    expect(nums(await select({ q: 'tm_description:"views sea"' }))).toEqual([]);
    expect(nums(await select({ q: 'tm_description:"cosy sea"~2' }))).toEqual([1]);
    expect(nums(await select({ q: 'tm_description:harb*', sort: 'id asc' }))).toEqual([1, 2, 6]);
    expect(nums(await select({ q: 'ss_name:Sea*' }))).toEqual([1]);
    expect(nums(await select({ q: 'ss_name:*a?e*', sort: 'id asc' }))).toEqual([1, 8]);
    expect(nums(await select({ q: 'tm_description:cotage~1', sort: 'id asc' }))).toEqual([1, 4, 7]);
    expect(nums(await select({ q: 'cottage harbour', 'q.op': 'AND' }))).toEqual([1]);
    expect(nums(await select({ q: 'Cottages', sort: 'id asc' }))).toEqual([1, 4, 7]);
  });

  it('returns the fields asked for with fl', async () => {
    const r = await select({ q: 'harbour', fl: 'id,ss_name,score', rows: '1' });
    expect(Object.keys(r.response.docs[0]!)).toEqual(['id', 'ss_name', 'score']);
    expect(r.response.docs[0]!.score).toBeGreaterThan(0);
    const g = await select({ q: '*:*', fl: 'id ss_*', rows: '1' });
    expect(Object.keys(g.response.docs[0]!)).toEqual(['id', 'ss_vrfusion_site_property_code', 'ss_name', 'ss_town', 'ss_type']);
    expect(Object.keys((await select({ q: '*:*', fl: '*', rows: '1' })).response.docs[0]!)).toContain('tm_description');
  });
});

describe('embedded engine: sorting', () => {
  it('sorts numbers ascending and descending, ties in index order, missing last', async () => {
    expect(nums(await select({ sort: 'fs_price asc' }))).toEqual([4, 1, 6, 5, 7, 2, 3, 8]);
    expect(nums(await select({ sort: 'fs_price desc' }))).toEqual([8, 3, 2, 7, 5, 1, 6, 4]);
    expect(nums(await select({ sort: 'fs_rating desc' }))).toEqual([8, 3, 2, 1, 6, 4, 7, 5]);
    expect(nums(await select({ sort: 'fs_rating asc' }))).toEqual([7, 4, 1, 6, 2, 3, 8, 5]);
    expect(nums(await select({ sort: 'is_bedrooms desc, fs_price asc' }))).toEqual([8, 3, 2, 5, 7, 1, 6, 4]);
    expect(nums(await select({ sort: 'fs_price asc', start: '1', rows: '2' }))).toEqual([1, 6]);
    // Partial selection (rows < numFound) keeps the same order as a full sort.
    for (const sort of ['fs_price asc', 'fs_price desc', 'fs_rating asc', 'fs_rating desc', 'ss_name asc', 'is_bedrooms desc, fs_price asc', 'random_3 asc']) {
      const full = nums(await select({ sort }));
      for (let k = 1; k < 8; k++) {
        expect(nums(await select({ sort, rows: String(k) }))).toEqual(full.slice(0, k));
        expect(nums(await select({ sort, start: String(k), rows: '1' }))).toEqual(full.slice(k, k + 1));
      }
    }
    const byScore = nums(await select({ q: 'harbour cottage sea', rows: '8' }));
    for (let k = 1; k < byScore.length; k++) expect(nums(await select({ q: 'harbour cottage sea', rows: String(k) }))).toEqual(byScore.slice(0, k));
  });

  it('sorts strings by code unit, ascending and descending', async () => {
    expect(nums(await select({ sort: 'ss_name asc' }))).toEqual([8, 4, 2, 5, 6, 1, 7, 3]);
    expect(nums(await select({ sort: 'ss_name desc' }))).toEqual([3, 7, 1, 6, 5, 2, 4, 8]);
    expect(nums(await select({ sort: 'ss_town asc, ss_name asc' }))).toEqual([5, 6, 2, 1, 7, 4, 3, 8]);
    expect(nums(await select({ sort: 'id desc' }))).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('sorts by score by default and randomly by seed', async () => {
    const scored = await select({ q: 'harbour', fl: 'id,score' });
    const scores = scored.response.docs.map((d) => d.score as number);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const a = nums(await select({ sort: 'random_42 asc' }));
    expect(nums(await select({ sort: 'random_42 asc' }))).toEqual(a);
    expect([...a].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(nums(await select({ sort: 'random_42 desc' }))).toEqual([...a].reverse());
  });

  it('refuses sorts it cannot do', async () => {
    await fails({ sort: 'tm_description asc' }, /Cannot sort on the text field/);
    await fails({ sort: 'sm_amenities asc' }, /Cannot sort on the multi-valued field/);
    await fails({ sort: 'nope asc' }, /Cannot sort on unknown field 'nope'/);
    await fails({ sort: 'fs_price up' }, /Sort direction must be asc or desc/);
    await fails({ sort: 'fs_price' }, /Malformed sort/);
  });
});

describe('embedded engine: facets', () => {
  const facet = { facet: 'true', 'facet.mincount': '1', rows: '0' };

  it('counts field values, sorted by count with ties in index order', async () => {
    const r = await select({ ...facet, 'facet.field': ['ss_type', 'ss_town', 'is_bedrooms', 'sm_amenities'] });
    expect(r.facet_counts!.facet_fields).toEqual({
      ss_type: ['cottage', 3, 'house', 2, 'villa', 2, 'apartment', 1],
      ss_town: ['Padstow', 3, 'Fowey', 2, 'St Ives', 2],
      is_bedrooms: ['2', 2, '3', 2, '1', 1, '4', 1, '5', 1, '6', 1],
      sm_amenities: ['wifi', 6, 'parking', 3, 'pool', 3, 'hot tub', 2, 'pets', 1],
    });
    expect(r.facet_counts!.facet_dates).toEqual({});
    expect(r.facet_counts!.facet_queries).toEqual({});
  });

  it('keeps multi-select counts with tagged filters and excluded facets', async () => {
    const r = await select({
      ...facet,
      fq: ['{!tag=type}ss_type:(cottage OR villa)', 'index_id:default'],
      'facet.field': ['{!ex=type}ss_type', 'ss_town', '{!ex=type key=all_types}ss_type'],
      'json.nl': 'map',
    });
    expect(r.response.numFound).toBe(5);
    expect(r.facet_counts!.facet_fields).toEqual({
      ss_type: { cottage: 3, house: 2, villa: 2, apartment: 1 },
      ss_town: { Padstow: 2, 'St Ives': 2 },
      all_types: { cottage: 3, house: 2, villa: 2, apartment: 1 },
    });
    const untagged = await select({ ...facet, fq: 'ss_type:(cottage OR villa)', 'facet.field': '{!ex=type}ss_type' });
    expect(untagged.facet_counts!.facet_fields.ss_type).toEqual(['cottage', 3, 'villa', 2]);
  });

  it('honours mincount, limit, offset, sort, missing, prefix and per-field overrides', async () => {
    const f = async (o: Record<string, string | string[]>) => (await select({ facet: 'true', rows: '0', ...o })).facet_counts!.facet_fields;
    expect((await f({ 'facet.field': 'ss_type', fq: 'ss_town:Padstow' })).ss_type).toEqual(['cottage', 2, 'house', 1, 'apartment', 0, 'villa', 0]);
    expect((await f({ 'facet.field': 'ss_type', fq: 'ss_town:Padstow', 'facet.mincount': '1' })).ss_type).toEqual(['cottage', 2, 'house', 1]);
    expect((await f({ 'facet.field': 'ss_type', 'facet.limit': '2' })).ss_type).toEqual(['cottage', 3, 'house', 2]);
    expect((await f({ 'facet.field': 'ss_type', 'facet.limit': '2', 'facet.offset': '1' })).ss_type).toEqual(['house', 2, 'villa', 2]);
    expect((await f({ 'facet.field': 'ss_type', 'facet.limit': '-1', 'facet.sort': 'index' })).ss_type).toEqual(['apartment', 1, 'cottage', 3, 'house', 2, 'villa', 2]);
    expect((await f({ 'facet.field': 'ss_type', 'facet.limit': '-1' })).ss_type).toEqual(['apartment', 1, 'cottage', 3, 'house', 2, 'villa', 2]);
    expect((await f({ 'facet.field': 'is_bedrooms', 'facet.sort': 'index' })).is_bedrooms).toEqual(['1', 1, '2', 2, '3', 2, '4', 1, '5', 1, '6', 1]);
    expect((await f({ 'facet.field': 'fs_price', 'facet.limit': '1' })).fs_price).toEqual(['120.0', 2]);
    expect((await f({ 'facet.field': 'ss_town', 'facet.missing': 'true' })).ss_town).toEqual(['Padstow', 3, 'Fowey', 2, 'St Ives', 2, null, 1]);
    expect((await f({ 'facet.field': 'ss_town', 'facet.missing': 'true', 'json.nl': 'map' })).ss_town).toEqual({ Padstow: 3, Fowey: 2, 'St Ives': 2, '': 1 });
    expect((await f({ 'facet.field': 'sm_amenities', 'facet.missing': 'true', 'facet.mincount': '3' })).sm_amenities).toEqual(['wifi', 6, 'parking', 3, 'pool', 3, null, 1]);
    expect((await f({ 'facet.field': ['ss_type', 'ss_town'], 'f.ss_type.facet.limit': '1' }))).toEqual({ ss_type: ['cottage', 3], ss_town: ['Padstow', 3, 'Fowey', 2, 'St Ives', 2] });
    expect((await f({ 'facet.field': 'ss_town', 'facet.prefix': 'St' })).ss_town).toEqual(['St Ives', 2]);
    expect((await f({ 'facet.field': 'bs_pets' })).bs_pets).toEqual(['false', 2, 'true', 1]);
    expect((await f({ 'facet.field': 'ss_type', 'facet.sort': 'bogus' }).catch((e: Error) => e.message))).toMatch(/facet.sort/);
  });

  it('counts facet queries with keys and exclusions', async () => {
    const r = await select({
      ...facet,
      fq: '{!tag=p}fs_price:[* TO 150]',
      'facet.query': ['fs_price:[* TO 100]', '{!key=cheap ex=p}fs_price:[* TO 150]', '{!ex=p key=pricey}fs_price:[300 TO *]'],
    });
    expect(r.facet_counts!.facet_queries).toEqual({ 'fs_price:[* TO 100]': 1, cheap: 3, pricey: 2 });
  });

  it('leaves out a facet query counted under facet.mincount, as SolrCloud does, and keeps it at 0 by default', async () => {
    const queries = { 'facet.query': ['fs_price:[* TO 100]', '{!key=none}fs_price:[* TO 1]'] };
    expect((await select({ ...facet, ...queries })).facet_counts!.facet_queries).toEqual({ 'fs_price:[* TO 100]': 1 });
    expect((await select({ ...facet, ...queries, 'facet.mincount': '2' })).facet_counts!.facet_queries).toEqual({});
    expect((await select({ ...facet, ...queries, 'facet.mincount': '0' })).facet_counts!.facet_queries).toEqual({ 'fs_price:[* TO 100]': 1, none: 0 });
  });

  it('counts numeric ranges with gap, other and include', async () => {
    const r = await select({ ...facet, 'facet.mincount': '0', 'facet.range': 'fs_price', 'facet.range.start': '0', 'facet.range.end': '500', 'facet.range.gap': '100', 'facet.range.other': 'all' });
    expect(r.facet_counts!.facet_ranges.fs_price).toEqual({
      counts: ['0.0', 1, '100.0', 3, '200.0', 2, '300.0', 0, '400.0', 1],
      gap: 100,
      start: 0,
      end: 500,
      before: 0,
      after: 1,
      between: 7,
    });
    const upper = await select({ ...facet, 'facet.range': '{!key=price}fs_price', 'f.fs_price.facet.range.start': '0', 'f.fs_price.facet.range.end': '500', 'f.fs_price.facet.range.gap': '100', 'facet.range.include': 'upper', 'json.nl': 'map' });
    expect(upper.facet_counts!.facet_ranges.price!.counts).toEqual({ '0.0': 1, '100.0': 4, '200.0': 1, '300.0': 1 });
    const ints = await select({ ...facet, 'facet.range': 'is_bedrooms', 'facet.range.start': '1', 'facet.range.end': '6', 'facet.range.gap': '2' });
    expect(ints.facet_counts!.facet_ranges.is_bedrooms).toEqual({ counts: ['1', 3, '3', 3, '5', 2], gap: 2, start: 1, end: 7 });
    const hard = await select({ ...facet, 'facet.range': 'is_bedrooms', 'facet.range.start': '1', 'facet.range.end': '6', 'facet.range.gap': '2', 'facet.range.hardend': 'true' });
    expect(hard.facet_counts!.facet_ranges.is_bedrooms!.end).toBe(6);
    const dates = await select({ ...facet, 'facet.range': 'ds_updated', 'facet.range.start': '2024-01-01T00:00:00Z', 'facet.range.end': '2024-07-01T00:00:00Z', 'facet.range.gap': '+1MONTH' });
    expect(dates.facet_counts!.facet_ranges.ds_updated).toEqual({ counts: ['2024-03-01T00:00:00Z', 1, '2024-05-01T00:00:00Z', 1], gap: '+1MONTH', start: '2024-01-01T00:00:00Z', end: '2024-07-01T00:00:00Z' });
  });

  it('refuses bad facet requests with a clear message', async () => {
    await fails({ facet: 'true', 'facet.field': 'nope' }, /Unknown field 'nope' in facet.field/);
    await fails({ facet: 'true', 'facet.field': 'ss_type', 'facet.limit': 'ten' }, /'facet.limit' must be an integer/);
    await fails({ facet: 'true', 'facet.range': 'ss_type', 'facet.range.start': '0', 'facet.range.end': '1', 'facet.range.gap': '1' }, /numeric or date field/);
    await fails({ facet: 'true', 'facet.range': 'fs_price', 'facet.range.start': '0', 'facet.range.end': '100' }, /Missing required parameter: f.fs_price.facet.range.gap/);
    await fails({ facet: 'true', 'facet.range': 'fs_price', 'facet.range.start': '0', 'facet.range.end': '1000000', 'facet.range.gap': '1' }, /more than 10000 buckets/);
    await fails({ facet: 'true', 'facet.range': 'fs_price', 'facet.range.start': '0', 'facet.range.end': '10', 'facet.range.gap': '-1' }, /must be positive/);
  });
});

describe('embedded engine: edismax', () => {
  it('weights fields with qf boosts', async () => {
    const plain = await select({ defType: 'edismax', q: 'cottage', qf: 'tm_description' });
    expect(nums(plain).sort()).toEqual([1, 4, 7]);
    const titled = await select({ defType: 'edismax', q: 'cottage', qf: 'tm_title^10 tm_description' });
    expect(nums(titled)[0]).toBe(1);
  });

  it('adds bq scores and multiplies by boost functions, changing the order', async () => {
    const base = nums(await select({ defType: 'edismax', q: 'harbour', qf: 'tm_description' }));
    expect(base.sort()).toEqual([1, 2, 6]);
    expect(nums(await select({ defType: 'edismax', q: 'harbour', qf: 'tm_description', bq: 'ss_town:Fowey^10' }))[0]).toBe(6);
    expect(nums(await select({ defType: 'edismax', q: 'harbour', qf: 'tm_description', boost: 'fs_price' }))[0]).toBe(2);
    expect(nums(await select({ defType: 'edismax', q: '*:*', boost: 'product(fs_price,div(1,is_bedrooms))', fl: 'id,score' }))).toEqual([8, 4, 3, 7, 2, 1, 5, 6]);
    expect(nums(await select({ defType: 'edismax', q: '*:*', bq: ['ss_type:villa^5', 'ss_town:Padstow^2'] }))).toEqual([3, 8, 1, 2, 7, 4, 5, 6]);
    expect(nums(await select({ defType: 'edismax', q: '*:*', bf: 'sum(fs_rating,0)' }))).toEqual([8, 3, 2, 1, 6, 4, 7, 5]);
    // bq and boost do nothing for the standard parser (as in Solr).
    expect(nums(await select({ q: '*:*', bq: 'ss_type:villa^5' }))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('refuses unsupported functions and defTypes', async () => {
    await fails({ defType: 'edismax', q: '*:*', boost: 'geodist()' }, /Unsupported function 'geodist'/);
    await fails({ defType: 'edismax', q: '*:*', boost: 'ss_town' }, /not numeric/);
    await fails({ defType: 'edismax', q: '*:*', boost: 'sum(1' }, /Malformed function/);
    await fails({ defType: 'edismax', q: 'x', qf: 'nope^2' }, /Unknown field 'nope'/);
    await fails({ defType: 'magic' }, /Unsupported defType/);
  });
});

describe('embedded engine: spellcheck and autocomplete', () => {
  it('suggests a misspelled town name, most frequent first, with a collation', async () => {
    const r = await select({ q: 'Padstw', spellcheck: 'true' });
    expect(r.response.numFound).toBe(0);
    expect(r.spellcheck).toEqual({
      suggestions: ['Padstw', { numFound: 1, startOffset: 0, endOffset: 6, suggestion: [{ word: 'padstow', freq: 3 }] }],
      collations: ['collation', 'padstow'],
    });
    const two = await select({ q: '*:*', spellcheck: 'true', 'spellcheck.q': 'cottge in padstw', 'json.nl': 'map' });
    expect(two.spellcheck).toEqual({
      suggestions: {
        cottge: { numFound: 1, startOffset: 0, endOffset: 6, suggestion: [{ word: 'cottage', freq: 3 }] },
        padstw: { numFound: 1, startOffset: 10, endOffset: 16, suggestion: [{ word: 'padstow', freq: 3 }] },
      },
      collations: { collation: 'cottage in padstow' },
    });
    // Closest first, then most frequent: 'vila' → villa (1 edit) before view (2 edits, more frequent).
    const close = await select({ q: '*:*', rows: '0', spellcheck: 'true', 'spellcheck.q': 'vila', 'spellcheck.count': '5' });
    expect(close.spellcheck!.suggestions).toEqual(['vila', { numFound: 2, startOffset: 0, endOffset: 4, suggestion: [{ word: 'villa', freq: 2 }, { word: 'view', freq: 2 }] }]);
    const inQuery = await select({ q: 'tm_title:(cottge OR padstw)', spellcheck: 'true', 'spellcheck.q': 'cottge padstw' });
    expect(inQuery.spellcheck!.collations).toEqual(['collation', 'tm_title:(cottage OR padstow)']);
    const none = await select({ q: 'harbour', spellcheck: 'true' });
    expect(none.spellcheck).toEqual({ suggestions: [], collations: [] });
    expect(((await select({ q: 'ss_town:Padstw', spellcheck: 'true' })).spellcheck!.suggestions as unknown[])[0]).toBe('Padstw');
  });

  it('completes names, towns, types and amenities (not description words), those starting with the text first, most listings first', async () => {
    expect(await engine.suggest('pad', 10)).toEqual(['Padstow']);
    expect(await engine.suggest('co', 10)).toEqual(['cottage', 'Sea View Cottage']);
    expect(await engine.suggest('Sea v', 10)).toEqual(['Sea View Cottage']);
    expect(await engine.suggest('ha', 1)).toEqual(['Harbour House']);
    expect(await engine.suggest('ha', 10)).toEqual(['Harbour House', 'Blue Haven']);
    expect(await engine.suggest('harb', 10)).toEqual(['Harbour House']);
    expect(await engine.suggest('wi', 10)).toEqual(['wifi']);
    expect(await engine.suggest('tub', 10)).toEqual(['hot tub']);
    expect(await engine.suggest('vi', 10)).toEqual(['villa', 'Villa Sol', 'Sea View Cottage']);
    expect(await engine.suggest('', 10)).toEqual([]);
    expect(await engine.suggest('zzz', 10)).toEqual([]);
    expect(await engine.suggest('pa', 0)).toEqual([]);
  });
});

describe('embedded engine: updates', () => {
  it('adds, replaces and deletes documents', async () => {
    await engine.update([{ ...FIXTURE[7]!, ss_town: 'Fowey' }, doc(9, { ss_town: 'Looe', ss_type: 'lodge', fs_price: 75 })], ['abc-default-4']);
    expect(engine.documentCount()).toBe(8);
    const r = await select({ facet: 'true', 'facet.field': 'ss_town', 'facet.missing': 'true', 'facet.mincount': '1', sort: 'fs_price asc', fl: 'id' });
    expect(r.facet_counts!.facet_fields.ss_town).toEqual(['Fowey', 3, 'Padstow', 3, 'Looe', 1, 'St Ives', 1, null, 0]);
    expect(nums(r)).toEqual([9, 1, 6, 5, 7, 2, 3, 8]);
    expect(nums(await select({ q: 'tm_description:tiny' }))).toEqual([]);
    expect(nums(await select({ q: 'ss_town:Fowey', sort: 'id asc' }))).toEqual([5, 6, 8]);
  });

  it('stays correct through many updates and compaction', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => doc(100 + i, { ss_town: i % 2 ? 'Looe' : 'Fowey', is_bedrooms: i % 5, tm_description: `word${i % 7}` }));
    await engine.update(many, []);
    for (let round = 0; round < 3; round++) await engine.update(many.slice(0, 1500).map((d) => ({ ...d, ss_town: `Town${round}` })), []);
    await engine.update([], ['abc-default-1']);
    expect(engine.documentCount()).toBe(3007);
    const r = await select({ q: 'word3', facet: 'true', 'facet.field': 'ss_town', 'facet.mincount': '1', rows: '0' });
    expect(r.response.numFound).toBe(429);
    expect(r.facet_counts!.facet_fields.ss_town).toEqual(['Town2', 214, 'Looe', 108, 'Fowey', 107]);
  });

  it('answers a repeated filter the same from its filter cache, and from the changed index after an update', async () => {
    const ask = { fq: ['{!tag=town}ss_town:Padstow', 'is_bedrooms:[2 TO *]'], sort: 'id asc', facet: 'true', 'facet.field': '{!ex=town}ss_town', 'facet.mincount': '1' };
    const first = await select(ask);
    expect(nums(first)).toEqual([1, 2, 7]);
    const again = await select(ask);
    expect(again.response).toEqual(first.response);
    expect(again.facet_counts).toEqual(first.facet_counts);
    // The same filter text under q.op=AND with another default field is another filter.
    expect(nums(await select({ fq: 'Padstow harbour', 'q.op': 'AND', df: 'tm_description', sort: 'id asc' }))).toEqual([]);
    expect(nums(await select({ fq: 'Padstow harbour', sort: 'id asc' }))).toEqual([1, 2, 6]);
    await engine.update([doc(10, { ss_town: 'Padstow', is_bedrooms: 3 })], ['abc-default-2']);
    expect(nums(await select(ask))).toEqual([1, 10, 7]);
    await engine.replaceAll([doc(11, { ss_town: 'Padstow', is_bedrooms: 2 })]);
    expect(nums(await select(ask))).toEqual([11]);
  });

  it('answers right once the filter cache is full and filters are evicted and their buffers reused', async () => {
    const filler = (k: number) => `fs_price:[0 TO ${1000 + k}]`;
    const bedrooms = 'is_bedrooms:[3 TO *]';
    expect(nums(await select({ fq: bedrooms, sort: 'id asc' }))).toEqual([2, 3, 5, 7, 8]);
    for (let k = 0; k < FILTER_CACHE_ENTRIES - 1; k++) await select({ fq: filler(k), rows: '0' });
    // The oldest cached filter (bedrooms) is evicted by this request's new filter while in use.
    expect(nums(await select({ fq: [bedrooms, 'ss_type:cottage'], sort: 'id asc' }))).toEqual([7]);
    // New filters now reuse evicted ones' buffers: each must still match only its own documents.
    expect(nums(await select({ fq: 'ss_town:Fowey', sort: 'id asc' }))).toEqual([5, 6]);
    expect(nums(await select({ fq: 'ss_type:villa', sort: 'id asc' }))).toEqual([3, 8]);
    expect(nums(await select({ fq: ['ss_town:Fowey', 'is_bedrooms:2'], sort: 'id asc' }))).toEqual([6]);
    expect(nums(await select({ fq: 'ss_type:cottage', sort: 'id asc' }))).toEqual([1, 4, 7]);
    expect(nums(await select({ fq: bedrooms, sort: 'id asc' }))).toEqual([2, 3, 5, 7, 8]);
    expect((await select({ fq: filler(FILTER_CACHE_ENTRIES + 5), rows: '0' })).response.numFound).toBe(8);
  });

  it('keeps a cached filter intact while later requests reuse the pooled bitsets and score buffers', async () => {
    // The cached filters' bitsets leave the request pool: requests that take and release many
    // pooled buffers afterwards (wildcards, multi-select facets, text) must not write into them.
    const town = { fq: ['ss_town:Padstow'], sort: 'id asc' };
    const villas = { fq: ['{!tag=t}ss_type:villa'], sort: 'id asc', facet: 'true', 'facet.field': '{!ex=t}ss_type' };
    expect(nums(await select(town))).toEqual([1, 2, 7]);
    expect(nums(await select(villas))).toEqual([3, 8]);
    for (let i = 0; i < 20; i++) {
      await select({ q: 'tm_description:*o* OR tm_description:h*', fq: ['is_bedrooms:[1 TO *]'], facet: 'true', 'facet.field': ['ss_town', '{!ex=x}ss_type'] });
      await select({ q: 'sea harbour cottage', fq: ['{!tag=x}ss_type:(cottage OR house)'], facet: 'true', 'facet.field': ['{!ex=x}ss_type', 'sm_amenities'] });
      await select({ q: '"sea views"', rows: '0' });
    }
    expect(nums(await select(town))).toEqual([1, 2, 7]);
    const again = await select(villas);
    expect(nums(again)).toEqual([3, 8]);
    expect(again.facet_counts!.facet_fields).toEqual({ ss_type: ['cottage', 3, 'house', 2, 'villa', 2, 'apartment', 1] });
  });

  it('replaces the whole index', async () => {
    await engine.replaceAll([doc(1, { ss_town: 'Looe' })]);
    expect(engine.documentCount()).toBe(1);
    expect(nums(await select({ q: 'ss_town:Looe' }))).toEqual([1]);
    await engine.replaceAll([]);
    expect((await select({})).response.numFound).toBe(0);
    await engine.close();
  });
});

describe('embedded engine: compact postings and forward index', () => {
  // Postings pack a frequency below 63 with the slot; larger ones are kept apart. Every document
  // is 120 words long, so only the frequency of "echo" tells their scores apart.
  const text = (echoes: number) => [...Array.from({ length: echoes }, () => 'echo'), ...Array.from({ length: 120 - echoes }, (_, i) => `pad${i}`)].join(' ');

  it('scores every term frequency exactly, below and above what a posting holds', async () => {
    const counts = [1, 62, 63, 64, 100, 119];
    const docs = counts.map((n, i) => doc(i + 1, { tm_description: text(n) }));
    for (const order of [docs, [...docs].reverse()]) {
      const e = createEmbeddedEngine();
      await e.replaceAll([]);
      for (const d of order) await e.update([d], []);
      const r = await e.select(params({ q: 'tm_description:echo', fl: 'id,score', rows: '10' }));
      expect(nums(r)).toEqual([6, 5, 4, 3, 2, 1]);
      const scores = r.response.docs.map((d) => d.score as number);
      for (let i = 1; i < scores.length; i++) expect(scores[i]!).toBeLessThan(scores[i - 1]!);
      const bulk = createEmbeddedEngine();
      await bulk.replaceAll(order);
      expect((await bulk.select(params({ q: 'tm_description:echo', fl: 'id,score', rows: '10' }))).response.docs).toEqual(r.response.docs);
    }
  });

  it('finds phrases among term ids of every width (1 to 3 bytes each)', async () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i}x`);
    // Term id 800 is stored as the bytes [0xa1, 0x06]; 0x06 alone is term id 5 (ids are stored + 1):
    // a phrase starting with term 5 must not start inside it (doc 3 has both words, not the phrase).
    const docs = [
      doc(1, { tm_description: words.join(' ') }),
      doc(2, { tm_description: `${words[19_999]} ${words[5]} ${words[200]} ${words[19_998]}` }),
      doc(3, { tm_description: `${words[800]} ${words[200]} ${words[5]}` }),
    ];
    const e = createEmbeddedEngine();
    await e.replaceAll(docs);
    const phrase = async (a: number, b: number) => nums(await e.select(params({ q: `tm_description:"${words[a]} ${words[b]}"`, sort: 'id asc' })));
    expect(await phrase(19_998, 19_999)).toEqual([1]);
    expect(await phrase(19_999, 5)).toEqual([2]);
    expect(await phrase(5, 200)).toEqual([2]);
    expect(await phrase(800, 200)).toEqual([3]);
    expect(await phrase(126, 127)).toEqual([1]);
    expect(await phrase(16_383, 16_384)).toEqual([1]);
    expect(await phrase(19_999, 19_998)).toEqual([]);
    expect(nums(await e.select(params({ q: `tm_description:"${words[200]} ${words[19_998]}"~1` })))).toEqual([2]);
  });
});

describe('embedded engine: bad input', () => {
  it.each<[Record<string, string | string[]>, RegExp]>([
    [{ q: 'ss_town:"Padstow' }, /Unbalanced quotes/],
    [{ q: '(ss_town:Padstow' }, /Unbalanced parentheses/],
    [{ fq: 'nope:1' }, /Unknown field 'nope'/],
    [{ fq: 'fs_price:[cheap TO 100]' }, /not a number/],
    [{ q: 'x'.repeat(2001) }, /Query too long/],
    [{ rows: 'many' }, /'rows' must be an integer/],
    [{ rows: '-1' }, /'rows' must be at least 0/],
    [{ start: '99999999999' }, /'start' must be at most/],
    [{ 'json.nl': 'arrarr' }, /json.nl/],
    [{ facet: 'maybe' }, /'facet' must be true or false/],
    [{ q: 'locs_location:x' }, /stored only/],
    [{ 'q.op': 'XOR' }, /q.op/],
  ])('%# refuses with a clear message', async (o, message) => {
    await fails(o, message);
  });

  it('answers an empty result for fields known by prefix but without values', async () => {
    expect((await select({ fq: 'ss_unused:x' })).response.numFound).toBe(0);
    expect((await select({ fq: 'is_unused:[1 TO 2]' })).response.numFound).toBe(0);
    await fails({ fq: 'is_unused:abc' }, /not a number/);
  });
});
