import { useFiltersDialog, useSearchResult } from '@/bindings/search-context';
import { formatCount } from '@/domain/money';
import { Button } from '@/views/ui/button';
import { Modal } from '@/views/ui/modal';
import { FacetList } from './facet-list';

/**
 * The phone search's filters in a modal dialog (issue 11), loaded when first opened: the facets,
 * and 'Show N rentals' with the current count, which closes it on the results.
 */
export function FiltersDialog() {
  const dialog = useFiltersDialog();
  const result = useSearchResult();
  const count = result?.numFound ?? null;
  const label = count === null ? 'Show rentals' : count === 1 ? 'Show 1 rental' : `Show ${formatCount(count)} rentals`;
  return (
    <Modal isOpen={dialog.open} onClose={dialog.close} title="Filters" size="small">
      <div className="filters-dialog">
        <FacetList />
        <div className="filters-dialog__foot">
          <Button variant="primary" onPress={dialog.close}>
            {label}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
