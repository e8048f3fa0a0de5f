import * as v from 'valibot';
import { formatStayDate } from '@/domain/pricing/dates';
import { parseOrder, type Order } from './order';

/**
 * One line item whose price changed, or which can no longer be had (now null), at checkout or in a
 * shared trip. `n` names it for the guest (stayLabel: its name and dates); `problem` says why it
 * can no longer be had, as a sentence a guest reads (no parameter names).
 */
export interface PriceChange {
  key: string;
  n: string;
  was: number;
  now: number | null;
  problem?: string;
}

/**
 * A stay or activity as a guest reads it in a list of changes: its name and its dates.
 *
 * @example stayLabel('Seaside Landing', '2027-10-05', '2027-10-08') // 'Seaside Landing, Tue, Oct 5, 2027 – Fri, Oct 8, 2027'
 * @example stayLabel('Kayak tour', '2027-10-05') // 'Kayak tour, Tue, Oct 5, 2027'
 */
export function stayLabel(name: string, begin: string | undefined, end?: string): string {
  if (!begin) return name;
  return end && end !== begin ? `${name}, ${formatStayDate(begin)} – ${formatStayDate(end)}` : `${name}, ${formatStayDate(begin)}`;
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
