/**
 * Analytics events (spec §1, §3 Analytics product and checkout step, §9 Analytics), shaped as
 * GA4 ecommerce events, and the batch the browser posts to the first-party collector
 * (`POST /analytics/collect`). The same schema checks both sides.
 *
 *   parseBatch(JSON.parse(body))  → { ok: true, batch } | { ok: false, message }
 */
import * as v from 'valibot';

/** The GA4 names of the events of spec §1. */
export const ANALYTICS_EVENTS = [
  'add_to_cart',
  'begin_checkout',
  'checkout_progress',
  'select_item',
  'view_item_list',
  'view_item',
  'exception',
  /** A search the visitor ran: what they typed and how many rentals it found. */
  'search',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** At most this many events in one post (impressions go in batches of 10: spec §9). */
export const MAX_EVENTS_PER_BATCH = 50;
/** The largest body the collector reads (bytes). */
export const MAX_BATCH_BYTES = 64 * 1024;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** Spec §3 Analytics product: id, price, list, position (GA4: item_id, price, item_list_name, index). */
const ProductSchema = v.strictObject({
  item_id: v.pipe(text(64), v.minLength(1)),
  item_name: v.optional(text(200)),
  price: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1e9))),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/))),
  item_list_name: v.optional(text(100)),
  index: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000))),
  quantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
});
export type AnalyticsProduct = v.InferOutput<typeof ProductSchema>;

const ParamsSchema = v.strictObject({
  items: v.optional(v.pipe(v.array(ProductSchema), v.maxLength(50))),
  /** add_to_cart: where it was added from (spec §1: Details, Detailed Quote or List). */
  from: v.optional(v.picklist(['details', 'quote', 'list'])),
  /** Checkout step (spec §3). */
  step: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(20))),
  value: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1e9))),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/))),
  /** exception: the error's message and where, as GA4's exception event. */
  description: v.optional(text(500)),
  fatal: v.optional(v.boolean()),
  /** search: the text the visitor typed (may be empty) and the number found (numFound). */
  search_term: v.optional(text(200)),
  results: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

const EventSchema = v.strictObject({
  name: v.picklist(ANALYTICS_EVENTS),
  /** When it happened in the browser (ms since the epoch); the server keeps its own time as well. */
  at: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** The page's path (no query, no hash). */
  page: v.optional(v.pipe(text(300), v.regex(/^\/[^?#\s]*$/))),
  params: v.optional(ParamsSchema, {}),
});
export type AnalyticsEvent = v.InferOutput<typeof EventSchema>;

const BatchSchema = v.strictObject({
  events: v.pipe(v.array(EventSchema), v.minLength(1), v.maxLength(MAX_EVENTS_PER_BATCH)),
});
export type AnalyticsBatch = v.InferOutput<typeof BatchSchema>;

export function parseBatch(input: unknown): { ok: true; batch: AnalyticsBatch } | { ok: false; message: string } {
  const result = v.safeParse(BatchSchema, input);
  if (result.success) return { ok: true, batch: result.output };
  const issue = result.issues[0];
  const where = issue ? v.getDotPath(issue) : null;
  return { ok: false, message: `${where ? `${where}: ` : ''}${issue?.message ?? 'not an analytics batch'}` };
}
