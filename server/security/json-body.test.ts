/**
 * Deeply nested JSON is refused before it is parsed (the routes' answers are tested in
 * text-input.test.ts): the depth is counted as JSON.parse sees it. And the canonical text of a
 * checkout, its idempotency hash.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonical } from '../checkout/checkout-fields.ts';
import { jsonDeeperThan } from './json-body.ts';

describe('the depth of a JSON text', () => {
  it('is counted outside strings only, and matches the nesting JSON.parse sees', () => {
    expect(jsonDeeperThan('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', 2)).toBe(false);
    expect(jsonDeeperThan('{"a\\"[[[":[[1]]}', 2)).toBe(true);
    const depthOf = (value: unknown): number => (value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (value, max) => {
        expect(jsonDeeperThan(JSON.stringify(value), max)).toBe(depthOf(value) > max);
      }),
    );
  });
});

describe('the canonical text of a checkout (its idempotency hash)', () => {
  /** What canonical wrote before, by recursion: the iterative one must write the same. */
  const recursive = (value: unknown): string => {
    if (Array.isArray(value)) return `[${value.map(recursive).join(',')}]`;
    if (value && typeof value === 'object') {
      return `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${recursive((value as Record<string, unknown>)[k])}`)
        .join(',')}}`;
    }
    return JSON.stringify(value) ?? 'null';
  };

  it('is the same text as before for any JSON value, keys sorted', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonical(value)).toBe(recursive(value));
      }),
    );
    expect(canonical({ b: [1, { d: 2, c: null }], a: 'x', u: undefined })).toBe('{"a":"x","b":[1,{"c":null,"d":2}],"u":null}');
  });

  it('does not overflow the stack on a value 100 000 levels deep', () => {
    let value: unknown = 1;
    for (let i = 0; i < 100_000; i++) value = i % 2 ? [value] : { k: value };
    expect(canonical(value)).toHaveLength(100_000 * 4 + 1);
  });
});

