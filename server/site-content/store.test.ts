import { describe, expect, it } from 'vitest';
import { revisionOf } from './store.ts';

describe('an item’s revision', () => {
  it('is the same for the same fields in any key order, and another for any change', () => {
    const fields = { title: 'Deal', units: [1001, 1002], photos: [{ key: 'a', alt: 'A' }] };
    const reordered = { photos: [{ alt: 'A', key: 'a' }], units: [1001, 1002], title: 'Deal' };
    expect(revisionOf(fields)).toMatch(/^[0-9a-f]{16}$/);
    expect(revisionOf(reordered)).toBe(revisionOf(fields));
    expect(revisionOf({ ...fields, units: [1002, 1001] })).not.toBe(revisionOf(fields));
    expect(revisionOf({ ...fields, title: 'Deal ' })).not.toBe(revisionOf(fields));
  });
});
