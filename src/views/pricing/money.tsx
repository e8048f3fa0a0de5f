import type { PricedOffer } from '@/domain/pricing/derived';
import { formatOfferAmount, type MoneyDisplay } from '@/domain/pricing/texts';

/** An offer's amount as the settings show it (spec §9): precision, currency, display_type 8 '/nt'. */
export function OfferAmount({ amount, offer, display, className }: { amount: number; offer: PricedOffer; display: MoneyDisplay; className?: string }) {
  return <span className={className}>{formatOfferAmount(amount, offer, display)}</span>;
}
