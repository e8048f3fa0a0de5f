import type { ListingSummary } from '@/domain/content';
import { formatCents } from '@/domain/money';
import { fromPriceNote } from '@/domain/pricing/shown-prices';

/**
 * The 'from' price without dates: per night with every mandatory fee and tax, spread over the
 * shortest stay it is for, and saying so.
 */
export function FromPrice({ listing, className }: { listing: Pick<ListingSummary, 'fromNightly' | 'fromNights'>; className: string }) {
  if (!(listing.fromNightly > 0)) return null;
  return (
    <span className={className}>
      from <strong>{formatCents(listing.fromNightly)}</strong>/night <span className="price-note">{fromPriceNote(listing.fromNights)}</span>
    </span>
  );
}
