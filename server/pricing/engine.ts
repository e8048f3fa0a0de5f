/**
 * The pricing engine's pure core (no database, no clock): availability of a stay against the
 * booked calendar, minimum stay, nightly rates by season, fees and taxes, specials, coupons,
 * offers and offer groups, flexible arrivals and alternates, activities and packages.
 *
 * All amounts are integer cents; the wire form (spec §3 Price) sends currency units with two
 * decimals at most. A price's `p` is always the exact sum of its itemised lines.
 */
import { fromCents, shareOfCents } from '../../src/domain/money.ts';
import { specialApplies } from '../../src/domain/pricing/specials.ts';
import { reducePrices, type ReductionMode } from '../../src/domain/pricing/reductions.ts';
import type { AvailItem, OfferGroupInfo, Price, PriceQueryParams, Rcav } from '../../src/domain/pricing/types.ts';
import type { ListingTax } from '../../src/domain/owner/listing-content.ts';
import { isoOfDay, NO_ARRIVAL, secondsOfDay, weekdayOfDay, type ActivityInfo, type Coupon, type PackageInfo, type PricingData, type ProtectionInfo, type SpecialInfo, type UnitFee, type UnitInfo } from './model.ts';

/** Offer groups (spec §3 Offer group); a price's `og` names its group. */
export type OfferId = 'standard' | 'special' | 'nonrefundable' | 'package' | 'activity';

/** The non-refundable rate: this percentage off the rent, paid in full at booking. */
export const NONREFUNDABLE_PERCENT = 10;
/** At most this many alternate arrivals are offered when the asked dates are taken. */
export const MAX_ALTERNATES = 3;
/** Guests of each kind a search may ask for. */
export const MAX_GUESTS_PER_KIND = 50;

const GROUPS: Record<OfferId, { name: string; featured: boolean }> = {
  standard: { name: 'Standard rate', featured: true },
  special: { name: 'Special offers', featured: true },
  nonrefundable: { name: 'Non-refundable rate', featured: false },
  package: { name: 'Packages', featured: true },
  activity: { name: 'Activities', featured: true },
};
const GROUP_ORDER: OfferId[] = ['special', 'standard', 'package', 'activity', 'nonrefundable'];

export function offerGroup(data: PricingData, id: OfferId): OfferGroupInfo {
  return { id, name: GROUPS[id].name, offerby: data.offerBy, featured: GROUPS[id].featured };
}

export interface Guests {
  adult: number;
  child: number;
  senior: number;
}

export const guestCount = (guests: Guests): number => guests.adult + guests.child + guests.senior;

/** Why a unit cannot be had for a stay. */
export type StayProblem = 'sleeps' | 'not-in-package' | 'past' | 'no-rate' | 'booked' | 'min-stay' | 'arrival-day' | 'departure-day';

/**
 * Whether a unit can be had for `nights` from the day `begin`: not too many guests, not in the
 * past, every night in the calendar and open, no night booked or blocked (the departure day of a
 * booking may be the next arrival), at least the minimum stay of the arrival day, an arrival
 * weekday and a departure weekday the arrival day's season allows.
 */
export function stayProblem(data: PricingData, unit: UnitInfo, begin: number, nights: number, guests: number, today: number): StayProblem | null {
  if (guests > unit.sleeps) return 'sleeps';
  if (begin < today) return 'past';
  return planProblem(data, unit, begin, nights, true);
}

/**
 * The plan's and the calendar's answer for a stay (stayProblem without guests and the clock);
 * `booked: false` reads closed nights only, not bookings (the owner's preview of a plan).
 */
export function planProblem(data: PricingData, unit: UnitInfo, begin: number, nights: number, booked = true): StayProblem | null {
  const from = begin - data.start;
  if (from < 0 || nights < 1 || from + nights > data.days) return 'no-rate';
  const { nightly, occupied, blocked } = unit;
  // Every night free (the precomputed occupancy, one subtraction); otherwise find the first problem.
  if (blocked[from + nights] !== blocked[from]) {
    for (let i = from; i < from + nights; i++) {
      if (nightly[i] === 0) return 'no-rate';
      if (booked && occupied[i] === 1) return 'booked';
    }
  }
  if (nights < (unit.minStay[from] as number)) return 'min-stay';
  const rules = unit.rules[from] as number;
  if (rules & NO_ARRIVAL) return 'arrival-day';
  if (((rules >> weekdayOfDay(begin + nights)) & 1) === 0) return 'departure-day';
  return null;
}

