import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterQuery, formatFilterValue, isPreformattedValue, parseFilterValue } from './filter-value';

describe('formatFilterValue', () => {
  it.each([
    // plain values stay as they are
    ['Seabright', 'Seabright'],
    ['3', '3'],
    ['chc1-listings-1001', 'chc1-listings-1001'],
    ['Montréal', 'Montréal'],
    ['海辺', '海辺'],
    // space, colon, slash, quote: quoted and escaped (spec §5)
    ['North Shore', '"North Shore"'],
    ['a:b', '"a:b"'],
    ['http://x.example/y', '"http://x.example/y"'],
    ['2/1', '"2/1"'],
    ['say "hi"', '"say \\"hi\\""'],
    ['São Paulo', '"São Paulo"'],
    ['ocean 🌊 view', '"ocean 🌊 view"'],
    // other whitespace counts as a space
    ['tab\there', '"tab\there"'],
    ['line\nbreak', '"line\nbreak"'],
    // edges
    ['', '""'],
    [' ', '" "'],
    ['   ', '"   "'],
    ['"', '"\\""'],
    ['"abc', '"\\"abc"'],
    ['abc"', '"abc\\""'],
    ['"a" "b"', '"\\"a\\" \\"b\\""'],
    // backslashes: escaped inside quotes
    ['a\\b', '"a\\\\b"'],
    ['trailing\\', '"trailing\\\\"'],
    ['C:\\path dir', '"C:\\\\path dir"'],
    // already quoted: left as it is
    ['"North Shore"', '"North Shore"'],
    ['""', '""'],
    ['"say \\"hi\\""', '"say \\"hi\\""'],
    // parenthesised: left as it is, nested too
    ['(a OR b)', '(a OR b)'],
    ['((a OR b) AND "c d")', '((a OR b) AND "c d")'],
    ['("a)" OR b)', '("a)" OR b)'],
    // not one group: quoted
    ['(a) OR (b)', '"(a) OR (b)"'],
    ['(a b', '"(a b"'],
    ['a b)', '"a b)"'],
    // ranges: left as they are
    ['[1 TO 5]', '[1 TO 5]'],
    ['{1 TO 5}', '{1 TO 5}'],
    ['[1 TO 5}', '[1 TO 5}'],
    ['{1 TO 5]', '{1 TO 5]'],
    ['[* TO 100]', '[* TO 100]'],
    ['[100 TO *]', '[100 TO *]'],
    ['[* TO *]', '[* TO *]'],
    ['[2024-01-01T00:00:00Z TO NOW+1DAY]', '[2024-01-01T00:00:00Z TO NOW+1DAY]'],
    ['["a b" TO "c d"]', '["a b" TO "c d"]'],
    // look like ranges but are not: quoted
    ['[1 to 5]', '"[1 to 5]"'],
    ['[1 TO 5] OR [7 TO 9]', '"[1 TO 5] OR [7 TO 9]"'],
    ['[a TO b TO c]', '"[a TO b TO c]"'],
  ])('formats %j as %j', (value, expected) => {
    expect(formatFilterValue(value)).toBe(expected);
  });
});

describe('isPreformattedValue', () => {
  it.each([
    ['[1 TO 2]', true],
    ['"x"', true],
    ['(x)', true],
    ['x', false],
    ['"x', false],
    ['(x))', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isPreformattedValue(value)).toBe(expected);
  });
});

describe('parseFilterValue', () => {
  it.each(['Seabright', 'North Shore', 'say "hi"', 'a\\b', ' ', '', '[1 TO 5]', '(a OR b)', 'São Paulo'])(
    'reads back what formatFilterValue wrote for %j',
    (value) => {
      expect(parseFilterValue(formatFilterValue(value))).toBe(value);
    },
  );
});

describe('formatFilterValue on generated values', () => {
  it('gives a value that is preformatted, free of special characters, or one quoted phrase that reads back', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', ':', '/', '"', '\\', '(', ')', '[', ']', '{', '}', 'T', 'O', '*', 'é') }), (value) => {
        const formatted = formatFilterValue(value);
        if (isPreformattedValue(value)) {
          expect(formatted).toBe(value);
        } else if (/[\s:/"\\]/.test(value) || value === '') {
          expect(formatted).toMatch(/^"(?:[^"\\]|\\[\s\S])*"$/);
          expect(parseFilterValue(formatted)).toBe(value);
        } else {
          expect(formatted).toBe(value);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('filterQuery', () => {
  it.each([
    ['ss_area', 'Seabright', 'ss_area:Seabright'],
    ['ss_area', 'North Shore', 'ss_area:"North Shore"'],
    ['is_bedrooms', '[2 TO *]', 'is_bedrooms:[2 TO *]'],
    ['index_id', 'listings', 'index_id:listings'],
  ])('%s + %j → %s', (field, value, expected) => {
    expect(filterQuery(field, value)).toBe(expected);
  });
});
