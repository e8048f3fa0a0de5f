import { describe, expect, it } from 'vitest';
import { checkoutTotals, parseCheckoutQuote, protectionValue, type CheckoutQuote } from './checkout';

const offer = (kind: 'ti' | 'dp', amount: number) => ({ kind, name: kind === 'ti' ? 'Trip insurance' : 'Damage protection', description: '', choice: 'declinable' as const, amount });

const quote: CheckoutQuote = {
  currency: 'USD',
  items: [
    {
      key: 'ind-0',
      eid: 1001,
      name: 'Pelican Place',
      begin: '2030-03-01',
      end: '2030-03-08',
      nights: 7,
      price: 1000.1,
      ti: offer('ti', 70.01),
      dp: offer('dp', 59),
      payments: [
        { label: 'Deposit (30%) at booking', due: null, amount: 300.03 },
        { label: 'Balance', due: '2030-01-30', amount: 700.07 },
      ],
    },
    {
      key: 'ind-1',
      eid: 5001,
      name: 'Kayak tour',
      begin: '2030-03-02',
      end: '2030-03-02',
      nights: 0,
      price: 90.2,
      ti: null,
      dp: null,
      payments: [{ label: 'Paid in full at booking', due: null, amount: 90.2 }],
    },
  ],
  total: 1090.3,
  dueNow: 390.23,
  insurance: { province: 'FL', provinceRequired: true, note: null },
  maxItems: 10,
};

describe('checkoutTotals', () => {
  it('adds accepted protection to the total and to what is due at booking, to the cent', () => {
    expect(checkoutTotals(quote, { 'ind-0': { ti: 1, dp: 1 } })).toEqual({ total: 1219.31, protection: 129.01, dueNow: 519.24, balance: 700.07 });
  });

  it('adds nothing for declined or unanswered protection, nor for protection that is not offered', () => {
    expect(checkoutTotals(quote, { 'ind-0': { ti: -1 }, 'ind-1': { ti: 1, dp: 1 } })).toEqual({ total: 1090.3, protection: 0, dueNow: 390.23, balance: 700.07 });
  });
});

describe('protectionValue', () => {
  it.each([
    [1, 1],
    ['1', 1],
    [-1, -1],
    ['-1', -1],
    ['0', null],
    ['yes', null],
    [undefined, null],
    [true, null],
  ])('reads %j as %j', (raw, value) => {
    expect(protectionValue(raw)).toBe(value);
  });
});

describe('parseCheckoutQuote', () => {
  it('takes a server answer and refuses one that is not a checkout quote', () => {
    expect(parseCheckoutQuote(JSON.parse(JSON.stringify(quote)))).toEqual({ ok: true, value: quote });
    expect(parseCheckoutQuote({ ...quote, items: [{ ...quote.items[0], key: 'evil' }] }).ok).toBe(false);
    expect(parseCheckoutQuote(null).ok).toBe(false);
  });
});
