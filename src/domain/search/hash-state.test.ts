import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_HASH_FILTERS, MAX_HASH_START, normaliseSearchHash, parseSearchHash, serializeSearchHash } from './hash-state';
import { type SearchState, searchStatesEqual } from './search-state';

const EXPOSED = ['q', 'fq', 'sort', 'start'];

describe('parseSearchHash', () => {
  it.each([
    ['', { fq: [], start: 0 }],
    ['#', { fq: [], start: 0 }],
    ['#q=beach', { q: 'beach', fq: [], start: 0 }],
    ['q=beach', { q: 'beach', fq: [], start: 0 }],
    ['#q=sea%20view', { q: 'sea view', fq: [], start: 0 }],
    ['#q=sea+view', { q: 'sea view', fq: [], start: 0 }],
    ['#q=a%2Bb', { q: 'a+b', fq: [], start: 0 }],
    ['#q=id:(a OR b)', { q: 'id:(a OR b)', fq: [], start: 0 }],
    ['#fq=ss_area:Seabright&fq=is_bedrooms:3', { fq: ['ss_area:Seabright', 'is_bedrooms:3'], start: 0 }],
    ['#fq=ss_area:%22North%20Shore%22', { fq: ['ss_area:"North Shore"'], start: 0 }],
    ['#fq=a:1&fq=a:1', { fq: ['a:1'], start: 0 }],
    ['#sort=fs_rating%20desc', { sort: 'fs_rating desc', fq: [], start: 0 }],
    ['#sort=fs_rating+desc,+ss_name+asc', { sort: 'fs_rating desc, ss_name asc', fq: [], start: 0 }],
    ['#start=20', { fq: [], start: 20 }],
    ['#q=&fq=&start=', { fq: [], start: 0 }],
    ['#rcod=eyJ9&short-url=abc&q=x', { q: 'x', fq: [], start: 0 }],
    ['#rows=20', { fq: [], start: 0 }],
  ])('reads %j', (hash, state) => {
    expect(parseSearchHash(hash, EXPOSED)).toEqual({ state, problems: [] });
  });

  it('reads only the exposed parameters', () => {
    expect(parseSearchHash('#q=beach&fq=a:1&start=10', ['q']).state).toEqual({ q: 'beach', fq: [], start: 0 });
    expect(parseSearchHash('#rows=20', ['rows']).state).toEqual({ fq: [], start: 0, rows: 20 });
  });

  it.each([
    ['malformed percent-encoding', '#q=%E0%A4%A&fq=a:1', { fq: ['a:1'], start: 0 }, /q: malformed/],
    ['a lone percent sign', '#fq=100%', { fq: [], start: 0 }, /fq: malformed/],
    ['a non-numeric start', '#start=abc', { fq: [], start: 0 }, /start: not a whole number/],
    ['a negative start', '#start=-10', { fq: [], start: 0 }, /start: not a whole number/],
    ['a fractional start', '#start=1.5', { fq: [], start: 0 }, /start: not a whole number/],
    ['a huge start', '#start=99999999999999999999999', { fq: [], start: MAX_HASH_START }, /start: capped/],
    ['a repeated q', '#q=a&q=b', { q: 'a', fq: [], start: 0 }, /q: repeated/],
    ['local params in fq', '#fq={!frange l=0}sum(a)', { fq: [], start: 0 }, /fq: local parameters/],
    ['local params in q', '#q={!join from=a to=b}x', { fq: [], start: 0 }, /q: local parameters/],
    ['a sort that is not field asc|desc', '#sort=sum(a,b) desc', { fq: [], start: 0 }, /sort: not of the form/],
    ['more than five sort clauses', '#sort=' + Array.from({ length: 6 }, (_, i) => `f${i} asc`).join(','), { fq: [], start: 0 }, /sort: not of the form/],
    ['a sort on a dotted name', '#sort=a.b asc', { fq: [], start: 0 }, /sort: not of the form/],
    ['control characters', '#q=a%00b', { fq: [], start: 0 }, /q: control characters/],
    ['a very long value', `#q=${'a'.repeat(501)}`, { fq: [], start: 0 }, /q: value longer than 500/],
    ['rows out of range', '#rows=0', { fq: [], start: 0 }, /rows: not a whole number/],
  ])('drops %s and says why', (_title, hash, state, problem) => {
    const result = parseSearchHash(hash, [...EXPOSED, 'rows']);
    expect(result.state).toEqual(state);
    expect(result.problems.join('\n')).toMatch(problem);
  });

  it(`keeps at most ${MAX_HASH_FILTERS} filters`, () => {
    const hash = '#' + Array.from({ length: 30 }, (_, i) => `fq=f:${i}`).join('&');
    const result = parseSearchHash(hash, EXPOSED);
    expect(result.state.fq).toHaveLength(MAX_HASH_FILTERS);
    expect(result.state.fq[0]).toBe('f:0');
    expect(result.problems).toEqual(Array.from({ length: 10 }, () => `fq: more than ${MAX_HASH_FILTERS} filters, the rest ignored`));
  });

  it('ignores a hash of absurd length as a whole', () => {
    const result = parseSearchHash('#q=' + 'a'.repeat(20_000), EXPOSED);
    expect(result.state).toEqual({ fq: [], start: 0 });
    expect(result.problems).toEqual(['hash longer than 16000 characters ignored']);
  });

  it('never throws on generated input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (hash) => {
        const { state } = parseSearchHash(hash, EXPOSED);
        expect(Number.isInteger(state.start) && state.start >= 0 && state.start <= MAX_HASH_START).toBe(true);
        expect(state.fq.length).toBeLessThanOrEqual(MAX_HASH_FILTERS);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('serializeSearchHash', () => {
  it.each([
    [{ fq: [], start: 0 }, ''],
    [{ q: '', fq: [], start: 0 }, ''],
    [{ q: 'sea view', fq: [], start: 0 }, 'q=sea%20view'],
    [{ q: 'a+b&c=d#e', fq: [], start: 0 }, 'q=a%2Bb%26c%3Dd%23e'],
    [{ fq: ['ss_area:"North Shore"', 'is_bedrooms:[2 TO *]'], start: 0 }, 'fq=ss_area:%22North%20Shore%22&fq=is_bedrooms:%5B2%20TO%20*%5D'],
    [{ start: 20, sort: 'fs_rating desc', fq: ['a:1'], q: 'x' }, 'q=x&fq=a:1&sort=fs_rating%20desc&start=20'],
    [{ fq: ['a:1', 'a:1'], start: 0 }, 'fq=a:1'],
  ] as [SearchState, string][])('writes %j as %j', (state, hash) => {
    expect(serializeSearchHash(state, EXPOSED)).toBe(hash);
  });

  it('writes the same order whatever the order of exposed_params', () => {
    const state: SearchState = { q: 'x', fq: ['a:1'], start: 10, sort: 'ss_name asc' };
    expect(serializeSearchHash(state, ['start', 'sort', 'fq', 'q'])).toBe(serializeSearchHash(state, EXPOSED));
  });

  it('leaves out what is not exposed', () => {
    expect(serializeSearchHash({ q: 'x', fq: ['a:1'], start: 10 }, ['fq'])).toBe('fq=a:1');
  });
});

describe('hash round trip', () => {
  it.each([
    { q: 'beach', fq: ['ss_area:Seabright', 'is_bedrooms:3'], start: 20, sort: 'fs_rating desc' },
    { q: 'id:(a OR "b c")', fq: ['ss_area:"São Paulo"', 'is_bedrooms:[2 TO *]', '-ss_area:[* TO *]', 'x:{1 TO 5]'], start: 0 },
    { q: 'café & crème = 100% "sure"?', fq: ['a:"x\\"y"'], start: 10 },
  ] as SearchState[])('reads back what it wrote: %j', (state) => {
    const hash = serializeSearchHash(state, EXPOSED);
    const parsed = parseSearchHash(`#${hash}`, EXPOSED);
    expect(parsed.problems).toEqual([]);
    expect(searchStatesEqual(parsed.state, state)).toBe(true);
    expect(serializeSearchHash(parsed.state, EXPOSED)).toBe(hash);
  });

  it('round-trips generated states', () => {
    // eslint-disable-next-line no-control-regex
    const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && s !== '' && !s.startsWith('{!') && !/[\u0000-\u001f\u007f]/.test(s));
    fc.assert(
      fc.property(
        fc.record({ q: fc.option(text, { nil: undefined }), fq: fc.uniqueArray(text, { maxLength: 5 }), start: fc.nat({ max: MAX_HASH_START }) }),
        (state) => {
          const parsed = parseSearchHash(serializeSearchHash(state, EXPOSED), EXPOSED);
          expect(parsed.problems).toEqual([]);
          expect(searchStatesEqual(parsed.state, state)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('normalises equivalent hashes to one string, so an echo of the page\'s own hash is recognised', () => {
    expect(normaliseSearchHash('#start=0&fq=a%3A1&q=beach&utm=x', EXPOSED)).toBe('q=beach&fq=a:1');
    expect(normaliseSearchHash('q=beach&fq=a:1', EXPOSED)).toBe('q=beach&fq=a:1');
  });
});
