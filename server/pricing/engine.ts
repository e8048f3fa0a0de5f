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
import { isoOfDay, secondsOfDay, type ActivityInfo, type Coupon, type FeeInfo, type PackageInfo, type PricingData, type ProtectionInfo, type SpecialInfo, type UnitInfo } from './model.ts';

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
export type StayProblem = 'sleeps' | 'not-in-package' | 'past' | 'no-rate' | 'booked' | 'min-stay';

/**
 * Whether a unit can be had for `nights` from the day `begin`: not too many guests, not in the
 * past, a rate for every night, no night booked or blocked (the departure day of a booking may
 * be the next arrival), at least the minimum stay of the arrival day's season.
 */
export function stayProblem(data: PricingData, unit: UnitInfo, begin: number, nights: number, guests: number, today: number): StayProblem | null {
  if (guests > unit.sleeps) return 'sleeps';
  if (begin < today) return 'past';
  const from = begin - data.start;
  if (from < 0 || nights < 1 || from + nights > data.days) return 'no-rate';
  const { seasonOfDay } = data;
  const { rates, occupied, blocked } = unit;
  // Every night free (the precomputed occupancy, one subtraction); otherwise find the first problem.
  if (blocked[from + nights] !== blocked[from]) {
    for (let i = from; i < from + nights; i++) {
      const season = seasonOfDay[i] as number;
      if (season < 0 || rates[season] === 0) return 'no-rate';
      if (occupied[i] === 1) return 'booked';
    }
  }
  const arrivalSeason = data.seasons[seasonOfDay[from] as number];
  if (arrivalSeason && nights < arrivalSeason.minStay) return 'min-stay';
  return null;
}

export type LineKind = 'rent' | 'discount' | 'cleaning' | 'fee' | 'tax' | 'activity';

/** One itemised line of a price; amounts in cents, discounts negative. */
export interface QuoteLine {
  kind: LineKind;
  /** Season, fee, special, coupon or activity name. */
  label: string;
  amountCents: number;
  /** Rent: nights at `unitCents`; activity: persons at `unitCents`. */
  count?: number;
  unitCents?: number;
  /** Discounts: percent of the rent; percent fees: basis points of the rent after discounts. */
  percent?: number;
  basisPoints?: number;
  /** Fees and discounts: a sentence about it. */
  description?: string;
}

export interface Rent {
  lines: QuoteLine[];
  rentCents: number;
}

/** Nightly rates summed by season (consecutive nights of one season and rate make one line). */
export function rentOf(data: PricingData, unit: UnitInfo, begin: number, nights: number): Rent {
  const lines: QuoteLine[] = [];
  let rentCents = 0;
  let current: QuoteLine | null = null;
  let currentSeason = -2;
  for (let day = begin; day < begin + nights; day++) {
    const season = data.seasonOfDay[day - data.start] ?? -1;
    const rate = season >= 0 ? (unit.rates[season] ?? 0) : 0;
    rentCents += rate;
    if (current && season === currentSeason && current.unitCents === rate) {
      current.count = (current.count ?? 0) + 1;
      current.amountCents += rate;
    } else {
      current = { kind: 'rent', label: data.seasons[season]?.name ?? 'Nights', amountCents: rate, count: 1, unitCents: rate };
      currentSeason = season;
      lines.push(current);
    }
  }
  return { lines, rentCents };
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
}

/**
 * The lines every stay pays besides its rent: the unit's cleaning fee, then the site's
 * non-optional fees and taxes in their order (flat per stay, per night, or basis points of
 * `rentAfterDiscountsCents`). The one place fees are worked out: offers, quotes, checkout and the
 * 'from' price of the search documents all add these lines.
 */
export function mandatoryFeeLines(fees: readonly FeeInfo[], cleaningFeeCents: number, nights: number, rentAfterDiscountsCents: number): QuoteLine[] {
  const lines: QuoteLine[] = [];
  if (cleaningFeeCents > 0) lines.push({ kind: 'cleaning', label: 'Cleaning fee', amountCents: cleaningFeeCents });
  for (const fee of fees) {
    const amountCents = fee.kind === 'flat' ? fee.amount : fee.kind === 'per_night' ? fee.amount * nights : shareOfCents(rentAfterDiscountsCents, fee.amount);
    const line: QuoteLine = { kind: fee.tax ? 'tax' : 'fee', label: fee.name, amountCents, description: fee.description };
    if (fee.kind === 'per_night') {
      line.count = nights;
      line.unitCents = fee.amount;
    }
    if (fee.kind === 'percent') line.basisPoints = fee.amount;
    lines.push(line);
  }
  return lines;
}

/** One season's nightly rate of a unit and the season's minimum stay, for the 'from' price. */
export interface SeasonRate {
  nightlyCents: number;
  minStay: number;
}

/**
 * The 'from' price of a unit without dates: for each season it has a rate in, the standard rate's
 * whole price (rent, cleaning fee, every mandatory fee and tax: mandatoryFeeLines) of the shortest
 * stay that season allows (its minimum stay, at least one night), per night, rounded up to whole
 * dollars so it is never less than a stay costs; the lowest of them, the nights it is spread over
 * and the highest. Null without a rate.
 *
 * @example fromPrice(fees, 15_000, [{ nightlyCents: 20_000, minStay: 3 }]) // { perNightCents: 29_000, nights: 3, maxPerNightCents: 29_000 } (with $49 and 11.5% of the rent)
 */
export function fromPrice(fees: readonly FeeInfo[], cleaningFeeCents: number, rates: readonly SeasonRate[]): { perNightCents: number; nights: number; maxPerNightCents: number } | null {
  let low = Number.POSITIVE_INFINITY;
  let lowNights = 0;
  let high = 0;
  for (const rate of rates) {
    if (!(rate.nightlyCents > 0)) continue;
    const nights = Math.max(1, Math.round(rate.minStay) || 1);
    const rentCents = rate.nightlyCents * nights;
    let totalCents = rentCents;
    for (const line of mandatoryFeeLines(fees, cleaningFeeCents, nights, rentCents)) totalCents += line.amountCents;
    const perNightCents = Math.ceil(totalCents / nights / 100) * 100;
    if (perNightCents < low || (perNightCents === low && nights < lowNights)) {
      low = perNightCents;
      lowNights = nights;
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
export function priceUnitStay(data: PricingData, unit: UnitInfo, begin: number, nights: number, guests: Guests, choice: OfferChoice, rent: Rent = rentOf(data, unit, begin, nights)): StayPrice {
  // Rent lines are never changed once made, so offers of one stay share them.
  const lines: QuoteLine[] = rent.lines.slice();
  const { rentCents } = rent;
  let discountCents = 0;
  const discount = (label: string, percent: number, description: string) => {
    const amount = Math.min(shareOfCents(rentCents, percent * 100), rentCents - discountCents);
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
  for (const line of mandatoryFeeLines(data.fees, unit.cleaningFeeCents, nights, rentCents - discountCents)) lines.push(line);
  let totalCents = 0;
  for (const line of lines) totalCents += line.amountCents;
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
  const rent = rentOf(data, unit, begin, nights);
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
