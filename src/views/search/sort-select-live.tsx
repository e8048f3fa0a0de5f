import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { useSearchActions } from '@/bindings/search-context';
import { describedBy } from '@/views/ui/described-by';
import { SORT_OPTIONS } from './sort-options';

/** The sort select (spec §9): `sort` is the search's order ('' for Recommended). */
export function SortSelectLive({ sort }: { sort: string }) {
  const { changeSort } = useSearchActions();
  return (
    <Select className="sort-select" selectedKey={sort} onSelectionChange={(key) => changeSort(String(key))}>
      <Label className="sort-select__label">Sort by</Label>
      <Button className="jump-menu__button" render={describedBy('button')}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="jump-menu__popover">
        <ListBox className="jump-menu__list" items={SORT_OPTIONS}>
          {(option) => (
            <ListBoxItem className="jump-menu__option" id={option.id} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
