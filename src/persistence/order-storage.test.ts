import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addLineItem, emptyOrder, type LineItem } from '@/domain/order/order';
import { ORDER_STORAGE_KEY, readStoredOrder, saveStoredOrder } from './order-storage';

const price = { eid: 1001, p: 1400, b: '2026-12-01', e: '2026-12-08', qp: { rcav: { begin: '2026-12-01', adult: 2, child: 0 } } } as LineItem;

describe("the Trips Collection in local storage ('rcriotorder')", () => {
  beforeEach(() => localStorage.clear());

  it('saves the order as its JSON and reads it back', () => {
    const order = addLineItem(emptyOrder(), price).order;
    saveStoredOrder(order, localStorage);
    expect(JSON.parse(localStorage.getItem(ORDER_STORAGE_KEY) as string)).toEqual(order);
    expect(readStoredOrder(localStorage)).toEqual(order);
  });

  it('recomputes tampered totals from the line items', () => {
    localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ lict: 9, lis: { 'ind-0': price }, litot: 1 }));
    expect(readStoredOrder(localStorage)).toMatchObject({ lict: 1, litot: 1400 });
  });

  it.each([
    ['not JSON', '{lict:'],
    ['a hostile key', JSON.stringify({ lict: 1, lis: { __proto__x: price }, litot: 1400 })],
    ['a price that is not a number', JSON.stringify({ lict: 1, lis: { 'ind-0': { ...price, p: 'free' } }, litot: 0 })],
    ['an array', '[]'],
  ])('drops %s with a console warning and removes it', (_what, raw) => {
    localStorage.setItem(ORDER_STORAGE_KEY, raw);
    const logger = { warn: vi.fn() };
    expect(readStoredOrder(localStorage, logger)).toBeNull();
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('rcriotorder'));
    expect(localStorage.getItem(ORDER_STORAGE_KEY)).toBeNull();
  });

  it('gives null without a stored order, and keeps going when storage refuses to save', () => {
    expect(readStoredOrder(localStorage)).toBeNull();
    const full = { setItem: () => { throw new Error('QuotaExceededError'); } } as unknown as Storage;
    const logger = { warn: vi.fn() };
    expect(() => saveStoredOrder(emptyOrder(), full, logger)).not.toThrow();
    expect(logger.warn).toHaveBeenCalled();
  });
});
