/**
 * The pricing engine's in-memory model: each unit's rate plan (RatePlan, the one model of rates,
 * fees and taxes), the booked calendar, the site's checkout protection, activities, packages,
 * specials and coupons, built once from plain rows (the database's, or generated ones in the
 * benchmark). Each unit's plan is laid out into arrays indexed by day (nightly rate, season,
 * minimum stay, arrival and departure rules), so pricing a stay touches no database, no string
 * date and no season list.
 *
 * Days are whole days since 1970-01-01 (UTC): `dayOf('2026-12-01')` is 20788.
 */
import type { FeeScope, ListingTax, RatePlan } from '../../src/domain/owner/listing-content.ts';
import type { Special } from '../../src/domain/pricing/types.ts';
import { ratePlanFromLegacy, type LegacySeason } from './legacy-rate-plan.ts';

export { dayOf, isoOfDay } from './days.ts';
import { dayOf } from './days.ts';

/** How far ahead a listing can be booked at its base rate beyond its own seasons and dates. */
export const BOOKING_HORIZON_DAYS = 365;

/** The site's calendar on a day: from that day to BOOKING_HORIZON_DAYS ahead (PricingOptions.calendar). */
export const siteCalendar = (today: number): { first: number; last: number } => ({ first: today, last: today + BOOKING_HORIZON_DAYS });

/** The weekday of a day number, 0 (Sunday) … 6 (1970-01-01 was a Thursday). */
export const weekdayOfDay = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** Unix seconds of the start of a day. */
export const secondsOfDay = (day: number): number => day * 86_400;

/**
 * The rows the model is built from (the columns of server/db/schema.ts that pricing reads). Each
 * unit is priced from its `ratePlan`; a unit without one (a database made before rate plans, or
 * a test's rows) from its plan by ratePlanFromLegacy of the old rows: `seasons`, `unitRates`, its
 * `cleaningFeeCents` and the mandatory `fees`. The fees table otherwise gives only the site-wide
 * checkout protection (optional fees with an option kind).
 */
export interface PricingRows {
  units: { eid: number; name: string; sleeps: number; ratePlan?: RatePlan | null; cleaningFeeCents?: number }[];
  seasons?: (LegacySeason & { kind?: string })[];
  unitRates?: { unitEid: number; seasonId: number; nightlyCents: number }[];
  bookings: { unitEid: number; beginDate: string; endDate: string }[];
  fees: {
    code: string;
    name: string;
    kind: string;
    amount: number;
    optional: boolean;
    description: string;
    position: number;
    /** Optional fees: the checkout protection they are ('ti' trip insurance, 'dp' damage protection). */
    optionKind?: string | null;
    /** How the checkout offers it: 'declinable', 'acceptable' or 'forced' (spec §4 Insurance decline flow). */
    choice?: string;
  }[];
  activities: { eid: number; name: string; pricePerPersonCents: number }[];
  packages: { eid: number; name: string; nights: number; unitEids: number[]; activityEids: number[] }[];
  specials: {
    id: number;
    position: number;
    title: string;
    description: string;
    specialType: string;
    units: string[];
    stayBegin: number;
    stayEnd: number;
    bookBegin: number;
    bookEnd: number;
    minGuests: number;
    maxGuests: number;
    minNights: number;
    maxNights: number;
    discountPercent: number;
  }[];
}

export interface Coupon {
  /** Upper case. */
  code: string;
  percent: number;
  description: string;
}

export interface PricingOptions {
  /**
   * Days the calendar covers at least (the pricing service: today to a year ahead), besides the
   * days the plans' seasons and dates name; a base rate prices every night of it no season or
   * date prices.
   */
  calendar?: { first: number; last: number } | null;
  currency: string;
  /** Who offers the offers (OfferGroupInfo.offerby): the site's name. */
  offerBy: string;
  coupons: readonly { code: string; percent: number; description?: string | undefined }[];
}

/** A fee of a unit's plan as the engine counts it (ListingFee; 'pet' fees are optional extras only). */
export interface UnitFee {
  code: string;
  name: string;
  scope: FeeScope;
  /** Cents; basis points for 'rent_percent'. */
  amount: number;
  description: string;
  /** The line's kind: 'cleaning' for a cleaning fee (code or name says so), else 'fee'. */
  kind: 'cleaning' | 'fee';
}

/** Bits 0–6 of UnitInfo.rules: the weekdays a stay arriving that day may end on; bit 7: no arrival that day. */
export const NO_ARRIVAL = 0x80;
export const ANY_DEPARTURE = 0x7f;

