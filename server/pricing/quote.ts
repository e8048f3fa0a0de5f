/**
 * Detailed quotes (spec §2 Quote, §7 GET /rescms/ajax/item/pricing/quote) and the buy page's
 * stay: one offer re-priced from its query params, itemised, with the payment schedule and the
 * cancellation policy. Special type '2' is never given on a detailed quote (spec §5, §9).
 */
import type { StayQuote, StayQuoteLine } from '../../src/domain/content.ts';
import { formatCents, shareOfCents } from '../../src/domain/money.ts';
import { formatStayDate } from '../../src/domain/pricing/dates.ts';
import { specialApplies, WEB_ONLY_SPECIAL_TYPE } from '../../src/domain/pricing/specials.ts';
import {
  guestCount,
  nightsText,
  offerTexts,
  priceActivity,
  priceUnitStay,
  queryParamsOf,
  stayProblem,
  type OfferChoice,
  type QuoteLine,
  type StayPrice,
  type StayProblem,
} from './engine.ts';
import { isoOfDay, secondsOfDay, weekdayOfDay, type PricingData, type UnitInfo } from './model.ts';
import type { QuoteInput } from './validate.ts';

/** Share of the total paid at booking, unless the stay is paid in full. */
export const DEPOSIT_PERCENT = 30;
/** The balance is due this many days before arrival; closer arrivals pay in full at booking. */
export const BALANCE_DAYS_BEFORE = 30;

/** Why a stay cannot be quoted: a StayProblem, or 'no-item' when the query names none. */
export type QuoteProblem = StayProblem | 'no-item';

export type QuoteResult = { ok: true; quote: StayQuote; price: StayPrice } | { ok: false; name: string; problem: string; reason: QuoteProblem };

