import { describe, expect, it } from 'vitest';
import { didYouMean, orderDocuments, parseDocumentsResponse, parseSearchResponse, readMisspellings, type SearchResult } from './response';

const REQUESTED = { rows: 10, start: 0 };

function ok(input: unknown, requested: { rows: number; start: number; q?: string } = REQUESTED): SearchResult {
  const result = parseSearchResponse(input, requested);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** A response as Solr writes it with json.nl=map. */
const SOLR_MAP = {
  responseHeader: { status: 0, QTime: 3, params: { q: 'sandy beech', rows: '10', start: '20', fq: ['index_id:listings', 'ss_area:A'] } },
  response: { numFound: 42, start: 20, docs: [{ id: 'chc1-listings-7' }, { id: 'chc1-listings-3', ss_name: 'Villa' }] },
  facet_counts: {
    facet_queries: {},
    facet_fields: { ss_area: { Seabright: 4, Harbour: 2, '': 1 }, is_bedrooms: {} },
    facet_ranges: { fs_price: { counts: { '0': 3, '100': 5 }, gap: 100, start: 0, end: 200 } },
    facet_dates: { ds_begin: { '2025-01-01T00:00:00Z': 2, gap: '+1MONTH', start: '2025-01-01T00:00:00Z', end: '2025-03-01T00:00:00Z', before: 0 } },
  },
  spellcheck: { suggestions: { beech: { numFound: 1, startOffset: 6, endOffset: 11, suggestion: ['beach'] } } },
};

describe('parseSearchResponse', () => {
  it('normalises a json.nl=map response', () => {
    expect(ok(SOLR_MAP)).toEqual({
      ids: ['chc1-listings-7', 'chc1-listings-3'],
      numFound: 42,
      start: 20,
      rows: 10,
      facetFields: { ss_area: [['Seabright', 4], ['Harbour', 2], [null, 1]], is_bedrooms: [] },
      facetRanges: { fs_price: [['0', 3], ['100', 5]] },
      facetDates: { ds_begin: [['2025-01-01T00:00:00Z', 2]] },
      didYouMean: 'sandy beach',
    });
  });

  it('reads the flat facet lists and flat suggestions Solr writes by default', () => {
    const result = ok({
      responseHeader: { params: { 'spellcheck.q': 'sea vew', q: 'ignored', rows: 5 } },
      response: { numFound: 1, start: 0, docs: [{ id: 17 }] },
      facet_counts: { facet_fields: { ss_area: ['Seabright', 4, 'Harbour', 2, null, 1] }, facet_ranges: { fs_price: { counts: ['0', 3] } } },
      spellcheck: {
        suggestions: ['vew', { numFound: 2, startOffset: 4, endOffset: 7, suggestion: [{ word: 'view', freq: 9 }, { word: 'vow', freq: 1 }] }, 'correctlySpelled', false, 'collation', 'sea view'],
      },
    });
    expect(result.ids).toEqual(['17']);
    expect(result.rows).toBe(5);
    expect(result.facetFields).toEqual({ ss_area: [['Seabright', 4], ['Harbour', 2], [null, 1]] });
    expect(result.facetRanges).toEqual({ fs_price: [['0', 3]] });
    expect(result.didYouMean).toBe('sea view');
  });

  it('falls back to what was requested when the header does not echo it', () => {
    const result = ok({ response: { numFound: 0, docs: [] } }, { rows: 25, start: 50, q: 'x' });
    expect(result).toEqual({ ids: [], numFound: 0, start: 50, rows: 25, facetFields: {}, facetRanges: {}, facetDates: {}, didYouMean: null });
    expect(ok({ response: { numFound: 0, start: 30, docs: [] } }, { rows: 25, start: 50 }).start).toBe(30);
    expect(ok({ responseHeader: { params: { rows: 'ten', start: ['40', '50'] } }, response: { numFound: 0, docs: [] } }).rows).toBe(10);
    expect(ok({ responseHeader: { params: { start: ['40', '50'] } }, response: { numFound: 0, docs: [] } }).start).toBe(40);
  });

  it.each([
    ['not an object', 'oops', /Invalid search response/],
    ['no response', { responseHeader: {} }, /response/],
    ['a negative numFound', { response: { numFound: -1, docs: [] } }, /response\.numFound/],
    ['a fractional numFound', { response: { numFound: 1.5, docs: [] } }, /response\.numFound/],
    ['a doc without id', { response: { numFound: 1, docs: [{ name: 'x' }] } }, /response\.docs\.0\.id/],
    ['an empty id', { response: { numFound: 1, docs: [{ id: '' }] } }, /response\.docs\.0\.id/],
    ['an id too long', { response: { numFound: 1, docs: [{ id: 'x'.repeat(300) }] } }, /id/],
    ['an object id', { response: { numFound: 1, docs: [{ id: { $gt: '' } }] } }, /id/],
    ['too many docs', { response: { numFound: 2000, docs: Array.from({ length: 1001 }, (_, i) => ({ id: `d${i}` })) } }, /docs/],
    ['a flat facet list of odd length', { response: { numFound: 0, docs: [] }, facet_counts: { facet_fields: { f: ['a', 1, 'b'] } } }, /facet_fields\.f/],
    ['a flat facet list with a negative count', { response: { numFound: 0, docs: [] }, facet_counts: { facet_fields: { f: ['a', -1] } } }, /facet_fields/],
    ['a facet map with a string count', { response: { numFound: 0, docs: [] }, facet_counts: { facet_fields: { f: { a: '1' } } } }, /facet_fields/],
    ['a range without counts', { response: { numFound: 0, docs: [] }, facet_counts: { facet_ranges: { f: { gap: 1 } } } }, /facet_ranges\.f\.counts/],
  ])('refuses %s with a message naming the field', (_title, input, message) => {
    const result = parseSearchResponse(input, REQUESTED);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('ignores malformed spellcheck entries rather than refusing the results', () => {
    const result = ok({ response: { numFound: 0, docs: [] }, spellcheck: { suggestions: ['x', 42, 'y', { suggestion: [] }, { z: 1 }] } }, { ...REQUESTED, q: 'x y' });
    expect(result.didYouMean).toBeNull();
  });

  it('keeps a facet value named __proto__ as data', () => {
    const result = ok(JSON.parse('{"response":{"numFound":0,"docs":[]},"facet_counts":{"facet_fields":{"f":["__proto__",1]}}}'));
    expect(result.facetFields.f).toEqual([['__proto__', 1]]);
    expect(Object.getPrototypeOf(result.facetFields)).toBe(Object.prototype);
  });
});

describe('readMisspellings', () => {
  it.each([
    [null, []],
    ['text', []],
    [{ beech: { suggestion: ['beach', 'bench'] } }, [{ word: 'beech', suggestion: 'beach' }]],
    [['beech', { startOffset: 0, endOffset: 5, suggestion: ['beach'] }], [{ word: 'beech', startOffset: 0, endOffset: 5, suggestion: 'beach' }]],
    [['correctlySpelled', false, 'collation', 'x'], []],
    [{ a: { suggestion: 'not a list' } }, []],
  ])('reads %j', (input, expected) => {
    expect(readMisspellings(input)).toEqual(expected);
  });
});

describe('didYouMean', () => {
  it.each([
    ['replaces at the offsets', 'sandy beech', [{ word: 'beech', startOffset: 6, endOffset: 11, suggestion: 'beach' }], 'sandy beach'],
    ['replaces several words, last first', 'sandi beech', [
      { word: 'sandi', startOffset: 0, endOffset: 5, suggestion: 'sandy' },
      { word: 'beech', startOffset: 6, endOffset: 11, suggestion: 'beach' },
    ], 'sandy beach'],
    ['replaces whole words when there are no offsets', 'beech house beeches beech', [{ word: 'beech', suggestion: 'beach' }], 'beach house beeches beach'],
    ['ignores offsets that do not point at the word', 'big beech', [{ word: 'beech', startOffset: 0, endOffset: 5, suggestion: 'beach' }], 'big beach'],
    ['matches the word case-insensitively', 'Beech', [{ word: 'beech', suggestion: 'beach' }], 'beach'],
    ['keeps words of other scripts whole', 'château chat', [{ word: 'chat', suggestion: 'chalet' }], 'château chalet'],
    ['treats regex characters in the word literally', 'a.c abc', [{ word: 'a.c', suggestion: 'arc' }], 'arc abc'],
    ['is null without suggestions', 'beach', [], null],
    ['is null when nothing changes', 'beach', [{ word: 'beach', suggestion: 'beach' }], null],
    ['is null for an empty query', '', [{ word: 'x', suggestion: 'y' }], null],
    ['is null when the word is not in the query', 'beach', [{ word: 'zzz', suggestion: 'y' }], null],
  ])('%s', (_title, query, misspellings, expected) => {
    expect(didYouMean(query, misspellings)).toBe(expected);
  });
});

describe('parseDocumentsResponse / orderDocuments', () => {
  it('passes the fields of each document on with its id', () => {
    const result = parseDocumentsResponse({ response: { numFound: 2, docs: [{ id: 'b', ss_name: 'Villa B' }, { id: 'a', is_bedrooms: 3 }] } });
    expect(result).toEqual({ ok: true, value: [{ id: 'b', ss_name: 'Villa B' }, { id: 'a', is_bedrooms: 3 }] });
  });

  it('refuses documents without ids', () => {
    expect(parseDocumentsResponse({ response: { numFound: 1, docs: [{}] } }).ok).toBe(false);
  });

  it.each([
    [['b', 'a'], ['a', 'b', 'c'], ['a', 'b']],
    [['a', 'b'], ['b'], ['b']],
    [['a', 'a'], ['a'], ['a']],
    [[], ['a'], []],
  ])('orders documents %j as requested %j', (have, wanted, expected) => {
    expect(orderDocuments(have.map((id) => ({ id })), wanted).map((doc) => doc.id)).toEqual(expected);
  });
});
