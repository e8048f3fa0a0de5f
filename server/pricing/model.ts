/**
 * The pricing engine's in-memory model: seasons, rates, the booked calendar, fees, activities,
 * packages, specials and coupons, built once from plain rows (the database's, or generated ones
 * in the benchmark) into arrays indexed by day, so pricing a stay touches no database and no
 * string dates.
 *
 * Days are whole days since 1970-01-01 (UTC): `dayOf('2026-12-01')` is 20788.
 */
import { dateToMs } from '../../src/domain/pricing/dates.ts';
import type { Special } from '../../src/domain/pricing/types.ts';

const DAY_MS = 86_400_000;

/** The day number of a date (YYYY-MM-DD or MM/DD/YYYY), or null when it is not a real day. */
export function dayOf(date: string): number | null {
  const ms = dateToMs(date);
  return ms === null ? null : Math.round(ms / DAY_MS);
}

const isoCache = new Map<number, string>();

/** The YYYY-MM-DD of a day number (remembered: Date formatting was the search's hottest spot). */
export function isoOfDay(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (isoCache.size < 200_000) isoCache.set(day, iso);
  }
  return iso;
}

/** Unix seconds of the start of a day. */
export const secondsOfDay = (day: number): number => day * 86_400;

/** The rows the model is built from (the columns of server/db/schema.ts that pricing reads). */
export interface PricingRows {
  seasons: { id: number; name: string; kind: string; beginDate: string; endDate: string; minStay: number }[];
  units: { eid: number; name: string; sleeps: number; cleaningFeeCents: number }[];
  unitRates: { unitEid: number; seasonId: number; nightlyCents: number }[];
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
  currency: string;
  /** Who offers the offers (OfferGroupInfo.offerby): the site's name. */
  offerBy: string;
  coupons: readonly { code: string; percent: number; description?: string | undefined }[];
}

export interface SeasonInfo {
  id: number;
  name: string;
  kind: string;
  begin: number;
  /** Inclusive. */
  end: number;
  minStay: number;
}

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
  cleaningFeeCents: number;
  /** Nightly cents by season position (PricingData.seasons); 0 when the unit has no rate then. */
  rates: Int32Array;
  /** 1 for each occupied night, by day - PricingData.start. */
  occupied: Uint8Array;
  /**
   * Occupancy precomputed for searches: `blocked[i]` counts the nights before day index i that
   * cannot be sold (occupied, or no season or rate of this unit), so whether the nights
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
  /** First day of the calendar (the first season's first day). */
  start: number;
  /** Days covered from `start`. */
  days: number;
  /** Season position of each day from `start`, -1 where no season prices it. */
  seasonOfDay: Int16Array;
  seasons: SeasonInfo[];
  units: Map<number, UnitInfo>;
  /** Units in eid order. */
  unitList: UnitInfo[];
  /** The fees added to every stay (optional ones are for checkout), in their order. */
  fees: FeeInfo[];
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

const TAX = /tax/i;

function feeKind(kind: string): FeeInfo['kind'] | null {
  return kind === 'flat' || kind === 'per_night' || kind === 'percent' ? kind : null;
}

const feesInOrder = (rows: PricingRows['fees']) => [...rows].sort((a, b) => a.position - b.position || (a.code < b.code ? -1 : 1));

/** The fees every stay pays (not optional, of a known kind), in their order; taxes marked by their code or name. */
export function mandatoryFees(rows: PricingRows['fees']): FeeInfo[] {
  const fees: FeeInfo[] = [];
  for (const fee of feesInOrder(rows)) {
    const kind = feeKind(fee.kind);
    if (fee.optional || !kind) continue;
    fees.push({ code: fee.code, name: fee.name, kind, amount: fee.amount, description: fee.description, tax: TAX.test(fee.code) || TAX.test(fee.name) });
  }
  return fees;
}

/** Builds the model. Rows that refer to unknown units or seasons are ignored. */
export function buildPricingData(rows: PricingRows, options: PricingOptions): PricingData {
  const seasonRows = rows.seasons
    .map((s) => ({ ...s, begin: dayOf(s.beginDate), end: dayOf(s.endDate) }))
    .filter((s): s is typeof s & { begin: number; end: number } => s.begin !== null && s.end !== null && s.end >= s.begin)
    .sort((a, b) => a.begin - b.begin || a.id - b.id);
  const seasons: SeasonInfo[] = seasonRows.map((s) => ({ id: s.id, name: s.name, kind: s.kind, begin: s.begin, end: s.end, minStay: s.minStay }));
  const start = seasons.length > 0 ? Math.min(...seasons.map((s) => s.begin)) : 0;
  const last = seasons.length > 0 ? Math.max(...seasons.map((s) => s.end)) : -1;
  const days = Math.max(0, last - start + 1);
  const seasonOfDay = new Int16Array(days).fill(-1);
  const seasonPosition = new Map<number, number>();
  seasons.forEach((season, position) => {
    seasonPosition.set(season.id, position);
    for (let day = season.begin; day <= season.end; day++) seasonOfDay[day - start] = position;
  });

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
  for (const row of [...rows.units].sort((a, b) => a.eid - b.eid)) {
    units.set(row.eid, {
      eid: row.eid,
      name: row.name,
      sleeps: row.sleeps,
      cleaningFeeCents: row.cleaningFeeCents,
      rates: new Int32Array(seasons.length),
      occupied: new Uint8Array(days),
      blocked: days < 65_535 ? new Uint16Array(days + 1) : new Uint32Array(days + 1),
      specials: specialsOfUnit.get(row.eid) ?? [],
    });
  }
  for (const rate of rows.unitRates) {
    const unit = units.get(rate.unitEid);
    const position = seasonPosition.get(rate.seasonId);
    if (unit && position !== undefined && rate.nightlyCents > 0) unit.rates[position] = rate.nightlyCents;
  }

  const fees = mandatoryFees(rows.fees);
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
    seasonOfDay,
    seasons,
    units,
    unitList: [...units.values()],
    fees,
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
  // Every unit's running count, booked or not (a night without a season or rate is unsellable too).
  for (const unit of data.unitList) countBlocked(unit, seasonOfDay, days);
  return data;
}

/** Marks the nights of stays as taken (end is the departure day: the nights begin … end - 1). Unknown units are ignored. */
export function markOccupied(data: PricingData, stays: readonly { unitEid: number; begin: string; end: string }[]): void {
  for (const unit of markNights(data, stays)) countBlocked(unit, data.seasonOfDay, data.days);
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

/** Recounts a unit's `blocked` running count from its occupied nights, seasons and rates. */
function countBlocked(unit: UnitInfo, seasonOfDay: ArrayLike<number>, days: number): void {
  const { blocked, occupied, rates } = unit;
  for (let i = 0; i < days; i++) {
    const season = seasonOfDay[i] as number;
    const unsellable = occupied[i] === 1 || season < 0 || rates[season] === 0;
    blocked[i + 1] = (blocked[i] as number) + (unsellable ? 1 : 0);
  }
}
