import { useFavouritesDropdown } from '@/bindings/hooks';
import { useChosenDatesPricing, useMoneyDisplay } from '@/bindings/pricing-hooks';
import type { ListingSummary } from '@/domain/content';
import { listingFromDocument } from '@/domain/listing-document';
import { pricingKey, type ItemPricing } from '@/domain/pricing/derived';
import { shownPriceNote } from '@/domain/pricing/shown-prices';
import { lowestOffer, priceRangeText, type MoneyDisplay } from '@/domain/pricing/texts';
import { FromPrice } from '@/views/listing/from-price';

/** A favourite's price: the stay's total for the chosen dates, else the 'from' price per night, each with what it includes. */
function FavouritePrice({ listing, item, display }: { listing: ListingSummary; item: ItemPricing | undefined; display: MoneyDisplay }) {
  const range = item ? priceRangeText(item, display) : null;
  if (item && range) {
    const nights = lowestOffer(item)?.nt ?? 0;
    return (
      <span className="favourite-price">
        <strong>{range}</strong> <span className="price-note">{shownPriceNote(display, nights)}</span>
      </span>
    );
  }
  return <FromPrice listing={listing} className="favourite-price" />;
}

/** The favourite items of the dropdown, each a result item (spec §3 Favourites counter). */
export function FavouritesList() {
  const { phase, documents } = useFavouritesDropdown();
  const pricing = useChosenDatesPricing();
  const display = useMoneyDisplay();
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
              </p>
              <p className="result-item__price">
                <FavouritePrice listing={listing} item={pricing?.[pricingKey(listing.eid)]} display={display} />
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