function problemText(problem: StayProblem, unit: UnitInfo, data: PricingData, begin: number, nights: number, guests: number): string {
  switch (problem) {
    case 'sleeps':
      return `${unit.name} sleeps ${unit.sleeps}; this stay is for ${guests} guests.`;
    case 'past':
      return 'The arrival day has passed.';
    case 'no-rate':
      return `${unit.name} has no rates for these dates yet.`;
    case 'booked':
      return `${unit.name} is already booked for some of these nights.`;
    case 'min-stay':
      return `Arrivals on ${formatStayDate(isoOfDay(begin))} need a stay of at least ${unit.minStay[begin - data.start] ?? nights + 1} nights.`;
    case 'arrival-day':
      return `${unit.name} takes no arrivals on ${weekdayName(begin)}s at this time of year${allowedDays(unit, data, begin, 'arrival')}.`;
    case 'departure-day':
      return `Stays arriving on ${formatStayDate(isoOfDay(begin))} cannot end on a ${weekdayName(begin + nights)}${allowedDays(unit, data, begin, 'departure')}.`;
    default:
      return `${unit.name} is not available for this stay.`;
  }
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** 'Saturday' of a day number. */
export const weekdayName = (day: number): string => WEEKDAYS[weekdayOfDay(day)] as string;

/** '; arrivals on Saturday or Sunday' from the arrival day's season, or '' when any day goes. */
function allowedDays(unit: UnitInfo, data: PricingData, begin: number, which: 'arrival' | 'departure'): string {
  const season = unit.plan.seasons[unit.season[begin - data.start] ?? -1];
  const days = which === 'arrival' ? season?.arrivalDays : season?.departureDays;
  if (!days || days.length === 0) return '';
  const names = [...days].sort((a, b) => a - b).map((d) => WEEKDAYS[d]);
  return `; ${which === 'arrival' ? 'arrivals' : 'departures'} on ${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]}`;
}

/** The detail of a fee's or tax's line: how it is counted. */
function chargeDetail(line: QuoteLine, money: (cents: number) => string, discounted: boolean): string {
  const after = discounted ? ' after discounts' : '';
  if (line.basisPoints !== undefined) return `${line.basisPoints / 100}% of the rent${line.ofFees ? ' and fees' : ''}${after}`;
  if (line.per === 'guest') return `${plural(line.count ?? 0, 'guest', 'guests')} × ${money(line.unitCents ?? 0)}`;
  if (line.per === 'guest_night') {
    const guests = line.guests ?? 1;
    return `${plural(guests, 'guest', 'guests')} × ${nightsText(Math.round((line.count ?? 0) / Math.max(1, guests)))} × ${money(line.unitCents ?? 0)}`;
  }
  if (line.unitCents !== undefined) return `${nightsText(line.count ?? 0)} × ${money(line.unitCents)}`;
  return 'Per stay';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function lineDetail(line: QuoteLine, currency: string, discounted: boolean): string {
  const money = (cents: number) => formatCents(cents, currency, 2);
  switch (line.kind) {
    case 'rent':
      if (line.per === 'guest_night') return chargeDetail(line, money, false);
      return `${nightsText(line.count ?? 0)} × ${money(line.unitCents ?? 0)}`;
    case 'discount':
      return `${line.percent ?? 0}% off the rent`;
    case 'activity':
      return `${line.count ?? 0} × ${money(line.unitCents ?? 0)} per person`;
    default:
      return chargeDetail(line, money, discounted);
  }
}

function payments(price: StayPrice, today: number): StayQuote['payments'] {
  const inFull = [{ label: 'Paid in full at booking', due: null, amount: price.totalCents }];
  if (price.offer === 'nonrefundable' || price.offer === 'activity' || price.begin - today <= BALANCE_DAYS_BEFORE) return inFull;
  const deposit = shareOfCents(price.totalCents, DEPOSIT_PERCENT * 100);
  return [
    { label: `Deposit (${DEPOSIT_PERCENT}%) at booking`, due: null, amount: deposit },
    { label: 'Balance', due: isoOfDay(price.begin - BALANCE_DAYS_BEFORE), amount: price.totalCents - deposit },
  ];
}

function cancellation(price: StayPrice, today: number): string {
  if (price.offer === 'activity') return 'Cancel up to 48 hours before the start for a full refund.';
  if (price.offer === 'nonrefundable') return 'Non-refundable rate: nothing is refunded if you cancel or change the stay.';
  if (price.begin - today <= BALANCE_DAYS_BEFORE) {
    return `This stay begins within ${BALANCE_DAYS_BEFORE} days: payments are not refunded if you cancel, unless the nights are booked again by other guests.`;
  }
  return `Cancel on or before ${formatStayDate(isoOfDay(price.begin - BALANCE_DAYS_BEFORE))} for a full refund of the deposit. After that, payments are not refunded unless the nights are booked again by other guests.`;
}

/** The itemised quote of a priced offer. */
export function toStayQuote(data: PricingData, price: StayPrice, today: number, notes: string[] = []): StayQuote {
  const discounted = price.savingsCents > 0;
  const lines: StayQuoteLine[] = price.lines.map((line) => ({
    kind: line.kind,
    label: line.label,
    detail: lineDetail(line, data.currency, discounted),
    amount: line.amountCents,
  }));
  const quote: StayQuote = {
    eid: price.eid,
    name: price.name,
    offer: price.offer,
    offerName: offerTexts(price).dn,
    begin: isoOfDay(price.begin),
    end: isoOfDay(price.begin + price.nights),
    nights: price.nights,
    adult: price.guests.adult,
    child: price.guests.child,
    senior: price.guests.senior,
    currency: data.currency,
    lines,
    total: price.totalCents,
    savings: price.savingsCents,
    payments: payments(price, today),
    cancellation: cancellation(price, today),
    notes,
    qp: queryParamsOf(price),
  };
  // The plan's optional fees: extras the guest may ask the owner for, not in the total.
  if (price.extras && price.extras.length > 0) {
    quote.extras = price.extras.map((line) => ({ kind: line.kind, label: line.label, detail: line.description ? `${extraDetail(line, data.currency)} · ${line.description}` : extraDetail(line, data.currency), amount: line.amountCents }));
  }
  return quote;
}

function extraDetail(line: QuoteLine, currency: string): string {
  const money = (cents: number) => formatCents(cents, currency, 2);
  return line.count === 1 && line.per === undefined && line.unitCents !== undefined ? `Per pet, ${money(line.unitCents)}` : chargeDetail(line, money, false);
}

/**
 * Re-prices the offer a quote or buy request names: the package of rcav[IDs][2], the activity of
 * rcav[IDs][0], the non-refundable rate (og), the special of special_data when it still applies
 * to a detailed quote, else the standard rate.
 */
export function quoteStay(
  data: PricingData,
  input: QuoteInput,
  /** detailedQuote (default true): a detailed quote, where special type '2' is not given (spec §5); false for buy and add. */
  context: { today: number; nowSeconds: number; detailedQuote?: boolean },
): QuoteResult {
  const { query } = input;
  const item = query.item;
  if (!item) return { ok: false, name: 'This item', problem: 'No item was given.', reason: 'no-item' };
  const notes: string[] = [];
  if (input.unknownCoupon !== null) notes.push(`The coupon “${input.unknownCoupon}” is not valid, so no coupon discount is included.`);
  if (item.kind === 'activity') {
    if (query.begin < context.today) return { ok: false, name: item.activity.name, problem: 'The day of the activity has passed.', reason: 'past' };
    const price = priceActivity(item.activity, query.begin, query.guests);
    return { ok: true, quote: toStayQuote(data, price, context.today, notes), price };
  }
  const { unit, pkg } = item;
  const nights = pkg ? pkg.nights : (query.nights ?? 0);
  const guests = guestCount(query.guests);
  const problem = stayProblem(data, unit, query.begin, nights, guests, context.today);
  if (problem) return { ok: false, name: unit.name, problem: problemText(problem, unit, data, query.begin, nights, guests), reason: problem };
  let choice: OfferChoice = { id: 'standard', coupon: query.coupon };
  if (pkg) {
    choice = { id: 'package', pkg, coupon: query.coupon };
  } else if (input.og === 'nonrefundable') {
    choice = { id: 'nonrefundable', coupon: query.coupon };
  } else if (input.specialNid !== null) {
    const info = unit.specials.find((s) => s.nid === input.specialNid);
    const stay = {
      eid: unit.eid,
      begin: secondsOfDay(query.begin),
      end: secondsOfDay(query.begin + nights),
      adult: query.guests.adult,
      child: query.guests.child,
      nowSeconds: context.nowSeconds,
      detailedQuote: context.detailedQuote ?? true,
    };
    if (info && specialApplies(info.special, stay)) {
      choice = { id: 'special', special: info, coupon: query.coupon };
    } else if (info && info.special.special_type === WEB_ONLY_SPECIAL_TYPE) {
      notes.push(`The web-only special “${info.title}” is not given on detailed quotes; this quote shows the standard rate.`);
    } else {
      const known = data.specialsByNid.get(input.specialNid);
      notes.push(known ? `The special “${known.title}” does not apply to this stay; this quote shows the standard rate.` : 'That special offer has ended; this quote shows the standard rate.');
    }
  }
  const price = priceUnitStay(data, unit, query.begin, nights, query.guests, choice);
  return { ok: true, quote: toStayQuote(data, price, context.today, notes), price };
}
