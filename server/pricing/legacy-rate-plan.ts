/**
 * The one place the pricing rows of before rate plans (site-wide seasons, each unit's nightly rate
 * per season and its cleaning fee, the site's mandatory fees and taxes) become a unit's RatePlan
 * that prices every stay exactly as they did: the demo generator, the model of a unit without a
 * plan and the start-up fill of `units.rate_plan` (fill-rate-plans.ts) all use it.
 */
import type { ListingFee, ListingTax, RatePlan } from '../../src/domain/owner/listing-content.ts';
import { dayOf, isoOfDay } from './days.ts';

export interface LegacySeason {
  id: number;
  name: string;
  beginDate: string;
  endDate: string;
  minStay: number;
}

export interface LegacyFee {
  code: string;
  name: string;
  kind: string;
  amount: number;
  optional?: boolean | undefined;
  description?: string | undefined;
  position?: number | undefined;
}

const TAX = /tax/i;

/** The fees table's code as a listing fee code ([a-z0-9_-]{1,40}). */
const codeOf = (code: string) => code.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').slice(0, 40) || 'fee';

/**
 * A unit's plan from the old rows: one plan season per site season the unit has a rate in (same
 * name, rate and minimum stay; any arrival and departure day), the nights between the first and
 * the last season that had no rate closed by date entries (they could not be booked), the base
 * rate the lowest season rate (it prices no night inside that span), the cleaning fee a per-stay
 * fee 'cleaning', and the site's mandatory fees: percentage ones named as taxes (code or name says
 * 'tax') become rent taxes for every stay, the others per-stay, per-night or percent-of-rent fees.
 * Optional fees are the site's checkout protection and stay site-wide.
 */
export function ratePlanFromLegacy(
  seasons: readonly LegacySeason[],
  rates: readonly { seasonId: number; nightlyCents: number }[],
  cleaningFeeCents: number,
  siteFees: readonly LegacyFee[],
): RatePlan {
  const rateOf = new Map(rates.filter((r) => r.nightlyCents > 0).map((r) => [r.seasonId, r.nightlyCents]));
  const ordered = seasons
    .map((s) => ({ ...s, begin: dayOf(s.beginDate), end: dayOf(s.endDate) }))
    .filter((s): s is typeof s & { begin: number; end: number } => s.begin !== null && s.end !== null && s.end >= s.begin)
    .sort((a, b) => a.begin - b.begin || a.id - b.id);
  const planSeasons: RatePlan['seasons'] = [];
  const dates: RatePlan['dates'] = [];
  let lastEnd = Number.NEGATIVE_INFINITY;
  let first = Number.POSITIVE_INFINITY;
  const priced = new Set<number>();
  for (const season of ordered) {
    // Overlapping rows priced the later nights by the earlier season (its position came first).
    const begin = Math.max(season.begin, lastEnd + 1);
    if (begin > season.end) continue;
    first = Math.min(first, begin);
    lastEnd = season.end;
    const nightly = rateOf.get(season.id);
    if (nightly === undefined) continue;
    for (let day = begin; day <= season.end; day++) priced.add(day);
    planSeasons.push({
      name: season.name,
      begin: isoOfDay(begin),
      end: isoOfDay(season.end),
      nightlyCents: nightly,
      weekendNightlyCents: null,
      minStay: Math.max(1, season.minStay),
      arrivalDays: [],
      departureDays: [],
    });
  }
  for (let day = first; day <= lastEnd; day++) if (!priced.has(day)) dates.push({ date: isoOfDay(day), nightlyCents: null, minStay: null });
  const fees: ListingFee[] = [];
  const taxes: ListingTax[] = [];
  if (cleaningFeeCents > 0) fees.push({ code: 'cleaning', name: 'Cleaning fee', scope: 'stay', amount: cleaningFeeCents, mandatory: true, description: '' });
  const ordering = [...siteFees].sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || (a.code < b.code ? -1 : 1));
  for (const fee of ordering) {
    if (fee.optional) continue;
    const code = codeOf(fee.code);
    if (fee.kind === 'percent' && (TAX.test(fee.code) || TAX.test(fee.name))) {
      taxes.push({ code, name: fee.name, basisPoints: fee.amount, base: 'rent', staysUnderNights: null });
      continue;
    }
    const scope = fee.kind === 'flat' ? 'stay' : fee.kind === 'per_night' ? 'night' : fee.kind === 'percent' ? 'rent_percent' : null;
    if (scope) fees.push({ code, name: fee.name, scope, amount: fee.amount, mandatory: true, description: fee.description ?? '' });
  }
  const lowest = planSeasons.length > 0 ? Math.min(...planSeasons.map((s) => s.nightlyCents)) : 0;
  return {
    baseNightlyCents: lowest,
    weekendNights: [5, 6],
    weekendNightlyCents: null,
    minStay: 1,
    weeklyFactor: null,
    monthlyFactor: null,
    guestsIncluded: 1,
    extraGuestNightlyCents: 0,
    seasons: planSeasons,
    dates,
    fees,
    taxes,
  };
}
