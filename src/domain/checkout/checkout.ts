/**
 * Checkout and booking (issue 13): the shapes the server's checkout API answers with and the pure
 * rules both sides share — protection choices per line item, the totals they make, the payment
 * options (the guest's phone and the card-number guard are in guest-details.ts). Wire amounts are
 * in currency units with at most two decimals, like an order's `p` and `litot`; sums are made in cents.
 */
import * as v from 'valibot';
import { fromCents, toCents } from '@/domain/money';

/** Trip insurance and damage protection (spec §4 Insurance decline flow). */
export type ProtectionKind = 'ti' | 'dp';
export const PROTECTION_KINDS: readonly ProtectionKind[] = ['ti', 'dp'];

/**
 * How a protection is offered (spec §4): 'declinable' — offered accepted, unticking it is a decline
 * attempt; 'acceptable' — an "I decline" box, ticking it is a decline attempt; 'forced' — the guest
 * must choose 1 (accept) or -1 (decline).
 */
export type ProtectionChoiceMode = 'declinable' | 'acceptable' | 'forced';

/** A guest's answer: 1 accepts, -1 declines (spec §4 values). */
export type ProtectionValue = 1 | -1;

/** The payment options of `payment[payment_option]` (spec §3): card, bank account (ACH), or pay later. */
export const PAYMENT_OPTIONS = ['cc', 'ach', 'later'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

/** The most line items one booking may hold (a Trips Collection may hold 50; book the rest apart). */
export const MAX_STAYS_PER_BOOKING = 10;
/** The insurance state meaning "my state is not listed" (the state chooser's 'none' option, spec §5). */
export const NO_PROVINCE = 'none';

/** A protection offered for one line item, with its price. */
export interface ProtectionOffer {
  kind: ProtectionKind;
  name: string;
  description: string;
  choice: ProtectionChoiceMode;
  /** Currency units. */
  amount: number;
}

/** One line item as the checkout prices it. */
export interface CheckoutItem {
  /** The order's key, 'ind-N'. */
  key: string;
  eid: number;
  name: string;
  begin: string;
  end: string;
  nights: number;
  /** The line item's price without protection (its `p`). */
  price: number;
  /** Null when not offered: an activity, or trip insurance where the guest's state has none. */
  ti: ProtectionOffer | null;
  dp: ProtectionOffer | null;
  /** When the price is paid, without protection (which is paid at booking). */
  payments: { label: string; due: string | null; amount: number }[];
}

/** What the checkout page needs to offer protection and show totals (the `checkout` of POST /rcapi/order/verify). */
export interface CheckoutQuote {
  currency: string;
  items: CheckoutItem[];
  /** Sum of the items' prices (the order's litot). */
  total: number;
  /** Due at booking without protection. */
  dueNow: number;
  insurance: {
    /** The insurance state the answer was priced for ('none', a state code, or null). */
    province: string | null;
    /** Insurance states are configured: a state must be chosen before trip insurance can be offered. */
    provinceRequired: boolean;
    /** Why trip insurance is not offered, or null when it is. */
    note: string | null;
  };
  maxItems: number;
}

/** The guest's protection answers by line item key. */
export type ProtectionChoices = Record<string, Partial<Record<ProtectionKind, ProtectionValue>>>;

export interface CheckoutTotals {
  /** Stays plus the protection accepted. */
  total: number;
  protection: number;
  /** Due at booking: the stays' first payments plus all the protection accepted. */
  dueNow: number;
  /** What is left after the payment at booking. */
  balance: number;
}

/**
 * The totals of a checkout quote with the guest's choices: protection is added only where it is
 * offered and accepted (value 1), and is paid at booking.
 *
 * @example checkoutTotals(quote, { 'ind-0': { ti: 1, dp: -1 } }).total
 */
export function checkoutTotals(quote: Pick<CheckoutQuote, 'items'>, choices: ProtectionChoices): CheckoutTotals {
  let total = 0;
  let protection = 0;
  let dueNow = 0;
  for (const item of quote.items) {
    total += toCents(item.price);
    for (const payment of item.payments) if (payment.due === null) dueNow += toCents(payment.amount);
    for (const kind of PROTECTION_KINDS) {
      const offer = item[kind];
      if (offer && choices[item.key]?.[kind] === 1) protection += toCents(offer.amount);
    }
  }
  return { total: fromCents(total + protection), protection: fromCents(protection), dueNow: fromCents(dueNow + protection), balance: fromCents(total - dueNow) };
}

/** The value of a protection field as a form or JSON sends it ('1', '-1', 1, -1), or null. */
export function protectionValue(raw: unknown): ProtectionValue | null {
  if (raw === 1 || raw === '1') return 1;
  if (raw === -1 || raw === '-1') return -1;
  return null;
}

const Amount = v.pipe(v.number(), v.finite());
const OfferSchema = v.nullable(
  v.object({
    kind: v.picklist(PROTECTION_KINDS),
    name: v.pipe(v.string(), v.maxLength(200)),
    description: v.pipe(v.string(), v.maxLength(1000)),
    choice: v.picklist(['declinable', 'acceptable', 'forced']),
    amount: Amount,
  }),
);
const QuoteSchema = v.object({
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  items: v.pipe(
    v.array(
      v.object({
        key: v.pipe(v.string(), v.regex(/^ind-\d{1,4}$/)),
        eid: v.pipe(v.number(), v.integer()),
        name: v.pipe(v.string(), v.maxLength(200)),
        begin: v.string(),
        end: v.string(),
        nights: v.pipe(v.number(), v.integer(), v.minValue(0)),
        price: Amount,
        ti: OfferSchema,
        dp: OfferSchema,
        payments: v.array(v.object({ label: v.string(), due: v.nullable(v.string()), amount: Amount })),
      }),
    ),
    v.maxLength(50),
  ),
  total: Amount,
  dueNow: Amount,
  insurance: v.object({ province: v.nullable(v.string()), provinceRequired: v.boolean(), note: v.nullable(v.string()) }),
  maxItems: v.pipe(v.number(), v.integer()),
});

/**
 * The `checkout` part of the server's answers (POST /rcapi/order/verify, a 409 of the checkout),
 * validated.
 */
export function parseCheckoutQuote(input: unknown): { ok: true; value: CheckoutQuote } | { ok: false; error: string } {
  const parsed = v.safeParse(QuoteSchema, input);
  return parsed.success ? { ok: true, value: parsed.output } : { ok: false, error: 'The checkout prices answered something unexpected' };
}