export interface SpecialInfo {
  nid: number;
  title: string;
  description: string;
  discountPercent: number;
  /** The wire form (spec §3 Special) that specialApplies checks. */
  special: Special;
}

export interface UnitInfo {
  eid: number;
  name: string;
  sleeps: number;
  /** The plan the arrays below were laid out from. */
  plan: RatePlan;
  /** Nightly cents of each day (by day - PricingData.start); 0: the night is closed. */
  nightly: Int32Array;
  /** The plan season (index of plan.seasons) of each day, -1 outside seasons. */
  season: Int16Array;
  /** The minimum stay of an arrival on each day. */
  minStay: Uint16Array;
  /** Arrival and departure rules of an arrival on each day (NO_ARRIVAL, departure weekday bits). */
  rules: Uint8Array;
  /** Extra guests: guests beyond guestsIncluded pay extraGuestNightlyCents a night. */
  guestsIncluded: number;
  extraGuestNightlyCents: number;
  /** Length-of-stay discounts in basis points of the rent (weekly 7–27 nights, monthly 28+); 0: none. */
  weeklyBasisPoints: number;
  monthlyBasisPoints: number;
  /** The mandatory fees of every stay, in the plan's order. */
  fees: UnitFee[];
  /** Optional fees: listed in the detailed quote as extras, never in a total. */
  extras: UnitFee[];
  taxes: ListingTax[];
  /** 1 for each occupied night, by day - PricingData.start. */
  occupied: Uint8Array;
  /**
   * Occupancy precomputed for searches: `blocked[i]` counts the nights before day index i that
   * cannot be sold (occupied, or closed or outside the calendar), so whether the nights
   * from … to - 1 are all free is one subtraction, `blocked[to] - blocked[from] === 0`,
   * whatever the length of the stay. Length days + 1.
   */
  blocked: Uint16Array | Uint32Array;
  /**
   * The specials that name this unit, in the site's order, each narrowed to this unit's eid
   * (so checking one is not a search through hundreds of eids).
   */
  specials: SpecialInfo[];
}

/** A fee of the site-wide fees table as the checkout protection reads it (the old mandatory fees are in each rate plan now). */
export interface FeeInfo {
  code: string;
  name: string;
  kind: 'flat' | 'per_night' | 'percent';
  /** Cents (flat, per night) or basis points of the rent (percent). */
  amount: number;
  description: string;
  tax: boolean;
}

export type ProtectionKind = 'ti' | 'dp';
export type ProtectionChoice = 'declinable' | 'acceptable' | 'forced';

/**
 * A protection offered at checkout (an optional fee of the fees table): trip insurance or damage
 * protection. 'percent' is basis points of the stay's total (the trip cost); 'flat' cents per
 * stay; 'per_night' cents per night.
 */
export interface ProtectionInfo {
  kind: ProtectionKind;
  code: string;
  name: string;
  description: string;
  feeKind: FeeInfo['kind'];
  amount: number;
  choice: ProtectionChoice;
}

export interface ActivityInfo {
  eid: number;
  name: string;
  pricePerPersonCents: number;
}

export interface PackageInfo {
  eid: number;
  name: string;
  nights: number;
  unitEids: ReadonlySet<number>;
  activities: ActivityInfo[];
}

export interface PricingData {
  /** First day of the calendar (the first day a plan's season or date names, or options.calendar's). */
  start: number;
  /** Days covered from `start`. */
  days: number;
  units: Map<number, UnitInfo>;
  /** Units in eid order. */
  unitList: UnitInfo[];
  /** The protection offered at checkout, by kind (optional fees with an option kind). */
  protection: { ti: ProtectionInfo | null; dp: ProtectionInfo | null };
  activities: Map<number, ActivityInfo>;
  packages: Map<number, PackageInfo>;
  /** All specials in the site's order, wire form (the page settings' `specials`). */
  specials: Special[];
  specialsByNid: Map<number, SpecialInfo>;
  coupons: Map<string, Coupon>;
  currency: string;
  offerBy: string;
}

function feeKind(kind: string): FeeInfo['kind'] | null {
  return kind === 'flat' || kind === 'per_night' || kind === 'percent' ? kind : null;
}

const feesInOrder = (rows: PricingRows['fees']) => [...rows].sort((a, b) => a.position - b.position || (a.code < b.code ? -1 : 1));

const CLEANING = /clean/i;

