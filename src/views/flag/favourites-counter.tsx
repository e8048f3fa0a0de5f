import { useFavouritesCount, useSettings } from '@/app/hooks';

/** The header's favourites counter (spec §3 Favourites counter): count, label and link to the favourites view. */
export function FavouritesCounter() {
  const count = useFavouritesCount();
  const { path } = useSettings().flag;
  return (
    <a className="favourites-counter" href={path} data-count={count}>
      <svg className="favourites-counter__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.7 1.2 5.4 3.1 1.7-1.9 3.3-3.1 5.4-3.1 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z" />
      </svg>
      <span className="favourites-counter__label">Favourites</span>
      <span className="favourites-counter__count" aria-live="polite" aria-label={`${count} ${count === 1 ? 'favourite' : 'favourites'}`}>
        {count}
      </span>
    </a>
  );
}
