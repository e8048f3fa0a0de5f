import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatCount, formatMoney, fromCents, shareOfCents, sumAmounts, toCents } from './money';

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

  it('writes dollars and euros as Intl does', () => {
    const amounts = [0, 1, 49, 50, 51, 99, 100, 149, 150, 250, 999_949, 999_950, 100_000_000, 123_456_789_012, -1, -50, -150, -0, 12.5, 1e17];
    for (let cents = 0; cents < 300_000; cents += 997) amounts.push(cents);
    for (const currency of ['USD', 'EUR']) {
      for (const decimals of [0, 2]) {
        const intl = new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
        for (const cents of amounts) expect(formatCents(cents, currency, decimals)).toBe(intl.format(cents / 100));
      }
    }
  });

  it('writes dollars and euros as Intl does for any amount and precision (written without Intl: issue 24)', () => {
    const intl = (currency: string, decimals: number) => new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    const cents = fc.oneof(
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.double({ noNaN: true }),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      // Halves and near-halves at every precision: 0.5, 0.05, 1.005, 2.675 … and their neighbours.
      fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 8 }), fc.constantFrom(0, 1, -1)).map(([n, k, nudge]) => {
        const value = (n + 0.5) / 10 ** k;
        return nudge === 0 ? value : value + nudge * Number.EPSILON * Math.abs(value);
      }),
    );
    fc.assert(
      fc.property(cents, fc.constantFrom('USD', 'EUR'), fc.integer({ min: 0, max: 20 }), (amount, currency, decimals) => {
        expect(formatCents(amount, currency, decimals)).toBe(intl(currency, decimals).format(amount / 100));
      }),
      { numRuns: 20_000 },
    );
  });

  it('falls back to the currency code for an unknown currency', () => {
    expect(formatCents(1000, 'NOT-A-CURRENCY', 0)).toBe('NOT-A-CURRENCY 10');
  });
});

describe('formatCount', () => {
  it("writes any count as toLocaleString('en') does", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e6, max: 1e7 }), fc.maxSafeInteger(), fc.double()), (count) => {
        expect(formatCount(count)).toBe(count.toLocaleString('en'));
      }),
      { numRuns: 5_000 },
    );
    for (const count of [0, -0, 1, 999, 1000, 999_999, 1_000_000, Number.MAX_SAFE_INTEGER, -1234]) expect(formatCount(count)).toBe(count.toLocaleString('en'));
  });
});

describe('cent arithmetic', () => {
  it.each([
    [1234.5, 123450],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    ['19.99', 1999],
    [-2.5, -250],
    [0, 0],
    [1e21, 1e23],
  ])('toCents(%j) is %j', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], ['abc'], ['']])('toCents(%j) is NaN', (amount) => {
    expect(toCents(amount)).toBeNaN();
  });

  it('sends whole cents as currency units with two decimals at most', () => {
    expect(fromCents(123450)).toBe(1234.5);
    expect(fromCents(1)).toBe(0.01);
    expect(JSON.stringify(fromCents(1999))).toBe('19.99');
  });

  it('adds amounts exactly', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts(Array.from({ length: 10 }, () => 0.1))).toBe(1);
  });

  it.each([
    [10_005, 1_000, 1_001],
    [10_000, 1_150, 1_150],
    [99, 5_000, 50],
    [-99, 5_000, -50],
    [12_345, 0, 0],
  ])('shareOfCents(%i, %i bp) is %i', (cents, basisPoints, share) => {
    expect(shareOfCents(cents, basisPoints)).toBe(share);
  });
});

describe('formatMoney (spec §9)', () => {
  it('uses the en locale, USD and precision 0 by default', () => {
    expect(formatMoney(1234.56)).toBe('$1,235');
  });

  it('shows the asked precision', () => {
    expect(formatMoney(1234.5, { precision: 2 })).toBe('$1,234.50');
    expect(formatMoney('0.1', { precision: 2 })).toBe('$0.10');
  });

  it('formats other currencies', () => {
    expect(formatMoney(1000, { currency: 'EUR' })).toBe('€1,000');
  });

  it('falls back to the code for a currency Intl does not take', () => {
    expect(formatMoney(10, { currency: 'NOT-A-CURRENCY' })).toBe('NOT-A-CURRENCY 10');
  });

  it("divides by nights and adds '/nt' for display_type 8", () => {
    expect(formatMoney(1400, { displayType: 8, nights: 7 })).toBe('$200/nt');
    expect(formatMoney(1000, { displayType: 8, nights: 3, precision: 2 })).toBe('$333.33/nt');
  });

  it('shows the whole amount for display_type 8 without nights, and for other display types', () => {
    expect(formatMoney(1400, { displayType: 8 })).toBe('$1,400');
    expect(formatMoney(1400, { displayType: 0, nights: 7 })).toBe('$1,400');
  });
});
