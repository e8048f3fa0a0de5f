/**
 * The pricing engine over the database: loads each unit's rate plan (`units.rate_plan`; the old
 * seasons and unit_rates rows only for a unit without one), the booked calendar, the checkout's
 * protection fees, activities, packages and specials into the in-memory model (model.ts) and
 * answers searches, quotes and the buy page from it.
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
 * changes within seconds, since each checks the database itself. Checkout reservations are the
 * one change that is frequent: their nights are marked in this process's model at once
 * (`markBooked`), and a check that finds only new reservations reads just those rows.
 *
 * A pay-later hold takes its nights only until its `held_until` (server/checkout/holds.ts): the
 * model is loaded without the rows whose time has passed, and a model that holds a hold is loaded
 * again once the first of its holds' times has passed (a hold may have lapsed or been confirmed
 * meanwhile: the database says which). Searches go on being answered from it while that load runs
 * in the background (showing nights taken a moment longer is the safe side); quotes (`fresh`)
 * wait for it. No timer is needed: each server's reads decide.
 */
import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { AvailSearchResponse, Special } from '../../src/domain/pricing/types.ts';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { Database } from '../db/client.ts';
import { activities, bookings, fees, packages, seasons, specials, unitRates, units } from '../db/schema.ts';
import { searchAvailability, unitsOfQuery, type SearchContext } from './engine.ts';
import { buildPricingData, dayOf, markOccupied, siteCalendar, type PricingData, type PricingRows } from './model.ts';
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
  /** The service's clock: what day it is for prices, availability and the calendar. */
  now(): Date;
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
  /**
   * Drops the cached model: the next request loads it again. A writer of this process (the owner's
   * publish of a rate plan) calls it so the new prices are live at once; other servers see the
   * change at their next fingerprint check (within `freshMs`, 2 s).
   */
  invalidate(): void;
  /**
   * Marks the nights of new bookings (a checkout that committed) as taken in the cached model at
   * once, so the very next search and calendar no longer offer them without waiting for a reload
   * (a load already under way gets them too). Other servers add them at their next check.
   */
  markBooked(stays: readonly BookedStay[]): void;
}

/** Nights taken by a booking; `heldUntil` (epoch ms) for a pay-later hold's. */
export interface BookedStay {
  unitEid: number;
  begin: string;
  end: string;
  heldUntil?: number;
}

/** Reads the rows the model is built from, in parallel. */
export async function loadPricingRows(db: Database, now: Date = new Date()): Promise<PricingRows & { nextLapse: number }> {
  const [unitRows, bookingRows, feeRows, activityRows, packageRows, specialRows] = await Promise.all([
    db.select({ eid: units.eid, name: units.name, sleeps: units.sleeps, cleaningFeeCents: units.cleaningFeeCents, ratePlan: units.ratePlan }).from(units).where(eq(units.status, 'published')).orderBy(asc(units.eid)),
    // A lapsed hold's nights are free, whether or not the sweeper has deleted them yet.
    db
      .select({ unitEid: bookings.unitEid, beginDate: bookings.beginDate, endDate: bookings.endDate, heldUntil: bookings.heldUntil })
      .from(bookings)
      .where(or(isNull(bookings.heldUntil), gt(bookings.heldUntil, now))),
    db.select().from(fees),
    db.select({ eid: activities.eid, name: activities.name, pricePerPersonCents: activities.pricePerPersonCents }).from(activities),
    db.select({ eid: packages.eid, name: packages.name, nights: packages.nights, unitEids: packages.unitEids, activityEids: packages.activityEids }).from(packages),
    db.select().from(specials),
  ]);
  // The old rows are read only for a unit without a plan (a database made before rate plans, until its start-up fill).
  const legacy = unitRows.some((unit) => unit.ratePlan === null)
    ? await Promise.all([
        db.select({ id: seasons.id, name: seasons.name, beginDate: seasons.beginDate, endDate: seasons.endDate, minStay: seasons.minStay }).from(seasons),
        db.select({ unitEid: unitRates.unitEid, seasonId: unitRates.seasonId, nightlyCents: unitRates.nightlyCents }).from(unitRates),
      ])
    : null;
  return {
    units: unitRows,
    ...(legacy ? { seasons: legacy[0], unitRates: legacy[1] } : {}),
    bookings: bookingRows,
    nextLapse: nextLapseOf(bookingRows),
    fees: feeRows,
    activities: activityRows,
    packages: packageRows,
    specials: specialRows,
  };
}

