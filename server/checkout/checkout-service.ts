/**
 * Booking a Trips Collection (issue 13): POST /rescms/order/checkout, and the confirmation page's data.
 *
 * A checkout is read and checked field by field (a message per field, under the client's field
 * names), its line items re-priced exactly as POST /rcapi/order/verify does (a price from the
 * client is never used), and then written at once (writeBooking: one statement, inside one transaction
 * with the payment for card and ACH): the booking (guest, totals, payment), one reservation per line
 * item, the nights of every unit stay in the bookings calendar — where the exclusion constraint
 * `bookings_no_overlap` refuses a night already taken, so a double booking is impossible whatever
 * the timing —, the emptied session order (session mode) and the confirmation email (a mail_queue
 * row, sent after the commit by server/mail), after the lapsed pay-later holds are released in
 * the same transaction (their nights are free); last, the payment: a declined or failed payment rolls
 * everything back.
 *
 * A retried submit with the same idempotency key returns the first booking: the key is unique in
 * trip_bookings, so a retry that arrives while the first is still in its transaction waits for it
 * in the database and then answers with its result; nothing is booked or charged twice.
 *
 * Pay later is a hold that lapses (holds.ts): it needs the site's captcha, is capped per email
 * address and per client, holds its nights until the guest confirms it from the email (or the
 * owner accepts it), and the nights of a lapsed hold are free again by themselves.
 */
import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import {
  checkoutTotals,
  MAX_STAYS_PER_BOOKING,
  PAYMENT_OPTIONS,
  PROTECTION_KINDS,
  protectionValue,
  type CheckoutQuote,
  type PaymentOption,
  type ProtectionChoices,
  type ProtectionKind,
} from '../../src/domain/checkout/checkout.ts';
import type { BookedItem, BookingConfirmation, CheckoutPageData, StayQuoteLine } from '../../src/domain/content.ts';
import { formatCents, toCents } from '../../src/domain/money.ts';
import { hasLineItems, lineItems, parseOrder, type Order } from '../../src/domain/order/order.ts';
import type { PriceChange } from '../../src/domain/order/verification.ts';
import { formatStayDate } from '../../src/domain/pricing/dates.ts';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { Database } from '../db/client.ts';
import { provinces, reservations, tripBookings, units } from '../db/schema.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import type { OrderStore } from '../orders/order-store.ts';
import { verifyOrder, type OrderPricing, type PricedStay } from '../orders/order-pricing.ts';
import { countryList } from './countries.ts';
import { sqlState } from '../db/sql-state.ts';
import { takenStay, writeBooking } from './booking-writes.ts';
import { canonical, cardField, checkGuest, GUEST_FIELDS, IDEMPOTENCY_KEY, LINE_FIELD, MAX_FIELD_TEXT, MAX_FIELDS, PROTECTION_NAMES, text, TOKEN, type TextField } from './checkout-fields.ts';

import { confirmationEmail } from './emails.ts';
import { CAPTCHA_RESPONSE_FIELD } from '../../src/domain/lead-forms.ts';
import { CAPTCHA_REFUSED, type CaptchaVerifier } from '../captcha/verifier.ts';
import { clientKey } from '../security/rate-limits.ts';
import { CONFIRM_TOKEN, confirmHold, confirmTokenHash, holdConfirmPath, holdCounts, holdLock, holdRefusal, holdStateAt, newConfirmToken, releaseLapsedHolds, type HoldConfirmResult } from './holds.ts';
import type { PaymentProvider } from './payment.ts';
import { checkoutQuote, insuranceFor, readProvince } from './quote.ts';

/** Reasons a stay is refused by the rules of its rate plan (engine.ts StayProblem). */
const PLAN_RULES = new Set(['no-rate', 'min-stay', 'arrival-day', 'departure-day']);

/** The confirmation page of a booking. */
export const confirmationPath = (code: string): string => `/rescms/order/confirmation/${code}`;
/** A confirmation code: 18 random bytes (144 bits), base64url. */
export const BOOKING_CODE = /^[A-Za-z0-9_-]{24}$/;
export const newBookingCode = (): string => crypto.randomBytes(18).toString('base64url');
const OPTION_LABELS: Record<PaymentOption, string> = { cc: 'Card', ach: 'Bank account (ACH)', later: 'Pay later' };
const STATUS_LABELS = { unpaid: 'Not paid yet', deposit_paid: 'Deposit paid', paid: 'Paid in full' } as const;

