import { describe, expect, it } from 'vitest';
import { shownNumber, storedNumber } from './owner-fields';
import { reordered } from './owner-photos';

describe('numbers the editor shows and keeps', () => {
  it('shows cents as currency units and keeps what is typed as cents, rounded once', () => {
    expect(shownNumber(8990, { currency: 'USD' })).toBe(89.9);
    expect(storedNumber(89.9, { currency: 'USD' })).toBe(8990);
    expect(storedNumber(shownNumber(12_345, { currency: 'USD' }), { currency: 'USD' })).toBe(12_345);
  });
  it('shows a factor as % off and basis points as %', () => {
    expect(shownNumber(0.9, { percentOff: true })).toBe(10);
    expect(storedNumber(10, { percentOff: true })).toBe(0.9);
    expect(storedNumber(0, { percentOff: true })).toBeNull();
    expect(shownNumber(1150, { basisPoints: true })).toBe(11.5);
    expect(storedNumber(11.5, { basisPoints: true })).toBe(1150);
  });
  it('keeps an emptied optional number as null and an emptied required one as 0', () => {
    expect(storedNumber(Number.NaN, { currency: 'USD', nullable: true })).toBeNull();
    expect(storedNumber(Number.NaN, { currency: 'USD' })).toBe(0);
    expect(Number.isNaN(shownNumber(null, {}))).toBe(true);
  });
});

describe('photos reordered by drag and drop', () => {
  const photo = (key: string) => ({ key, caption: '', alt: key, width: 800, height: 600 });
  const keys = (list: Array<{ key: string }>) => list.map((p) => p.key);
  it('moves the dragged photo before or after the target; the first is the cover', () => {
    const photos = ['a', 'b', 'c', 'd'].map(photo);
    expect(keys(reordered(photos, new Set(['d']), 'a', 'before'))).toEqual(['d', 'a', 'b', 'c']);
    expect(keys(reordered(photos, new Set(['a']), 'c', 'after'))).toEqual(['b', 'c', 'a', 'd']);
    expect(keys(reordered(photos, new Set(['a']), 'zzz', 'after'))).toEqual(['a', 'b', 'c', 'd']);
  });
});