/** A plan's fees as the engine counts them: mandatory ones in every price, optional ones (and every per-pet fee, the search asks for no pets) as extras. */
export function unitFeesOf(plan: RatePlan): { fees: UnitFee[]; extras: UnitFee[] } {
  const fees: UnitFee[] = [];
  const extras: UnitFee[] = [];
  for (const fee of plan.fees) {
    const info: UnitFee = { code: fee.code, name: fee.name, scope: fee.scope, amount: fee.amount, description: fee.description, kind: CLEANING.test(fee.code) || CLEANING.test(fee.name) ? 'cleaning' : 'fee' };
    (fee.mandatory && fee.scope !== 'pet' ? fees : extras).push(info);
  }
  return { fees, extras };
}

/** A length-of-stay factor (0.95) as the basis points it takes off (500); 0 without one. */
export const factorBasisPoints = (factor: number | null): number => (factor !== null && factor > 0 && factor < 1 ? Math.round((1 - factor) * 10_000) : 0);

/** The first and last day a plan's seasons and dates name, or null. */
export function planSpan(plan: RatePlan): { first: number; last: number } | null {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const season of plan.seasons) {
    const begin = dayOf(season.begin);
    const end = dayOf(season.end);
    if (begin === null || end === null || end < begin) continue;
    first = Math.min(first, begin);
    last = Math.max(last, end);
  }
  for (const entry of plan.dates) {
    const day = dayOf(entry.date);
    if (day === null) continue;
    first = Math.min(first, day);
    last = Math.max(last, day);
  }
  return first <= last ? { first, last } : null;
}

const weekdayBits = (days: readonly number[]): number => (days.length === 0 ? ANY_DEPARTURE : days.reduce((bits, d) => bits | (1 << d), 0) & ANY_DEPARTURE);

/** The days a listing can be priced on: those its seasons and dates name and the site's calendar (options.calendar). */
export function openDays(plan: RatePlan, calendar: { first: number; last: number } | null | undefined): { first: number; last: number } | null {
  const span = planSpan(plan);
  if (!span) return calendar ?? null;
  if (!calendar) return span;
  return { first: Math.min(span.first, calendar.first), last: Math.max(span.last, calendar.last) };
}

/**
 * Lays a plan out over the days `start` … `start + days - 1`: per night a date entry beats the
 * season containing it (its weekend rate on weekend nights), which beats the base rate (the base
 * weekend rate on weekend nights); per arrival day the date entry's minimum stay (when it sets one)
 * beats the season's, which beats the plan's, and the season's arrival and departure weekdays apply.
 */
export function layOutPlan(plan: RatePlan, start: number, days: number, open: { first: number; last: number } = { first: start, last: start + days - 1 }): Pick<UnitInfo, 'nightly' | 'season' | 'minStay' | 'rules'> {
  const nightly = new Int32Array(days);
  const season = new Int16Array(days).fill(-1);
  const minStay = new Uint16Array(days);
  const rules = new Uint8Array(days);
  const weekend = new Uint8Array(7);
  for (const d of plan.weekendNights) if (d >= 0 && d <= 6) weekend[d] = 1;
  const base = Math.max(0, Math.round(plan.baseNightlyCents) || 0);
  const baseWeekend = plan.weekendNightlyCents ?? base;
  const planMin = Math.max(1, Math.round(plan.minStay) || 1);
  for (let i = 0; i < days; i++) {
    const day = start + i;
    // Outside the listing's own calendar (its seasons and dates, or the site's calendar) no rate prices the night.
    nightly[i] = day < open.first || day > open.last ? 0 : weekend[weekdayOfDay(day)] === 1 ? baseWeekend : base;
    minStay[i] = planMin;
    rules[i] = ANY_DEPARTURE;
  }
  // Later seasons first, so where two overlap (validation refuses it) the earlier one wins.
  for (let k = plan.seasons.length - 1; k >= 0; k--) {
    const s = plan.seasons[k] as RatePlan['seasons'][number];
    const begin = dayOf(s.begin);
    const end = dayOf(s.end);
    if (begin === null || end === null) continue;
    const arrival = weekdayBits(s.arrivalDays);
    const departure = weekdayBits(s.departureDays);
    const weekendRate = s.weekendNightlyCents ?? s.nightlyCents;
    for (let day = Math.max(begin, start); day <= Math.min(end, start + days - 1); day++) {
      const i = day - start;
      const weekday = weekdayOfDay(day);
      nightly[i] = weekend[weekday] === 1 ? weekendRate : s.nightlyCents;
      season[i] = k;
      minStay[i] = Math.max(1, Math.round(s.minStay) || 1);
      rules[i] = departure | ((arrival >> weekday) & 1 ? 0 : NO_ARRIVAL);
    }
  }
  for (const entry of plan.dates) {
    const day = dayOf(entry.date);
    if (day === null || day < start || day >= start + days) continue;
    nightly[day - start] = entry.nightlyCents === null ? 0 : Math.max(0, Math.round(entry.nightlyCents));
    if (entry.minStay !== null && entry.minStay >= 1) minStay[day - start] = entry.minStay;
  }
  return { nightly, season, minStay, rules };
}

