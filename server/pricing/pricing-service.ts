/**
 * The pricing engine over the database: loads seasons, rates, the booked calendar, fees,
 * activities, packages and specials into the in-memory model (model.ts) and answers searches,
 * quotes and the buy page from it.
 *
 * Caching: the model is loaded once and reused. Rates and seasons change rarely and bookings
 * only at checkout, while a search must answer in milliseconds for hundreds of units; reading
 * the whole calendar per request would cost more than the pricing itself. A loaded model is
 * served as it is for `freshMs` (5 s); after that a request still gets it at once while a reload
 * runs in the background, until `staleMs` (60 s), after which the request waits for the reload.
 * Quotes and the buy page ask for a fresh model (at most `freshMs` old), so what is about to be
 * bought is priced on current data. Writers in this process call `invalidate()`. Several
 * servers behind a load balancer each see another's bookings within `freshMs` to `staleMs`.
 */
import { asc } from 'drizzle-orm';
import type { AvailSearchResponse, Special } from '../../src/domain/pricing/types.ts';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { Database } from '../db/client.ts';
import { activities, bookings, fees, packages, seasons, specials, unitRates, units } from '../db/schema.ts';
import { searchAvailability, type SearchContext } from './engine.ts';
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
  /** GET /rcapi/item/avail/search; throws PricingInputError (400) on bad input. */
  search(rawQuery: string): Promise<AvailSearchResponse>;
  /** The quote of a price's qp (detailed quote, buy page); throws PricingInputError on bad input. */
  quote(rawQuery: string): Promise<{ input: QuoteInput; result: QuoteResult }>;
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

export function createPricingService(options: PricingServiceOptions): PricingService {
  const { db, settings } = options;
  const now = options.now ?? (() => new Date());
  const freshMs = options.freshMs ?? 5_000;
  const staleMs = options.staleMs ?? 60_000;
  let cached: { data: PricingData; loadedAt: number } | null = null;
  let loading: Promise<PricingData> | null = null;
  let generation = 0;

  const load = (): Promise<PricingData> => {
    if (loading) return loading;
    const started = Date.now();
    const mine = generation;
    const promise: Promise<PricingData> = loadPricingRows(db)
      .then((rows) => {
        const model = buildPricingData(rows, { currency: settings.order.currency, offerBy: settings.site.name, coupons: settings.pricing.coupons ?? [] });
        // A model loaded before an invalidate() serves its own requests but is not kept.
        if (mine === generation) cached = { data: model, loadedAt: started };
        return model;
      })
      .finally(() => {
        if (loading === promise) loading = null;
      });
    loading = promise;
    return promise;
  };

  const data = async (opts: { fresh?: boolean } = {}): Promise<PricingData> => {
    const age = cached ? Date.now() - cached.loadedAt : Number.POSITIVE_INFINITY;
    if (cached && age <= freshMs) return cached.data;
    if (cached && !opts.fresh && age <= staleMs) {
      // Stale but usable: answer now, refresh for the next request.
      load().catch(() => undefined);
      return cached.data;
    }
    return load();
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
      return searchAvailability(model, query, context);
    },
    async quote(rawQuery) {
      const model = await data({ fresh: true });
      const { today, nowSeconds } = clock();
      const input = parseQuoteQuery(rawQuery, parseContext(model, today));
      return { input, result: quoteStay(model, input, { today, nowSeconds }) };
    },
    invalidate() {
      generation++;
      cached = null;
      loading = null;
    },
  };
}
