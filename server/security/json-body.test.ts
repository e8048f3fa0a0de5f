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
  /** The same value with every object's keys in the opposite order. */
  const reordered = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(reordered);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reordered(v)]));
    return value;
  };

  it('is JSON of the same value whatever the order of its keys, keys sorted', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonical(reordered(value))).toBe(canonical(value));
        expect(JSON.parse(canonical(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    expect(canonical({ b: [1, { d: 2, c: null }], a: 'x', u: undefined })).toBe('{"a":"x","b":[1,{"c":null,"d":2}],"u":null}');
  });
});
