/**
 * The checkout's view of a re-priced order (the `checkout` of POST /rcapi/order/verify and of a
 * checkout's 409): per line item its price, its payment schedule and the protection offered —
 * trip insurance only where the guest's insurance state allows it (spec §5 Insurance state check).
 */
import { MAX_STAYS_PER_BOOKING, NO_PROVINCE, type CheckoutItem, type CheckoutQuote, type ProtectionOffer as WireOffer } from '../../src/domain/checkout/checkout.ts';
import { fromCents } from '../../src/domain/money.ts';
import { lineItems, type Order } from '../../src/domain/order/order.ts';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { ProtectionOffer } from '../pricing/engine.ts';
import type { PricedStay } from '../orders/order-pricing.ts';

/** The cookie the state chooser saves (spec §5, §9). */
export const PROVINCE_COOKIE = 'rcstate';
const PROVINCE_TEXT = /^[A-Za-z]{2}$|^none$/;

export interface Insurance {
  /** The insurance state used: a configured state's code, 'none', or null (none given, or none configured). */
  province: string | null;
  provinceRequired: boolean;
  tiOffered: boolean;
  note: string | null;
}

/**
 * Reads an insurance state (the `province` field or query parameter, else the rcstate cookie): a
 * configured state's code (any case), 'none', or empty. Anything else is `invalid`.
 */
export function readProvince(settings: SiteSettings, raw: unknown): { ok: true; province: string | null } | { ok: false } {
  if (raw === undefined || raw === null || raw === '') return { ok: true, province: null };
  if (typeof raw !== 'string' || !PROVINCE_TEXT.test(raw.trim())) return { ok: false };
  const value = raw.trim();
  if (value === NO_PROVINCE) return { ok: true, province: NO_PROVINCE };
  const code = value.toUpperCase();
  return code in settings.insurance.states ? { ok: true, province: code } : { ok: false };
}

/**
 * Whether trip insurance may be offered. When the site lists insurance states (spec §3 Insurance
 * settings), it is sold to residents of those states only: not before a state is chosen, and not
 * to a guest whose state is not listed ('none'). Without listed states it is always offered.
 */
export function insuranceFor(settings: SiteSettings, province: string | null): Insurance {
  const provinceRequired = Object.keys(settings.insurance.states).length > 0;
  if (!provinceRequired) return { province: null, provinceRequired, tiOffered: true, note: null };
  if (province === null) {
    return { province, provinceRequired, tiOffered: false, note: 'Choose the state you live in to see trip insurance.' };
  }
  if (province === NO_PROVINCE) {
    return { province, provinceRequired, tiOffered: false, note: 'Trip insurance is not available for residents of your state.' };
  }
  return { province, provinceRequired, tiOffered: true, note: null };
}

function wireOffer(offer: ProtectionOffer | null): WireOffer | null {
  return offer ? { kind: offer.kind, name: offer.name, description: offer.description, choice: offer.choice, amount: fromCents(offer.amountCents) } : null;
}

/** The checkout quote of a verified order: its line items in key order with their stays' details. */
export function checkoutQuote(order: Order, stays: ReadonlyMap<string, PricedStay>, currency: string, insurance: Insurance): CheckoutQuote {
  const items: CheckoutItem[] = [];
  let dueNowCents = 0;
  let totalCents = 0;
  for (const [key, item] of lineItems(order)) {
    const stay = stays.get(key);
    if (!stay) continue;
    const { quote } = stay;
    totalCents += quote.total;
    for (const payment of quote.payments) if (payment.due === null) dueNowCents += payment.amount;
    items.push({
      key,
      eid: item.eid,
      name: quote.name,
      begin: quote.begin,
      end: quote.end,
      nights: quote.nights,
      price: fromCents(quote.total),
      ti: insurance.tiOffered ? wireOffer(stay.protection.ti) : null,
      dp: wireOffer(stay.protection.dp),
      payments: quote.payments.map((p) => ({ label: p.label, due: p.due, amount: fromCents(p.amount) })),
    });
  }
  return {
    currency,
    items,
    total: fromCents(totalCents),
    dueNow: fromCents(dueNowCents),
    insurance: { province: insurance.province, provinceRequired: insurance.provinceRequired, note: insurance.note },
    maxItems: MAX_STAYS_PER_BOOKING,
  };
}
