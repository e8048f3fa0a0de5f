import { useSearchActions, useSearchResult } from '@/bindings/search-context';
import { pageCount, pageOfStart, pagerItems, startOfPage } from '@/domain/search/pager';

/** The pager (spec §9): '« Previous' and 'Next »' with an inner window of 4 and an outer window of 1. */
export function Pager() {
  const result = useSearchResult();
  const { goToStart } = useSearchActions();
  if (!result || result.rows <= 0) return null;
  const total = pageCount(result.numFound, result.rows);
  const current = pageOfStart(result.start, result.rows);
  const items = pagerItems(current, total);
  if (items.length === 0) return null;
  return (
    <nav className="pager" aria-label="Result pages">
      <ul>
        {items.map((item, index) => (
          <li key={index}>
            {item.kind === 'gap' ? (
              <span className="pager__gap" aria-hidden="true">
                {item.label}
              </span>
            ) : item.kind === 'page' ? (
              <button
                type="button"
                className="pager__page"
                aria-current={item.current ? 'page' : undefined}
                aria-label={`Page ${item.label}`}
                onClick={() => !item.current && goToStart(startOfPage(item.page, result.rows))}
              >
                {item.label}
              </button>
            ) : (
              <button type="button" className="pager__step" disabled={item.disabled} onClick={() => goToStart(startOfPage(item.page, result.rows))}>
                {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
