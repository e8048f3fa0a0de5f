import { useSearchActions, useSearchRequestParams, useSearchResult, useShownSearchState } from '@/bindings/search-context';
import { useSettings } from '@/bindings/hooks';
import { FacetMisconfigurationError, readFacetItems, type FacetItem } from '@/domain/search/facets';
import type { FacetDefinition } from '@/domain/search/search-config';

function FacetGroup({ id, definition, params }: { id: string; definition: FacetDefinition; params: [string, string][] }) {
  const result = useSearchResult();
  const state = useShownSearchState();
  const actions = useSearchActions();
  const field = definition.data.field;
  const label = definition.settings.settings.riot_solr.facet_label;
  const singleActive = definition.settings_global.settings.limit_active_items;
  let items: FacetItem[] = [];
  let misconfigured: string | null = null;
  if (result) {
    try {
      items = readFacetItems(definition, result, state.fq, params);
    } catch (error) {
      if (!(error instanceof FacetMisconfigurationError)) throw error;
      misconfigured = error.message;
    }
  }
  const anyActive = items.some((item) => item.active);
  return (
    <section className="facet" aria-labelledby={`facet-${id}`} data-field={field}>
      <div className="facet__head">
        <h3 id={`facet-${id}`} className="facet__title">
          {label}
        </h3>
        {anyActive && (
          <button type="button" className="facet__reset" onClick={() => actions.resetFacet(field)} aria-label={`Reset ${label}`}>
            Reset
          </button>
        )}
      </div>
      {misconfigured ? (
        <p className="muted">{misconfigured}</p>
      ) : (
        <ul className="facet__items">
          {items.map((item) => (
            <li key={item.facet ?? '(missing)'}>
              <button
                type="button"
                className="facet__item"
                aria-pressed={item.active}
                data-active={item.active || undefined}
                onClick={() => actions.toggleFacet(field, item.facet ?? '', singleActive)}
              >
                <span className="facet__value">{item.facet ?? 'Not set'}</span>
                <span className="facet__count" aria-label={`${item.count} results`}>
                  {item.count}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The facets of the search component (spec §4 Facets): each value adds or removes a filter; each facet can be reset. */
export function FacetList() {
  const facets = useSettings().search.facets;
  const params = useSearchRequestParams();
  return (
    <div className="facet-list">
      {Object.entries(facets).map(([id, definition]) => (
        <FacetGroup key={id} id={id} definition={definition} params={params} />
      ))}
    </div>
  );
}
