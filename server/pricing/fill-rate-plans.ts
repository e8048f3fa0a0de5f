/**
 * DATA MIGRATION (not a schema migration): fills `units.rate_plan` of a database made before rate
 * plans, from its old pricing rows (site-wide seasons, `unit_rates`, the unit's
 * `cleaning_fee_cents` and the site's mandatory fees) by ratePlanFromLegacy, so every listing
 * prices exactly as it did. Idempotent: only units whose plan is null are written, so it runs on
 * every start (server/demo/seed.ts ensureDemoContent) and costs one cheap query once done.
 */
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { RatePlan } from '../../src/domain/owner/listing-content.ts';
import type { Database } from '../db/client.ts';
import { fees, seasons, unitRates, units } from '../db/schema.ts';
import { ratePlanFromLegacy } from './legacy-rate-plan.ts';

/** Writes the plan of every unit that has none; answers how many it wrote. */
export async function fillMissingRatePlans(db: Database): Promise<number> {
  const missing = await db.select({ eid: units.eid, cleaningFeeCents: units.cleaningFeeCents }).from(units).where(isNull(units.ratePlan)).orderBy(asc(units.eid));
  if (missing.length === 0) return 0;
  const [seasonRows, rateRows, feeRows] = await Promise.all([
    db.select({ id: seasons.id, name: seasons.name, beginDate: seasons.beginDate, endDate: seasons.endDate, minStay: seasons.minStay }).from(seasons),
    db.select({ unitEid: unitRates.unitEid, seasonId: unitRates.seasonId, nightlyCents: unitRates.nightlyCents }).from(unitRates),
    db.select().from(fees),
  ]);
  const ratesOf = new Map<number, { seasonId: number; nightlyCents: number }[]>();
  for (const rate of rateRows) {
    const list = ratesOf.get(rate.unitEid) ?? [];
    list.push(rate);
    ratesOf.set(rate.unitEid, list);
  }
  const plans = missing.map((unit) => ({ eid: unit.eid, plan: ratePlanFromLegacy(seasonRows, ratesOf.get(unit.eid) ?? [], unit.cleaningFeeCents, feeRows) }));
  // One statement per 200 units, each plan one json value; `rate_plan is null` again so a plan written meanwhile is kept.
  for (let i = 0; i < plans.length; i += 200) {
    const chunk = plans.slice(i, i + 200);
    await db.execute(sql`update ${units} set rate_plan = (p.value -> 'plan')::jsonb
      from json_array_elements(${JSON.stringify(chunk)}::json) as p(value)
      where ${units.eid} = (p.value ->> 'eid')::int and ${units.ratePlan} is null`);
  }
  return plans.length;
}

/** The plan one unit's old rows stand for (what the start-up fill would write for it). */
export async function legacyRatePlanOf(db: Pick<Database, 'select'>, eid: number, cleaningFeeCents: number): Promise<RatePlan> {
  const [seasonRows, rateRows, feeRows] = await Promise.all([
    db.select({ id: seasons.id, name: seasons.name, beginDate: seasons.beginDate, endDate: seasons.endDate, minStay: seasons.minStay }).from(seasons),
    db.select({ seasonId: unitRates.seasonId, nightlyCents: unitRates.nightlyCents }).from(unitRates).where(eq(unitRates.unitEid, eid)),
    db.select().from(fees),
  ]);
  return ratePlanFromLegacy(seasonRows, rateRows, cleaningFeeCents, feeRows);
}
