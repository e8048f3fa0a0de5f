import { describe, expect, it } from 'vitest';
import { parseSearchHash, repairFilter } from './hash-state';
import { typedQuery } from './typed-query';

const fields = new Set(['ss_area', 'is_bedrooms', 'sm_amenities']);

describe('typedQuery (issue 11: lenient like edismax)', () => {
  it.each([
    ['Ocean: view', 'Ocean\\: view'],
    ['beach"', 'beach'],
    ['"sea view" pool', '"sea view" pool'],
    ['"sea view', 'sea view'],
    ['AND beach OR', 'beach'],
    ['beach AND pool', 'beach AND pool'],
    ['beach NOT pool', 'beach -pool'],
    ['+ - ! beach', 'beach'],
    ['-pool +beach', '-pool +beach'],
    ['ss_area:Seabright', 'ss_area:Seabright'],
    ['is_bedrooms:3', 'is_bedrooms:3'],
    ['is_bedrooms:three', 'is_bedrooms\\:three'],
    ['nope:x', 'nope\\:x'],
    ['(a OR [b} ^2 ~ c/d \\', '\\(a OR \\[b\\} \\^2 \\~ c\\/d \\\\'],
    ['cor*', 'cor*'],
    ['a* *', 'a\\* \\*'],
    ['', ''],
    ['"', ''],
    ['-OR beach', '-\\OR beach'],
    ['Ocean valueOf toString constructor', 'Ocean valueOf toString constructor'],
    ['id:(chc1-listings-1001 OR "chc1 listings 2")', 'id:(chc1-listings-1001 OR "chc1 listings 2")'],
    ['ss_area:(Seabright OR "Coral Haven")', 'ss_area:(Seabright OR "Coral Haven")'],
    ['is_bedrooms:(2 OR 3)', 'is_bedrooms\\:\\(2 OR 3\\)'],
    ['nope:(a OR b)', 'nope\\:\\(a OR b\\)'],
    ['id:(a* OR b)', 'id\\:\\(a* OR b\\)'],
    ['"{!tag=x} view"', '"\\{\\!tag=x\\} view"'],
  ])('%s → %s', (typed, query) => {
    expect(typedQuery(typed, fields)).toBe(query);
  });

  it('keeps at most 4 prefix searches and 40 words', () => {
    expect(typedQuery('aa* bb* cc* dd* ee*', fields)).toBe('aa* bb* cc* dd* ee\\*');
    expect(typedQuery(Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ')).split(' ')).toHaveLength(40);
  });
});

describe('repairFilter (issue 11: a malformed hash filter is repaired or dropped)', () => {
  it.each([
    ['ss_area:Co"ral:Ha\\ven', 'ss_area:"Co\\"ral:Ha\\\\ven"'],
    ['ss_area:Seabright', 'ss_area:Seabright'],
    ['ss_area:"Coral Haven"', 'ss_area:"Coral Haven"'],
    ['ss_area:(a OR', 'ss_area:"(a OR"'],
    ['ss_area:[a TO b\\]', 'ss_area:"[a TO b\\\\]"'],
    ['is_bedrooms:[2 TO *]', 'is_bedrooms:[2 TO *]'],
    ['-ss_area:[* TO *]', '-ss_area:[* TO *]'],
    ['is_bedrooms:three', null],
    ['nope:x', null],
    ['(((', null],
  ])('%s → %s', (filter, repaired) => {
    expect(repairFilter(filter, fields)).toBe(repaired);
  });
});

describe('parseSearchHash with the search fields (issue 11)', () => {
  it('keeps a sort the back end can sort by and drops one it cannot, keeping the rest', () => {
    const read = (hash: string) => parseSearchHash(hash, ['q', 'fq', 'sort', 'start'], fields);
    expect(read('#sort=is_price_min%20asc&q=beach').state).toEqual({ q: 'beach', fq: [], sort: 'is_price_min asc', start: 0 });
    expect(read('#sort=sm_amenities%20asc&q=beach').state).toEqual({ q: 'beach', fq: [], start: 0 });
    expect(read('#sort=tm_description%20desc&fq=ss_area:Seabright').state).toEqual({ fq: ['ss_area:Seabright'], start: 0 });
    expect(read('#fq=is_bedrooms:three&fq=ss_area:Co"ral').state.fq).toEqual(['ss_area:"Co\\"ral"']);
  });
});
