/**
 * Schemas of the availability pricing wire data (types.ts), for everything the client reads
 * from outside: the avail/search answer, local storage and the `#rcav=` hash. Hostile or
 * oversized data fails here and is dropped by the caller.
 */
import * as v from 'valibot';
import { dateToMs } from './dates';
import type { AvailItem, OfferGroupInfo, Price, PriceQueryParams, Rcav } from './types';

const date = v.pipe(
  v.string(),
  v.maxLength(10),
  v.check((value) => dateToMs(value) !== null, 'must be a date (YYYY-MM-DD or MM/DD/YYYY)'),
);
/** A count of guests or nights; digit strings (a hand-edited hash) are read as numbers. */
const count = (max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number))]),
    v.number(),
    v.integer(),
    v.minValue(0),
    v.maxValue(max),
  );
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const amount = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100_000_000));
const id = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));

export const RcavSchema = v.object({
  begin: date,
  end: v.optional(date),
  nights: v.optional(count(365)),
  adult: count(99),
  child: count(99),
  senior: v.optional(count(99)),
  IDs: v.optional(v.pipe(v.array(v.union([id, v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))])), v.maxLength(8))),
  coupon: v.optional(text(64)),
  flex: v.optional(count(60)),
}) satisfies v.GenericSchema<unknown, Rcav>;

export const PriceQueryParamsSchema = v.object({
  rcav: RcavSchema,
  special_data: v.optional(v.object({ special_nid: id })),
  senior: v.optional(count(99)),
  og: v.optional(text(100)),
  buy_text: v.optional(text(200)),
}) satisfies v.GenericSchema<unknown, PriceQueryParams>;

export const PriceSchema = v.object({
  eid: id,
  p: amount,
  s: v.optional(amount),
  c: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/))),
  b: date,
  e: date,
  n: v.optional(text(300)),
  dn: v.optional(text(300)),
  dd: v.optional(text(1000)),
  og: v.optional(text(100)),
  show_in_modal: v.optional(v.boolean()),
  show_in_addition: v.optional(v.boolean()),
  qp: PriceQueryParamsSchema,
}) satisfies v.GenericSchema<unknown, Price>;

export const OfferGroupInfoSchema = v.object({
  id: text(100),
  name: text(300),
  offerby: text(300),
  featured: v.boolean(),
}) satisfies v.GenericSchema<unknown, OfferGroupInfo>;

export const AvailItemSchema = v.object({
  eid: id,
  prices: v.pipe(v.array(PriceSchema), v.maxLength(500)),
  groups: v.optional(v.pipe(v.array(OfferGroupInfoSchema), v.maxLength(50))),
}) satisfies v.GenericSchema<unknown, AvailItem>;

/** The GET /rcapi/item/avail/search answer (spec §7). */
export const AvailSearchResponseSchema = v.pipe(v.array(AvailItemSchema), v.maxLength(20_000));

export const AvailSearchParamsSchema = v.object({ rcav: RcavSchema });