const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
const wholeOr = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/**
 * A stored plan the engine can lay out whatever the row holds (a plan is validated when it is
 * published, but one bad row must not stop every listing's prices): missing lists are empty, a
 * missing base rate closes the nights it would price.
 */
function readablePlan(plan: RatePlan): RatePlan {
  const p = (plan ?? {}) as Partial<RatePlan>;
  return {
    baseNightlyCents: wholeOr(p.baseNightlyCents, 0),
    weekendNights: list(p.weekendNights),
    weekendNightlyCents: typeof p.weekendNightlyCents === 'number' ? p.weekendNightlyCents : null,
    minStay: wholeOr(p.minStay, 1),
    weeklyFactor: typeof p.weeklyFactor === 'number' ? p.weeklyFactor : null,
    monthlyFactor: typeof p.monthlyFactor === 'number' ? p.monthlyFactor : null,
    guestsIncluded: wholeOr(p.guestsIncluded, 1),
    extraGuestNightlyCents: wholeOr(p.extraGuestNightlyCents, 0),
    seasons: list(p.seasons).map((s) => ({ ...s, arrivalDays: list(s.arrivalDays), departureDays: list(s.departureDays) })),
    dates: list(p.dates),
    fees: list(p.fees),
    taxes: list(p.taxes),
  };
}

/** Builds the model. Rows that refer to unknown units are ignored. */
export function buildPricingData(rows: PricingRows, options: PricingOptions): PricingData {
  const legacyRates = new Map<number, { seasonId: number; nightlyCents: number }[]>();
  for (const rate of rows.unitRates ?? []) {
    const list = legacyRates.get(rate.unitEid) ?? [];
    list.push(rate);
    legacyRates.set(rate.unitEid, list);
  }
  const unitRows = [...rows.units]
    .sort((a, b) => a.eid - b.eid)
    .map((row) => ({ row, plan: readablePlan(row.ratePlan ?? ratePlanFromLegacy(rows.seasons ?? [], legacyRates.get(row.eid) ?? [], row.cleaningFeeCents ?? 0, rows.fees)) }));
  let first = options.calendar?.first ?? Number.POSITIVE_INFINITY;
  let last = options.calendar?.last ?? Number.NEGATIVE_INFINITY;
  for (const { plan } of unitRows) {
    const span = planSpan(plan);
    if (!span) continue;
    first = Math.min(first, span.first);
    last = Math.max(last, span.last);
  }
  const start = first <= last ? first : 0;
  const days = first <= last ? last - first + 1 : 0;

  const specialInfos: SpecialInfo[] = [...rows.specials]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((s) => ({
      nid: s.id,
      title: s.title,
      description: s.description,
      discountPercent: s.discountPercent,
      special: {
        nid: s.id,
        units: [...s.units],
        special_type: s.specialType,
        stay_begin: s.stayBegin,
        stay_end: s.stayEnd,
        book_begin: s.bookBegin,
        book_end: s.bookEnd,
        max_guests: s.maxGuests,
        min_guests: s.minGuests,
        max_nights: s.maxNights,
        min_nights: s.minNights,
      },
    }));
  const specialsOfUnit = new Map<number, SpecialInfo[]>();
  for (const info of specialInfos) {
    for (const unit of info.special.units) {
      if (!/^\d{1,9}$/.test(unit)) continue;
      const eid = Number(unit);
      const list = specialsOfUnit.get(eid) ?? [];
      if (list.some((s) => s.nid === info.nid)) continue;
      list.push({ ...info, special: { ...info.special, units: [unit] } });
      specialsOfUnit.set(eid, list);
    }
  }

  const units = new Map<number, UnitInfo>();
  for (const { row, plan } of unitRows) {
    const open = openDays(plan, options.calendar) ?? { first: 0, last: -1 };
    units.set(row.eid, unitInfoOf(row, plan, start, days, specialsOfUnit.get(row.eid) ?? [], open));
  }

  const protection: PricingData['protection'] = { ti: null, dp: null };
  for (const fee of feesInOrder(rows.fees)) {
    const kind = feeKind(fee.kind);
    if (fee.optional && kind && (fee.optionKind === 'ti' || fee.optionKind === 'dp') && !protection[fee.optionKind]) {
      const choice: ProtectionChoice = fee.choice === 'forced' || fee.choice === 'acceptable' ? fee.choice : 'declinable';
      protection[fee.optionKind] = { kind: fee.optionKind, code: fee.code, name: fee.name, description: fee.description, feeKind: kind, amount: fee.amount, choice };
    }
  }

  const activities = new Map<number, ActivityInfo>(rows.activities.map((a) => [a.eid, { eid: a.eid, name: a.name, pricePerPersonCents: a.pricePerPersonCents }]));
  const packages = new Map<number, PackageInfo>();
  for (const p of rows.packages) {
    packages.set(p.eid, {
      eid: p.eid,
      name: p.name,
      nights: p.nights,
      unitEids: new Set(p.unitEids),
      activities: p.activityEids.map((eid) => activities.get(eid)).filter((a): a is ActivityInfo => a !== undefined),
    });
  }

  const coupons = new Map<string, Coupon>();
  for (const c of options.coupons) {
    const code = c.code.toUpperCase();
    coupons.set(code, { code, percent: c.percent, description: c.description ?? `${c.percent}% off the rent` });
  }

  const data: PricingData = {
    start,
    days,
    units,
    unitList: [...units.values()],
    protection,
    activities,
    packages,
    specials: specialInfos.map((s) => s.special),
    specialsByNid: new Map(specialInfos.map((s) => [s.nid, s])),
    coupons,
    currency: options.currency,
    offerBy: options.offerBy,
  };
  markNights(data, rows.bookings.map((b) => ({ unitEid: b.unitEid, begin: b.beginDate, end: b.endDate })));
  // Every unit's running count, booked or not (a closed night is unsellable too).
  for (const unit of data.unitList) countBlocked(unit, days);
  return data;
}

