/**
 * Reads an availability search or a quote request: a query string in the bracket form
 * jQuery.param produces (`rcav[begin]=2026-12-01&rcav[end]=2026-12-08&rcav[adult]=2&rcav[IDs][]=1001`),
 * checked field by field. Anything wrong throws PricingInputError: its message names the parameter
 * (the API's 400 answers, for whoever builds the query); its `visitorMessage` says the same in a
 * guest's words, without parameter names (a Trips Collection's offer checked again at checkout or
 * in a shared trip, issue 22).
 */
import { parseNestedQuery, type NestedQuery } from '../../src/domain/pricing/query.ts';
import type { ReductionMode } from '../../src/domain/pricing/reductions.ts';
import { MAX_GUESTS_PER_KIND, type AvailQuery, type OfferId } from './engine.ts';
import { dayOf, type PricingData } from './model.ts';

/** Why a guest's offer cannot be had, when the query says it: the arrival is past, or the item is gone. */
export type InputReason = 'past' | 'gone';

const UNREADABLE = 'The details of this offer could not be read. Please search for it again.';

export class PricingInputError extends Error {
  readonly statusCode = 400;
  /** The same in a guest's words: no parameter names. */
  readonly visitorMessage: string;
  readonly reason: InputReason | null;
  constructor(message: string, { visitor = UNREADABLE, reason = null }: { visitor?: string; reason?: InputReason | null } = {}) {
    super(message);
    this.visitorMessage = visitor;
    this.reason = reason;
  }
}

/** The longest stay a search may ask for. */
export const MAX_NIGHTS = 365;
export const MAX_COUPON_LENGTH = 40;
export const MAX_BUY_TEXT_LENGTH = 200;

const RCAV_KEYS = ['begin', 'end', 'nights', 'adult', 'child', 'senior', 'IDs', 'coupon', 'flex'];
const OFFER_IDS: readonly OfferId[] = ['standard', 'special', 'nonrefundable', 'package', 'activity'];
const WHOLE = /^\d{1,9}$/;

export interface ParseContext {
  data: PricingData;
  /** Today's day number: arrivals before yesterday are refused (a day's grace for time zones). */
  today: number;
  maxFlexDays: number;
}

export interface QuoteInput {
  query: AvailQuery;
  specialNid: number | null;
  og: OfferId | null;
  buyText: string | null;
  /** The coupon as asked, when it is not one the site knows. */
  unknownCoupon: string | null;
}

const fail = (message: string, visitor?: { visitor?: string; reason?: InputReason }): never => {
  throw new PricingInputError(message, visitor);
};

/** What a guest calls the counts of rcav. */
const COUNT_NAMES: Record<string, string> = { 'rcav[adult]': 'adults', 'rcav[child]': 'children', 'rcav[senior]': 'seniors', 'rcav[nights]': 'nights' };
const DATE_NAMES: Record<string, string> = { 'rcav[begin]': 'arrival', 'rcav[end]': 'departure' };

function single(node: NestedQuery, key: string, label: string): string | undefined {
  const value = node[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return fail(`${label} must be a single value`);
  return value === '' ? undefined : value;
}

function whole(value: string | undefined, label: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = WHOLE.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max)) {
    const noun = COUNT_NAMES[label];
    return fail(`${label} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value.slice(0, 20))}`, noun ? { visitor: `The number of ${noun} must be from ${min} to ${max}.` } : undefined);
  }
  return n;
}

function date(value: string | undefined, label: string): number | undefined {
  if (value === undefined) return undefined;
  const day = dayOf(value);
  if (day === null) return fail(`${label} must be a real date in the form YYYY-MM-DD or MM/DD/YYYY, not ${JSON.stringify(value.slice(0, 20))}`, { visitor: `The ${DATE_NAMES[label] ?? 'stay'} date is not a real date.` });
  return day;
}

function ids(rcav: NestedQuery): number[] | null {
  const raw = rcav.IDs;
  if (raw === undefined || raw === '') return null;
  const list = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : fail('rcav[IDs] must be a list of eids, e.g. rcav[IDs][]=1001');
  if (list.length > 3) fail('rcav[IDs] has at most 3 entries: the item, 0 and a package');
  const out: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const entry = list[i];
    if (typeof entry !== 'string' || !WHOLE.test(entry)) fail(`rcav[IDs][${i}] must be a whole number`);
    out.push(Number(entry));
  }
  return out;
}

function parseRoot(raw: string): NestedQuery {
  const parsed = parseNestedQuery(raw);
  if (!parsed.ok) return fail(`Malformed query: ${parsed.error}`);
  return parsed.value;
}

