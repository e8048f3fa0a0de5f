import { describe, expect, it } from 'vitest';
import { NEXT_LABEL, PREVIOUS_LABEL, pageCount, pageOfStart, pagerItems, startOfPage } from './pager';

const labels = (current: number, total: number, windows?: { innerWindow: number; outerWindow: number }) =>
  pagerItems(current, total, windows)
    .map((item) => (item.kind === 'page' && item.current ? `[${item.label}]` : item.label))
    .join(' ');

describe('pagerItems', () => {
  it.each([
    [1, 0, ''],
    [1, 1, ''],
    [1, 2, '« Previous [1] 2 Next »'],
    [2, 2, '« Previous 1 [2] Next »'],
    [1, 9, '« Previous [1] 2 3 4 5 6 7 8 9 Next »'],
    [1, 20, '« Previous [1] 2 3 4 5 6 7 8 9 … 19 20 Next »'],
    [5, 20, '« Previous 1 2 3 4 [5] 6 7 8 9 … 19 20 Next »'],
    [6, 20, '« Previous 1 2 3 4 5 [6] 7 8 9 10 … 19 20 Next »'],
    [7, 20, '« Previous 1 2 3 4 5 6 [7] 8 9 10 11 … 19 20 Next »'],
    // no gap for a single hidden page: page 3 is shown instead of '…'
    [8, 20, '« Previous 1 2 3 4 5 6 7 [8] 9 10 11 12 … 19 20 Next »'],
    [9, 20, '« Previous 1 2 … 5 6 7 8 [9] 10 11 12 13 … 19 20 Next »'],
    [10, 20, '« Previous 1 2 … 6 7 8 9 [10] 11 12 13 14 … 19 20 Next »'],
    [14, 20, '« Previous 1 2 … 10 11 12 13 [14] 15 16 17 18 19 20 Next »'],
    [20, 20, '« Previous 1 2 … 12 13 14 15 16 17 18 19 [20] Next »'],
    [13, 20, '« Previous 1 2 … 9 10 11 12 [13] 14 15 16 17 18 19 20 Next »'],
    [12, 20, '« Previous 1 2 … 8 9 10 11 [12] 13 14 15 16 … 19 20 Next »'],
    // out-of-range and non-finite input is clamped
    [0, 3, '« Previous [1] 2 3 Next »'],
    [99, 3, '« Previous 1 2 [3] Next »'],
    [Number.NaN, 3, '« Previous [1] 2 3 Next »'],
    [2.7, 3, '« Previous 1 [2] 3 Next »'],
    [1, Number.POSITIVE_INFINITY, ''],
  ])('page %s of %s: %s', (current, total, expected) => {
    expect(labels(current, total)).toBe(expected);
  });

  it('takes other windows', () => {
    expect(labels(10, 20, { innerWindow: 1, outerWindow: 0 })).toBe('« Previous 1 … 9 [10] 11 … 20 Next »');
    expect(labels(10, 20, { innerWindow: 2, outerWindow: 2 })).toBe('« Previous 1 2 3 … 8 9 [10] 11 12 … 18 19 20 Next »');
  });

  it('disables Previous on the first page and Next on the last, pointing at the neighbouring pages', () => {
    expect(pagerItems(1, 3)[0]).toEqual({ kind: 'previous', label: PREVIOUS_LABEL, page: 1, disabled: true });
    expect(pagerItems(1, 3).at(-1)).toEqual({ kind: 'next', label: NEXT_LABEL, page: 2, disabled: false });
    expect(pagerItems(3, 3)[0]).toEqual({ kind: 'previous', label: PREVIOUS_LABEL, page: 2, disabled: false });
    expect(pagerItems(3, 3).at(-1)).toEqual({ kind: 'next', label: NEXT_LABEL, page: 3, disabled: true });
  });

  it('marks exactly one page as current and lists pages in order without repeats', () => {
    for (let total = 2; total <= 40; total++) {
      for (let current = 1; current <= total; current++) {
        const pages = pagerItems(current, total).flatMap((item) => (item.kind === 'page' ? [item] : []));
        expect(pages.filter((item) => item.current).map((item) => item.page)).toEqual([current]);
        const numbers = pages.map((item) => item.page);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(total);
      }
    }
  });
});

describe('page arithmetic', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [21, 10, 3],
    [5, 0, 0],
    [Number.NaN, 10, 0],
  ])('pageCount(%s, %s) = %s', (numFound, rows, expected) => {
    expect(pageCount(numFound, rows)).toBe(expected);
  });

  it.each([
    [0, 10, 1, 0],
    [10, 10, 2, 10],
    [20, 10, 3, 20],
    [25, 10, 3, 20],
  ])('start %s at %s rows is page %s, which starts at %s', (start, rows, page, pageStart) => {
    expect(pageOfStart(start, rows)).toBe(page);
    expect(startOfPage(page, rows)).toBe(pageStart);
  });

  it('treats bad input as the first page', () => {
    expect(pageOfStart(-10, 10)).toBe(1);
    expect(pageOfStart(10, 0)).toBe(1);
    expect(startOfPage(0, 10)).toBe(0);
    expect(startOfPage(Number.NaN, 10)).toBe(0);
  });
});
