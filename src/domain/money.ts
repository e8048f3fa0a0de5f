/** Spec §9 Money: Intl with the 'en' locale, USD by default, fallback symbols when Intl lacks the currency. */
const FALLBACK_SYMBOLS: Record<string, string> = { USD: '$', CAD: '$', EUR: '€' };

/**
 * Formats an amount in cents.
 * @example formatCents(123456, 'USD', 0) // '$1,235'
 */
export function formatCents(cents: number, currency = 'USD', decimals = 0): string {
  const amount = cents / 100;
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(amount);
  } catch {
    const symbol = FALLBACK_SYMBOLS[currency] ?? `${currency} `;
    return `${symbol}${amount.toLocaleString('en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
  }
}