/**
 * Reads rcav into an AvailQuery. `mode` 'quote' needs rcav[IDs] and no flexible window.
 */
function parseRcav(root: NestedQuery, context: ParseContext, mode: 'search' | 'quote'): { query: AvailQuery; unknownCoupon: string | null } {
  const rcav = root.rcav;
  if (rcav === undefined || typeof rcav === 'string' || Array.isArray(rcav)) {
    return fail('rcav is required, e.g. rcav[begin]=2026-12-01&rcav[end]=2026-12-08&rcav[adult]=2');
  }
  for (const key of Object.keys(rcav)) {
    if (!RCAV_KEYS.includes(key)) fail(`rcav[${key.slice(0, 40)}] is not an availability parameter (use ${RCAV_KEYS.join(', ')})`);
  }
  const { data } = context;
  const begin = date(single(rcav, 'begin', 'rcav[begin]'), 'rcav[begin]') ?? fail('rcav[begin] is required: the arrival day, YYYY-MM-DD or MM/DD/YYYY', { visitor: 'The stay has no arrival date.' });
  if (begin < context.today - 1) fail('rcav[begin] is in the past', { visitor: 'Its arrival date has passed.', reason: 'past' });
  const end = date(single(rcav, 'end', 'rcav[end]'), 'rcav[end]');
  const nightsAsked = single(rcav, 'nights', 'rcav[nights]');
  let nights: number | null = nightsAsked === undefined ? null : whole(nightsAsked, 'rcav[nights]', 1, MAX_NIGHTS, 0);
  if (end !== undefined) {
    if (end <= begin) fail('rcav[end] must be after rcav[begin]', { visitor: 'Its departure date is not after its arrival date.' });
    const between = end - begin;
    if (between > MAX_NIGHTS) fail(`A stay may be at most ${MAX_NIGHTS} nights; rcav[begin] to rcav[end] is ${between}`, { visitor: `A stay can be at most ${MAX_NIGHTS} nights.` });
    if (nights !== null && nights !== between) fail(`rcav[nights] (${nights}) does not match rcav[begin] to rcav[end] (${between} nights)`, { visitor: 'Its number of nights does not match its dates.' });
    nights = between;
  }
  const guests = {
    adult: whole(single(rcav, 'adult', 'rcav[adult]'), 'rcav[adult]', 1, MAX_GUESTS_PER_KIND, 1),
    child: whole(single(rcav, 'child', 'rcav[child]'), 'rcav[child]', 0, MAX_GUESTS_PER_KIND, 0),
    senior: whole(single(rcav, 'senior', 'rcav[senior]') ?? single(root, 'senior', 'senior'), 'rcav[senior]', 0, MAX_GUESTS_PER_KIND, 0),
  };
  const flexAsked = single(rcav, 'flex', 'rcav[flex]');
  if (mode === 'quote' && flexAsked !== undefined && flexAsked !== '0') fail('rcav[flex] is not allowed here: a quote is for one arrival day', { visitor: 'A quote is for one arrival date.' });
  const flex = whole(flexAsked, 'rcav[flex]', 0, context.maxFlexDays, 0);
  const couponAsked = single(rcav, 'coupon', 'rcav[coupon]');
  if (couponAsked !== undefined && couponAsked.length > MAX_COUPON_LENGTH) fail(`rcav[coupon] must be at most ${MAX_COUPON_LENGTH} characters`, { visitor: `A coupon code has at most ${MAX_COUPON_LENGTH} characters.` });
  const coupon = couponAsked === undefined ? null : (data.coupons.get(couponAsked.trim().toUpperCase()) ?? null);

  let item: AvailQuery['item'] = null;
  const list = ids(rcav);
  if (list === null) {
    if (mode === 'quote') fail('rcav[IDs] is required: the eid of the item to quote, e.g. rcav[IDs][]=1001');
  } else {
    const eid = list[0] ?? 0;
    const packageEid = list[2] ?? 0;
    const unit = data.units.get(eid);
    const activity = data.activities.get(eid);
    if (!unit && !activity) fail(`No bookable item with eid ${eid}`, { visitor: 'It is no longer offered.', reason: 'gone' });
    if (packageEid !== 0) {
      const pkg = data.packages.get(packageEid) ?? fail(`No package with eid ${packageEid}`, { visitor: 'Its package is no longer offered.', reason: 'gone' });
      if (!unit) return fail(`A package is booked with a unit: rcav[IDs][0] (${eid}) is not a unit`, { visitor: 'Its package is not offered with this rental.', reason: 'gone' });
      if (!pkg.unitEids.has(unit.eid)) fail(`Unit ${unit.eid} is not part of package ${pkg.eid}`, { visitor: 'Its package is not offered with this rental.', reason: 'gone' });
      item = { kind: 'unit', unit, pkg };
      nights = pkg.nights;
    } else if (unit) {
      item = { kind: 'unit', unit, pkg: null };
    } else if (activity) {
      item = { kind: 'activity', activity };
      nights = null;
    }
  }
  if (item?.kind !== 'activity' && nights === null) fail('Give rcav[end] (the departure day) or rcav[nights] for the stay', { visitor: 'The stay has no departure date.' });
  return {
    query: { begin, nights, guests, item, coupon, flex },
    unknownCoupon: couponAsked !== undefined && coupon === null ? couponAsked : null,
  };
}

