/**
 * Texts of the pricing displays (spec §5 Price and savings texts, §9 Money): price range,
 * savings line, amounts per night for display_type 8, and the 'not available' text.
 */
import { formatMoney, toCents } from '../money';
import { formatStayDate } from './dates';
import type { ItemPricing, PricedOffer } from './derived';

/** Line items always show 2 decimals (spec §9). */
export const LINE_ITEM_PRECISION = 2;

export interface MoneyDisplay {
  /** The site's currency (settings.order.currency); a price's own c wins. */
  currency: string;
  /** Decimals (settings.pricing.precision for widgets, 2 for line items). */
  precision: number;
  /** settings.pricing.display_type. */
  displayType: number;
}

/**
 * An amount of a price as a display shows it: per night with '/nt' when display_type is 8.
 *
 * @example formatOfferAmount(1400, { nt: 7, c: 'USD' }, { currency: 'USD', precision: 0, displayType: 8 }) // '$200/nt'
 */
export function formatOfferAmount(amount: number, offer: Pick<PricedOffer, 'nt' | 'c'>, display: MoneyDisplay): string {
  return formatMoney(amount, { currency: offer.c ?? display.currency, precision: display.precision, displayType: display.displayType, nights: offer.nt });
}

/**
 * The lowest offer of an item's range (what its card, favourite and map pin show first), or null
 * when the item has no price for the chosen dates (spec §5: the minimum price must be > 0).
 */
export function lowestOffer(item: Pick<ItemPricing, 'prices' | 'range'> | null | undefined): PricedOffer | null {
  if (!item || !(item.range[0] > 0)) return null;
  return item.prices.find((price) => price.p === item.range[0]) ?? null;
}

/**
 * The price range text (spec §5): null unless the minimum price is > 0; 'min - max' when they
 * differ, else the one amount. With display_type 8 each end is per night of its own price.
 *
 * @example priceRangeText(item /* range [1400, 1650] *\/, { currency: 'USD', precision: 0, displayType: 0 }) // '$1,400 - $1,650'
 */
export function priceRangeText(item: Pick<ItemPricing, 'prices' | 'range'>, display: MoneyDisplay): string | null {
  const [min, max] = item.range;
  const low = lowestOffer(item);
  const high = item.prices.find((price) => price.p === max);
  if (!low || !high) return null;
  const minText = formatOfferAmount(min, low, display);
  const maxText = formatOfferAmount(max, high, display);
  return minText === maxText ? minText : `${minText} - ${maxText}`;
}

/** The largest savings of the item's prices, and the price it belongs to. */
export function maxSavings(prices: readonly PricedOffer[]): { amount: number; offer: PricedOffer } | null {
  let best: PricedOffer | null = null;
  for (const price of prices) if ((price.s ?? 0) > (best?.s ?? 0)) best = price;
  return best ? { amount: best.s ?? 0, offer: best } : null;
}

/**
 * The savings line '{annotation} {amount}!' (spec §2, §5): null unless the maximum savings is > 0.
 * Savings are a total, so they are never shown per night.
 *
 * @example savingsText(prices /* max s 150 *\/, 'Save', { currency: 'USD', precision: 0, displayType: 0 }) // 'Save $150!'
 */
export function savingsText(prices: readonly PricedOffer[], annotation: string, display: MoneyDisplay): string | null {
  const best = maxSavings(prices);
  if (!best) return null;
  return `${annotation} ${formatMoney(best.amount, { currency: best.offer.c ?? display.currency, precision: display.precision })}!`;
}

/** The struck-through original price of an offer with savings: p + s, in cents to stay exact. */
export function originalPrice(offer: Pick<PricedOffer, 'p' | 's'>): number | null {
  if (!((offer.s ?? 0) > 0)) return null;
  return (toCents(offer.p) + toCents(offer.s ?? 0)) / 100;
}

/**
 * The configured 'not available' text with {date} replaced by the search date (spec §2 Alternates, §8).
 *
 * @example notAvailableText('Not available for {date}.', '2026-12-01') // 'Not available for Tue, Dec 1, 2026.'
 */
export function notAvailableText(template: string, searchBegin: string | null): string {
  return template.split('{date}').join(searchBegin ? formatStayDate(searchBegin) : 'your dates');
}

/** 'N Adult' / 'N Adults', 'N Child' / 'N Children', 'N Senior' / 'N Seniors'. */
export function guestsText(rcav: { adult: number; child: number; senior?: number }): string {
  const parts = [`${rcav.adult} ${rcav.adult === 1 ? 'Adult' : 'Adults'}`];
  if (rcav.child > 0) parts.push(`${rcav.child} ${rcav.child === 1 ? 'Child' : 'Children'}`);
  if ((rcav.senior ?? 0) > 0) parts.push(`${rcav.senior} ${rcav.senior === 1 ? 'Senior' : 'Seniors'}`);
  return parts.join(', ');
}
