/**
 * Wrong admin passwords slow the guesser down without locking the owner out, as OWASP's "device
 * cookies" scheme does: failures are counted per key, in the database (so every instance behind a
 * load balancer counts the same), and a key that has failed too often waits before its next try,
 * longer each time.
 *
 * - A browser that logged in before (its signed device cookie, server/admin/admin-session.ts) is
 *   its own key: wrong passwords typed by others, even from the same address (an office, a café,
 *   a carrier's NAT), never make it wait.
 * - Any other client is counted by its address, and all of them together as well
 *   ('untrusted'), so guessing from many addresses is slowed down too. Such a client still gets
 *   in with the right password once its address's wait is over.
 *
 * While a device's or an address's key waits, a try is refused (429 with Retry-After) without
 * the password being looked at, so a guesser gets no answer either way. The shared key never
 * refuses on its own (OWASP: a lock-out anyone can trigger is a denial of service): while it
 * waits, a browser without the device cookie is asked to solve the site's captcha, and with a
 * solved challenge its password is looked at (server/admin/routes.ts). With the defaults an
 * address gets 5 tries; the 5th wrong one makes it wait 30 s, the next 1 min, 2 min … up to 15 min
 * between tries: about a hundred guesses a day from one address, against a password of at least
 * 12 characters. Once all addresses together have given 100 wrong passwords, each further try
 * without the device cookie costs a solved captcha as well. A right password clears its own key
 * (not the shared one); a key's count starts again a day after its first failure.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { adminLoginFailures } from '../db/schema.ts';

export interface LoginThrottleLimits {
  /** Wrong passwords a key may give before it waits. */
  freeFailures: number;
  /** Wrong passwords all clients without a device cookie may give together before they wait. */
  untrustedFreeFailures: number;
  /** The first wait; each failure after it doubles it. */
  firstWaitMs: number;
  /** The longest wait. */
  maxWaitMs: number;
  /** A key's count starts again this long after its first failure. */
  forgetAfterMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleLimits = {
  freeFailures: 5,
  untrustedFreeFailures: 100,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  forgetAfterMs: 86_400_000,
};

/** The key all clients without a device cookie share. */
export const UNTRUSTED_KEY = 'untrusted';

/** The keys a login try is counted under: its device, or its address and all untrusted clients. */
export function throttleKeys(device: string | null, client: string): string[] {
  return device ? [`device:${device}`] : [`address:${client}`, UNTRUSTED_KEY];
}

/** Seconds a try must still wait: for its own keys (its device or its address), and for the shared untrusted key; 0 when not waiting. */
export interface LoginWaits {
  own: number;
  shared: number;
}

export interface LoginThrottle {
  /** How long the try's keys must still wait. */
  waits(keys: readonly string[]): Promise<LoginWaits>;
  /** Counts a wrong password under each key, makes the keys past their free tries wait, and says how long the keys now wait (as `waits` would). */
  failed(keys: readonly string[]): Promise<LoginWaits>;
  /** Forgets a key's failures after the right password (the shared untrusted key is left). */
  succeeded(keys: readonly string[]): Promise<void>;
}

/**
 * The wait after the `failures`th wrong password of a key with `free` free tries: none before the
 * last free one, then first, 2 × first … up to max.
 *
 * @example waitAfter(5, 5, DEFAULT_LOGIN_THROTTLE) // 30_000: the 5th wrong password makes the 6th try wait 30 s
 */
export function waitAfter(failures: number, free: number, limits: LoginThrottleLimits): number {
  if (failures < free) return 0;
  return Math.min(limits.maxWaitMs, limits.firstWaitMs * 2 ** Math.min(30, failures - free));
}

export function createLoginThrottle(db: Pick<Database, 'select' | 'insert' | 'update' | 'delete'>, options: { now?: () => Date; limits?: LoginThrottleLimits } = {}): LoginThrottle {
  const now = options.now ?? (() => new Date());
  const limits = options.limits ?? DEFAULT_LOGIN_THROTTLE;
  const t = adminLoginFailures;
  /** The waits at `at` of keys locked until the given times. */
  const waitsOf = (rows: readonly { key: string; lockedUntil: Date | null }[], at: number): LoginWaits => {
    const seconds = (own: boolean) => {
      const until = Math.max(0, ...rows.filter((row) => (row.key === UNTRUSTED_KEY) !== own).map((row) => row.lockedUntil?.getTime() ?? 0));
      return until > at ? Math.ceil((until - at) / 1000) : 0;
    };
    return { own: seconds(true), shared: seconds(false) };
  };
  return {
    async waits(keys) {
      if (keys.length === 0) return { own: 0, shared: 0 };
      const rows = await db.select({ key: t.key, lockedUntil: t.lockedUntil }).from(t).where(inArray(t.key, [...keys]));
      return waitsOf(rows, now().getTime());
    },
    async failed(keys) {
      const at = now();
      const forgetBefore = new Date(at.getTime() - limits.forgetAfterMs).toISOString();
      const locks: { key: string; lockedUntil: Date | null }[] = [];
      for (const key of keys) {
        const stale = sql`${t.firstFailureAt} < ${forgetBefore}::timestamptz`;
        const [row] = await db
          .insert(t)
          .values({ key, failures: 1, firstFailureAt: at, lockedUntil: null })
          .onConflictDoUpdate({
            target: t.key,
            set: {
              failures: sql`case when ${stale} then 1 else ${t.failures} + 1 end`,
              firstFailureAt: sql`case when ${stale} then ${at.toISOString()}::timestamptz else ${t.firstFailureAt} end`,
            },
          })
          .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
        const wait = waitAfter(row?.failures ?? 1, key === UNTRUSTED_KEY ? limits.untrustedFreeFailures : limits.freeFailures, limits);
        // Within its free tries a key keeps the lock it had (a count started again a day on may still have one).
        const lockedUntil = wait > 0 ? new Date(at.getTime() + wait) : (row?.lockedUntil ?? null);
        if (wait > 0) await db.update(t).set({ lockedUntil }).where(eq(t.key, key));
        locks.push({ key, lockedUntil });
      }
      return waitsOf(locks, at.getTime());
    },
    async succeeded(keys) {
      const own = keys.filter((key) => key !== UNTRUSTED_KEY);
      if (own.length > 0) await db.delete(t).where(inArray(t.key, own));
    },
  };
}
