import { describe, expect, it } from 'vitest';
import { initialOrderSource, sharedOrderIn, withoutSharedOrder } from './init';
import { addLineItem, emptyOrder, type LineItem } from './order';

const price = { eid: 1001, p: 1400, b: '2026-12-01', e: '2026-12-08', qp: { rcav: { begin: '2026-12-01', adult: 2, child: 0 } } } as LineItem;
const withItem = addLineItem(emptyOrder(), price).order;
const at = (hash = '', search = '', pathname = '/') => ({ hash, search, pathname });

describe('Trips Collection initialisation: the first rule that applies (spec §4)', () => {
  it('takes the short-url hash before anything else', () => {
    expect(initialOrderSource(at('#short-url=Ab3dE9xQ&rcod=e30'), '/mytrip', withItem, 'session')).toEqual({ kind: 'short-url', code: 'Ab3dE9xQ' });
  });
  it('takes the rcod hash before the stored order and the session', () => {
    expect(initialOrderSource(at('#rcod=e30'), '/mytrip', withItem, 'session')).toEqual({ kind: 'rcod', encoded: 'e30' });
  });
  it('reads ?rcod= on the share page only', () => {
    expect(initialOrderSource(at('', '?rcod=e30', '/mytrip'), '/mytrip', null, 'local')).toEqual({ kind: 'rcod', encoded: 'e30' });
    expect(initialOrderSource(at('', '?rcod=e30', '/search'), '/mytrip', null, 'local')).toEqual({ kind: 'empty' });
  });
  it('uses the stored order when it has line items, before the session fetch', () => {
    expect(initialOrderSource(at(), '/mytrip', withItem, 'session')).toEqual({ kind: 'stored', order: withItem });
  });
  it('fetches the session order when the stored one is empty', () => {
    expect(initialOrderSource(at(), '/mytrip', emptyOrder(), 'session')).toEqual({ kind: 'session' });
  });
  it('is otherwise the empty order', () => {
    expect(initialOrderSource(at('#q=beach'), '/mytrip', emptyOrder(), 'local')).toEqual({ kind: 'empty' });
    expect(initialOrderSource(at(), '/mytrip', null, 'local')).toEqual({ kind: 'empty' });
  });
  it('keeps the rest of the URL when the shared order is cleared', () => {
    expect(withoutSharedOrder(at('#rcod=e30&q=x', '?a=1&rcod=e30', '/mytrip'))).toBe('/mytrip?a=1#q=x');
    expect(withoutSharedOrder(at('#short-url=abc', '', '/'))).toBe('/');
  });
  it('finds no shared order in an unrelated hash', () => {
    expect(sharedOrderIn(at('#rcav={}'), '/mytrip')).toBeNull();
  });
});
