/**
 * Where session-mode orders and shared orders live (spec §4 Trips Collection storage mode, §7):
 * the database, through Drizzle, on PGlite or PostgreSQL alike.
 *
 * A share keeps only what names each offer (the engine's query params: unit, dates, guests,
 * rate or special, coupon) with its price and name when shared, never the client's text; it is
 * priced again whenever it is opened. Each client address may create SHARE_QUOTA shares in 24
 * hours and the table holds at most SHARE_MAX_TOTAL; a share not opened for SHARE_DAYS is
 * removed by the sweep (opening it renews it).
 */
import crypto from 'node:crypto';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { emptyOrder, lineItems, parseOrder, type Order } from '../../src/domain/order/order.ts';
import type { PriceQueryParams } from '../../src/domain/pricing/types.ts';
import type { Database } from '../db/client.ts';
import { orderSessions, sharedOrders, shareLeads } from '../db/schema.ts';

/** Sessions untouched for this long are removed. */
export const SESSION_DAYS = 30;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** 12 characters of a 56-letter alphabet: about 70 bits, unguessable (spec: random, >= 8). */
export const SHARE_CODE_LENGTH = 12;
export const SHARE_CODE = /^[A-Za-z0-9]{8,32}$/;

/** A random session id (192 bits, URL-safe). */
export function newSessionId(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** A random share code from an alphabet without look-alike characters. */
export function newShareCode(): string {
  let code = '';
  for (let i = 0; i < SHARE_CODE_LENGTH; i++) code += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)];
  return code;
}

/** One offer of a share: the engine's query params, and the price and name it had when shared. */
export interface SharedItem {
  qp: PriceQueryParams;
  p: number;
  n: string;
}

export interface ShareLimits {
  /** A share not opened for this many days is removed (SHARE_DAYS). */
  days: number;
  /** Shares one client may create in 24 hours (SHARE_QUOTA). */
  quotaPerDay: number;
  /** Shares kept at most (SHARE_MAX_TOTAL). */
  maxTotal: number;
}

export const DEFAULT_SHARE_LIMITS: ShareLimits = { days: 90, quotaPerDay: 100, maxTotal: 200_000 };

export type ShareResult = { ok: true; code: string } | { ok: false; reason: 'quota' | 'full'; retryAfterSeconds: number };

/** Don't write `used_at` on every opening: once an hour is enough for a lifetime counted in days. */
const RENEW_AFTER_MS = 3_600_000;

const StoredShareSchema = v.object({
  items: v.pipe(
    v.array(v.object({ qp: v.looseObject({ rcav: v.looseObject({}) }), p: v.pipe(v.number(), v.finite()), n: v.pipe(v.string(), v.maxLength(200)) })),
    v.maxLength(50),
  ),
});

/** The offers of a stored share: the stripped form, or a whole order stored before it existed. */
export function sharedItemsOf(stored: unknown): SharedItem[] | null {
  const stripped = v.safeParse(StoredShareSchema, stored);
  if (stripped.success) return stripped.output.items as unknown as SharedItem[];
  const legacy = parseOrder(stored);
  if (!legacy.ok) return null;
  return lineItems(legacy.value).map(([, item]) => ({ qp: item.qp, p: item.p, n: item.n ?? `Item ${item.eid}` }));
}

export interface ShareLead {
  code: string;
  senderName: string;
  senderEmail: string;
  recipientEmail: string;
  message: string;
  optIn: boolean;
}

export interface OrderStore {
  /** The session's order, or null when there is no such session. */
  load(sessionId: string): Promise<Order | null>;
  /**
   * Changes a session's order in one transaction (the row is locked, so two adds at once both
   * land); creates the session when it does not exist.
   */
  update(sessionId: string, change: (order: Order) => Promise<Order> | Order): Promise<Order>;
  /** Stores a share of a client (a key of its address) within its quota and the total cap. */
  share(items: readonly SharedItem[], client: string): Promise<ShareResult>;
  /** The offers of a share that has not expired; renews it. */
  shared(code: string): Promise<SharedItem[] | null>;
  addLead(lead: ShareLead): Promise<void>;
  /** Removes sessions untouched for SESSION_DAYS and shares not opened for the share lifetime. */
  sweep(now?: Date): Promise<{ sessions: number; shares: number }>;
}

const stored = (value: unknown): Order => {
  const parsed = parseOrder(value, { trustTotal: true });
  return parsed.ok ? parsed.value : emptyOrder();
};

