/**
 * The Trips Collection (spec §3 Order, §4 Trips Collection storage mode): one pure set of rules
 * for the browser's local mode and the server's session mode. Amounts are exact to the cent.
 */
import * as v from 'valibot';
import { fromCents, toCents } from '@/domain/money';
import type { Price } from '@/domain/pricing/types';

/** A line item is a price (spec §3 Price / offer) as it was added. */
export type LineItem = Price;

export interface Order {
  /** Number of line items. */
  lict: number;
  /** Line items by key 'ind-{n}'. */
  lis: Record<string, LineItem>;
  /** Sum of the line items' prices. */
  litot: number;
  /** A total the server may provide. */
  tot?: number;
}

export const MAX_LINE_ITEMS = 50;
/** The longest order JSON kept in local storage. */
export const MAX_ORDER_JSON = 64 * 1024;
/** The longest shared order in a link (`rcod` in the URL's hash or query): 16 KB of base64. */
export const MAX_SHARED_ORDER = 16 * 1024;
/**
 * The longest base64 order the server sends or takes (a short link's order, a share post's
 * `hash`): the largest order JSON kept, as base64. A full Trips Collection (50 line items) is
 * about 19 KB of base64, too long for `rcod`, so it is shared by its short link (code) only.
 */
export const MAX_ORDER_BASE64 = Math.ceil(MAX_ORDER_JSON / 3) * 4;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 8;

/** The first key that could reach an object's prototype, anywhere in a parsed JSON value, or null. */
function forbiddenKey(value: unknown, depth = 0): string | null {
  if (typeof value !== 'object' || value === null) return null;
  if (depth > MAX_DEPTH) return '(nested too deeply)';
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return key;
    const inner = forbiddenKey((value as Record<string, unknown>)[key], depth + 1);
    if (inner) return inner;
  }
  return null;
}
const KEY = /^ind-(\d{1,4})$/;

/** The empty order {lict:0, lis:{}, litot:0} (spec §3). */
export function emptyOrder(): Order {
  return { lict: 0, lis: {}, litot: 0 };
}

/**
 * Adds a price under the first free key 'ind-N' (N from 0), one more line item, p added to
 * litot in cents (spec §4 local mode). A full order (MAX_LINE_ITEMS) is returned unchanged.
 *
 * @example addLineItem(emptyOrder(), price).lis // { 'ind-0': price }
 */
export function addLineItem(order: Order, price: LineItem): { order: Order; key: string | null } {
  if (Object.keys(order.lis).length >= MAX_LINE_ITEMS) return { order, key: null };
  let n = 0;
  while (`ind-${n}` in order.lis) n += 1;
  const key = `ind-${n}`;
  const lis = { ...order.lis, [key]: price };
  return { order: { ...withoutTotal(order), lict: order.lict + 1, lis, litot: fromCents(toCents(order.litot) + toCents(price.p)) }, key };
}

/**
 * Removes a line item: one fewer, its p taken off litot in cents, the key deleted. An unknown
 * key leaves the order as it is.
 */
export function removeLineItem(order: Order, key: string): Order {
  const item = order.lis[key];
  if (!item) return order;
  const { [key]: _removed, ...lis } = order.lis;
  return { ...withoutTotal(order), lict: Math.max(0, order.lict - 1), lis, litot: fromCents(toCents(order.litot) - toCents(item.p)) };
}

/**
 * Puts a re-priced line item in place of the one under `key`, litot adjusted to the cent. An
 * unknown key leaves the order as it is.
 */
export function replaceLineItem(order: Order, key: string, price: LineItem): Order {
  const item = order.lis[key];
  if (!item) return order;
  return { ...withoutTotal(order), lis: { ...order.lis, [key]: price }, litot: fromCents(toCents(order.litot) - toCents(item.p) + toCents(price.p)) };
}

/** A server total no longer holds once the client changes the order. */
function withoutTotal(order: Order): Order {
  const { tot: _tot, ...rest } = order;
  return rest;
}

/** The line items in key order (ind-0, ind-1, …, ind-10). */
export function lineItems(order: Order): Array<[string, LineItem]> {
  return Object.entries(order.lis).sort(([a], [b]) => Number(KEY.exec(a)?.[1] ?? 0) - Number(KEY.exec(b)?.[1] ?? 0));
}

export const hasLineItems = (order: Order): boolean => Object.keys(order.lis).length > 0;