export type LineKind = 'rent' | 'discount' | 'cleaning' | 'fee' | 'tax' | 'activity';

/** One itemised line of a price; amounts in cents, discounts negative. */
export interface QuoteLine {
  kind: LineKind;
  /** Season, fee, special, coupon or activity name. */
  label: string;
  amountCents: number;
  /** Rent: nights at `unitCents`; activity: persons at `unitCents`; per-guest fees: guests (× nights) at `unitCents`. */
  count?: number;
  unitCents?: number;
  /** Discounts: percent of the rent; percent fees and taxes: basis points of their base. */
  percent?: number;
  basisPoints?: number;
  /** Fees and discounts: a sentence about it. */
  description?: string;
  /** How a fee is counted when not per stay ('night', 'guest', 'guest_night'); extra guests: 'guest_night'. */
  per?: 'night' | 'guest' | 'guest_night';
  /** Guests of a per-guest-per-night line (count = guests × nights). */
  guests?: number;
  /** A tax on the rent and the fees (else on the rent). */
  ofFees?: boolean;
}

export interface Rent {
  lines: QuoteLine[];
  /** The nights' rates and the extra guests' charge. */
  rentCents: number;
}

/** Guests beyond those the rent includes. */
export const extraGuestsOf = (unit: UnitInfo, guests: number): number => Math.max(0, guests - unit.guestsIncluded);

/**
 * Nightly rates summed by season (consecutive nights of one season and rate make one line;
 * 'Nights' outside seasons), then the extra guests' line (each guest beyond those included, a
 * night): the rent of the stay, which discounts, percent fees and taxes are counted on.
 */
export function rentOf(data: PricingData, unit: UnitInfo, begin: number, nights: number, guests = 0): Rent {
  const lines: QuoteLine[] = [];
  let rentCents = 0;
  let current: QuoteLine | null = null;
  let currentSeason = -2;
  const seasons = unit.plan.seasons;
  for (let day = begin; day < begin + nights; day++) {
    const i = day - data.start;
    const season = unit.season[i] ?? -1;
    const rate = unit.nightly[i] ?? 0;
    rentCents += rate;
    if (current && season === currentSeason && current.unitCents === rate) {
      current.count = (current.count ?? 0) + 1;
      current.amountCents += rate;
    } else {
      current = { kind: 'rent', label: seasons[season]?.name ?? 'Nights', amountCents: rate, count: 1, unitCents: rate };
      currentSeason = season;
      lines.push(current);
    }
  }
  const extra = extraGuestsOf(unit, guests);
  if (extra > 0 && unit.extraGuestNightlyCents > 0) {
    const amountCents = extra * nights * unit.extraGuestNightlyCents;
    lines.push({ kind: 'rent', label: 'Extra guests', amountCents, count: extra * nights, unitCents: unit.extraGuestNightlyCents, per: 'guest_night', guests: extra });
    rentCents += amountCents;
  }
  return { lines, rentCents };
}

/** The length-of-stay discount of a stay: basis points off the rent (monthly from 28 nights, weekly from 7), with its label. */
export function lengthOfStayDiscount(unit: UnitInfo, nights: number): { label: string; basisPoints: number } | null {
  if (nights >= 28 && unit.monthlyBasisPoints > 0) return { label: 'Monthly discount', basisPoints: unit.monthlyBasisPoints };
  if (nights >= 7 && unit.weeklyBasisPoints > 0) return { label: 'Weekly discount', basisPoints: unit.weeklyBasisPoints };
  return null;
}

export interface OfferChoice {
  id: OfferId;
  special?: SpecialInfo | null;
  coupon?: Coupon | null;
  pkg?: PackageInfo | null;
}

