/**
 * What the checkout benchmarks share: the built server (server/built-server-support.ts, the one
 * module that starts it, finds free stays and posts checkouts, shared with the kill -9 tests) on a
 * data directory of its own, each checkout from its own client address, and a pay-later checkout
 * with the site's captcha solved as the ALTCHA widget does. Stays come from the engine
 * (availability search), never from a calendar date.
 *
 * Each checkout comes from its own address of the documentation ranges (X-Forwarded-For, believed
 * from the loopback proxy: TRUST_PROXY=loopback), exempt from the rate limits (RATE_LIMIT_EXEMPT):
 * a benchmark measures checkouts, not the per-client limits, and pay-later holds are capped per
 * client (order.pay_later.max_holds_per_client, 3), which one address for every guest would meet.
 */
import fs from 'node:fs';
import os from 'node:os';
import { CAPTCHA_RESPONSE_FIELD } from '../src/domain/lead-forms.ts';
import { checkoutBody, ensureBuild, guest, solvedCaptcha, startServer as startBuilt, type BuiltServer, type Offer } from '../server/built-server-support.ts';

export { freeStays, guest, postCheckout, root, solvedCaptcha, tag, todayIso, type BuiltServer as RunningServer, type CheckoutAnswer } from '../server/built-server-support.ts';

/** The documentation ranges the benchmarks' clients come from (RFC 5737), 254 addresses each. */
const CLIENT_RANGES = ['203.0.113', '198.51.100'] as const;
/** The n-th checkout's client address (the 508 addresses in turn). */
export const clientAddress = (n: number): string => `${CLIENT_RANGES[Math.floor(n / 254) % CLIENT_RANGES.length]}.${(n % 254) + 1}`;

/** The server's settings of every checkout benchmark: X-Forwarded-For believed from loopback, the clients' ranges exempt from the rate limits. */
export const BENCH_SERVER_ENV = { LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback', RATE_LIMIT_EXEMPT: `127.0.0.1,${CLIENT_RANGES.map((range) => `${range}.0/24`).join(',')}` };

let built = false;
/** The built server (brought up to date once per run, as `npm start` does) on `port` and `dataDir`. */
export function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<BuiltServer> {
  if (!built) ensureBuild();
  built = true;
  return startBuilt(dataDir, { port, env: { ...BENCH_SERVER_ENV, ...env } });
}

export interface BenchCheckout {
  body: Record<string, unknown>;
  /** X-Forwarded-For: the guest's own client address. */
  headers: Record<string, string>;
}

/**
 * The n-th bench guest's checkout of one stay from its own client address, with trip insurance
 * every other guest and damage protection: pay later (the captcha solved for it, from that
 * address) or the test card.
 */
export async function benchCheckout(origin: string, stay: Offer, payment: 'later' | 'cc', n: number): Promise<BenchCheckout> {
  const from = clientAddress(n);
  const paying: Record<string, string> =
    payment === 'later'
      ? { 'payment[payment_option]': 'later', [CAPTCHA_RESPONSE_FIELD]: await solvedCaptcha(origin, from) }
      : { 'payment[payment_option]': 'cc', 'payment[token]': 'tok_test_success' };
  return { body: checkoutBody(stay, guest(n), { ti: n % 2 === 0 ? '1' : '-1', dp: '1', payment: paying }), headers: { 'x-forwarded-for': from } };
}

/** The same checkout with a newly solved captcha (the page shows the captcha again when a token was refused); the same idempotency key. */
export async function withNewCaptcha(origin: string, checkout: BenchCheckout): Promise<BenchCheckout> {
  const from = checkout.headers['x-forwarded-for'] as string;
  return { ...checkout, body: { ...checkout.body, [CAPTCHA_RESPONSE_FIELD]: await solvedCaptcha(origin, from) } };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * CPU time (user + system, ms) used so far by the processes of a process group (the server, which
 * startServer starts in a group of its own), from /proc: a figure that other load on the machine
 * does not inflate.
 */
export function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the command: state ppid pgrp … utime (14th field overall) stime (15th).
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks * 1000) / 100;
}

export const loadAverage = (): number[] => os.loadavg().map((n) => Math.round(n * 100) / 100);
