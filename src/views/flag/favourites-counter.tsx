import { useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useFavouritesCount, useFavouritesDropdown, useFavouritesViewPath } from '@/app/hooks';
import { formatCents } from '@/domain/money';
import { listingFromDocument } from '@/domain/listing-document';
import { HeartIcon } from '@/views/ui/heart-icon';

const DROPDOWN_ID = 'favourites-dropdown';

/** The favourite items of the dropdown, each a result item (spec §3 Favourites counter). */
function FavouritesList() {
  const { phase, documents } = useFavouritesDropdown();
  const listings = documents.flatMap((doc) => {
    const listing = listingFromDocument(doc);
    return listing ? [listing] : [];
  });
  if (phase === 'loading' && listings.length === 0) {
    return (
      <p className="favourites-dropdown__note" role="status">
        Loading your favourites…
      </p>
    );
  }
  if (phase === 'failed') {
    return (
      <p className="favourites-dropdown__note" role="status">
        Your favourites could not be loaded just now. The link below still shows them.
      </p>
    );
  }
  if (phase === 'empty' || listings.length === 0) {
    return <p className="favourites-dropdown__note">You have not flagged any rentals yet. Press the heart on a rental to keep it here.</p>;
  }
  return (
    <ul className="favourites-dropdown__list">
      {listings.map((listing) => {
        const href = `/listing/${listing.slug}`;
        return (
          <li key={listing.docId} className="result-item favourites-dropdown__item">
            <a className="result-item__image" href={href} tabIndex={-1} aria-hidden="true">
              <img src={listing.photo.src} alt="" width={96} height={64} loading="lazy" decoding="async" />
            </a>
            <div className="result-item__body">
              <h4 className="result-item__title">{listing.name}</h4>
              <p className="result-item__text">
                {listing.area} · {listing.bedrooms} bd · sleeps {listing.sleeps}
                {listing.fromNightly > 0 && <> · from {formatCents(listing.fromNightly)}/night</>}
              </p>
              <a className="result-item__more" href={href}>
                more <span className="visually-hidden">about {listing.name}</span>
              </a>
            </div>
          </li>
        );
      })}
    </ul>
  );
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
        {dropdown.shown && <FavouritesList />}
        <p className="favourites-dropdown__footer">
          <a className="button button--primary" href={viewPath}>
            {onFavouritesView ? 'Refresh' : 'See all favourites'}
          </a>
        </p>
      </div>
    </div>
  );
}
