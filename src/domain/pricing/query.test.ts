import { describe, expect, it } from 'vitest';
import { parseNestedQuery, toQueryString } from './query';

describe('toQueryString (jQuery.param form)', () => {
  it('writes nested objects, scalar arrays with [] and object arrays with indices', () => {
    expect(toQueryString({ rcav: { begin: '2026-12-01', adult: 2, IDs: [1001, 0, 8001] }, buy_text: 'Book now' })).toBe(
      'rcav%5Bbegin%5D=2026-12-01&rcav%5Badult%5D=2&rcav%5BIDs%5D%5B%5D=1001&rcav%5BIDs%5D%5B%5D=0&rcav%5BIDs%5D%5B%5D=8001&buy_text=Book+now',
    );
    expect(toQueryString({ a: [{ b: 1 }, { b: 2 }], skip: null, none: undefined })).toBe('a%5B0%5D%5Bb%5D=1&a%5B1%5D%5Bb%5D=2');
  });

  it('round-trips through parseNestedQuery', () => {
    const params = { rcav: { begin: '2026-12-01', end: '2026-12-08', adult: 2, child: 1, IDs: [1001], coupon: 'SUN & SEA' }, special_data: { special_nid: 3 } };
    expect(parseNestedQuery(toQueryString(params))).toEqual({
      ok: true,
      value: { rcav: { begin: '2026-12-01', end: '2026-12-08', adult: '2', child: '1', IDs: ['1001'], coupon: 'SUN & SEA' }, special_data: { special_nid: '3' } },
    });
  });
});

describe('parseNestedQuery', () => {
  it('reads plain and encoded brackets alike', () => {
    expect(parseNestedQuery('rcav[begin]=2026-12-01&rcav[adult]=2')).toEqual({ ok: true, value: { rcav: { begin: '2026-12-01', adult: '2' } } });
    expect(parseNestedQuery('?rcav%5Bbegin%5D=2026-12-01')).toEqual({ ok: true, value: { rcav: { begin: '2026-12-01' } } });
  });

  it.each([
    ['rcav[__proto__][x]=1', /not allowed/],
    ['constructor=1', /not allowed/],
    ['rcav=1&rcav[begin]=2', /given twice/],
    ['rcav[begin]=1&rcav[begin]=2', /given twice/],
    ['a[b]c=1', /malformed/],
    ['[x]=1', /malformed/],
    ['a[b][c][d][e][f]=1', /too deeply/],
    ['a[][x]=1&a[]=2&a[y]=3', /mixes|given twice/],
    [Array.from({ length: 201 }, (_, i) => `k${i}=1`).join('&'), /at most 200/],
  ])('refuses %s', (query, error) => {
    const parsed = parseNestedQuery(query);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });

  it('does not pollute prototypes', () => {
    parseNestedQuery('__proto__[polluted]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
