import { describe, expect, it } from 'vitest';
import { withProvince } from './province-link';

describe('withProvince (spec §5: &province={state} appended to the form action or link)', () => {
  it('appends the state to a link with a query', () => {
    expect(withProvince('/rescms/item/1002/buy?rcav%5Badult%5D=2&rcav%5Bchild%5D=0', 'FL')).toBe('/rescms/item/1002/buy?rcav%5Badult%5D=2&rcav%5Bchild%5D=0&province=FL');
  });

  it('starts the query of a link without one', () => {
    expect(withProvince('/rescms/order/checkout', 'none')).toBe('/rescms/order/checkout?province=none');
  });

  it('replaces a province already there instead of sending two', () => {
    expect(withProvince('/rescms/item/1/buy?province=TX&a=1', 'FL')).toBe('/rescms/item/1/buy?a=1&province=FL');
  });

  it('keeps the hash after the query', () => {
    expect(withProvince('/listing/x?a=1#rcav=%7B%7D', 'CA')).toBe('/listing/x?a=1&province=CA#rcav=%7B%7D');
  });

  it('encodes what it appends and leaves the link alone without a state', () => {
    expect(withProvince('/x', 'a&b=c')).toBe('/x?province=a%26b%3Dc');
    expect(withProvince('/x?a=1', null)).toBe('/x?a=1');
    expect(withProvince('/x?a=1', '')).toBe('/x?a=1');
  });
});
