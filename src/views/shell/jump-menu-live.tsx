import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { useJumpMenu } from '@/bindings/jump-menu-hooks';
import { describedBy } from '@/views/ui/described-by';
import { SearchableSelect } from '@/views/ui/searchable-select';
import type { JumpOption } from './jump-menu';

/** A select that navigates to the chosen option (spec §2 Jump menus; minimum width 140, §9). */
export function JumpMenuLive(props: { label: string; placeholder: string; options: JumpOption[]; searchable?: { name: string; description: string } }) {
  const { label, placeholder, options, searchable } = props;
  const jump = useJumpMenu();
  if (searchable) {
    // The inquiry form's field_inquiry_properties (spec §3 Inquiry form field): typed into to filter.
    return (
      <SearchableSelect
        label={label}
        name={searchable.name}
        placeholder={placeholder}
        description={searchable.description}
        options={options.map((option, index) => ({ id: String(index), label: option.label }))}
        onSelect={(id) => {
          const option = options[Number(id)];
          if (option) jump(option.value);
        }}
      />
    );
  }
  return (
    <Select
      className="jump-menu"
      placeholder={placeholder}
      onSelectionChange={(key) => {
        const option = options[Number(key)];
        if (option) jump(option.value);
      }}
    >
      <Label className="jump-menu__label">{label}</Label>
      <Button className="jump-menu__button" render={describedBy('button')}>
        <SelectValue />
        <span aria-hidden="true" className="jump-menu__chevron">▾</span>
      </Button>
      <Popover className="jump-menu__popover">
        <ListBox className="jump-menu__list">
          {options.map((option, index) => (
            <ListBoxItem key={index} id={String(index)} className="jump-menu__option" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