const Amount = v.pipe(v.number(), v.finite(), v.minValue(-1e9), v.maxValue(1e9));
const DateText = v.pipe(v.string(), v.regex(/^(\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4})$/, 'must be a date'));
const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const Guests = v.optional(v.union([v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99)), v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number))]));
const RcavSchema = v.looseObject({
  begin: DateText,
  end: v.optional(DateText),
  nights: v.optional(v.union([v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365)), v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number))])),
  adult: Guests,
  child: Guests,
  senior: Guests,
  IDs: v.optional(v.pipe(v.array(v.union([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))])), v.maxLength(3))),
  coupon: v.optional(Text(40)),
});
const LineItemSchema = v.looseObject({
  eid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  p: Amount,
  s: v.optional(Amount),
  c: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/))),
  b: DateText,
  e: DateText,
  n: v.optional(Text(200)),
  dn: v.optional(Text(200)),
  dd: v.optional(Text(500)),
  og: v.optional(Text(40)),
  qp: v.looseObject({
    rcav: RcavSchema,
    special_data: v.optional(v.looseObject({ special_nid: v.union([v.number(), v.string()]) })),
    senior: v.optional(v.union([v.number(), v.string()])),
    buy_text: v.optional(Text(200)),
  }),
});
const OrderSchema = v.looseObject({
  lict: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_LINE_ITEMS)),
  lis: v.pipe(
    v.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'must be a map of line items'),
    v.record(v.pipe(v.string(), v.regex(KEY, "keys must be 'ind-{n}'")), LineItemSchema),
    v.check((lis) => Object.keys(lis).length <= MAX_LINE_ITEMS, `at most ${MAX_LINE_ITEMS} line items`),
  ),
  litot: Amount,
  tot: v.optional(Amount),
});

/**
 * Validates an order from anywhere untrusted (local storage, a shared link, a post, the
 * server). lict and litot are recomputed from the line items, so a tampered total cannot
 * stand; tot is kept only from the server (`trustTotal`).
 *
 * @example parseOrder({ lict: 0, lis: {}, litot: 0 }) // { ok: true, value: { lict: 0, lis: {}, litot: 0 } }
 */
export function parseOrder(input: unknown, { trustTotal = false }: { trustTotal?: boolean } = {}): { ok: true; value: Order } | { ok: false; error: string } {
  const hostile = forbiddenKey(input);
  if (hostile) return { ok: false, error: `Invalid order: the key ${hostile} is not allowed` };
  const parsed = v.safeParse(OrderSchema, input);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return { ok: false, error: `Invalid order: ${issue ? `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}` : 'unknown'}` };
  }
  const lis = parsed.output.lis as unknown as Record<string, LineItem>;
  const order: Order = {
    lict: Object.keys(lis).length,
    lis,
    litot: fromCents(Object.values(lis).reduce((sum, item) => sum + toCents(item.p), 0)),
  };
  if (trustTotal && parsed.output.tot !== undefined) order.tot = parsed.output.tot;
  return { ok: true, value: order };
}

/**
 * The order as base64 of its JSON (UTF-8), as share links (`?rcod=`, `#rcod=`) carry it.
 *
 * @example encodeOrder({ lict: 0, lis: {}, litot: 0 }) // 'eyJsaWN0IjowLCJsaXMiOnt9LCJsaXRvdCI6MH0='
 */
export function encodeOrder(order: Order): string {
  const bytes = new TextEncoder().encode(JSON.stringify(order));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Reads a base64 order (standard or URL-safe alphabet, padding optional, at most `maxLength`:
 * 16 KB for a link's `rcod`, MAX_ORDER_BASE64 for what the server sends) and
 * validates it. Anything malformed gives a clear error and no order.
 */
export function decodeOrder(encoded: unknown, { maxLength = MAX_SHARED_ORDER }: { maxLength?: number } = {}): { ok: true; value: Order } | { ok: false; error: string } {
  if (typeof encoded !== 'string' || encoded.length === 0) return { ok: false, error: 'The shared order is empty' };
  if (encoded.length > maxLength) return { ok: false, error: `The shared order is too large (at most ${Math.round(maxLength / 1024)} KB)` };
  const normalised = encoded.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '+');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normalised)) return { ok: false, error: 'The shared order is not base64' };
  let json: unknown;
  try {
    const binary = atob(normalised.padEnd(Math.ceil(normalised.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, error: 'The shared order could not be read' };
  }
  return parseOrder(json);
}
