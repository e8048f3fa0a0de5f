/** Spec §9 Money: Intl with the 'en' locale, USD by default, fallback symbols when Intl lacks the currency. */
const FALLBACK_SYMBOLS: Record<string, string> = { USD: '$', CAD: '$', EUR: '€' };

/** Building an Intl.NumberFormat costs far more than using one: one per currency and precision. */
const formats = new Map<string, Intl.NumberFormat>();
function currencyFormat(currency: string, decimals: number): Intl.NumberFormat {
  const key = `${currency}|${decimals}`;
  let format = formats.get(key);
  if (!format) {
    // Throws for a currency code Intl does not know; nothing is kept then.
    format = new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    if (formats.size < 64) formats.set(key, format);
  }
  return format;
}

/**
 * Formats an amount in cents.
 * @example formatCents(123456, 'USD', 0) // '$1,235'
 */
export function formatCents(cents: number, currency = 'USD', decimals = 0): string {
  const amount = cents / 100;
  try {
    return currencyFormat(currency, decimals).format(amount);
  } catch {
    const symbol = FALLBACK_SYMBOLS[currency] ?? `${currency} `;
    return `${symbol}${amount.toLocaleString('en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
  }
}

/**
 * Whole cents of a wire amount in currency units (spec §3 p, s), exact for amounts with up to two
 * decimals whatever their binary form (1.005 is 101 cents, 0.1 + 0.2 is 30); NaN when the
 * amount is not a finite number or numeric text.
 *
 * @example toCents(1234.5) // 123450
 * @example toCents('19.99') // 1999
 */
export function toCents(amount: number | string): number {
  const value = typeof amount === 'string' ? (amount.trim() === '' ? Number.NaN : Number(amount)) : amount;
  if (typeof value !== 'number' || !Number.isFinite(value)) return Number.NaN;
  // Round the decimal text, not the binary product: 1.005 * 100 is 100.49999….
  const text = String(value);
  const shifted = text.includes('e') ? value * 100 : Number(`${text}e2`);
  const cents = Math.round(Math.abs(shifted));
  return value < 0 ? -cents : cents;
}

/**
 * Currency units of whole cents, as sent on the wire (2 decimals at most).
 *
 * @example fromCents(123450) // 1234.5
 */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * Exact sum of wire amounts: added in cents, returned in currency units.
 *
 * @example sumAmounts([0.1, 0.2]) // 0.3
 */
export function sumAmounts(amounts: readonly (number | string)[]): number {
  let cents = 0;
  for (const amount of amounts) cents += toCents(amount);
  return fromCents(cents);
}

/**
 * A share of an amount in cents, rounded half up to the cent (half away from zero for negatives).
 * `basisPoints` are hundredths of a percent: 1150 is 11.5%.
 *
 * @example shareOfCents(10_005, 1_000) // 1001 (10% of $100.05 = $10.005 → $10.01)
 */
export function shareOfCents(cents: number, basisPoints: number): number {
  const product = Math.round(cents) * Math.round(basisPoints);
  const share = Math.floor((Math.abs(product) + 5_000) / 10_000);
  return product < 0 ? -share : share;
}

export interface MoneyFormat {
  /** ISO 4217 code; USD by default (spec §9). */
  currency?: string;
  /** Decimals; the pricing precision option defaults to 0, line items use 2 (spec §9). */
  precision?: number;
  /** 8: the amount is divided by `nights` and suffixed '/nt' (spec §9). */
  displayType?: number;
  nights?: number;
}

/**
 * A wire amount (currency units) for people, by spec §9: Intl with the 'en' locale, USD by
 * default, the fallback symbols USD $, CAD $, EUR € when Intl does not know the currency;
 * display_type 8 shows the amount per night with '/nt'.
 *
 * @example formatMoney(1234.56) // '$1,235'
 * @example formatMoney(1400, { displayType: 8, nights: 7, precision: 2 }) // '$200.00/nt'
 */
export function formatMoney(amount: number | string, format: MoneyFormat = {}): string {
  const currency = format.currency || 'USD';
  const precision = Number.isInteger(format.precision) && (format.precision as number) >= 0 ? Math.min(format.precision as number, 20) : 0;
  const cents = toCents(amount);
  const safe = Number.isFinite(cents) ? cents : 0;
  const nights = format.nights ?? 0;
  if (format.displayType === 8 && Number.isFinite(nights) && nights > 0) {
    return `${formatCents(safe / nights, currency, precision)}/nt`;
  }
  return formatCents(safe, currency, precision);
}
