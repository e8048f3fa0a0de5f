import * as v from 'valibot';
import { parseOrder, type Order } from './order';

/** One line item whose price changed, or which can no longer be had (now null), at checkout or in a shared trip. */
export interface PriceChange {
  key: string;
  n: string;
  was: number;
  now: number | null;
  problem?: string;
}

const ChangeSchema = v.object({
  key: v.pipe(v.string(), v.regex(/^ind-\d{1,4}$/)),
  n: v.pipe(v.string(), v.maxLength(200)),
  was: v.pipe(v.number(), v.finite()),
  now: v.nullable(v.pipe(v.number(), v.finite())),
  problem: v.optional(v.pipe(v.string(), v.maxLength(500))),
});
const ChangesSchema = v.pipe(v.array(ChangeSchema), v.maxLength(50));
const AnswerSchema = v.object({ order: v.unknown(), changes: ChangesSchema });
const SharedAnswerSchema = v.object({ order: v.string(), changes: ChangesSchema });

/**
 * The server's answer to POST /rcapi/order/verify, validated: the checked order and what changed.
 *
 * @example parseVerification({ order: { lict: 0, lis: {}, litot: 0 }, changes: [] }) // { ok: true, value: { order: …, changes: [] } }
 */
export function parseVerification(input: unknown): { ok: true; value: { order: Order; changes: PriceChange[] } } | { ok: false; error: string } {
  const parsed = v.safeParse(AnswerSchema, input);
  if (!parsed.success) return { ok: false, error: 'The price check answered something unexpected' };
  const order = parseOrder(parsed.output.order, { trustTotal: true });
  if (!order.ok) return order;
  return { ok: true, value: { order: order.value, changes: parsed.output.changes } };
}

/**
 * The server's answer to GET /rescms/order/shorturl/{code} asked as JSON: the shared order at
 * today's prices (base64, read with decodeOrder) and what changed since it was shared.
 *
 * @example parseSharedOrderAnswer({ order: 'eyJsaWN0IjowfQ==', changes: [] }) // { ok: true, value: { encoded: 'eyJsaWN0IjowfQ==', changes: [] } }
 */
export function parseSharedOrderAnswer(input: unknown): { ok: true; value: { encoded: string; changes: PriceChange[] } } | { ok: false; error: string } {
  const parsed = v.safeParse(SharedAnswerSchema, input);
  if (!parsed.success) return { ok: false, error: 'The shared Trips Collection answered something unexpected' };
  return { ok: true, value: { encoded: parsed.output.order, changes: parsed.output.changes } };
}
