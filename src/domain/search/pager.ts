/**
 * The search pager (spec §2 Search results pages, §9 Search): '« Previous', windowed page
 * links with gaps, 'Next »' — the windowed links of will_paginate (inner window 4 pages either
 * side of the current one, outer window 1 page beyond the first and last).
 */

export const PREVIOUS_LABEL = '« Previous';
export const NEXT_LABEL = 'Next »';
export const GAP_LABEL = '…';

export type PagerItem =
  | { kind: 'previous'; label: typeof PREVIOUS_LABEL; page: number; disabled: boolean }
  | { kind: 'page'; label: string; page: number; current: boolean }
  | { kind: 'gap'; label: typeof GAP_LABEL }
  | { kind: 'next'; label: typeof NEXT_LABEL; page: number; disabled: boolean };

export interface PagerWindows {
  innerWindow: number;
  outerWindow: number;
}

export const DEFAULT_PAGER_WINDOWS: PagerWindows = { innerWindow: 4, outerWindow: 1 };

function whole(value: number, fallback: number): number {
  return Number.isFinite(value) ? Math.trunc(value) : fallback;
}

/** Page numbers and gaps, as will_paginate's `windowed_page_numbers`. */
function windowedPageNumbers(current: number, totalPages: number, { innerWindow, outerWindow }: PagerWindows): (number | 'gap')[] {
  let windowFrom = current - innerWindow;
  let windowTo = current + innerWindow;
  if (windowTo > totalPages) {
    windowFrom -= windowTo - totalPages;
    windowTo = totalPages;
  }
  if (windowFrom < 1) {
    windowTo = Math.min(totalPages, windowTo + 1 - windowFrom);
    windowFrom = 1;
  }
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  const left: (number | 'gap')[] = outerWindow + 3 < windowFrom ? [...range(1, outerWindow + 1), 'gap'] : range(1, windowFrom - 1);
  const right: (number | 'gap')[] =
    totalPages - outerWindow - 2 > windowTo ? ['gap', ...range(totalPages - outerWindow, totalPages)] : range(windowTo + 1, totalPages);
  return [...left, ...range(windowFrom, windowTo), ...right];
}

/**
 * The pager's items; none when there is at most one page. `current` is clamped into range.
 *
 * @example pagerItems(1, 3).map((item) => item.label) // ['« Previous', '1', '2', '3', 'Next »']
 * @example pagerItems(10, 20).map((item) => item.label).join(' ')
 * // '« Previous 1 2 … 6 7 8 9 10 11 12 13 14 … 19 20 Next »'
 */
export function pagerItems(current: number, totalPages: number, windows: PagerWindows = DEFAULT_PAGER_WINDOWS): PagerItem[] {
  const total = Math.max(0, whole(totalPages, 0));
  if (total <= 1) return [];
  const page = Math.min(total, Math.max(1, whole(current, 1)));
  const innerWindow = Math.max(0, whole(windows.innerWindow, 4));
  const outerWindow = Math.max(0, whole(windows.outerWindow, 1));
  return [
    { kind: 'previous', label: PREVIOUS_LABEL, page: Math.max(1, page - 1), disabled: page === 1 },
    ...windowedPageNumbers(page, total, { innerWindow, outerWindow }).map((entry): PagerItem =>
      entry === 'gap' ? { kind: 'gap', label: GAP_LABEL } : { kind: 'page', label: String(entry), page: entry, current: entry === page },
    ),
    { kind: 'next', label: NEXT_LABEL, page: Math.min(total, page + 1), disabled: page === total },
  ];
}

/**
 * How many pages `numFound` results make at `rows` per page.
 *
 * @example pageCount(21, 10) // 3
 */
export function pageCount(numFound: number, rows: number): number {
  if (!(rows > 0) || !(numFound > 0)) return 0;
  return Math.ceil(numFound / rows);
}

/**
 * The 1-based page that starts at `start`.
 *
 * @example pageOfStart(20, 10) // 3
 */
export function pageOfStart(start: number, rows: number): number {
  if (!(rows > 0) || !(start > 0)) return 1;
  return Math.floor(start / rows) + 1;
}

/**
 * The `start` parameter of a 1-based page.
 *
 * @example startOfPage(3, 10) // 20
 */
export function startOfPage(page: number, rows: number): number {
  if (!(rows > 0) || !(page > 1)) return 0;
  return (Math.trunc(page) - 1) * Math.trunc(rows);
}
