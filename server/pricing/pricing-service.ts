/**
 * The pricing engine over the database: loads seasons, rates, the booked calendar, fees,
 * activities, packages and specials into the in-memory model (model.ts) and answers searches,
 * quotes and the buy page from it.
 *
 * Caching: the model is loaded once and reused. Rates and seasons change rarely and bookings
 * only at checkout, while a search must answer in milliseconds for hundreds of units; reading
 * the whole calendar per request would cost far more than the pricing itself (about 150–300 ms
 * for the demo's 16 000 bookings on the embedded database). So a loaded model is used as it is
 * for `freshMs` (2 s); after that, one cheap fingerprint query (counts and sums of the tables,
 * see pricingFingerprint) tells whether anything changed, and only then is the model reloaded.
 * Searches do not wait for that check while the model was checked within `staleMs` (60 s): they
 * are answered at once and the check runs for the next request. Quotes and the buy page wait
 * for it (`fresh`), so what is about to be bought is priced on current data. Writers in this
 * process may call `invalidate()`. Several servers behind a load balancer see one another's
 * changes within seconds, since each checks the database itself.
 */
import { asc, sql } from 'drizzle-orm';
import type { AvailSearchResponse, Special } from '../../src/domain/pricing/types.ts';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { Database } from '../db/client.ts';
import { activities, bookings, fees, packages, seasons, specials, unitRates, units } from '../db/schema.ts';
import { searchAvailability, unitsOfQuery, type SearchContext } from './engine.ts';
import { buildPricingData, dayOf, type PricingData, type PricingRows } from './model.ts';
import { quoteStay, type QuoteResult } from './quote.ts';
import { parseQuoteQuery, parseSearchQuery, type ParseContext, type QuoteInput } from './validate.ts';

export interface PricingServiceOptions {
  db: Database;
  settings: SiteSettings;
  /** The clock (tests pin it). */
  now?: () => Date;
  freshMs?: number;
  staleMs?: number;
}

export interface PricingService {
  /** The model, loaded or cached (see the caching note above). */
  data(options?: { fresh?: boolean }): Promise<PricingData>;
  /** The specials of the page settings (spec §3): in the site's order, those still bookable. */
  specials(): Promise<Special[]>;
  /**
   * GET /rcapi/item/avail/search; throws PricingInputError (400) on bad input. `total` is the
   * number of units of all pages when the query asked for one page (per_page), else null.
   */
  search(rawQuery: string): Promise<{ items: AvailSearchResponse; total: number | null }>;
  /**
   * The quote of a price's qp; throws PricingInputError on bad input. A detailed quote by default
   * (special type '2' is not given, spec §5); `detailedQuote: false` for the buy page and the order.
   */
  quote(rawQuery: string, options?: { detailedQuote?: boolean }): Promise<{ input: QuoteInput; result: QuoteResult }>;
  /** Drops the cached model: the next request loads it again. */
  invalidate(): void;
}

