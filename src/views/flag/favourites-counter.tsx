import { useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { deferred } from '@/bindings/deferred';
import { useFavouritesCount, useFavouritesDropdown, useFavouritesViewPath } from '@/bindings/hooks';
import { useDeferred } from '@/bindings/use-deferred';
import { HeartIcon } from '@/views/ui/heart-icon';

const DROPDOWN_ID = 'favourites-dropdown';

/** The list's code: loaded when the dropdown first opens, or earlier for a visitor with favourites (src/app/wire-effects.ts). */
export const favouritesList = deferred(() => import('./favourites-list'));

/** The dropdown's list: its code comes the first time the dropdown opens. */
function LazyFavouritesList() {
  const loaded = useDeferred(favouritesList, true);
  return loaded ? <loaded.FavouritesList /> : null;
}

/**
 * The header's favourites block (spec §3 Favourites counter, §2 Favourites dropdown): the counter
 * links to the favourites view with the flagged items in its hash; on the favourites view
 * itself its label reads 'Refresh'. Pointing at it, or its toggle, shows the dropdown list of
 * favourites (never at 64em or narrower); Escape or leaving it hides the list.
 */
export function FavouritesCounter({ onFavouritesView = false }: { onFavouritesView?: boolean }) {
  const count = useFavouritesCount();
  const viewPath = useFavouritesViewPath();
  const dropdown = useFavouritesDropdown();
  const toggle = useRef<HTMLButtonElement>(null);
  const label = onFavouritesView ? 'Refresh' : 'Favourites';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && dropdown.shown) {
      event.stopPropagation();
      dropdown.close();
      toggle.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (dropdown.shown && !event.currentTarget.contains(event.relatedTarget as Node | null)) dropdown.close();
  };
  return (
    <div
      className="favourites-block"
      data-show-items={dropdown.shown || undefined}
      data-items-ready={dropdown.ready || undefined}
      onPointerEnter={(event) => {
        // Pointing devices only: a tap on a phone goes straight to the link.
        if (event.pointerType !== 'touch') dropdown.open();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'touch' && dropdown.shown) dropdown.close();
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <a className="favourites-counter" href={viewPath} data-count={count}>
        <HeartIcon className="favourites-counter__icon" />
        <span className="favourites-counter__label">{label}</span>
        <span className="favourites-counter__count" aria-live="polite" aria-label={`${count} ${count === 1 ? 'favourite' : 'favourites'}`}>
          {count}
        </span>
      </a>
      <button
        ref={toggle}
        type="button"
        className="favourites-block__toggle"
        aria-expanded={dropdown.shown}
        aria-controls={DROPDOWN_ID}
        // A key press toggles; a mouse click only opens, since pointing at the block opened it already.
        onClick={(event) => (event.detail === 0 ? dropdown.toggle() : dropdown.open())}
      >
        <span aria-hidden="true">▾</span>
        <span className="visually-hidden">{dropdown.shown ? 'Hide' : 'Show'} the list of favourites</span>
      </button>
      <div id={DROPDOWN_ID} className="favourites-dropdown" hidden={!dropdown.shown} aria-label="Favourites" role="region">
        {dropdown.shown && <LazyFavouritesList />}
        <p className="favourites-dropdown__footer">
          <a className="button button--primary" href={viewPath}>
            {onFavouritesView ? 'Refresh' : 'See all favourites'}
          </a>
        </p>
      </div>
    </div>
  );
}