/** The first time a row's hold ends (epoch ms; Infinity without holds). */
function nextLapseOf(rows: readonly { heldUntil?: Date | number | null }[]): number {
  let next = Number.POSITIVE_INFINITY;
  for (const row of rows) if (row.heldUntil !== null && row.heldUntil !== undefined) next = Math.min(next, new Date(row.heldUntil).getTime());
  return next;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * A cheap summary of everything the model is built from (counts, largest ids, sums), in one
 * query: a few milliseconds where loading the model takes a few hundred on the embedded
 * database. New, removed or re-dated bookings and changed rates, seasons, fees, specials, units
 * (a unit's rate plan is hashed whole: any change to it is seen), activities and packages change it (an edit that keeps every count and sum is not seen until
 * invalidate() or a restart). The nights of checkout reservations (bookings rows with a
 * reservation_id) are summed apart, as `reserved`: new ones are read and added to the cached model
 * (a checkout must not cost every server a reload); any other change reloads it.
 */
export async function pricingState(db: Pick<Database, 'execute'>): Promise<{ fingerprint: string; reserved: { count: number; last: number } }> {
  const result = await db.execute(sql`select concat_ws('|',
    (select concat_ws(':', count(*), max(${bookings.id}), sum(${bookings.endDate} - ${bookings.beginDate}), sum(${bookings.beginDate} - date '2000-01-01')) from ${bookings} where ${bookings.reservationId} is null),
    (select concat_ws(':', count(*), sum(${unitRates.nightlyCents}::bigint), sum(${unitRates.seasonId}::bigint * ${unitRates.unitEid})) from ${unitRates}),
    (select concat_ws(':', count(*), sum(${seasons.minStay}), sum(${seasons.endDate} - ${seasons.beginDate}), max(${seasons.endDate})) from ${seasons}),
    (select md5(string_agg(concat_ws(',', ${fees.code}, ${fees.name}, ${fees.kind}, ${fees.amount}, ${fees.optional}, ${fees.optionKind}, ${fees.choice}, ${fees.position}, ${fees.description}), ';' order by ${fees.code})) from ${fees}),
    (select concat_ws(':', count(*), sum(${specials.discountPercent}), sum(${specials.bookEnd} - ${specials.bookBegin}), sum(${specials.stayEnd} - ${specials.stayBegin}), sum(cardinality(${specials.units})), sum(${specials.minNights} + ${specials.maxNights} + ${specials.minGuests} + ${specials.maxGuests})) from ${specials}),
    (select concat_ws(':', count(*), sum(${units.cleaningFeeCents}), sum(${units.sleeps}), md5(string_agg(concat_ws(',', ${units.eid}, ${units.name}, ${units.status}, md5(${units.ratePlan}::text)), ';' order by ${units.eid}))) from ${units}),
    (select concat_ws(':', count(*), sum(${activities.pricePerPersonCents})) from ${activities}),
    (select concat_ws(':', count(*), sum(${packages.nights}), sum(cardinality(${packages.unitEids}) + cardinality(${packages.activityEids}))) from ${packages})
  ) as fingerprint,
  (select count(*)::int from ${bookings} where ${bookings.reservationId} is not null) as reserved_count,
  (select coalesce(max(${bookings.id}), 0)::int from ${bookings} where ${bookings.reservationId} is not null) as reserved_last`);
  const row = rowsOf<{ fingerprint: string; reserved_count: number; reserved_last: number }>(result)[0];
  return { fingerprint: String(row?.fingerprint ?? ''), reserved: { count: Number(row?.reserved_count ?? 0), last: Number(row?.reserved_last ?? 0) } };
}

/** The state of pricingState as one text: any change to what the model is built from changes it. */
export async function pricingFingerprint(db: Pick<Database, 'execute'>): Promise<string> {
  const state = await pricingState(db);
  return `${state.fingerprint}|${state.reserved.count}:${state.reserved.last}`;
}

export function createPricingService(options: PricingServiceOptions): PricingService {
  const { db, settings } = options;
  const now = options.now ?? (() => new Date());
  const freshMs = options.freshMs ?? 2_000;
  const staleMs = options.staleMs ?? 60_000;
  let cached: { data: PricingData; checkedAt: number; fingerprint: string; reserved: { count: number; last: number }; nextLapse: number; day: number } | null = null;
  let revalidating: Promise<PricingData> | null = null;
  let generation = 0;
  // Nights booked in this process (markBooked), kept until a load that started after them: a model
  // whose rows were read before such a booking committed gets its nights too.
  let markSeq = 0;
  let marks: { seq: number; stays: readonly BookedStay[] }[] = [];

  /** Adds the reservations' nights made since the cached model's; false when that does not explain the change. */
  const addReservations = async (reserved: { count: number; last: number }): Promise<boolean> => {
    if (!cached) return false;
    if (reserved.count === cached.reserved.count && reserved.last === cached.reserved.last) return true;
    if (reserved.last <= cached.reserved.last || reserved.count <= cached.reserved.count) return false;
    const rows = await db
      .select({ unitEid: bookings.unitEid, begin: bookings.beginDate, end: bookings.endDate, heldUntil: bookings.heldUntil })
      .from(bookings)
      .where(and(isNotNull(bookings.reservationId), gt(bookings.id, cached.reserved.last), lte(bookings.id, reserved.last)));
    // Another count means a reservation was removed, or one with a smaller id committed later: reload.
    if (rows.length !== reserved.count - cached.reserved.count) return false;
    const at = now().getTime();
    markOccupied(cached.data, rows.filter((row) => row.heldUntil === null || row.heldUntil.getTime() > at));
    cached.nextLapse = Math.min(cached.nextLapse, nextLapseOf(rows));
    cached.reserved = reserved;
    return true;
  };

  /** Checks the tables' fingerprint: adds new reservations, and reloads the model only when anything else changed. */
  const revalidate = (): Promise<PricingData> => {
    if (revalidating) return revalidating;
    const mine = generation;
    const fromSeq = markSeq;
    const promise: Promise<PricingData> = (async () => {
      const started = Date.now();
      // A model whose first hold's time has passed, or made on another day (its calendar runs a year from its day), is loaded again though nothing in the tables changed.
      const lapsed = cached !== null && (cached.nextLapse <= now().getTime() || cached.day !== clock().today);
      const state = await pricingState(db);
      if (cached && !lapsed && cached.fingerprint === state.fingerprint && mine === generation && (await addReservations(state.reserved)) && mine === generation) {
        cached.checkedAt = started;
        return cached.data;
      }
      const rows = await loadPricingRows(db, now());
      const day = clock().today;
      const model = buildPricingData(rows, { calendar: siteCalendar(day), currency: settings.order.currency, offerBy: settings.site.name, coupons: settings.pricing.coupons ?? [] });
      let nextLapse = rows.nextLapse;
      const at = now().getTime();
      for (const mark of marks) {
        if (mark.seq <= fromSeq) continue;
        const live = mark.stays.filter((stay) => stay.heldUntil === undefined || stay.heldUntil > at);
        markOccupied(model, live);
        nextLapse = Math.min(nextLapse, nextLapseOf(live));
      }
      // A model loaded before an invalidate() serves its own requests but is not kept.
      if (mine === generation) cached = { data: model, checkedAt: started, fingerprint: state.fingerprint, reserved: state.reserved, nextLapse, day };
      return model;
    })().finally(() => {
      marks = marks.filter((mark) => mark.seq > fromSeq);
      if (revalidating === promise) revalidating = null;
    });
    revalidating = promise;
    return promise;
  };

  const data = async (opts: { fresh?: boolean } = {}): Promise<PricingData> => {
    // A hold of the model has reached its time: its nights may be free now (or confirmed), so the
    // model is loaded again; until then searches are answered from this one.
    const lapsed = cached !== null && (cached.nextLapse <= now().getTime() || cached.day !== clock().today);
    const age = cached ? Date.now() - cached.checkedAt : Number.POSITIVE_INFINITY;
    if (cached && !lapsed && age <= freshMs) return cached.data;
    if (cached && !opts.fresh && age <= staleMs) {
      // Checked a while ago (or a hold's time passed): answer now, check or load again for the next request.
      revalidate().catch(() => undefined);
      return cached.data;
    }
    const model = await revalidate();
    // A check already under way that started before the hold's time kept the model: load once more.
    if (cached && cached.data === model && cached.nextLapse <= now().getTime()) return revalidate();
    return model;
  };

  const clock = () => {
    const moment = now();
    const today = dayOf(moment.toISOString().slice(0, 10)) ?? 0;
    return { today, nowSeconds: Math.floor(moment.getTime() / 1000) };
  };

  const parseContext = (model: PricingData, today: number): ParseContext => ({ data: model, today, maxFlexDays: settings.pricing.max_flex_days });

  return {
    now,
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
    markBooked(stays) {
      marks.push({ seq: ++markSeq, stays });
      if (cached) {
        markOccupied(cached.data, stays);
        cached.nextLapse = Math.min(cached.nextLapse, nextLapseOf(stays));
      }
    },
  };
}
