/**
 * Where session-mode orders and shared orders live (spec §4 Trips Collection storage mode, §7):
 * the database, through Drizzle, on PGlite or PostgreSQL alike.
 */
import crypto from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { emptyOrder, parseOrder, type Order } from '../../src/domain/order/order.ts';
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
  share(order: Order): Promise<string>;
  shared(code: string): Promise<Order | null>;
  addLead(lead: ShareLead): Promise<void>;
  /** Removes sessions untouched for SESSION_DAYS; returns how many. */
  sweep(now?: Date): Promise<number>;
}

const stored = (value: unknown): Order => {
  const parsed = parseOrder(value, { trustTotal: true });
  return parsed.ok ? parsed.value : emptyOrder();
};

export function createOrderStore(db: Database): OrderStore {
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

    async share(order) {
      // A clash of 70-bit codes is practically impossible; try again rather than fail if it happens.
      for (let attempt = 0; attempt < 3; attempt++) {
        const code = newShareCode();
        const inserted = await db.insert(sharedOrders).values({ code, order }).onConflictDoNothing().returning({ code: sharedOrders.code });
        if (inserted.length > 0) return code;
      }
      throw new Error('Could not find a free share code');
    },

    async shared(code) {
      if (!SHARE_CODE.test(code)) return null;
      const [row] = await db.select({ order: sharedOrders.order }).from(sharedOrders).where(eq(sharedOrders.code, code)).limit(1);
      if (!row) return null;
      const parsed = parseOrder(row.order);
      return parsed.ok ? parsed.value : null;
    },

    async addLead(lead) {
      await db.insert(shareLeads).values(lead);
    },

    async sweep(now = new Date()) {
      const cutoff = new Date(now.getTime() - SESSION_DAYS * 86_400_000);
      const removed = await db.delete(orderSessions).where(lt(orderSessions.updatedAt, cutoff)).returning({ id: orderSessions.id });
      return removed.length;
    },
  };
}
