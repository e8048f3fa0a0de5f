/**
 * The 'from' price of a listing shown without dates (cards, map pins, favourites, the listing
 * header, the search index's price fields), priced by the engine's fromPrice from the listing's
 * rate plan: the whole price (rent with weekend nights, length-of-stay discount, every mandatory
 * fee and tax) of the shortest stay the plan allows, per night. The listing queries read the plan
 * (`units.rate_plan`) with the rest of the row.
 *
 *   const from = unitFromPrice(row.ratePlan, today);
 */
import type { RatePlan } from '../../src/domain/owner/listing-content.ts';
import { fromPrice } from './engine.ts';
import { buildPricingData, dayOf, siteCalendar } from './model.ts';

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

/** A unit's 'from' price on a day (YYYY-MM-DD), or null when it has no plan (a database not yet filled) or no bookable stay. */
export function unitFromPrice(plan: RatePlan | null, today: string): FromPrice {
  const day = dayOf(today);
  return plan && day !== null ? fromPriceOfPlan(plan, day) : null;
}
