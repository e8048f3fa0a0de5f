import { describe, expect, it } from 'vitest';
import {
  FacetMisconfigurationError,
  activeFacetValues,
  compareFacetValues,
  excludeTerms,
  isExcludedValue,
  readFacetItems,
  requestFilterQueries,
  resetFacet,
  toggleFacetValue,
} from './facets';
import type { FacetCount } from './response';
import type { FacetDefinition } from './search-config';

function facet(
  field: string,
  options: Partial<FacetDefinition['settings_global']['settings'] & { exclude: string; active_sorts: string[] }> = {},
): FacetDefinition {
  return {
    settings: {
      settings: {
        widget: 'links',
        riot_solr: { facet_label: field },
        exclude: options.exclude ?? '',
        active_sorts: options.active_sorts ?? [],
      },
    },
    settings_global: {
      settings: {
        riotjs_label: field,
        operator: options.operator ?? 'and',
        hard_limit: options.hard_limit ?? 50,
        facet_missing: options.facet_missing ?? false,
        limit_active_items: options.limit_active_items ?? false,
        facet_mincount: options.facet_mincount ?? 1,
      },
    },
    data: { field },
  };
}

const requested = (field: string): [string, string][] => [['facet.field', field]];
const counts = (field: string, pairs: FacetCount[]) => ({ facetFields: { [field]: pairs }, facetRanges: {}, facetDates: {} });
const labels = (items: { facet: string | null; count: number; active: boolean }[]) =>
  items.map((item) => `${item.facet ?? '(missing)'}:${item.count}${item.active ? '*' : ''}`);

describe('toggleFacetValue', () => {
  it.each([
    ['adds an inactive value', [], 'ss_area', 'Seabright', false, ['ss_area:Seabright']],
    ['adds a second value of a multi-value facet', ['ss_area:A'], 'ss_area', 'B', false, ['ss_area:A', 'ss_area:B']],
    ['removes an active value', ['ss_area:A', 'ss_area:B'], 'ss_area', 'A', false, ['ss_area:B']],
    ['replaces the value of a single-active facet', ['is_bedrooms:2', 'ss_area:A'], 'is_bedrooms', '3', true, ['ss_area:A', 'is_bedrooms:3']],
    ['removes the active value of a single-active facet', ['is_bedrooms:3'], 'is_bedrooms', '3', true, []],
    ['quotes values with spaces', [], 'ss_area', 'North Shore', false, ['ss_area:"North Shore"']],
    ['removes a quoted value by its raw value', ['ss_area:"North Shore"'], 'ss_area', 'North Shore', false, []],
    ['toggles the missing bucket', [], 'ss_area', null, false, ['-ss_area:[* TO *]']],
    ['leaves filters of a field sharing a prefix', ['ss_area_code:1'], 'ss_area', 'A', true, ['ss_area_code:1', 'ss_area:A']],
  ] as const)('%s', (_title, active, field, value, singleActive, expected) => {
    expect(toggleFacetValue(active, field, value, { singleActive })).toEqual(expected);
  });

  it('does not change the list it is given', () => {
    const active = ['ss_area:A'];
    toggleFacetValue(active, 'ss_area', 'B', { singleActive: false });
    expect(active).toEqual(['ss_area:A']);
  });
});

describe('resetFacet', () => {
  it('clears every value of the facet, its missing bucket too, and nothing else', () => {
    expect(resetFacet(['ss_area:A', 'is_bedrooms:3', '-ss_area:[* TO *]', 'ss_area:"B C"', 'ss_areas:X'], 'ss_area')).toEqual([
      'is_bedrooms:3',
      'ss_areas:X',
    ]);
  });
});

describe('activeFacetValues', () => {
  it('reads the raw values back, null for the missing bucket', () => {
    expect(activeFacetValues(['ss_area:"North Shore"', 'ss_area:Harbour', '-ss_area:[* TO *]', 'is_bedrooms:3'], 'ss_area')).toEqual([
      'North Shore',
      'Harbour',
      null,
    ]);
  });
});