/** A priced offer, itemised. */
export interface StayPrice {
  eid: number;
  name: string;
  offer: OfferId;
  begin: number;
  /** 0 for an activity. */
  nights: number;
  guests: Guests;
  lines: QuoteLine[];
  rentCents: number;
  savingsCents: number;
  totalCents: number;
  special: SpecialInfo | null;
  coupon: Coupon | null;
  pkg: PackageInfo | null;
  activity: ActivityInfo | null;
  /** The plan's optional fees for this stay: extras a guest may ask for, not in the total. */
  extras?: readonly QuoteLine[];
}

/** One fee of a plan for a stay: its line (amount 0 lines are kept: a fee of the plan is shown). */
export function feeLine(fee: UnitFee, nights: number, guests: number, rentAfterDiscountsCents: number): QuoteLine {
  let line: QuoteLine;
  switch (fee.scope) {
    case 'night':
      line = { kind: fee.kind, label: fee.name, amountCents: fee.amount * nights, count: nights, unitCents: fee.amount, per: 'night' };
      break;
    case 'guest':
      line = { kind: fee.kind, label: fee.name, amountCents: fee.amount * guests, count: guests, unitCents: fee.amount, per: 'guest' };
      break;
    case 'guest_night':
      line = { kind: fee.kind, label: fee.name, amountCents: fee.amount * guests * nights, count: guests * nights, unitCents: fee.amount, per: 'guest_night', guests };
      break;
    case 'rent_percent':
      line = { kind: fee.kind, label: fee.name, amountCents: shareOfCents(rentAfterDiscountsCents, fee.amount), basisPoints: fee.amount };
      break;
    default:
      line = { kind: fee.kind, label: fee.name, amountCents: fee.amount };
  }
  if (fee.description) line.description = fee.description;
  return line;
}

const NO_LINES: readonly QuoteLine[] = Object.freeze([]);

/** Whether a tax's criteria take in a stay of `nights` (e.g. only stays under 30 nights). */
export const taxApplies = (tax: ListingTax, nights: number): boolean => tax.staysUnderNights === null || nights < tax.staysUnderNights;

/**
 * The lines every stay pays besides its rent: the plan's mandatory fees in their order (per stay,
 * per night, per guest, per guest per night, or basis points of `rentAfterDiscountsCents`), then
 * its taxes whose criteria take the stay in, each a share of the rent after discounts, or of that
 * and the fees above. The one place fees and taxes are worked out: offers, quotes, checkout, the
 * owner's preview and the 'from' price all add these lines.
 */
export function mandatoryFeeLines(unit: Pick<UnitInfo, 'fees' | 'taxes'>, nights: number, guests: number, rentAfterDiscountsCents: number): QuoteLine[] {
  const lines: QuoteLine[] = [];
  let feesCents = 0;
  for (const fee of unit.fees) {
    const line = feeLine(fee, nights, guests, rentAfterDiscountsCents);
    feesCents += line.amountCents;
    lines.push(line);
  }
  for (const tax of unit.taxes) {
    if (!taxApplies(tax, nights)) continue;
    const ofFees = tax.base === 'rent_and_fees';
    const line: QuoteLine = { kind: 'tax', label: tax.name, amountCents: shareOfCents(rentAfterDiscountsCents + (ofFees ? feesCents : 0), tax.basisPoints), basisPoints: tax.basisPoints };
    if (ofFees) line.ofFees = true;
    lines.push(line);
  }
  return lines;
}

/** The optional fees of a plan for a stay (listed in the detailed quote as extras on request, never in the total). */
export function optionalFeeLines(unit: Pick<UnitInfo, 'extras'>, nights: number, guests: number, rentAfterDiscountsCents: number): readonly QuoteLine[] {
  if (unit.extras.length === 0) return NO_LINES;
  return unit.extras.map((fee) => {
    const line = feeLine(fee, nights, guests, rentAfterDiscountsCents);
    // Per pet: the amount of one pet.
    if (fee.scope === 'pet') Object.assign(line, { amountCents: fee.amount, count: 1, unitCents: fee.amount });
    return line;
  });
}