/** One unit of the model: its plan laid out over the calendar, nothing booked yet. */
export function unitInfoOf(
  row: { eid: number; name: string; sleeps: number },
  plan: RatePlan,
  start: number,
  days: number,
  specials: SpecialInfo[] = [],
  open: { first: number; last: number } = { first: start, last: start + days - 1 },
): UnitInfo {
  const { fees, extras } = unitFeesOf(plan);
  const unit: UnitInfo = {
    eid: row.eid,
    name: row.name,
    sleeps: row.sleeps,
    plan,
    ...layOutPlan(plan, start, days, open),
    guestsIncluded: Math.max(0, plan.guestsIncluded),
    extraGuestNightlyCents: Math.max(0, plan.extraGuestNightlyCents),
    weeklyBasisPoints: factorBasisPoints(plan.weeklyFactor),
    monthlyBasisPoints: factorBasisPoints(plan.monthlyFactor),
    fees,
    extras,
    taxes: plan.taxes,
    occupied: new Uint8Array(days),
    blocked: days < 65_535 ? new Uint16Array(days + 1) : new Uint32Array(days + 1),
    specials,
  };
  countBlocked(unit, days);
  return unit;
}

/** Marks the nights of stays as taken (end is the departure day: the nights begin … end - 1). Unknown units are ignored. */
export function markOccupied(data: PricingData, stays: readonly { unitEid: number; begin: string; end: string }[]): void {
  for (const unit of markNights(data, stays)) countBlocked(unit, data.days);
}

/** Sets the occupied nights of stays; answers the units changed. */
function markNights(data: PricingData, stays: readonly { unitEid: number; begin: string; end: string }[]): Set<UnitInfo> {
  const changed = new Set<UnitInfo>();
  for (const stay of stays) {
    const unit = data.units.get(stay.unitEid);
    const begin = dayOf(stay.begin);
    const end = dayOf(stay.end);
    if (!unit || begin === null || end === null) continue;
    for (let day = Math.max(begin, data.start); day < Math.min(end, data.start + data.days); day++) unit.occupied[day - data.start] = 1;
    changed.add(unit);
  }
  return changed;
}

/** Recounts a unit's `blocked` running count from its occupied and closed nights. */
function countBlocked(unit: UnitInfo, days: number): void {
  const { blocked, occupied, nightly } = unit;
  for (let i = 0; i < days; i++) {
    const unsellable = occupied[i] === 1 || nightly[i] === 0;
    blocked[i + 1] = (blocked[i] as number) + (unsellable ? 1 : 0);
  }
}