describe('excludeTerms / isExcludedValue', () => {
  it.each([
    ['', []],
    ['Pending', ['Pending']],
    ['^Pending$', ['Pending']],
    ['Pending|Test', ['PendingTest']],
    ['(test).*', ['test']],
    ['Closed, Hidden', ['Closed', 'Hidden']],
    ['[.*+?]', []],
    ['a\\b/c', ['abc']],
  ])('strips regex specials from %j: %j', (pattern, expected) => {
    expect(excludeTerms(pattern)).toEqual(expected);
  });

  it.each([
    ['Pending review', 'Pending', true],
    ['Pending review', '^Pending.*', true],
    ['Seabright', 'Pending', false],
    ['anything', '', false],
    ['a.b', '.', false],
    ['Hidden Cove', 'Closed, Hidden', true],
  ])('%j with pattern %j hidden: %s', (value, pattern, expected) => {
    expect(isExcludedValue(value, pattern)).toBe(expected);
  });
});

describe('compareFacetValues', () => {
  it('orders numbers numerically before text, text naturally and case-insensitively', () => {
    expect(['10', 'b', '2', 'Unit 10', '-1', 'A', '1.5', 'Unit 2', '1.25'].sort(compareFacetValues)).toEqual([
      '-1',
      '1.25',
      '1.5',
      '2',
      '10',
      'A',
      'b',
      'Unit 2',
      'Unit 10',
    ]);
  });
});

describe('readFacetItems', () => {
  const area = facet('ss_area', { active_sorts: ['count'] });

  it('reads facet, count and active for each value', () => {
    const items = readFacetItems(area, counts('ss_area', [['Seabright', 4], ['Harbour', 7]]), ['ss_area:Seabright'], requested('ss_area'));
    expect(items).toEqual([
      { facet: 'Harbour', count: 7, active: false },
      { facet: 'Seabright', count: 4, active: true },
    ]);
  });

  it('adds an active value that the response does not list, with count 0', () => {
    const items = readFacetItems(area, counts('ss_area', [['Seabright', 4]]), ['ss_area:"North Shore"'], requested('ss_area'));
    expect(labels(items)).toEqual(['Seabright:4', 'North Shore:0*']);
  });

  it.each([
    [['count'], ['b:9', 'a:3', '10:3', '2:1']],
    [['display'], ['2:1', '10:3', 'a:3', 'b:9']],
    [['index'], ['2:1', '10:3', 'a:3', 'b:9']],
    [['count', 'display'], ['b:9', '10:3', 'a:3', '2:1']],
    [['active', 'count'], ['2:1*', 'b:9', 'a:3', '10:3']],
    [[], ['a:3', '10:3', 'b:9', '2:1']],
    [['unknown'], ['a:3', '10:3', 'b:9', '2:1']],
  ])('sorts by %j', (activeSorts, expected) => {
    const definition = facet('f', { active_sorts: activeSorts });
    const items = readFacetItems(definition, counts('f', [['a', 3], ['10', 3], ['b', 9], ['2', 1]]), ['f:2'], requested('f'));
    expect(labels(items)).toEqual(expected.map((label) => (label === '2:1' ? '2:1*' : label)));
  });

  it('hides values matching the exclude pattern, unless active', () => {
    const definition = facet('f', { exclude: 'Test|' });
    const items = readFacetItems(definition, counts('f', [['Test one', 1], ['Real', 2], ['Test two', 3]]), ['f:"Test two"'], requested('f'));
    expect(labels(items)).toEqual(['Real:2', 'Test two:3*']);
  });

  it('hides values under facet_mincount, unless active', () => {
    const definition = facet('f', { facet_mincount: 2 });
    const items = readFacetItems(definition, counts('f', [['a', 1], ['b', 2], ['c', 0]]), ['f:c'], requested('f'));
    expect(labels(items)).toEqual(['b:2', 'c:0*']);
  });

  it('keeps at most hard_limit values besides the active ones', () => {
    const definition = facet('f', { hard_limit: 2, active_sorts: ['count'] });
    const pairs: FacetCount[] = [['a', 5], ['b', 4], ['c', 3], ['d', 2]];
    expect(labels(readFacetItems(definition, counts('f', pairs), [], requested('f')))).toEqual(['a:5', 'b:4']);
    expect(labels(readFacetItems(definition, counts('f', pairs), ['f:d'], requested('f')))).toEqual(['a:5', 'b:4', 'd:2*']);
    expect(labels(readFacetItems(facet('f', { hard_limit: 0 }), counts('f', pairs), [], requested('f')))).toHaveLength(4);
  });

  it('shows the missing bucket last, only with facet_missing', () => {
    const pairs: FacetCount[] = [[null, 2], ['a', 1]];
    expect(labels(readFacetItems(facet('f', { facet_missing: true, active_sorts: ['count'] }), counts('f', pairs), [], requested('f')))).toEqual([
      'a:1',
      '(missing):2',
    ]);
    expect(labels(readFacetItems(facet('f'), counts('f', pairs), [], requested('f')))).toEqual(['a:1']);
    expect(
      labels(readFacetItems(facet('f', { facet_missing: true }), counts('f', pairs), ['-f:[* TO *]'], requested('f'))),
    ).toEqual(['a:1', '(missing):2*']);
  });

  it('reads range and date counts when the field was requested with facet.range or facet.date', () => {
    const definition = facet('fs_price');
    const result = { facetFields: {}, facetRanges: { fs_price: [['100', 3]] as FacetCount[] }, facetDates: {} };
    expect(labels(readFacetItems(definition, result, [], [['facet.range', 'fs_price']]))).toEqual(['100:3']);
    const dates = { facetFields: {}, facetRanges: {}, facetDates: { ds_begin: [['2025-01-01T00:00:00Z', 2]] as FacetCount[] } };
    expect(labels(readFacetItems(facet('ds_begin'), dates, [], [['facet.date', 'ds_begin']]))).toEqual(['2025-01-01T00:00:00Z:2']);
  });

  it('accepts a facet.field carrying local params, and gives no items when the response has no counts', () => {
    expect(readFacetItems(area, { facetFields: {}, facetRanges: {}, facetDates: {} }, [], [['facet.field', '{!ex=ss_area}ss_area']])).toEqual([]);
  });

  it.each([
    ['no facet parameter at all', []],
    ['another field', [['facet.field', 'ss_type']]],
    ['a parameter that does not count', [['facet.query', 'ss_area:A'], ['fq', 'ss_area:A']]],
  ] as [string, [string, string][]][])('throws a misconfiguration error when the request has %s', (_title, params) => {
    expect(() => readFacetItems(area, counts('ss_area', [['A', 1]]), [], params)).toThrow(FacetMisconfigurationError);
    expect(() => readFacetItems(area, counts('ss_area', [['A', 1]]), [], params)).toThrow(/ss_area.*facet\.field, facet\.date or facet\.range/);
  });

  it('does not read counts of inherited object keys', () => {
    expect(readFacetItems(facet('constructor'), { facetFields: {}, facetRanges: {}, facetDates: {} }, [], requested('constructor'))).toEqual([]);
  });
});