export interface OrderStoreOptions {
  /** Keys the client addresses kept for the share quota (the server's cookie secret). */
  secret: string;
  shares?: ShareLimits;
  now?: () => Date;
}

export function createOrderStore(db: Database, options: OrderStoreOptions): OrderStore {
  const limits = options.shares ?? DEFAULT_SHARE_LIMITS;
  const now = options.now ?? (() => new Date());
  const lifetimeMs = limits.days * 86_400_000;
  // The address itself is not kept: a keyed hash is enough to count a client's shares.
  const clientKeyOf = (client: string) => crypto.createHmac('sha256', options.secret).update(`share-client|${client}`).digest('base64url').slice(0, 22);

  return {
    async load(sessionId) {
      const [row] = await db.select({ order: orderSessions.order }).from(orderSessions).where(eq(orderSessions.id, sessionId)).limit(1);
      return row ? stored(row.order) : null;
    },

    async update(sessionId, change) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ order: orderSessions.order }).from(orderSessions).where(eq(orderSessions.id, sessionId)).for('update').limit(1);
        const next = await change(row ? stored(row.order) : emptyOrder());
        await tx
          .insert(orderSessions)
          .values({ id: sessionId, order: next, updatedAt: new Date() })
          .onConflictDoUpdate({ target: orderSessions.id, set: { order: next, updatedAt: sql`now()` } });
        return next;
      });
    },

    async share(items, client) {
      const at = now();
      const clientKey = clientKeyOf(client);
      const dayAgo = new Date(at.getTime() - 86_400_000);
      const [mine] = await db
        .select({ n: count(), oldest: sql<number | null>`extract(epoch from min(${sharedOrders.createdAt}))::float8` })
        .from(sharedOrders)
        .where(and(eq(sharedOrders.clientKey, clientKey), gt(sharedOrders.createdAt, dayAgo)));
      if (mine && mine.n >= limits.quotaPerDay) {
        const oldest = mine.oldest !== null ? Number(mine.oldest) * 1000 : at.getTime();
        return { ok: false, reason: 'quota', retryAfterSeconds: Math.max(1, Math.ceil((oldest + 86_400_000 - at.getTime()) / 1000)) };
      }
      // Counting stops at the cap: the cost does not grow with the table.
      const total = (await db.execute(sql`select count(*)::int as n from (select 1 from ${sharedOrders} limit ${limits.maxTotal}) capped`)) as unknown as { rows: { n: number }[] };
      if (Number(total.rows[0]?.n ?? 0) >= limits.maxTotal) return { ok: false, reason: 'full', retryAfterSeconds: 3600 };
      const stored = { items: items.map(({ qp, p, n }) => ({ qp, p, n })) };
      // A clash of 70-bit codes is practically impossible; try again rather than fail if it happens.
      for (let attempt = 0; attempt < 3; attempt++) {
        const code = newShareCode();
        const inserted = await db
          .insert(sharedOrders)
          .values({ code, order: stored, clientKey, createdAt: at, usedAt: at })
          .onConflictDoNothing()
          .returning({ code: sharedOrders.code });
        if (inserted.length > 0) return { ok: true, code };
      }
      throw new Error('Could not find a free share code');
    },

    async shared(code) {
      if (!SHARE_CODE.test(code)) return null;
      const at = now();
      const [row] = await db.select({ order: sharedOrders.order, usedAt: sharedOrders.usedAt }).from(sharedOrders).where(eq(sharedOrders.code, code)).limit(1);
      if (!row || row.usedAt.getTime() <= at.getTime() - lifetimeMs) return null;
      if (at.getTime() - row.usedAt.getTime() > RENEW_AFTER_MS) await db.update(sharedOrders).set({ usedAt: at }).where(eq(sharedOrders.code, code));
      return sharedItemsOf(row.order);
    },

    async addLead(lead) {
      await db.insert(shareLeads).values(lead);
    },

    async sweep(at = now()) {
      const cutoff = new Date(at.getTime() - SESSION_DAYS * 86_400_000);
      const sessions = await db.delete(orderSessions).where(lt(orderSessions.updatedAt, cutoff)).returning({ id: orderSessions.id });
      // Leads sent from an expired share go with it (share_leads cascade): nothing personal outlives the link.
      const shares = await db.delete(sharedOrders).where(lt(sharedOrders.usedAt, new Date(at.getTime() - lifetimeMs))).returning({ code: sharedOrders.code });
      return { sessions: sessions.length, shares: shares.length };
    },
  };
}