/** Reads the rows the model is built from, in parallel. */
export async function loadPricingRows(db: Database): Promise<PricingRows> {
  const [seasonRows, unitRows, rateRows, bookingRows, feeRows, activityRows, packageRows, specialRows] = await Promise.all([
    db.select({ id: seasons.id, name: seasons.name, kind: seasons.kind, beginDate: seasons.beginDate, endDate: seasons.endDate, minStay: seasons.minStay }).from(seasons),
    db.select({ eid: units.eid, name: units.name, sleeps: units.sleeps, cleaningFeeCents: units.cleaningFeeCents }).from(units).orderBy(asc(units.eid)),
    db.select({ unitEid: unitRates.unitEid, seasonId: unitRates.seasonId, nightlyCents: unitRates.nightlyCents }).from(unitRates),
    db.select({ unitEid: bookings.unitEid, beginDate: bookings.beginDate, endDate: bookings.endDate }).from(bookings),
    db.select().from(fees),
    db.select({ eid: activities.eid, name: activities.name, pricePerPersonCents: activities.pricePerPersonCents }).from(activities),
    db.select({ eid: packages.eid, name: packages.name, nights: packages.nights, unitEids: packages.unitEids, activityEids: packages.activityEids }).from(packages),
    db.select().from(specials),
  ]);
  return {
    seasons: seasonRows,
    units: unitRows,
    unitRates: rateRows,
    bookings: bookingRows,
    fees: feeRows,
    activities: activityRows,
    packages: packageRows,
    specials: specialRows,
  };
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * A cheap summary of everything the model is built from (counts, largest ids, sums), in one
 * query: a few milliseconds where loading the model takes a few hundred on the embedded
 * database. New, removed or re-dated bookings and changed rates, seasons, fees, specials, units,
 * activities and packages change it (an edit that keeps every count and sum is not seen until
 * invalidate() or a restart).
 */
export async function pricingFingerprint(db: Pick<Database, 'execute'>): Promise<string> {
  const result = await db.execute(sql`select concat_ws('|',
    (select concat_ws(':', count(*), max(${bookings.id}), sum(${bookings.endDate} - ${bookings.beginDate}), sum(${bookings.beginDate} - date '2000-01-01')) from ${bookings}),
    (select concat_ws(':', count(*), sum(${unitRates.nightlyCents}::bigint), sum(${unitRates.seasonId}::bigint * ${unitRates.unitEid})) from ${unitRates}),
    (select concat_ws(':', count(*), sum(${seasons.minStay}), sum(${seasons.endDate} - ${seasons.beginDate}), max(${seasons.endDate})) from ${seasons}),
    (select concat_ws(':', count(*), sum(${fees.amount}), sum(case when ${fees.optional} then 1 else 0 end)) from ${fees}),
    (select concat_ws(':', count(*), sum(${specials.discountPercent}), sum(${specials.bookEnd} - ${specials.bookBegin}), sum(${specials.stayEnd} - ${specials.stayBegin}), sum(cardinality(${specials.units})), sum(${specials.minNights} + ${specials.maxNights} + ${specials.minGuests} + ${specials.maxGuests})) from ${specials}),
    (select concat_ws(':', count(*), sum(${units.cleaningFeeCents}), sum(${units.sleeps})) from ${units}),
    (select concat_ws(':', count(*), sum(${activities.pricePerPersonCents})) from ${activities}),
    (select concat_ws(':', count(*), sum(${packages.nights}), sum(cardinality(${packages.unitEids}) + cardinality(${packages.activityEids}))) from ${packages})
  ) as fingerprint`);
  return String(rowsOf<{ fingerprint: string }>(result)[0]?.fingerprint ?? '');
}

export function createPricingService(options: PricingServiceOptions): PricingService {
  const { db, settings } = options;
  const now = options.now ?? (() => new Date());
  const freshMs = options.freshMs ?? 2_000;
  const staleMs = options.staleMs ?? 60_000;
  let cached: { data: PricingData; checkedAt: number; fingerprint: string } | null = null;
  let revalidating: Promise<PricingData> | null = null;
  let generation = 0;

  /** Checks the tables' fingerprint and reloads the model only when it changed. */
  const revalidate = (): Promise<PricingData> => {
    if (revalidating) return revalidating;
    const mine = generation;
    const promise: Promise<PricingData> = (async () => {
      const started = Date.now();
      const print = await pricingFingerprint(db);
      if (cached && cached.fingerprint === print && mine === generation) {
        cached.checkedAt = started;
        return cached.data;
      }
      const rows = await loadPricingRows(db);
      const model = buildPricingData(rows, { currency: settings.order.currency, offerBy: settings.site.name, coupons: settings.pricing.coupons ?? [] });
      // A model loaded before an invalidate() serves its own requests but is not kept.
      if (mine === generation) cached = { data: model, checkedAt: started, fingerprint: print };
      return model;
    })().finally(() => {
      if (revalidating === promise) revalidating = null;
    });
    revalidating = promise;
    return promise;
  };

  const data = async (opts: { fresh?: boolean } = {}): Promise<PricingData> => {
    const age = cached ? Date.now() - cached.checkedAt : Number.POSITIVE_INFINITY;
    if (cached && age <= freshMs) return cached.data;
    if (cached && !opts.fresh && age <= staleMs) {
      // Checked a while ago: answer now, check again for the next request.
      revalidate().catch(() => undefined);
      return cached.data;
    }
    return revalidate();
  };

  const clock = () => {
    const moment = now();
    const today = dayOf(moment.toISOString().slice(0, 10)) ?? 0;
    return { today, nowSeconds: Math.floor(moment.getTime() / 1000) };
  };

  const parseContext = (model: PricingData, today: number): ParseContext => ({ data: model, today, maxFlexDays: settings.pricing.max_flex_days });

  return {
    data,
    async specials() {
      const model = await data();
      const { nowSeconds } = clock();
      return model.specials.filter((special) => special.book_end >= nowSeconds);
    },
    async search(rawQuery) {
      const model = await data();
      const { today, nowSeconds } = clock();
      const query = parseSearchQuery(rawQuery, parseContext(model, today));
      const context: SearchContext = { today, nowSeconds, alternateWindowDays: settings.pricing.alternate_window_days };
      const total = query.page && !query.item ? unitsOfQuery(model, query).total : null;
      return { items: searchAvailability(model, query, context), total };
    },
    async quote(rawQuery, options = {}) {
      const model = await data({ fresh: true });
      const { today, nowSeconds } = clock();
      const input = parseQuoteQuery(rawQuery, parseContext(model, today));
      return { input, result: quoteStay(model, input, { today, nowSeconds, detailedQuote: options.detailedQuote ?? true }) };
    },
    invalidate() {
      generation++;
      cached = null;
      revalidating = null;
    },
  };
}