describe('requestFilterQueries', () => {
  const or = new Set(['ss_area', 'ss_type']);
  it('tags a field with other characters by a word-character name', () => {
    expect(requestFilterQueries(['odd-field.x:1'], new Set(['odd-field.x']))).toEqual(['{!tag=odd_field_x}odd-field.x:1']);
  });

  it.each([
    ['no filters', [], []],
    ['an and-facet value as it is', ['is_bedrooms:3'], ['is_bedrooms:3']],
    ['one or-facet value, tagged', ['ss_area:A'], ['{!tag=ss_area}ss_area:A']],
    ['or-facet values in one tagged fq at the first one\'s place', ['ss_area:A', 'is_bedrooms:3', 'ss_area:"B C"'], ['{!tag=ss_area}ss_area:(A OR "B C")', 'is_bedrooms:3']],
    ['two or-facets apart', ['ss_type:Villa', 'ss_area:A', 'ss_type:Condo'], ['{!tag=ss_type}ss_type:(Villa OR Condo)', '{!tag=ss_area}ss_area:A']],
    ['the missing bucket alone', ['-ss_area:[* TO *]'], ['{!tag=ss_area}-ss_area:[* TO *]']],
    ['the missing bucket with values', ['ss_area:A', '-ss_area:[* TO *]'], ['{!tag=ss_area}ss_area:A OR (*:* -ss_area:[* TO *])']],
    ['duplicates once', ['is_bedrooms:3', 'is_bedrooms:3', 'ss_area:A', 'ss_area:A'], ['is_bedrooms:3', '{!tag=ss_area}ss_area:A']],
    ['other filters as they are', ['-ss_area_code:1', 'index_id:x'], ['-ss_area_code:1', 'index_id:x']],
  ])('%s', (_title, filters, expected) => {
    expect(requestFilterQueries(filters, or)).toEqual(expected);
  });
});
