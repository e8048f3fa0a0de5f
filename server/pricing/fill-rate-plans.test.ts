import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toQueryString } from '../../src/domain/pricing/query.ts';
import { loadSiteSettings } from '../config.ts';
import type { OpenDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { openTestDatabase } from '../test-support.ts';
import { fillMissingRatePlans } from './fill-rate-plans.ts';
import { ratePlanFromLegacy } from './legacy-rate-plan.ts';
import { dayOf, isoOfDay } from './model.ts';
import { createPricingService } from './pricing-service.ts';
import { fixtureRows, fixtureSettings, insertFixture, NOW, TODAY } from './test-fixture.ts';

const settings = fixtureSettings(loadSiteSettings(path.resolve('config/site.json')));
let database: OpenDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  // The fixture's units have no rate plan: a database made before rate plans.
  await insertFixture(database.db);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('fillMissingRatePlans (the data migration of units.rate_plan)', () => {
  it('writes each unit the plan of its old rows, prices as before, and writes nothing the second time', async () => {
    // Arrivals at and just before each of the fixture's season changes (the pinned fixture's own days).
    const today = dayOf(TODAY) as number;
    const arrivals = fixtureRows.seasons.flatMap((s) => [(dayOf(s.beginDate) as number) + 2, (dayOf(s.endDate) as number) - 2]).filter((day) => day >= today).map(isoOfDay);
    const searches = arrivals.flatMap((begin) => [2, 3, 5, 8].map((nights) => toQueryString({ rcav: { begin, nights, adult: 2, child: 1, flex: 3 } })));
    const answers = async () => {
      const pricing = createPricingService({ db: database.db, settings, now: () => NOW });
      return Promise.all(searches.map((query) => pricing.search(query)));
    };
    const before = await answers();
    expect(await fillMissingRatePlans(database.db)).toBe(3);
    const rows = await database.db.select({ eid: schema.units.eid, ratePlan: schema.units.ratePlan }).from(schema.units).orderBy(asc(schema.units.eid));
    for (const row of rows) {
      const unit = fixtureRows.units.find((u) => u.eid === row.eid)!;
      expect(row.ratePlan).toEqual(ratePlanFromLegacy(fixtureRows.seasons, fixtureRows.unitRates.filter((r) => r.unitEid === row.eid), unit.cleaningFeeCents, fixtureRows.fees));
    }
    // 1003 has no summer rate: its summer nights are closed by date entries, as they had no rate.
    expect(rows.find((r) => r.eid === 1003)?.ratePlan?.dates.length).toBe(92);
    expect(before.flatMap((answer) => answer.items.flatMap((item) => item.prices)).length).toBeGreaterThan(20);
    expect(await answers()).toEqual(before);
    expect(await fillMissingRatePlans(database.db)).toBe(0);
  });
});