export type CheckoutAnswer =
  | { status: 201; body: { code: string; url: string }; replayed: boolean }
  | { status: 400 | 402 | 415 | 422 | 429 | 503; body: { message: string; errors?: Record<string, string>; reason?: 'captcha' | 'holds' } }
  | {
      status: 409;
      body:
        | { message: string; reason: 'prices_changed'; order: Order; changes: PriceChange[]; checkout: CheckoutQuote; errors?: Record<string, string> }
        | { message: string; reason: 'unavailable'; key: string; stay: { name: string; begin: string; end: string } };
    };

export interface CheckoutRequest {
  /** The parsed JSON body (anything: it is checked here). */
  body: unknown;
  /** The Idempotency-Key header. */
  idempotencyHeader?: string | undefined;
  /** `province` of the query string (spec §5: appended to the form action) and the rcstate cookie. */
  queryProvince?: string | undefined;
  cookieProvince?: string | undefined;
  /** The visitor's order session (session mode), when the cookie holds a valid one. */
  sessionId: string | null;
  /** The client's address (request.ip: X-Forwarded-For only from configured proxies): the captcha is told it, the pay-later caps count its rate-limit key. */
  clientIp?: string | undefined;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CheckoutServiceOptions {
  db: Database;
  settings: SiteSettings;
  /** Re-prices line items (server/orders/pricing-adapter.ts), as /rcapi/order/verify does. */
  pricing: OrderPricing;
  /** Told about every committed booking, so search and calendars drop its nights at once. */
  markBooked: (stays: readonly { unitEid: number; begin: string; end: string; heldUntil?: number }[]) => void;
  store: OrderStore;
  payments: PaymentProvider;
  mail: MailQueue;
  /** The site's public origin for the email's link (config.ts publicOrigin). */
  publicOrigin: string;
  /** Keys the client addresses kept for the pay-later caps (the server's cookie secret), as the share quota does. */
  secret: string;
  /** The site's captcha: a pay-later checkout needs a solved one (a paid checkout does not). */
  captcha?: CaptchaVerifier;
  /** The clock of holds (the real one by default): a caller with a moved engine clock gives the same one, so a hold lapses on the clock that says which nights are free. */
  now?: () => Date;
  /** Told when holds lapsed or were confirmed late, so the pricing model reloads. */
  holdsChanged?: () => void;
  log?: Logger;
}

export interface CheckoutService {
  checkout(request: CheckoutRequest): Promise<CheckoutAnswer>;
  /** The confirmation page's data, or null for an unknown or malformed code. */
  confirmation(code: string): Promise<BookingConfirmation | null>;
  /** The booking of a hold's confirm link, or null when the code or token is not one. */
  holdOf(code: string, token: string): Promise<BookingConfirmation | null>;
  /** Confirms a hold: the guest with the email's token (at most once it passes), or the owner. */
  confirmHold(code: string, by: { guest: string } | { owner: true }): Promise<HoldConfirmResult>;
  /** The checkout page's data: countries and the payment provider. */
  pageData(): Promise<CheckoutPageData>;
  /** GET /rescms/order/provinces/{country}: code → name, in name order ({} for a country without any). */
  provinces(country: string): Promise<Record<string, string>>;
}

class PaymentDeclined extends Error {}
class PaymentUnavailable extends Error {}
/** A pay-later checkout over one of the caps (holds.ts holdRefusal): the field the message belongs beside. */
class HoldRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The loser of a race for a stay (spec: a clear 409 naming the stay; its Trips Collection stays as it was). */
function unavailable(key: string, stay: { name: string; begin: string; end: string }): CheckoutAnswer {
  return {
    status: 409,
    body: {
      message: `${stay.name}, ${formatStayDate(stay.begin)} – ${formatStayDate(stay.end)} was just booked by someone else. Nothing was booked and your Trips Collection is as it was; please choose other dates.`,
      reason: 'unavailable',
      key,
      stay,
    },
  };
}

export function createCheckoutService(options: CheckoutServiceOptions): CheckoutService {
  const { db, settings, pricing, store, payments, mail } = options;
  const log = options.log ?? { info: () => {}, warn: () => {}, error: () => {} };
  const currency = settings.order.currency;
  const now = options.now ?? (() => new Date());
  const payLater = settings.order.pay_later;
  // A hold keeps no address: a keyed hash of the client's rate-limit key (an IPv6 client by its /64) is enough to count its holds.
  const clientKeyOf = (address: string | undefined) => crypto.createHmac('sha256', options.secret).update(`hold-client|${clientKey(address)}`).digest('base64url').slice(0, 22);

  // Provinces change about never: each country's list is read at most every 10 minutes.
  const provinceCache = new Map<string, { at: number; list: Promise<Record<string, string>> }>();
  const provincesOf = (country: string): Promise<Record<string, string>> => {
    const hit = provinceCache.get(country);
    if (hit && Date.now() - hit.at < 600_000) return hit.list;
    const list = db
      .select({ code: provinces.code, name: provinces.name })
      .from(provinces)
      .where(eq(provinces.countryCode, country))
      .orderBy(asc(provinces.name), asc(provinces.code))
      .then((rows) => Object.fromEntries(rows.map((r) => [r.code, r.name])));
    if (provinceCache.size > 300) provinceCache.clear();
    provinceCache.set(country, { at: Date.now(), list });
    list.catch(() => provinceCache.delete(country));
    return list;
  };

  /** The booking of an idempotency key, as the answer to a retry (or 422 for another request under the same key). */
  const replay = async (key: string, hash: string): Promise<CheckoutAnswer | null> => {
    const [found] = await db.select({ code: tripBookings.code, requestHash: tripBookings.requestHash }).from(tripBookings).where(eq(tripBookings.idempotencyKey, key)).limit(1);
    if (!found) return null;
    if (found.requestHash !== hash) {
      return { status: 422, body: { message: 'This idempotency key was already used for another checkout. Use a new key for a new checkout.', errors: { idempotency_key: 'This key was already used for another checkout.' } } };
    }
    return { status: 201, body: { code: found.code, url: confirmationPath(found.code) }, replayed: true };
  };

  const confirmation = async (code: string): Promise<BookingConfirmation | null> => {
    if (typeof code !== 'string' || !BOOKING_CODE.test(code)) return null;
    const [booking] = await db.select().from(tripBookings).where(eq(tripBookings.code, code)).limit(1);
    if (!booking) return null;
    const rows = await db
      .select({ reservation: reservations, slug: units.slug })
      .from(reservations)
      .leftJoin(units, eq(units.eid, reservations.unitEid))
      .where(eq(reservations.tripBookingId, booking.id))
      .orderBy(asc(reservations.position));
    const stateName = booking.state ? ((await provincesOf(booking.country))[booking.state] ?? booking.state) : '';
    const items: BookedItem[] = rows.map(({ reservation: r, slug }) => {
      const protection = PROTECTION_KINDS.flatMap((kind) => {
        const value = kind === 'ti' ? r.ti : r.dp;
        if (value === 0) return [];
        const amount = kind === 'ti' ? r.tiCents : r.dpCents;
        return [{ kind, name: kind === 'ti' ? 'Trip insurance' : 'Damage protection', accepted: value === 1, amount: value === 1 ? amount : 0 }];
      });
      return {
        key: r.lineKey,
        eid: r.eid,
        name: r.name,
        url: slug ? `/listing/${slug}` : null,
        offerName: r.offerName,
        begin: r.beginDate,
        end: r.endDate,
        nights: r.nights,
        adult: r.adult,
        child: r.child,
        senior: r.senior,
        lines: r.lines as StayQuoteLine[],
        price: r.priceCents,
        protection,
        payments: r.payments as BookedItem['payments'],
      };
    });
    const option = booking.paymentOption as PaymentOption;
    const status = booking.paymentStatus as keyof typeof STATUS_LABELS;
    const balance = booking.totalCents - booking.paidCents;
    const holdState = holdStateAt(booking.holdState, booking.heldUntil, now());
    return {
      code: booking.code,
      status: booking.status === 'cancelled' ? 'cancelled' : 'confirmed',
      hold:
        holdState && booking.heldUntil
          ? { state: holdState, until: booking.heldUntil.toISOString(), confirmBy: booking.confirmTokenHash ? 'guest' : 'owner' }
          : null,
      createdAt: booking.createdAt.toISOString(),
      guest: {
        firstName: booking.firstName,
        lastName: booking.lastName,
        email: booking.email,
        phone: booking.phone,
        address: booking.addressLine,
        city: booking.city,
        postalCode: booking.postalCode,
        country: booking.country,
        countryName: countryList([]).find((c) => c.code === booking.country)?.name ?? booking.country,
        state: booking.state,
        stateName,
        notes: booking.notes,
      },
      currency: booking.currency,
      items,
      total: booking.totalCents,
      protection: booking.protectionCents,
      deposit: booking.depositCents,
      paid: booking.paidCents,
      balance,
      balanceDue: balance > 0 ? booking.balanceDue : null,
      payment: { option, optionLabel: OPTION_LABELS[option], status, statusLabel: STATUS_LABELS[status], test: booking.paymentProvider === 'test' },
    };
  };

  const checkout = async (request: CheckoutRequest): Promise<CheckoutAnswer> => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return { status: 415, body: { message: 'Send the checkout as a JSON object (Content-Type: application/json).' } };
    }
    const fields = body as Record<string, unknown>;
    if (Object.keys(fields).length > MAX_FIELDS) return { status: 400, body: { message: `The checkout has more than ${MAX_FIELDS} fields.` } };
    // No card or bank number ever reaches this site (issue 13): refuse, and keep nothing of it.
    const card = cardField(fields);
    if (card) {
      return {
        status: 400,
        body: {
          message: 'Card and bank account numbers are never sent to this site. Please pay with the secure payment form.',
          errors: { [card]: 'Do not enter a card or account number here.' },
        },
      };
    }
    const errors: Record<string, string> = {};
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === 'string' && value.length > MAX_FIELD_TEXT) {
        const field = (GUEST_FIELDS as Record<string, TextField | undefined>)[name];
        if (field) return { status: 400, body: { message: `${field.label} must be at most ${field.max} characters.`, errors: { [name]: `At most ${field.max} characters.` } } };
        return { status: 400, body: { message: `The field ${name.slice(0, 60)} is too long.`, errors: { [name]: `At most ${MAX_FIELD_TEXT} characters.` } } };
      }
    }

    const key = text(request.idempotencyHeader) || text(fields.idempotency_key) || '';
    if (!IDEMPOTENCY_KEY.test(key)) {
      errors.idempotency_key = key ? 'The idempotency key must be 8 to 200 letters, digits, _ . : or -.' : 'An idempotency key is required (the Idempotency-Key header or idempotency_key): one random key per checkout, sent again with a retry.';
      return { status: 400, body: { message: errors.idempotency_key, errors } };
    }
    // A retry is answered from its first booking where it meets it: its stays are booked (verify
    // says so below), or its key is taken when it writes (23505). No look-up up front: every first
    // submit would pay one more statement on the embedded database's single connection.
    const hash = crypto.createHash('sha256').update(canonical(fields)).digest('base64url');

    const guest = await checkGuest(fields, { settings, provincesOf }, errors);
    const terms = fields.terms;
    if (!(terms === true || terms === 1 || terms === '1' || terms === 'on' || terms === 'true')) errors.terms = 'Please accept the terms to proceed.';

    // Insurance state: the field, else &province= (spec §5), else the rcstate cookie.
    const provinceRaw = fields.province ?? request.queryProvince ?? request.cookieProvince;
    const province = readProvince(settings, provinceRaw);
    if (!province.ok) errors.province = 'Please choose your state from the list.';
    const insurance = insuranceFor(settings, province.ok ? province.province : null);

    // Payment option and token.
    const optionRaw = text(fields['payment[payment_option]']) ?? '';
    const option = (PAYMENT_OPTIONS as readonly string[]).includes(optionRaw) ? (optionRaw as PaymentOption) : null;
    if (!option) errors['payment[payment_option]'] = optionRaw ? 'Please choose card, bank account or pay later.' : 'Please choose how to pay.';
    const token = text(fields['payment[token]']) ?? '';
    if (option === 'cc' || option === 'ach') {
      if (!token) errors['payment[token]'] = option === 'cc' ? 'Please enter your card details.' : 'Please enter your bank account details.';
      else if (!TOKEN.test(token)) errors['payment[token]'] = 'The payment details are not valid. Please enter them again.';
    }

    // The order: the session's (session mode) or the posted one, as /rcapi/order/verify takes it.
    const stored = request.sessionId ? await store.load(request.sessionId) : null;
    const fromSession = stored !== null && hasLineItems(stored);
    let order: Order | null = fromSession ? stored : null;
    if (!order) {
      const parsed = parseOrder(fields.order);
      // What is wrong with it (the schema's path) is for developers; the guest is told what to do.
      if (!parsed.ok) errors.order = fields.order === undefined ? 'Your Trips Collection is empty.' : 'Your Trips Collection could not be read. Please add your stays to it again.';
      else order = parsed.value;
    }
    const items = order ? lineItems(order) : [];
    if (order && items.length === 0) errors.order = 'Your Trips Collection is empty: add a stay first.';
    if (items.length > MAX_STAYS_PER_BOOKING) {
      errors.order = `One booking can hold at most ${MAX_STAYS_PER_BOOKING} stays and activities; this Trips Collection has ${items.length}. Please remove some and book them separately.`;
    }
    for (const name of Object.keys(fields)) {
      const line = LINE_FIELD.exec(name);
      if (line && !(order && line[2] && line[2] in order.lis)) errors[name] = 'This line item is not in your Trips Collection.';
    }
    if (!order || errors.order) return { status: 400, body: { message: 'Please check the fields marked.', errors } };

    // Re-price every line item, exactly as /rcapi/order/verify does.
    const verified = await verifyOrder(order, pricing);
    for (const change of verified.changes) {
      const reason = verified.reasons.get(change.key);
      if (reason === 'booked') {
        // A retry of a submit that booked these very nights meanwhile gets that booking.
        const again = await replay(key, hash);
        if (again) return again;
        const item = order.lis[change.key];
        return unavailable(change.key, { name: item?.n ?? `Item ${item?.eid ?? ''}`.trim(), begin: item?.b ?? '', end: item?.e ?? '' });
      }
      // The guest reads it: the stay named with its dates, and why in plain words (no parameter names).
      // A rule of the rate plan (rates, minimum stay, arrival or departure day) that changed is a changed order, as a price is.
      if (reason && !PLAN_RULES.has(reason)) errors.order = `${change.n} can no longer be booked. ${change.problem ?? ''}`.trim();
    }
    if (errors.order) return { status: 400, body: { message: errors.order, errors } };
    const quote = checkoutQuote(verified.order, verified.stays, currency, insurance);

    // Protection choices: per line item (ti[ind-0]) or for the whole order (ti).
    const choices: ProtectionChoices = {};
    for (const item of quote.items) {
      const chosen: ProtectionChoices[string] = {};
      choices[item.key] = chosen;
      for (const kind of PROTECTION_KINDS) {
        const offer = item[kind];
        const lineName = `${kind}[${item.key}]`;
        const name = fields[lineName] !== undefined ? lineName : kind;
        const raw = fields[name];
        const value = protectionValue(raw);
        if (raw !== undefined && raw !== '' && value === null) {
          errors[name] = `Choose 1 to add ${PROTECTION_NAMES[kind]} or -1 to decline it.`;
          continue;
        }
        if (!offer) continue;
        if (value === null && offer.choice === 'forced') {
          errors[name] = name === kind ? `Please choose whether to add ${PROTECTION_NAMES[kind]}.` : `Please choose whether to add ${PROTECTION_NAMES[kind]} for ${item.name}.`;
          continue;
        }
        // Protection is never added without a yes: no answer is a decline.
        chosen[kind] = value ?? -1;
      }
    }
    if (insurance.provinceRequired && insurance.province === null && !errors.province && quote.items.some((i) => verified.stays.get(i.key)?.protection.ti)) {
      errors.province = 'Please choose the state you live in (trip insurance depends on it).';
    }

    const totals = checkoutTotals(quote, choices);
    const shownTotal = fields.total === undefined ? null : typeof fields.total === 'number' || typeof fields.total === 'string' ? toCents(fields.total) : Number.NaN;
    if (Number.isNaN(shownTotal)) errors.total = 'The total you were shown could not be read. Please reload the page and check the total before you book.';
    if (verified.changes.length > 0 || (shownTotal !== null && !Number.isNaN(shownTotal) && shownTotal !== toCents(totals.total))) {
      if (fromSession && request.sessionId && verified.changes.length > 0) await store.update(request.sessionId, () => verified.order);
      const message =
        verified.changes.length > 0
          ? 'Some prices changed since you added them. Please check the new prices before you book.'
          : `The total is now ${formatCents(toCents(totals.total), currency, 2)}. Please check it before you book.`;
      return {
        status: 409,
        body: { message, reason: 'prices_changed', order: verified.order, changes: verified.changes, checkout: quote, ...(Object.keys(errors).length > 0 ? { errors } : {}) },
      };
    }
    // Two stays of one unit in one booking may not share a night.
    const unitStays = quote.items.flatMap((item) => {
      const unitEid = verified.stays.get(item.key)?.unitEid;
      return unitEid ? [{ item, unitEid }] : [];
    });
    for (const a of unitStays) {
      const clash = unitStays.find((b) => b !== a && b.unitEid === a.unitEid && b.item.begin < a.item.end && a.item.begin < b.item.end);
      if (clash) {
        errors.order = `${a.item.name} is in your Trips Collection twice for nights that overlap (${formatStayDate(a.item.begin)} and ${formatStayDate(clash.item.begin)}). Please remove one.`;
        break;
      }
    }
    if (Object.keys(errors).length > 0) return { status: 400, body: { message: errors.order ?? 'Please check the fields marked.', errors } };
    if (!option) throw new Error('unreachable: payment option checked above');

    // Pay later takes nights without a payment: a person must have solved the captcha (checked
    // last, so a form with other errors does not spend the guest's solved token).
    if (option === 'later' && options.captcha?.required) {
      const again = await replay(key, hash);
      if (again) return again;
      const verdict = await options.captcha.verify(text(fields[CAPTCHA_RESPONSE_FIELD]) ?? '', { ip: request.clientIp ?? '', formId: 'checkout' });
      if (!verdict.ok) return { status: 400, body: { message: CAPTCHA_REFUSED, errors: { [CAPTCHA_RESPONSE_FIELD]: CAPTCHA_REFUSED }, reason: 'captcha' } };
    }

    // Everything checked: book it, in one transaction.
    const code = newBookingCode();
    const totalCents = toCents(totals.total);
    const protectionCents = toCents(totals.protection);
    const depositCents = toCents(totals.dueNow);
    const balanceDue = quote.items
      .flatMap((item) => item.payments.filter((p) => p.due !== null).map((p) => p.due as string))
      .sort()[0] ?? null;
    const reservationRows = quote.items.map((item, position) => {
      const stay = verified.stays.get(item.key) as PricedStay;
      const choice = choices[item.key] ?? {};
      const amountOf = (kind: ProtectionKind) => (item[kind] && choice[kind] === 1 ? toCents(item[kind].amount) : 0);
      return {
        key: item.key,
        unitEid: stay.unitEid,
        values: {
          lineKey: item.key,
          position,
          eid: item.eid,
          unitEid: stay.unitEid,
          packageEid: stay.packageEid,
          name: stay.quote.name,
          offer: stay.quote.offer,
          offerName: stay.quote.offerName,
          beginDate: stay.quote.begin,
          endDate: stay.quote.end,
          nights: stay.quote.nights,
          adult: stay.quote.adult,
          child: stay.quote.child,
          senior: stay.quote.senior,
          qp: stay.quote.qp,
          lines: stay.quote.lines,
          payments: stay.quote.payments,
          priceCents: stay.quote.total,
          ti: item.ti ? (choice.ti ?? -1) : 0,
          tiCents: amountOf('ti'),
          dp: item.dp ? (choice.dp ?? -1) : 0,
          dpCents: amountOf('dp'),
        },
      };
    });
    const confirmationUrl = `${options.publicOrigin}${confirmationPath(code)}`;
    const holding = option === 'later';
    const heldUntil = new Date(now().getTime() + payLater.hold_minutes * 60_000);
    const confirmToken = holding && payLater.confirm === 'guest' ? newConfirmToken() : null;
    const confirmUrl = confirmToken ? `${options.publicOrigin}${holdConfirmPath(code, confirmToken)}` : null;
    const preview: BookingConfirmation = {
      code,
      status: 'confirmed',
      hold: holding ? { state: 'held', until: heldUntil.toISOString(), confirmBy: payLater.confirm } : null,
      createdAt: new Date().toISOString(),
      guest: { firstName: guest.first_name, lastName: guest.last_name, email: guest.email, phone: guest.phone, address: guest.address, city: guest.city, postalCode: guest.postal_code, country: guest.country, countryName: guest.country, state: guest.state, stateName: guest.state, notes: guest.notes },
      currency,
      items: reservationRows.map(({ values: r }) => ({
        key: r.lineKey,
        eid: r.eid,
        name: r.name,
        url: null,
        offerName: r.offerName,
        begin: r.beginDate,
        end: r.endDate,
        nights: r.nights,
        adult: r.adult,
        child: r.child,
        senior: r.senior,
        lines: r.lines,
        price: r.priceCents,
        protection: [
          ...(r.ti !== 0 ? [{ kind: 'ti' as const, name: 'Trip insurance', accepted: r.ti === 1, amount: r.tiCents }] : []),
          ...(r.dp !== 0 ? [{ kind: 'dp' as const, name: 'Damage protection', accepted: r.dp === 1, amount: r.dpCents }] : []),
        ],
        payments: r.payments,
      })),
      total: totalCents,
      protection: protectionCents,
      deposit: depositCents,
      paid: option === 'later' ? 0 : depositCents,
      balance: option === 'later' ? totalCents : totalCents - depositCents,
      balanceDue,
      payment: { option, optionLabel: OPTION_LABELS[option], status: 'unpaid', statusLabel: STATUS_LABELS.unpaid, test: payments.test },
    };
    const email = confirmationEmail(preview, settings.site, confirmationUrl, confirmUrl);

    let charge: { id: string } | null = null;
    const write = {
      booking: {
        code,
        idempotency_key: key,
        request_hash: hash,
        first_name: guest.first_name,
        last_name: guest.last_name,
        email: guest.email,
        phone: guest.phone,
        address_line: guest.address,
        city: guest.city,
        postal_code: guest.postal_code,
        country: guest.country,
        state: guest.state,
        notes: guest.notes,
        province: insurance.province,
        currency,
        total_cents: totalCents,
        protection_cents: protectionCents,
        deposit_cents: depositCents,
        paid_cents: 0,
        balance_due: balanceDue,
        payment_option: option,
        payment_status: 'unpaid',
        payment_provider: option === 'later' ? null : payments.name,
        hold_state: holding ? 'held' : null,
        held_until: holding ? heldUntil.toISOString() : null,
        confirm_token_hash: confirmToken ? confirmTokenHash(confirmToken) : null,
        client_key: holding ? clientKeyOf(request.clientIp) : null,
      },
      reservations: reservationRows.map(({ values: r }) => ({
        line_key: r.lineKey,
        position: r.position,
        eid: r.eid,
        unit_eid: r.unitEid,
        package_eid: r.packageEid,
        name: r.name,
        offer: r.offer,
        offer_name: r.offerName,
        begin_date: r.beginDate,
        end_date: r.endDate,
        nights: r.nights,
        adult: r.adult,
        child: r.child,
        senior: r.senior,
        qp: r.qp,
        lines: r.lines,
        payments: r.payments,
        price_cents: r.priceCents,
        ti: r.ti,
        ti_cents: r.tiCents,
        dp: r.dp,
        dp_cents: r.dpCents,
      })),
      mail: { kind: holding ? 'booking-hold' : 'booking-confirmation', reference: code, recipient: guest.email, subject: email.subject, text_body: email.text, html_body: email.html },
      session: fromSession ? request.sessionId : null,
    };
    let released = false;
    try {
      await db.transaction(async (tx) => {
        // A night held by a lapsed hold is free: such holds are released first, in this transaction,
        // so the exclusion constraint meets only nights that are taken (a paid checkout books them).
        const release = await releaseLapsedHolds(tx, now());
        released = release.holds > 0 || release.rows > 0;
        if (holding) {
          // Counted and written under the locks of this email and client: checkouts at once cannot all count "none yet".
          await holdLock(tx, guest.email, write.booking.client_key ?? '');
          const refusal = holdRefusal(await holdCounts(tx, guest.email, write.booking.client_key ?? '', now()), reservationRows.length, payLater);
          if (refusal) throw new HoldRefused(refusal.field, refusal.message);
        }
        const bookingId = await writeBooking(tx, write);
        if (holding || depositCents === 0) return;
        // Last, the payment: a decline or a provider that fails rolls all of it back.
        let result;
        try {
          result = await payments.charge({
            token,
            method: option,
            amountCents: depositCents,
            currency,
            reference: code,
            idempotencyKey: key,
            description: `${settings.site.name} booking`,
            email: guest.email,
          });
        } catch (error) {
          throw new PaymentUnavailable((error as Error).message);
        }
        if (!result.ok) throw new PaymentDeclined(result.message);
        charge = { id: result.id };
        await tx
          .update(tripBookings)
          .set({ paidCents: depositCents, paymentStatus: depositCents >= totalCents ? 'paid' : 'deposit_paid', paymentReference: result.id })
          .where(eq(tripBookings.id, bookingId));
      });
    } catch (error) {
      if (error instanceof HoldRefused) {
        log.warn({ code, field: error.field }, 'pay-later hold refused: too many open holds or emails');
        return { status: 429, body: { message: error.message, errors: { [error.field]: error.message }, reason: 'holds' } };
      }
      const taken = charge as { id: string } | null;
      if (taken) {
        // The payment was taken but the booking was not saved: give it back.
        await payments.refund(taken.id).catch((refundError: unknown) => log.error({ err: refundError, charge: taken.id, code }, 'REFUND FAILED after a booking could not be saved: refund it by hand'));
        log.warn({ charge: taken.id, code }, 'payment refunded: the booking could not be saved');
      }
      if (sqlState(error) === '23505') {
        // Another checkout with this key committed first (a retry of the same submit).
        const again = await replay(key, hash);
        if (again) return again;
      }
      if (sqlState(error) === '23P01') {
        // bookings_no_overlap: a night of a stay is taken (another checkout committed first).
        const again = await replay(key, hash);
        if (again) return again;
        const taken = await takenStay(db, reservationRows);
        return unavailable(taken.key, { name: taken.name, begin: taken.begin, end: taken.end });
      }
      if (error instanceof PaymentDeclined) {
        return { status: 402, body: { message: `${error.message} Nothing was booked.`, errors: { 'payment[token]': error.message } } };
      }
      if (error instanceof PaymentUnavailable) {
        log.warn({ err: error.message, code }, 'payment provider failed: nothing booked');
        return { status: 503, body: { message: 'The payment service did not answer. Nothing was booked and nothing was charged; please try again in a moment.' } };
      }
      throw error;
    }
    if (released) options.holdsChanged?.();
    options.markBooked(reservationRows.flatMap((r) => (r.unitEid === null ? [] : [{ unitEid: r.unitEid, begin: r.values.beginDate, end: r.values.endDate, ...(holding ? { heldUntil: heldUntil.getTime() } : {}) }])));
    mail.kick();
    log.info({ code, items: reservationRows.length, totalCents, option }, 'booking made');
    return { status: 201, body: { code, url: confirmationPath(code) }, replayed: false };
  };

  return {
    checkout,
    confirmation,
    async holdOf(code, token) {
      if (typeof code !== 'string' || !BOOKING_CODE.test(code) || typeof token !== 'string' || !CONFIRM_TOKEN.test(token)) return null;
      const [row] = await db.select({ hash: tripBookings.confirmTokenHash }).from(tripBookings).where(eq(tripBookings.code, code)).limit(1);
      const given = Buffer.from(confirmTokenHash(token));
      const stored = Buffer.from(row?.hash ?? '');
      if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) return null;
      return confirmation(code);
    },
    async confirmHold(code, by) {
      if (typeof code !== 'string' || !BOOKING_CODE.test(code)) return { status: 'unknown', code: '', unitEids: [] };
      const result = await confirmHold(db, code, by, now());
      if (result.status === 'confirmed-late' || result.status === 'taken') options.holdsChanged?.();
      log.info({ code, status: result.status, by: 'guest' in by ? 'guest' : 'owner' }, 'pay-later hold confirmation');
      return result;
    },
    async pageData() {
      const rows = await db.select({ country: provinces.countryCode }).from(provinces).groupBy(provinces.countryCode).orderBy(asc(provinces.countryCode));
      // The US first when it has states (the demo's guests), then the other countries with provinces.
      const withProvinces = rows.map((r) => r.country).sort((a, b) => (a === 'US' ? -1 : b === 'US' ? 1 : a.localeCompare(b)));
      return {
        countries: countryList(withProvinces),
        payment: { provider: payments.name, label: payments.label, test: payments.test, testTokens: [...payments.testTokens], options: [...PAYMENT_OPTIONS] },
        termsUrl: '/terms-and-conditions',
      };
    },
    provinces: provincesOf,
  };
}