/**
 * The 'from' price of a unit without dates: of every arrival from `today` to the end of the
 * calendar, the shortest stay the plan allows (its minimum stay, or the first departure day the
 * rules allow after it), priced as the standard rate for one guest (rent with its weekend nights
 * and length-of-stay discount, every mandatory fee and tax: priceUnitStay) per night, rounded up to
 * whole dollars so it is never less than a stay costs; the lowest of them, the nights it is spread
 * over and the highest. Booked nights do not count (the price is of the plan). Null when no stay
 * can be booked.
 */
export function fromPrice(data: PricingData, unit: UnitInfo, today: number): { perNightCents: number; nights: number; maxPerNightCents: number } | null {
  let low = Number.POSITIVE_INFINITY;
  let lowNights = 0;
  let high = 0;
  const end = data.start + data.days;
  const guests = { adult: 1, child: 0, senior: 0 };
  for (let begin = Math.max(today, data.start); begin < end; begin++) {
    const nights = unit.minStay[begin - data.start] as number;
    let stay = 0;
    for (let n = nights; n < nights + 7 && begin + n <= end; n++) {
      const problem = planProblem(data, unit, begin, n, false);
      if (problem === null) stay = n;
      if (problem !== 'departure-day') break;
    }
    if (stay === 0) continue;
    const price = priceUnitStay(data, unit, begin, stay, guests, { id: 'standard' });
    const perNightCents = Math.ceil(price.totalCents / stay / 100) * 100;
    if (perNightCents < low || (perNightCents === low && stay < lowNights)) {
      low = perNightCents;
      lowNights = stay;
    }
    high = Math.max(high, perNightCents);
  }
  return lowNights > 0 ? { perNightCents: low, nights: lowNights, maxPerNightCents: high } : null;
}

/**
 * Prices an available stay of a unit as one offer: rent by season, discounts (special,
 * non-refundable, coupon: each a percentage of the rent, together never more than the rent),
 * the package's activities per person, the cleaning fee, then the fees and taxes in their order
 * (flat per stay, per night, or basis points of the rent after discounts).
 */
export function priceUnitStay(
  data: PricingData,
  unit: UnitInfo,
  begin: number,
  nights: number,
  guests: Guests,
  choice: OfferChoice,
  rent: Rent = rentOf(data, unit, begin, nights, guestCount(guests)),
): StayPrice {
  // Rent lines are never changed once made, so offers of one stay share them.
  const lines: QuoteLine[] = rent.lines.slice();
  const { rentCents } = rent;
  let discountCents = 0;
  // The length-of-stay discount first; the percentages of specials, the non-refundable rate and coupons are of the rent after it.
  const los = lengthOfStayDiscount(unit, nights);
  if (los) {
    const amount = Math.min(shareOfCents(rentCents, los.basisPoints), rentCents);
    if (amount > 0) {
      discountCents += amount;
      lines.push({ kind: 'discount', label: los.label, amountCents: -amount, percent: los.basisPoints / 100, description: `${los.basisPoints / 100}% off stays of ${nights >= 28 ? 28 : 7} nights or more.` });
    }
  }
  const afterLos = rentCents - discountCents;
  const discount = (label: string, percent: number, description: string) => {
    const amount = Math.min(shareOfCents(afterLos, percent * 100), rentCents - discountCents);
    if (amount <= 0) return;
    discountCents += amount;
    lines.push({ kind: 'discount', label, amountCents: -amount, percent, description });
  };
  const special = choice.id === 'special' ? (choice.special ?? null) : null;
  if (special) discount(special.title, special.discountPercent, special.description);
  if (choice.id === 'nonrefundable') discount('Non-refundable rate', NONREFUNDABLE_PERCENT, 'Paid in full at booking; not refunded on cancellation.');
  const coupon = choice.coupon ?? null;
  if (coupon) discount(`Coupon ${coupon.code}`, coupon.percent, coupon.description);
  const persons = guestCount(guests);
  const pkg = choice.id === 'package' ? (choice.pkg ?? null) : null;
  for (const activity of pkg?.activities ?? []) {
    lines.push({ kind: 'activity', label: activity.name, amountCents: activity.pricePerPersonCents * persons, count: persons, unitCents: activity.pricePerPersonCents });
  }
  for (const line of mandatoryFeeLines(unit, nights, persons, rentCents - discountCents)) lines.push(line);
  let totalCents = 0;
  for (const line of lines) totalCents += line.amountCents;
  const extras = optionalFeeLines(unit, nights, persons, rentCents - discountCents);
  return {
    eid: unit.eid,
    name: unit.name,
    offer: choice.id,
    begin,
    nights,
    guests,
    lines,
    rentCents,
    savingsCents: discountCents,
    totalCents,
    special,
    coupon: discountCents > 0 ? coupon : null,
    pkg,
    activity: null,
    extras,
  };
}

