/**
 * Short links of the site's own pages (spec §2 Share modal: the page's short URL), in the
 * database: one code per page path, so a page shared twice gets the same link. The hash is not
 * part of it (the share form carries it in its fragment field).
 *
 * They live like shared Trips Collections (server/orders/order-store.ts, the same settings): one
 * client address may create SHARE_QUOTA new links in 24 hours (sharing a page that already has
 * one costs nothing), the table holds at most SHARE_MAX_TOTAL, and a link neither opened nor
 * shared again for SHARE_DAYS is removed by the sweep, with the leads sent from it.
 */
import crypto from 'node:crypto';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { pageLinks, pageShareLeads } from '../db/schema.ts';
import { DEFAULT_SHARE_LIMITS, newShareCode, SHARE_CODE, type ShareLead, type ShareLimits, type ShareResult } from './order-store.ts';

/** Paths longer than this are not shortened (a page's path and query). */
export const MAX_PAGE_PATH = 500;

/** A path of this site with an optional query: '/', '/listing/x', '/search?page=2'. */
const PAGE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/;

/** Don't write `used_at` on every opening: once an hour is enough for a lifetime counted in days. */
const RENEW_AFTER_MS = 3_600_000;

export function isPagePath(path: string): boolean {
  return path.length <= MAX_PAGE_PATH && PAGE_PATH.test(path);
}

export interface PageLinks {
  /** The page's code for a client (a key of its address): the living one, or a new one within the client's quota and the total cap. */
  shorten(path: string, client: string): Promise<ShareResult>;
  /** The page a living code stands for, or null; renews it. */
  resolve(code: string): Promise<string | null>;
  /** Keeps a 'send this page' request (its code must exist). */
  addLead(lead: ShareLead): Promise<void>;
  /** Removes links neither opened nor shared for SHARE_DAYS (their leads with them); answers how many. */
  sweep(now?: Date): Promise<number>;
}

export interface PageLinkOptions {
  /** Keys the client addresses kept for the quota (the server's cookie secret). */
  secret: string;
  shares?: ShareLimits;
  now?: () => Date;
}

export function createPageLinks(db: Database, options: PageLinkOptions): PageLinks {
  const limits = options.shares ?? DEFAULT_SHARE_LIMITS;
  const now = options.now ?? (() => new Date());
  const lifetimeMs = limits.days * 86_400_000;
  // The address itself is not kept: a keyed hash is enough to count a client's links.
  const clientKeyOf = (client: string) => crypto.createHmac('sha256', options.secret).update(`page-link-client|${client}`).digest('base64url').slice(0, 22);
  const existing = async (path: string) =>
    (await db.select({ code: pageLinks.code, usedAt: pageLinks.usedAt }).from(pageLinks).where(eq(pageLinks.path, path)).limit(1))[0] ?? null;
  const renew = async (code: string, usedAt: Date, at: Date) => {
    if (at.getTime() - usedAt.getTime() > RENEW_AFTER_MS) await db.update(pageLinks).set({ usedAt: at }).where(eq(pageLinks.code, code));
  };

  return {
    async shorten(path, client) {
      if (!isPagePath(path)) throw new Error(`Not a path of this site: ${path.slice(0, 100)}`);
      const at = now();
      const known = await existing(path);
      if (known) {
        // Shared again: it lives on (an expired one the sweep has not reached yet comes back).
        await renew(known.code, known.usedAt, at);
        return { ok: true, code: known.code };
      }
      const clientKey = clientKeyOf(client);
      const [mine] = await db
        .select({ n: count(), oldest: sql<number | null>`extract(epoch from min(${pageLinks.createdAt}))::float8` })
        .from(pageLinks)
        .where(and(eq(pageLinks.clientKey, clientKey), gt(pageLinks.createdAt, new Date(at.getTime() - 86_400_000))));
      if (mine && mine.n >= limits.quotaPerDay) {
        const oldest = mine.oldest !== null ? Number(mine.oldest) * 1000 : at.getTime();
        return { ok: false, reason: 'quota', retryAfterSeconds: Math.max(1, Math.ceil((oldest + 86_400_000 - at.getTime()) / 1000)) };
      }
      // Counting stops at the cap: the cost does not grow with the table.
      const total = (await db.execute(sql`select count(*)::int as n from (select 1 from ${pageLinks} limit ${limits.maxTotal}) capped`)) as unknown as { rows: { n: number }[] };
      if (Number(total.rows[0]?.n ?? 0) >= limits.maxTotal) return { ok: false, reason: 'full', retryAfterSeconds: 3600 };
      // Two visitors sharing a new page at once: the unique path keeps one code, both get it.
      for (let attempt = 0; attempt < 3; attempt++) {
        await db.insert(pageLinks).values({ code: newShareCode(), path, clientKey, createdAt: at, usedAt: at }).onConflictDoNothing();
        const made = await existing(path);
        if (made) return { ok: true, code: made.code };
      }
      throw new Error('Could not find a free page link code');
    },
    async resolve(code) {
      if (!SHARE_CODE.test(code)) return null;
      const at = now();
      const [row] = await db.select({ path: pageLinks.path, usedAt: pageLinks.usedAt }).from(pageLinks).where(eq(pageLinks.code, code)).limit(1);
      if (!row || row.usedAt.getTime() <= at.getTime() - lifetimeMs) return null;
      await renew(code, row.usedAt, at);
      return row.path;
    },
    async addLead(lead) {
      await db.insert(pageShareLeads).values(lead);
    },
    async sweep(at = now()) {
      const removed = await db.delete(pageLinks).where(lt(pageLinks.usedAt, new Date(at.getTime() - lifetimeMs))).returning({ code: pageLinks.code });
      return removed.length;
    },
  };
}
