/**
 * What the checkout benchmarks share: a server started with `npm start` on its own data directory
 * (and stopped, or killed), the free stays the engine offers, and a checkout body for one of them.
 * Stays come from the engine (availability search), never from a calendar date.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Price } from '../src/domain/pricing/types.ts';

export const root = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** SIGTERM (a clean stop) or SIGKILL (kill -9) to the server's process group; resolves when it is gone. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** Starts `npm start` on `dataDir` and waits until /healthz answers (the first start seeds the demo content). */
export async function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    // Every checkout of a benchmark comes from one address: exempt from the per-client limits (server/security/rate-limits.ts).
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_EXEMPT: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
    if (performance.now() - started > 240_000) throw new Error(`no server after 240 s: ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    async stop(signal) {
      try {
        process.kill(-(child.pid as number), signal);
      } catch {
        // already gone
      }
      await exited;
      // npm may exit before the server it started: wait until no process of the group is left.
      for (let i = 0; i < 300; i++) {
        try {
          process.kill(-(child.pid as number), 0);
        } catch {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Today on the server's clock, as the engine counts days. */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);
export const addDays = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Standard offers the engine has for every unit: one stay of `nights` nights per unit and window,
 * the first arrival the engine offers in each of `windows` windows of `flex` + 1 days, spaced so
 * that no two stays of a unit overlap (one flexible search per window).
 */
export async function freeStays(url: string, options: { fromDay: number; windows: number; nights: number; flex: number }): Promise<Price[]> {
  const stays: Price[] = [];
  const spacing = options.flex + options.nights + 1;
  for (let i = 0; i < options.windows; i++) {
    const begin = addDays(todayIso(), options.fromDay + i * spacing);
    const last = addDays(begin, options.flex);
    const query = new URLSearchParams({ 'rcav[begin]': begin, 'rcav[nights]': String(options.nights), 'rcav[adult]': '2', 'rcav[flex]': String(options.flex) });
    const response = await fetch(`${url}/rcapi/item/avail/search?${query}`);
    if (!response.ok) throw new Error(`avail search ${response.status}: ${await response.text()}`);
    const items = (await response.json()) as { eid: number; prices: Price[] }[];
    for (const item of items) {
      const offer = item.prices.find((p) => p.og === 'standard' && p.b >= begin && p.b <= last);
      if (offer) stays.push(offer);
    }
  }
  return stays;
}

/** The checkout form's guest fields of the n-th bench guest, who lives in Florida (the insurance state too). */
export function benchGuest(n: number): Record<string, string> {
  return {
    first_name: `Guest${n}`,
    last_name: 'Bench',
    email: `guest${n}@example.com`,
    phone: '+1 555 0100',
    address: '1 Bench Road',
    city: 'Coral Haven',
    postal_code: '32459',
    country: 'US',
    state: 'FL',
    terms: '1',
    province: 'FL',
  };
}

/** A complete checkout of one stay: the guest, protection answers, and pay later or a test card. */
export function checkoutBody(stay: Price, payment: 'later' | 'cc', n: number): Record<string, unknown> {
  return {
    order: { lict: 1, lis: { 'ind-0': stay }, litot: stay.p },
    ...benchGuest(n),
    ti: n % 2 === 0 ? '1' : '-1',
    dp: '1',
    'payment[payment_option]': payment,
    ...(payment === 'cc' ? { 'payment[token]': 'tok_test_success' } : {}),
    idempotency_key: `bench-${crypto.randomBytes(12).toString('hex')}`,
  };
}

export interface CheckoutAnswer {
  status: number;
  code?: string;
  /** The answer of an earlier request with the same idempotency key. */
  replayed?: boolean;
  ms: number;
  /** The request failed without an answer (the server died). */
  error?: string;
}

export async function postCheckout(url: string, body: Record<string, unknown>, timeoutMs = 30_000): Promise<CheckoutAnswer> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}/rescms/order/checkout`, {
      method: 'POST',
      // As the site's own calls: a request without Fetch Metadata or Origin needs it (server/security/cross-site.ts).
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await response.json()) as { code?: string };
    return {
      status: response.status,
      ...(json.code ? { code: json.code } : {}),
      ...(response.headers.get('idempotent-replayed') === 'true' ? { replayed: true } : {}),
      ms: performance.now() - started,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, ms: performance.now() - started, error: cause?.code ?? (error as Error).message };
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * CPU time (user + system, ms) used so far by the processes of a process group (the server that
 * npm started), from /proc: a figure that other load on the machine does not inflate.
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
