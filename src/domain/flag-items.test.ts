import { describe, expect, it } from 'vitest';
import { MAX_FLAG_ITEMS, parseFlagItems, serializeFlagItems, setFlagItem } from './flag-items';

describe('parseFlagItems', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['[]', []],
    ['["chc1-listings-1001","chc1-listings-1002"]', ['chc1-listings-1001', 'chc1-listings-1002']],
    ['[1001, "a"]', ['1001', 'a']],
    ['["a","a","b"]', ['a', 'b']],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseFlagItems(raw)).toEqual(expected);
  });

  it.each([
    ['not json'],
    ['{"a":1}'],
    ['"a"'],
    ['[null]'],
    ['[{"__proto__":1}]'],
    ['["<script>alert(1)</script>"]'],
    ['["a b"]'],
    [JSON.stringify(['x'.repeat(65)])],
    [JSON.stringify(Array.from({ length: MAX_FLAG_ITEMS + 1 }, (_, i) => `id-${i}`))],
    ['['.padEnd(4000, ' ') + ']'],
    ['[1.5]'],
  ])('treats tampered value %j as invalid', (raw) => {
    expect(parseFlagItems(raw)).toBeNull();
  });
});

describe('setFlagItem', () => {
  it('appends a flagged id once and removes an unflagged one, keeping order', () => {
    expect(setFlagItem(['a', 'b'], 'c', true)).toEqual(['a', 'b', 'c']);
    expect(setFlagItem(['a', 'b'], 'a', true)).toEqual(['b', 'a']);
    expect(setFlagItem(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(setFlagItem(['a'], 'z', false)).toEqual(['a']);
  });

  it('round-trips through the cookie format', () => {
    const items = ['chc1-listings-1', 'chc1-listings-2'];
    expect(parseFlagItems(serializeFlagItems(items))).toEqual(items);
  });
});
