import type { ReactNode } from 'react';
import { usePager } from '@/bindings/pager-hooks';
import './paged-list.css';

/** Splits `items` into pages of `size` (the last may be shorter). */
export function toPages<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}

/** The pager title: the captions of the active page's first and last items (spec §2 Other displays). */
export function pageTitle(captions: readonly string[]): string {
  const first = captions[0] ?? '';
  const last = captions[captions.length - 1] ?? '';
  return first === last ? first : `${first} – ${last}`;
}

/**
 * A paged list (spec §2 Other displays; events, things to do, reviews): '<< Prev' and 'Next >>'
 * above the list, the title between them showing the first and last captions of the active
 * page, the controls disabled at either end, and the page marked `centre` shown first. A new
 * page fades in over 300 ms (spec §9), or at once for visitors who ask for reduced motion.
 * Every page is in the server's HTML (the others hidden), so nothing is out of reach of search
 * engines or visitors without JavaScript.
 */
export function PagedList<T>({
  items,
  pageSize,
  caption,
  label,
  centre = 0,
  children,
}: {
  items: readonly T[];
  pageSize: number;
  caption: (item: T) => string;
  /** What the list holds ('Events'): names the pager's navigation. */
  label: string;
  centre?: number;
  /** Draws one page's items; `index` is the page's number from 0. */
  children: (items: T[], index: number) => ReactNode;
}) {
  const pages = toPages(items, pageSize);
  const pager = usePager(pages.length, centre);
  const active = pages[pager.page] ?? [];
  return (
    <div className="paged-list" data-moved={pager.moved || undefined}>
      {pages.length > 1 && (
        <nav className="paged-list__pager" aria-label={`${label} pages`}>
          <button type="button" className="paged-list__control" aria-disabled={!pager.canGoBack} onClick={() => pager.canGoBack && pager.previous()}>
            {'<< Prev'}
          </button>
          <p className="paged-list__title" aria-live="polite">
            {pageTitle(active.map(caption))}
            <span className="visually-hidden">
              {`, page ${pager.page + 1} of ${pages.length}`}
            </span>
          </p>
          <button type="button" className="paged-list__control" aria-disabled={!pager.canGoForward} onClick={() => pager.canGoForward && pager.next()}>
            {'Next >>'}
          </button>
        </nav>
      )}
      {pages.map((page, index) => (
        <div key={index} className="paged-list__page" data-page={index} hidden={index !== pager.page}>
          {children(page, index)}
        </div>
      ))}
    </div>
  );
}
