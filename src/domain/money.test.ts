import { describe, expect, it } from 'vitest';
import { formatCents } from './money';

describe('formatCents', () => {
  it.each([
    [123456, 'USD', 0, '$1,235'],
    [123456, 'USD', 2, '$1,234.56'],
    [5, 'USD', 2, '$0.05'],
    [100000, 'EUR', 0, '€1,000'],
    [100000, 'CAD', 0, 'CA$1,000'],
  ])('formats %i cents in %s with %i decimals as %s', (cents, currency, decimals, text) => {
    expect(formatCents(cents, currency, decimals)).toBe(text);
  });

  it('falls back to the currency code for an unknown currency', () => {
    expect(formatCents(1000, 'NOT-A-CURRENCY', 0)).toBe('NOT-A-CURRENCY 10');
  });
});
