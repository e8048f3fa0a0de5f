/**
 * The words that go with every price shown: each is the whole price a guest pays (rent, cleaning
 * fee, every mandatory fee and the taxes), and says so. Without dates a listing shows its 'from'
 * price per night, spread over the shortest stay it is for (the server's fromPrice); with dates,
 * the stay's total. No Intl: amounts come already formatted (money.ts).
 */
import type { MoneyDisplay } from './texts';

/** What every shown price includes, said plainly. */
export const FEES_INCLUDED = 'incl. fees & taxes';

/**
 * The note under a 'from' price per night: what it includes and the stay it is worked out for.
 *
 * @example fromPriceNote(2) // 'incl. fees & taxes, based on a 2-night stay'
 */
export function fromPriceNote(nights: number): string {
  return nights > 1 ? `${FEES_INCLUDED}, based on a ${nights}-night stay` : FEES_INCLUDED;
}

/**
 * The 'from' price in words, for a screen reader or a map pin's label.
 *
 * @example fromPriceWords('$267', 2) // 'from $267 a night including fees and taxes, based on a 2-night stay'
 */
export function fromPriceWords(amount: string, nights: number): string {
  return `from ${amount} a night including fees and taxes${nights > 1 ? `, based on a ${nights}-night stay` : ''}`;
}

/**
 * The note beside a stay's total for chosen dates.
 *
 * @example stayTotalNote(7) // 'total for 7 nights, incl. fees & taxes'
 */
export function stayTotalNote(nights: number): string {
  return nights > 0 ? `total for ${nights} ${nights === 1 ? 'night' : 'nights'}, ${FEES_INCLUDED}` : `total, ${FEES_INCLUDED}`;
}

/**
 * A stay's total in words, for a screen reader or a map pin's label.
 *
 * @example stayTotalWords('$2,407', 7) // '$2,407 for 7 nights including fees and taxes'
 */
export function stayTotalWords(amount: string, nights: number): string {
  return `${amount}${nights > 0 ? ` for ${nights} ${nights === 1 ? 'night' : 'nights'}` : ''} including fees and taxes`;
}

/**
 * The note beside a price of chosen dates as the display shows it (spec §9): with display_type 8
 * the figure is per night ('$200/nt'), so it is not called a stay's total; else the stay's total.
 *
 * @example shownPriceNote({ displayType: 8 }, 7) // 'incl. fees & taxes'
 * @example shownPriceNote({ displayType: 0 }, 7) // 'total for 7 nights, incl. fees & taxes'
 */
export function shownPriceNote(display: Pick<MoneyDisplay, 'displayType'>, nights: number): string {
  return display.displayType === 8 ? FEES_INCLUDED : stayTotalNote(nights);
}

/**
 * A price of chosen dates in words as the display shows it (a map pin's label): a per-night
 * figure (display_type 8, '$200/nt') is not said to be for the stay's nights.
 *
 * @example shownPriceWords({ displayType: 0 }, '$2,407', 7) // '$2,407 for 7 nights including fees and taxes'
 * @example shownPriceWords({ displayType: 8 }, '$344/nt', 7) // '$344/nt including fees and taxes'
 */
export function shownPriceWords(display: Pick<MoneyDisplay, 'displayType'>, amount: string, nights: number): string {
  return stayTotalWords(amount, display.displayType === 8 ? 0 : nights);
}
