import { describe, expect, it } from 'vitest';
import { emptyOrder } from './order';
import { parseSharedOrderAnswer, parseVerification, stayLabel } from './verification';

describe('parseVerification', () => {
  it('takes a checked order and its changes', () => {
    const answer = { order: emptyOrder(), changes: [{ key: 'ind-0', n: 'Sea Glass', was: 10, now: null, problem: 'Sea Glass: booked.' }] };
    expect(parseVerification(answer)).toEqual({ ok: true, value: answer });
  });

  it.each([
    ['no changes list', { order: emptyOrder() }],
    ['a change with a bad key', { order: emptyOrder(), changes: [{ key: '__proto__', n: 'x', was: 1, now: 2 }] }],
    ['a price that is not finite', { order: emptyOrder(), changes: [{ key: 'ind-0', n: 'x', was: Number.POSITIVE_INFINITY, now: 2 }] }],
    ['a malformed order', { order: { lict: 1, lis: [], litot: 0 }, changes: [] }],
    ['nothing', null],
  ])('refuses %s', (_name, input) => {
    expect(parseVerification(input).ok).toBe(false);
  });
});

describe('parseSharedOrderAnswer', () => {
  it('takes the base64 order and its changes, and refuses anything else', () => {
    const changes = [{ key: 'ind-0', n: 'Sea Glass (2027-03-01 to 2027-03-08)', was: 10, now: 12 }];
    expect(parseSharedOrderAnswer({ order: 'e30=', changes })).toEqual({ ok: true, value: { encoded: 'e30=', changes } });
    expect(parseSharedOrderAnswer({ order: {}, changes: [] }).ok).toBe(false);
    expect(parseSharedOrderAnswer({ order: 'e30=' }).ok).toBe(false);
  });
});

describe('stayLabel', () => {
  it('names a stay with its dates as a guest reads them, an activity with its day', () => {
    expect(stayLabel('Seaside Landing', '2027-10-05', '2027-10-08')).toBe('Seaside Landing, Tue, Oct 5, 2027 – Fri, Oct 8, 2027');
    expect(stayLabel('Kayak tour', '2027-10-05')).toBe('Kayak tour, Tue, Oct 5, 2027');
    expect(stayLabel('Kayak tour', '10/05/2027', '10/05/2027')).toBe('Kayak tour, Tue, Oct 5, 2027');
    expect(stayLabel('Gift card', undefined)).toBe('Gift card');
  });
});
