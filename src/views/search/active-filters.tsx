import { useSearchActions, useShownSearchState } from '@/bindings/search-context';
import { useSettings } from '@/bindings/hooks';
import { activeFacetValues } from '@/domain/search/facets';

/**
 * The active filters as removable chips, on every width (issue 11): 'Area: Seabright ×' removes
 * that value.
 */
export function ActiveFilters() {
  const facets = useSettings().search.facets;
  const state = useShownSearchState();
  const { toggleFacet } = useSearchActions();
  const chips = Object.values(facets).flatMap((definition) => {
    const field = definition.data.field;
    const label = definition.settings.settings.riot_solr.facet_label;
    const singleActive = definition.settings_global.settings.limit_active_items;
    return activeFacetValues(state.fq, field).map((value) => ({ field, label, value, singleActive }));
  });
  if (chips.length === 0) return null;
  return (
    <div className="active-filters" role="group" aria-label="Active filters">
      <ul className="active-filters__list">
        {chips.map(({ field, label, value, singleActive }) => (
          <li key={`${field}:${value ?? ''}`}>
            <button
              type="button"
              className="chip"
              aria-label={`Remove ${label}: ${value ?? 'Not set'}`}
              onClick={() => toggleFacet(field, value ?? '', singleActive)}
            >
              <span>
                {label}: {value ?? 'Not set'}
              </span>
              <span aria-hidden="true" className="chip__remove">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
