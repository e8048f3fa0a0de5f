/**
 * The 'from' price of a listing shown without dates (cards, map pins, favourites, the listing
 * header, the search index's price fields), read from the database in the query that reads the
 * listings and priced by the engine's fromPrice: rent, cleaning fee and every mandatory fee and
 * tax of the shortest stay a season allows, per night. One lateral subquery and one fee query, so
 * it costs the listing queries no extra round trip per unit.
 *
 *   const rates = seasonRatesOfUnit(db, today);             // .leftJoinLateral(rates, sql`true`)
 *   const fees = await loadMandatoryFees(db);
 *   const from = unitFromPrice(fees, row.cleaningFeeCents, row.seasonRates);
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { fees, seasons, unitRates, units } from '../db/schema.ts';
import { fromPrice, type SeasonRate } from './engine.ts';
import { mandatoryFees, type FeeInfo } from './model.ts';

/**
 * A lateral subquery on `units`: the unit's rates with their season's minimum stay, as a json
 * array of [nightly cents, minimum stay]; of the seasons not over by `today` (YYYY-MM-DD), or of
 * every season when all are over (a past calendar still shows what it cost).
 */
export function seasonRatesOfUnit(db: Database, today: string) {
  const pair = sql`json_build_array(${unitRates.nightlyCents}, ${seasons.minStay})`;
  return db
    .select({ rates: sql<unknown>`coalesce(json_agg(${pair}) filter (where ${seasons.endDate} >= ${today}), json_agg(${pair}))`.as('season_rates') })
    .from(unitRates)
    .innerJoin(seasons, eq(seasons.id, unitRates.seasonId))
    .where(eq(unitRates.unitEid, units.eid))
    .as('season_rates');
}

/** The mandatory fees of every stay, as the engine's model reads them. */
export async function loadMandatoryFees(db: Database): Promise<FeeInfo[]> {
  return mandatoryFees(await db.select().from(fees));
}

/** The json of seasonRatesOfUnit as season rates (pg and PGlite parse json; a driver may leave text). */
export function seasonRatesOf(value: unknown): SeasonRate[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((pair: unknown) => (Array.isArray(pair) && pair.length === 2 ? [{ nightlyCents: Number(pair[0]), minStay: Number(pair[1]) }] : []));
}

/** A unit's 'from' price (engine.ts fromPrice) from its row's season rates, or null without a rate. */
export function unitFromPrice(feeList: readonly FeeInfo[], cleaningFeeCents: number, seasonRates: unknown): ReturnType<typeof fromPrice> {
  return fromPrice(feeList, cleaningFeeCents, seasonRatesOf(seasonRates));
}
