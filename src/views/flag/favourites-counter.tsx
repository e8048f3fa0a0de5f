import { useFavouritesCount, useSettings } from '@/app/hooks';
import { HeartIcon } from '@/views/ui/heart-icon';

/** The header's favourites counter (spec §3 Favourites counter): count, label and link to the favourites view. */
export function FavouritesCounter() {
  const count = useFavouritesCount();
  const { path } = useSettings().flag;
  return (
    <a className="favourites-counter" href={path} data-count={count}>
      <HeartIcon className="favourites-counter__icon" />
      <span className="favourites-counter__label">Favourites</span>
      <span className="favourites-counter__count" aria-live="polite" aria-label={`${count} ${count === 1 ? 'favourite' : 'favourites'}`}>
        {count}
      </span>
    </a>
  );
}
