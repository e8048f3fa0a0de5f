import { useContext, useEffect, useState } from 'react';
import { ComboBox, ComboBoxStateContext, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { useAutocomplete, useSearchActions } from '@/bindings/search-context';
import { describedBy } from '@/views/ui/described-by';

/**
 * Suggestions arrive after the visitor typed, when the combo box has already decided not to
 * open: open it then (while the input has focus), and close it when there are none.
 */
function OpenWhenSuggestionsArrive({ count }: { count: number }) {
  const state = useContext(ComboBoxStateContext);
  useEffect(() => {
    if (!state) return;
    if (count > 0 && state.isFocused && !state.isOpen) state.open(null, 'input');
    if (count === 0 && state.isOpen) state.close();
  }, [count, state]);
  return null;
}

/**
 * The keyword box with autocomplete (spec §5: from 2 characters, not after a space, at most 10).
 * `q` is the search's query, shown until the visitor types.
 */
export function SearchBoxLive({ q }: { q: string }) {
  const { submitQuery } = useSearchActions();
  const { suggestions, inputChanged } = useAutocomplete();
  const [text, setText] = useState<string | null>(null);
  const value = text ?? q;
  return (
    <form
      className="search-box"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submitQuery(value);
        setText(null);
      }}
    >
      <ComboBox
        className="search-box__combo"
        inputValue={value}
        onInputChange={(next) => {
          setText(next);
          inputChanged(next);
        }}
        onSelectionChange={(key) => {
          if (key === null) return;
          const chosen = String(key);
          setText(null);
          submitQuery(chosen);
        }}
        items={suggestions.map((s) => ({ id: s, name: s }))}
        menuTrigger="input"
        allowsCustomValue
      >
        <Label className="search-box__label">Search rentals</Label>
        <OpenWhenSuggestionsArrive count={suggestions.length} />
        <div className="search-box__row">
          <Input
            className="search-box__input"
            render={describedBy('input')}
            placeholder="Town, property name or feature"
            onKeyDown={(event) => {
              // With the suggestions open, the combo box keeps Enter to itself: search what was typed
              // unless a suggestion is highlighted (that one is chosen through onSelectionChange).
              if (event.key === 'Enter' && !event.currentTarget.getAttribute('aria-activedescendant')) {
                event.preventDefault();
                submitQuery(value);
                setText(null);
              }
            }}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
        <Popover className="search-box__popover">
          <ListBox className="search-box__list">
            {(item: { id: string; name: string }) => (
              <ListBoxItem className="search-box__option" id={item.id} textValue={item.name}>
                {item.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
    </form>
  );
}
