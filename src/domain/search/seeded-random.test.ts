import { describe, expect, it } from 'vitest';
import { MAX_SEED, normaliseSeed, seededRandom } from './seeded-random';

const draw = (seed: number, count: number) => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => random());
};

describe('seededRandom', () => {
  it('gives the same sequence for the same seed', () => {
    expect(draw(42, 50)).toEqual(draw(42, 50));
  });

  it('gives other sequences for other seeds', () => {
    expect(draw(42, 5)).not.toEqual(draw(43, 5));
    expect(draw(0, 5)).not.toEqual(draw(MAX_SEED, 5));
  });

  it('yields numbers in [0, 1), spread over the range', () => {
    const numbers = draw(7, 10_000);
    expect(numbers.every((n) => n >= 0 && n < 1)).toBe(true);
    const tenths = new Array(10).fill(0) as number[];
    for (const n of numbers) tenths[Math.floor(n * 10)]! += 1;
    // 1000 expected in each tenth; a fair generator stays well within ±15%.
    expect(Math.min(...tenths)).toBeGreaterThan(850);
    expect(Math.max(...tenths)).toBeLessThan(1150);
  });

  it.each([
    [12.9, 12],
    [-1, MAX_SEED],
    [MAX_SEED + 1, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('wraps seed %s to %s', (seed, expected) => {
    expect(normaliseSeed(seed)).toBe(expected);
    expect(draw(seed, 3)).toEqual(draw(expected, 3));
  });
});
