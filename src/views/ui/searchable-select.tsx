import { useId } from 'react';
import type { Key } from 'react-aria-components';
import { Button, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { describedBy } from './described-by';

export interface SearchableOption {
  id: string;
  label: string;
}

/** What a searchable select says when nothing matches (spec §8). */
export const NO_RESULTS = 'No results found';

/**
 * A searchable select (spec §8: 'No results found' when nothing matches): a react-aria ComboBox,
 * typed into to filter, with the listbox semantics screen readers announce. With `name` the chosen
 * option's id is sent with the form.
 */
export function SearchableSelect(props: {
  label: string;
  options: readonly SearchableOption[];
  name?: string;
  placeholder?: string;
  description?: string;
  errorMessage?: string;
  className?: string;
  defaultSelectedKey?: string;
  onSelect?: (id: string) => void;
}) {
  const { label, options, name, placeholder, description, errorMessage, className, defaultSelectedKey, onSelect } = props;
  // The description is the view's own element (see described-by.tsx), not react-aria's description slot.
  const descriptionId = useId();
  const invalid = errorMessage !== undefined;
  return (
    <ComboBox
      className={`searchable-select${className ? ` ${className}` : ''}`}
      defaultItems={options}
      name={name}
      formValue="key"
      allowsEmptyCollection
      menuTrigger="focus"
      defaultSelectedKey={defaultSelectedKey}
      isInvalid={invalid}
      onSelectionChange={(key: Key | null) => key !== null && onSelect?.(String(key))}
    >
      <Label className="searchable-select__label">{label}</Label>
      <div className="searchable-select__field">
        <Input className="searchable-select__input" placeholder={placeholder} render={describedBy('input', invalid, description ? descriptionId : undefined)} />
        <Button className="searchable-select__button" aria-label={`Show ${label.toLowerCase()} options`} render={describedBy('button')}>
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      {description && (
        <p id={descriptionId} className="searchable-select__description">
          {description}
        </p>
      )}
      <FieldError className="field-error">{errorMessage}</FieldError>
      <Popover className="searchable-select__popover">
        <ListBox className="searchable-select__list" renderEmptyState={() => <p className="searchable-select__empty">{NO_RESULTS}</p>}>
          {(option: SearchableOption) => (
            <ListBoxItem id={option.id} className="searchable-select__option" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
