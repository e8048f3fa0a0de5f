import { describe, expect, it } from 'vitest';
import { parseSearchHash } from './hash-state';
import { buildDocumentsParams, buildFavouritesParams, buildSearchParams, favouritesQuery, favouritesViewPath, type SearchRequestConfig } from './search-params';
import type { FacetDefinition } from './search-config';

function facet(field: string, operator: 'and' | 'or', extra: Partial<FacetDefinition['settings_global']['settings']> = {}): FacetDefinition {
  return {
    settings: { settings: { widget: 'links', riot_solr: { facet_label: field }, exclude: '', active_sorts: ['count'] } },
    settings_global: {
      settings: { riotjs_label: field, operator, hard_limit: 50, facet_missing: false, limit_active_items: false, facet_mincount: 1, ...extra },
    },
    data: { field },
  };
}

const config: SearchRequestConfig = {
  index: 'listings',
  max_rows: 10,
  default_q: '*:*',
  default_boost: '',
  params: {},
  return_full_docs: true,
  facets: { area: facet('ss_area', 'or'), bedrooms: facet('is_bedrooms', 'and', { hard_limit: 20 }) },
};

const values = (params: [string, string][] | null, name: string) => (params ?? []).filter(([key]) => key === name).map(([, value]) => value);
const single = (params: [string, string][] | null, name: string) => {
  const found = values(params, name);
  expect(found.length, `${name} appears once`).toBe(1);
  return found[0];
};

describe('buildSearchParams', () => {
  it('sends the whole default request for an empty state (spec §7, §9)', () => {
    expect(buildSearchParams(config, { fq: [], start: 0 })).toEqual([
      ['q', '*:*'],
      ['fq', 'index_id:listings'],
      ['facet', 'true'],
      ['facet.mincount', '1'],
      ['json.nl', 'map'],
      ['rows', '10'],
      ['start', '0'],
      ['fl', 'id'],
      ['wt', 'json'],
      ['facet.field', '{!ex=ss_area}ss_area'],
      ['f.ss_area.facet.limit', '50'],
      ['f.ss_area.facet.mincount', '1'],
      ['facet.field', 'is_bedrooms'],
      ['f.is_bedrooms.facet.limit', '20'],
      ['f.is_bedrooms.facet.mincount', '1'],
    ]);
  });

  it.each([
    ['max_rows 0', 0],
    ['negative max_rows', -5],
    ['NaN max_rows', Number.NaN],
  ])('sends nothing with %s (spec §5)', (_title, maxRows) => {
    expect(buildSearchParams({ ...config, max_rows: maxRows }, { q: 'beach', fq: [], start: 0 })).toBeNull();
  });

  it.each([
    ['the visitor query', { q: 'beach house' }, '*:*', 'beach house'],
    ['default_q for an empty query', { q: '   ' }, 'ss_type:Villa', 'ss_type:Villa'],
    ['default_q for no query', {}, 'ss_type:Villa', 'ss_type:Villa'],
    ['*:* when default_q is empty too', {}, '', '*:*'],
  ])('q: %s', (_title, state, defaultQ, expected) => {
    expect(single(buildSearchParams({ ...config, default_q: defaultQ }, { fq: [], start: 0, ...state }), 'q')).toBe(expected);
  });

  it.each([
    ['an index', 'listings', ['index_id:listings']],
    ["'inherit'", 'inherit', []],
    ['no index', '', []],
  ])('fq index_id for %s', (_title, index, expected) => {
    expect(values(buildSearchParams({ ...config, index }, { fq: [], start: 0 }), 'fq')).toEqual(expected);
  });

  it('tags the or-facet filter and keeps and-facet filters apart', () => {
    const params = buildSearchParams(config, { fq: ['ss_area:A', 'is_bedrooms:3', 'ss_area:"North Shore"', 'is_bedrooms:4'], start: 0 });
    expect(values(params, 'fq')).toEqual(['index_id:listings', '{!tag=ss_area}ss_area:(A OR "North Shore")', 'is_bedrooms:3', 'is_bedrooms:4']);
  });

  it('sends rows, start and sort from the state, rows capped at max_rows', () => {
    const params = buildSearchParams(config, { fq: [], start: 30, sort: ' fs_rating desc ', rows: 5 });
    expect([single(params, 'rows'), single(params, 'start'), single(params, 'sort')]).toEqual(['5', '30', 'fs_rating desc']);
    expect(single(buildSearchParams(config, { fq: [], start: 0, rows: 500 }), 'rows')).toBe('10');
    expect(single(buildSearchParams({ ...config, max_rows: undefined }, { fq: [], start: 0 }), 'rows')).toBe('10');
    expect(single(buildSearchParams(config, { fq: [], start: -3.5 }), 'start')).toBe('0');
    expect(values(buildSearchParams(config, { fq: [], start: 0, sort: '' }), 'sort')).toEqual([]);
  });

  it('uses edismax with the boost when default_boost is set', () => {
    const params = buildSearchParams({ ...config, default_boost: 'recip(ms(NOW,ds_changed),3.16e-11,1,1)' }, { fq: [], start: 0 });
    expect(single(params, 'defType')).toBe('edismax');
    expect(single(params, 'boost')).toBe('recip(ms(NOW,ds_changed),3.16e-11,1,1)');
    expect(values(buildSearchParams(config, { fq: [], start: 0 }), 'defType')).toEqual([]);
  });

  it('asks for ids only when full documents are fetched separately', () => {
    expect(values(buildSearchParams({ ...config, return_full_docs: false }, { fq: [], start: 0 }), 'fl')).toEqual([]);
  });

  it('sends facet.missing and the no-limit value per field', () => {
    const params = buildSearchParams({ ...config, facets: { area: facet('ss_area', 'and', { facet_missing: true, hard_limit: 0, facet_mincount: 0 }) } }, { fq: [], start: 0 });
    expect(single(params, 'f.ss_area.facet.missing')).toBe('true');
    expect(single(params, 'f.ss_area.facet.limit')).toBe('-1');
    expect(single(params, 'f.ss_area.facet.mincount')).toBe('0');
    expect(single(params, 'facet.field')).toBe('ss_area');
  });

  it('appends config.params: extra values of multi-valued names, defaults for single-valued ones', () => {
    const params = buildSearchParams({ ...config, params: { fq: 'status:1', sort: 'ss_name asc', rows: '99', 'spellcheck': 'true' } }, { fq: [], start: 0 });
    expect(values(params, 'fq')).toEqual(['index_id:listings', 'status:1']);
    expect(single(params, 'sort')).toBe('ss_name asc');
    expect(single(params, 'rows')).toBe('10');
    expect(single(params, 'spellcheck')).toBe('true');
    const sorted = buildSearchParams({ ...config, params: { sort: 'ss_name asc' } }, { fq: [], start: 0, sort: 'fs_rating desc' });
    expect(single(sorted, 'sort')).toBe('fs_rating desc');
  });
});