/** An activity on a day: its price per person times the guests (adult + child + senior). */
export function priceActivity(activity: ActivityInfo, begin: number, guests: Guests): StayPrice {
  const persons = guestCount(guests);
  const amountCents = activity.pricePerPersonCents * persons;
  return {
    eid: activity.eid,
    name: activity.name,
    offer: 'activity',
    begin,
    nights: 0,
    guests,
    lines: [{ kind: 'activity', label: activity.name, amountCents, count: persons, unitCents: activity.pricePerPersonCents }],
    rentCents: 0,
    savingsCents: 0,
    totalCents: amountCents,
    special: null,
    coupon: null,
    pkg: null,
    activity,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '2 Adults, 1 Child, 1 Senior' (children and seniors only when there are some). */
export function guestsText(guests: Guests): string {
  const parts = [plural(guests.adult, 'Adult', 'Adults')];
  if (guests.child > 0) parts.push(plural(guests.child, 'Child', 'Children'));
  if (guests.senior > 0) parts.push(plural(guests.senior, 'Senior', 'Seniors'));
  return parts.join(', ');
}

export const nightsText = (nights: number): string => plural(nights, 'night', 'nights');

/** The display name and detail of an offer (spec §3 dn, dd). */
export function offerTexts(price: StayPrice): { dn: string; dd: string } {
  const stay = price.offer === 'activity' ? guestsText(price.guests) : `${nightsText(price.nights)} · ${guestsText(price.guests)}`;
  const couponText = price.coupon ? ` · Coupon ${price.coupon.code}: ${price.coupon.percent}% off` : '';
  switch (price.offer) {
    case 'special':
      return { dn: price.special?.title ?? 'Special offer', dd: `${price.special?.discountPercent ?? 0}% off the rent · ${stay}${couponText}` };
    case 'nonrefundable':
      return { dn: 'Non-refundable rate', dd: `${NONREFUNDABLE_PERCENT}% off the rent, paid in full, no refunds · ${stay}${couponText}` };
    case 'package':
      return { dn: price.pkg?.name ?? 'Package', dd: `${[stay, ...(price.pkg?.activities ?? []).map((a) => a.name)].join(' · ')}${couponText}` };
    case 'activity':
      return { dn: price.name, dd: stay };
    default:
      return { dn: 'Standard rate', dd: `${stay}${couponText}` };
  }
}

/** The query params (spec §3 qp) that re-price exactly this offer in add, quote and buy. */
export function queryParamsOf(price: StayPrice): PriceQueryParams {
  const { guests } = price;
  const begin = isoOfDay(price.begin);
  const rcav: Rcav =
    price.offer === 'activity'
      ? { begin, adult: guests.adult, child: guests.child, senior: guests.senior, IDs: [price.eid] }
      : {
          begin,
          end: isoOfDay(price.begin + price.nights),
          nights: price.nights,
          adult: guests.adult,
          child: guests.child,
          senior: guests.senior,
          IDs: price.pkg ? [price.eid, 0, price.pkg.eid] : [price.eid],
        };
  // Only a coupon that was applied travels on (spec §3 has_coupon).
  if (price.coupon) rcav.coupon = price.coupon.code;
  const qp: PriceQueryParams = { rcav };
  if (price.special) qp.special_data = { special_nid: price.special.nid };
  if (guests.senior > 0) qp.senior = guests.senior;
  if (price.offer === 'nonrefundable') qp.og = 'nonrefundable';
  return qp;
}

/** A protection offered at checkout for one priced stay, with its amount in cents. */
export interface ProtectionOffer extends ProtectionInfo {
  amountCents: number;
}

/** The cents of a protection for a stay: a share of its total, per stay or per night. */
function protectionCents(info: ProtectionInfo, price: StayPrice): number {
  if (info.feeKind === 'percent') return shareOfCents(price.totalCents, info.amount);
  return info.feeKind === 'per_night' ? info.amount * price.nights : info.amount;
}

/**
 * Trip insurance and damage protection for a priced offer (the optional fees of the model): for
 * stays of a unit only (an activity has neither), each null when the site offers none.
 */
export function protectionOf(data: PricingData, price: StayPrice): { ti: ProtectionOffer | null; dp: ProtectionOffer | null } {
  const offer = (info: ProtectionInfo | null): ProtectionOffer | null =>
    info && price.offer !== 'activity' && price.nights > 0 ? { ...info, amountCents: protectionCents(info, price) } : null;
  return { ti: offer(data.protection.ti), dp: offer(data.protection.dp) };
}

/** The wire form of a priced offer (spec §3 Price / offer). */
export function toWirePrice(data: PricingData, price: StayPrice): Price {
  const { dn, dd } = offerTexts(price);
  return {
    eid: price.eid,
    p: fromCents(price.totalCents),
    s: fromCents(price.savingsCents),
    c: data.currency,
    b: isoOfDay(price.begin),
    e: isoOfDay(price.begin + price.nights),
    n: price.name,
    dn,
    dd,
    og: price.offer,
    qp: queryParamsOf(price),
  };
}

/** A parsed availability search (see validate.ts). */
export interface AvailQuery {
  begin: number;
  /** Null when the item sets the nights (a package) or has none (an activity). */
  nights: number | null;
  guests: Guests;
  /** The one item of rcav[IDs], or null for every unit. */
  item: { kind: 'unit'; unit: UnitInfo; pkg: PackageInfo | null } | { kind: 'activity'; activity: ActivityInfo } | null;
  coupon: Coupon | null;
  /** Also price arrivals up to this many days after `begin`. */
  flex: number;
  /** Server-side reduction of each item's prices (the spec's client-side modes); 'all' by default. */
  reduce?: ReductionMode;
  /** Only these units (a page's results), in eid order; null or absent for every unit. */
  eids?: readonly number[] | null;
  /** One page of the units (after `eids`), in eid order: page 1 is the first `perPage`. */
  page?: { page: number; perPage: number } | null;
}

export interface SearchContext {
  today: number;
  nowSeconds: number;
  alternateWindowDays: number;
  /** Detailed quotes exclude special_type '2' (spec §5). */
  detailedQuote?: boolean;
}

/** The first special of the unit's (in the site's order) that applies to the stay (spec §5). */
export function specialFor(unit: UnitInfo, begin: number, nights: number, guests: Guests, context: Pick<SearchContext, 'nowSeconds' | 'detailedQuote'>): SpecialInfo | null {
  for (const info of unit.specials) {
    const applies = specialApplies(info.special, {
      eid: unit.eid,
      begin: secondsOfDay(begin),
      end: secondsOfDay(begin + nights),
      adult: guests.adult,
      child: guests.child,
      nowSeconds: context.nowSeconds,
      detailedQuote: context.detailedQuote ?? false,
    });
    if (applies) return info;
  }
  return null;
}

/** The offers of an available unit stay: standard, the special when one applies, non-refundable; or the package. */
export function unitOffers(data: PricingData, unit: UnitInfo, begin: number, nights: number, guests: Guests, coupon: Coupon | null, pkg: PackageInfo | null, context: SearchContext): StayPrice[] {
  const rent = rentOf(data, unit, begin, nights, guestCount(guests));
  if (pkg) return [priceUnitStay(data, unit, begin, nights, guests, { id: 'package', pkg, coupon }, rent)];
  const offers = [priceUnitStay(data, unit, begin, nights, guests, { id: 'standard', coupon }, rent)];
  const special = specialFor(unit, begin, nights, guests, context);
  if (special) offers.push(priceUnitStay(data, unit, begin, nights, guests, { id: 'special', special, coupon }, rent));
  offers.push(priceUnitStay(data, unit, begin, nights, guests, { id: 'nonrefundable', coupon }, rent));
  return offers;
}

function groupsOf(data: PricingData, prices: readonly Price[]): OfferGroupInfo[] {
  const used = new Set(prices.map((p) => p.og));
  return GROUP_ORDER.filter((id) => used.has(id)).map((id) => offerGroup(data, id));
}

/**
 * Reduces one item's offers as the client would (src/domain/pricing/reductions.ts, the same
 * function): by total, ties keeping the earlier offer, 'low_day' per arrival day.
 */
function reduceOffers(offers: StayPrice[], mode: ReductionMode): StayPrice[] {
  if (mode === 'all' || offers.length <= 1) return offers;
  const keyed = offers.map((price) => ({ p: price.totalCents, b: String(price.begin), price }));
  return reducePrices(keyed, mode, (entry) => entry.b).map((entry) => entry.price);
}

/**
 * One unit's answer: its offers for every arrival of the (flexible) window that is available;
 * when none is, the nearest available arrivals within `alternateWindowDays` either side of the
 * window, same nights (nearest first, the earlier of two equally near), at most MAX_ALTERNATES.
 * The offers are reduced by `query.reduce` before they are written in the wire form.
 */
export function unitAvailability(data: PricingData, unit: UnitInfo, query: AvailQuery, pkg: PackageInfo | null, context: SearchContext): AvailItem {
  const nights = pkg ? pkg.nights : (query.nights ?? 0);
  const guests = guestCount(query.guests);
  if (guests > unit.sleeps || nights < 1 || (pkg && !pkg.unitEids.has(unit.eid))) return { eid: unit.eid, prices: [], groups: [] };
  const mode = query.reduce ?? 'all';
  const offers: StayPrice[] = [];
  const offer = (begin: number): boolean => {
    if (stayProblem(data, unit, begin, nights, guests, context.today) !== null) return false;
    for (const price of unitOffers(data, unit, begin, nights, query.guests, query.coupon, pkg, context)) offers.push(price);
    return true;
  };
  for (let begin = query.begin; begin <= query.begin + query.flex; begin++) {
    // 'first' keeps the first offer of the first available arrival: no need to look further.
    if (offer(begin) && mode === 'first') break;
  }
  if (offers.length === 0) {
    let found = 0;
    const last = query.begin + query.flex;
    for (let distance = 1; distance <= context.alternateWindowDays && found < MAX_ALTERNATES; distance++) {
      if (offer(query.begin - distance)) found++;
      if (found < MAX_ALTERNATES && offer(last + distance)) found++;
    }
  }
  const prices = reduceOffers(offers, mode).map((price) => toWirePrice(data, price));
  return { eid: unit.eid, prices, groups: groupsOf(data, prices) };
}

/** The units a search answers: every unit in eid order, or those of `query.eids`, then one page of them. */
export function unitsOfQuery(data: PricingData, query: AvailQuery): { units: UnitInfo[]; total: number } {
  let units = data.unitList;
  if (query.eids) {
    const wanted = new Set(query.eids);
    units = units.filter((unit) => wanted.has(unit.eid));
  }
  const total = units.length;
  if (query.page) {
    const first = (query.page.page - 1) * query.page.perPage;
    units = units.slice(first, first + query.page.perPage);
  }
  return { units, total };
}

/** GET /rcapi/item/avail/search: every unit (or the one item of rcav[IDs], or the units asked for) with its offers. */
export function searchAvailability(data: PricingData, query: AvailQuery, context: SearchContext): AvailItem[] {
  const item = query.item;
  if (item?.kind === 'activity') {
    const prices: Price[] = [];
    for (let begin = query.begin; begin <= query.begin + query.flex; begin++) {
      if (begin >= context.today) prices.push(toWirePrice(data, priceActivity(item.activity, begin, query.guests)));
    }
    const reduced = query.reduce && query.reduce !== 'all' ? reducePrices(prices, query.reduce) : prices;
    return [{ eid: item.activity.eid, prices: reduced, groups: groupsOf(data, reduced) }];
  }
  if (item?.kind === 'unit') return [unitAvailability(data, item.unit, query, item.pkg, context)];
  return unitsOfQuery(data, query).units.map((unit) => unitAvailability(data, unit, query, null, context));
}
