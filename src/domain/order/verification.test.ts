import { describe, expect, it } from 'vitest';
import { emptyOrder } from './order';
import { parseSharedOrderAnswer, parseVerification } from './verification';

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
