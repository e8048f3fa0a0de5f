/**
 * The 'from' price of a listing shown without dates (cards, map pins, favourites, the listing
 * header, the search index's price fields), read from the database in the query that reads the
 * listings and priced by the engine's fromPrice from the listing's rate plan: the whole price (rent
 * with weekend nights, length-of-stay discount, every mandatory fee and tax) of the shortest stay
 * the plan allows, per night. One lateral subquery, so it costs the listing queries no extra round
 * trip per unit.
 *
 *   const rates = seasonRatesOfUnit(db, today);             // .leftJoinLateral(rates, sql`true`)
 *   const from = planFromPrice(row.seasonRates);
 */
import { sql } from 'drizzle-orm';
import type { RatePlan } from '../../src/domain/owner/listing-content.ts';
import type { Database } from '../db/client.ts';
import { units } from '../db/schema.ts';
import { fromPrice } from './engine.ts';
import { buildPricingData, dayOf, siteCalendar, type FeeInfo } from './model.ts';

/**
 * A lateral subquery on `units`: the unit's rate plan and the day (YYYY-MM-DD) its 'from' price
 * is of, as one json value for planFromPrice.
 */
export function seasonRatesOfUnit(db: Database, today: string) {
  return db
    .select({ rates: sql<unknown>`json_build_object('plan', ${units.ratePlan}, 'today', ${today}::text)`.as('season_rates') })
    .from(sql`(select 1) as from_price_one`)
    .as('season_rates');
}

/**
 * The fees of every stay are each plan's own now (RatePlan.fees and taxes); kept, answering none,
 * for the callers that still pass it to unitFromPrice.
 */
export async function loadMandatoryFees(_db: Database): Promise<FeeInfo[]> {
  return [];
}

type FromPrice = ReturnType<typeof fromPrice>;

const cache = new Map<string, FromPrice>();

/** The 'from' price of a plan on a day (remembered: pages ask for the same listings again and again). */
export function fromPriceOfPlan(plan: RatePlan, today: number): FromPrice {
  const key = `${today}|${JSON.stringify(plan)}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const data = buildPricingData(
    { units: [{ eid: 0, name: '', sleeps: Number.MAX_SAFE_INTEGER, ratePlan: plan }], bookings: [], fees: [], activities: [], packages: [], specials: [] },
    { calendar: siteCalendar(today), currency: 'USD', offerBy: '', coupons: [] },
  );
  const unit = data.unitList[0];
  const from = unit ? fromPrice(data, unit, today) : null;
  if (cache.size >= 5_000) cache.clear();
  cache.set(key, from);
  return from;
}

/** The json of seasonRatesOfUnit as a plan and its day (pg and PGlite parse json; a driver may leave text). */
function planOf(value: unknown): { plan: RatePlan; today: number } | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object') return null;
  const { plan, today } = parsed as { plan?: unknown; today?: unknown };
  const day = typeof today === 'string' ? dayOf(today) : null;
  const rates: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  if (day === null || !rates || typeof rates !== 'object') return null;
  return { plan: rates as RatePlan, today: day };
}

/** A unit's 'from' price (engine.ts fromPrice) from its row's seasonRatesOfUnit value, or null when it has no plan or no bookable stay. */
export function planFromPrice(seasonRates: unknown): FromPrice {
  const found = planOf(seasonRates);
  return found ? fromPriceOfPlan(found.plan, found.today) : null;
}

/** planFromPrice for the callers of before rate plans: the fees and the cleaning fee are in the plan, so they are not read. */
export function unitFromPrice(_fees: readonly FeeInfo[], _cleaningFeeCents: number, seasonRates: unknown): FromPrice {
  return planFromPrice(seasonRates);
}
