/** Spec §9 Money: Intl's 'en' text (dollars and euros written as Intl does, without it), USD by default, fallback symbols when Intl lacks the currency. */
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

/** Currencies whose 'en' text is a symbol before the number, written without Intl (below). */
const PLAIN_SYMBOLS: Record<string, string> = { USD: '$', EUR: '€' };

/** Adds one to a string of decimal digits: '0999' → '1000'. */
function incremented(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i -= 1;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${String(Number(digits[i]) + 1)}${'0'.repeat(digits.length - i - 1)}`;
}

/** Digits in groups of three, as 'en' writes them: '1234567' → '1,234,567'. */
function grouped(digits: string): string {
  let text = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = text.length; i < digits.length; i += 3) text += `,${digits.slice(i, i + 3)}`;
  return text;
}

/**
 * A count as 'en' writes it (`toLocaleString('en')`), without Intl for a whole number (issue 24):
 * '1,234' rentals.
 *
 * @example formatCount(12345) // '12,345'
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en');
  return `${count < 0 || Object.is(count, -0) ? '-' : ''}${grouped(String(Math.abs(count)))}`;
}

/**
 * `amount` as Intl.NumberFormat('en', { style: 'currency' }) writes it for a symbol-first
 * currency, without Intl (issue 24): a page's first Intl.NumberFormat loads the locale's number
 * data, 50–60 ms of a phone's start at 4× CPU on every page with a price. Intl reads a number as
 * its shortest decimal text (what String gives) and rounds half away from zero; a negative amount,
 * −0 too, keeps its sign. Null for a number String writes with an exponent (Intl then).
 */
function plainCurrency(amount: number, symbol: string, decimals: number): string | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(amount)));
  if (!match) return null;
  const fraction = match[2] ?? '';
  let digits = `${match[1]}${fraction.slice(0, decimals).padEnd(decimals, '0')}`;
  if (fraction.length > decimals && fraction.charCodeAt(decimals) >= 53 /* '5' */) digits = incremented(digits);
  const whole = digits.slice(0, digits.length - decimals) || '0';
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${symbol}${grouped(whole)}${decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : ''}`;
}

/**
 * Formats an amount in cents.
 * @example formatCents(123456, 'USD', 0) // '$1,235'
 */
export function formatCents(cents: number, currency = 'USD', decimals = 0): string {
  const amount = cents / 100;
  const symbol = PLAIN_SYMBOLS[currency];
  const plain = symbol === undefined || !Number.isFinite(amount) ? null : plainCurrency(amount, symbol, decimals);
  if (plain !== null) return plain;
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