/** Most units one search may name in `eids`, and most per page. */
export const MAX_SEARCH_EIDS = 1000;
const REDUCTIONS: readonly ReductionMode[] = ['all', 'first', 'low', 'low_day'];

/**
 * GET /rcapi/item/avail/search's query: rcav, and the optional server-side reduction and paging
 * (outside rcav, so the spec's requests are unchanged): `reduce` (all, first, low, low_day: the
 * client-side modes, done before the answer is written), `eids` (comma-separated unit eids: only
 * these units, e.g. the results a page shows; unknown ones are left out), `per_page` and `page`
 * (one page of the units in eid order; the route sends the count of all in X-Total-Count).
 */
export function parseSearchQuery(raw: string, context: ParseContext): AvailQuery {
  const root = parseRoot(raw);
  const query = parseRcav(root, context, 'search').query;
  const reduce = single(root, 'reduce', 'reduce');
  if (reduce !== undefined && !(REDUCTIONS as readonly string[]).includes(reduce)) fail(`reduce must be one of ${REDUCTIONS.join(', ')}`);
  const eidsAsked = single(root, 'eids', 'eids');
  let eids: number[] | null = null;
  if (eidsAsked !== undefined) {
    if (query.item) fail('eids and rcav[IDs] cannot be combined: rcav[IDs] names one item');
    const list = eidsAsked.split(',');
    if (list.length > MAX_SEARCH_EIDS) fail(`eids has at most ${MAX_SEARCH_EIDS} entries`);
    eids = list.map((entry, i) => (WHOLE.test(entry.trim()) ? Number(entry.trim()) : fail(`eids[${i}] must be a whole number, not ${JSON.stringify(entry.slice(0, 20))}`)));
  }
  const perPageAsked = single(root, 'per_page', 'per_page');
  const pageAsked = single(root, 'page', 'page');
  if (pageAsked !== undefined && perPageAsked === undefined) fail('page needs per_page (the units per page)');
  const page =
    perPageAsked === undefined
      ? null
      : { perPage: whole(perPageAsked, 'per_page', 1, MAX_SEARCH_EIDS, 0), page: whole(pageAsked, 'page', 1, 1_000_000, 1) };
  return { ...query, reduce: (reduce as ReductionMode | undefined) ?? 'all', eids, page };
}

/** GET /rescms/ajax/item/pricing/quote's query (a price's qp plus buy_text), and the buy page's. */
export function parseQuoteQuery(raw: string, context: ParseContext): QuoteInput {
  const root = parseRoot(raw);
  const { query, unknownCoupon } = parseRcav(root, context, 'quote');
  let specialNid: number | null = null;
  const specialData = root.special_data;
  if (specialData !== undefined && specialData !== '') {
    if (typeof specialData === 'string' || Array.isArray(specialData)) return fail('special_data must be special_data[special_nid]=…');
    specialNid = whole(single(specialData, 'special_nid', 'special_data[special_nid]'), 'special_data[special_nid]', 0, 999_999_999, 0) || null;
  }
  const og = single(root, 'og', 'og');
  if (og !== undefined && !(OFFER_IDS as readonly string[]).includes(og)) fail(`og must be one of ${OFFER_IDS.join(', ')}`);
  const buyText = single(root, 'buy_text', 'buy_text');
  if (buyText !== undefined && buyText.length > MAX_BUY_TEXT_LENGTH) fail(`buy_text must be at most ${MAX_BUY_TEXT_LENGTH} characters`);
  return { query, specialNid, og: (og as OfferId | undefined) ?? null, buyText: buyText ?? null, unknownCoupon };
}
