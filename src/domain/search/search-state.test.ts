import { describe, expect, it } from 'vitest';
import { emptySearchState, searchStatesEqual, type SearchState } from './search-state';

describe('searchStatesEqual', () => {
  const base: SearchState = { q: 'beach', fq: ['a:1', 'b:2'], start: 10, sort: 'fs_rating desc' };
  it.each([
    ['the same state', base, true],
    ['an empty q and no q', { ...base, q: '' }, false],
    ['another q', { ...base, q: 'bay' }, false],
    ['filters in another order', { ...base, fq: ['b:2', 'a:1'] }, false],
    ['one filter less', { ...base, fq: ['a:1'] }, false],
    ['another start', { ...base, start: 0 }, false],
    ['another sort', { ...base, sort: undefined }, false],
    ['rows set', { ...base, rows: 5 }, false],
  ])('%s → %s', (_title, other, expected) => {
    expect(searchStatesEqual(base, other)).toBe(expected);
  });

  it('treats an empty q or sort as absent', () => {
    expect(searchStatesEqual({ q: '', sort: '', fq: [], start: 0 }, emptySearchState())).toBe(true);
  });

  it('gives a fresh state each time', () => {
    const a = emptySearchState();
    a.fq.push('x:1');
    expect(emptySearchState()).toEqual({ fq: [], start: 0 });
  });
});