describe('buildDocumentsParams', () => {
  it.each([
    [['a', 'b'], {}, [['ids', 'a,b']]],
    [['a', 'a', '', 'b'], {}, [['ids', 'a,b']]],
    [['a', 'x,y'], { fl: '*' }, [['ids', 'a'], ['fl', '*']]],
  ])('%j with params %j', (ids, params, expected) => {
    expect(buildDocumentsParams({ params }, ids)).toEqual(expected);
  });

  it('sends nothing for no ids', () => {
    expect(buildDocumentsParams({ params: {} }, [])).toBeNull();
    expect(buildDocumentsParams({ params: {} }, ['a,b'])).toBeNull();
  });
});

describe('buildFavouritesParams', () => {
  it('searches rows={count} with fq={key}:(id1 OR id2) (spec §7)', () => {
    expect(buildFavouritesParams(config, 'id', ['chc1-listings-1', 'chc1-listings-2', 'chc1-listings-1'])).toEqual([
      ['q', '*:*'],
      ['fq', 'index_id:listings'],
      ['fq', 'id:(chc1-listings-1 OR chc1-listings-2)'],
      ['rows', '2'],
      ['start', '0'],
      ['json.nl', 'map'],
      ['fl', 'id'],
      ['wt', 'json'],
    ]);
  });

  it('escapes ids and sends nothing without favourites', () => {
    expect(values(buildFavouritesParams({ ...config, index: 'inherit' }, 'ss_code', ['a:1', 'b "c"']), 'fq')).toEqual(['ss_code:("a:1" OR "b \\"c\\"")']);
    expect(buildFavouritesParams(config, 'id', [])).toBeNull();
  });
});

describe('favouritesQuery / favouritesViewPath', () => {
  it.each([
    [['a'], 'id:(a)'],
    [['a', 'b'], 'id:(a OR b)'],
    [['a b'], 'id:("a b")'],
    [[], 'id:("")'],
  ])('%j → %s', (ids, expected) => {
    expect(favouritesQuery('id', ids)).toBe(expected);
  });

  it('navigates to {path}#q={key}:(id1 OR id2) and the search page reads that query back', () => {
    const path = favouritesViewPath('/favourites', 'id', ['chc1-listings-1', 'chc1-listings-2']);
    expect(path).toBe('/favourites#q=id:(chc1-listings-1%20OR%20chc1-listings-2)');
    const hash = path.slice(path.indexOf('#'));
    expect(parseSearchHash(hash, ['q', 'fq']).state.q).toBe('id:(chc1-listings-1 OR chc1-listings-2)');
  });

  it('replaces a hash already in the path', () => {
    expect(favouritesViewPath('/favourites#old', 'id', ['a'])).toBe('/favourites#q=id:(a)');
  });
});
