import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { useJumpMenu } from '@/bindings/jump-menu-hooks';
import type { JumpOption } from './jump-menu';

/** A select that navigates to the chosen option (spec §2 Jump menus; minimum width 140, §9). */
export function JumpMenuLive({ label, placeholder, options }: { label: string; placeholder: string; options: JumpOption[] }) {
  const jump = useJumpMenu();
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
      <Button className="jump-menu__button">
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
