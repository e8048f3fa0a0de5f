/**
 * The built server (dist/server-main.mjs, the command `npm start` runs after its build) started on
 * a data directory by the tests that kill it (kill -9) and by the benchmarks (bench/ imports this
 * module): starting and stopping it, the owner's login, free stays from the engine and a guest's
 * checkout as the checkout page posts it. Stays come from availability search, never a date.
 * Nothing here needs vitest, so a benchmark can import it too.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import type { Challenge } from 'altcha-lib';
import type { Price } from '../src/domain/pricing/types.ts';
import { addDays } from './demo/dates.ts';
import { solvedAltcha } from './test-support.ts';

export const root = path.resolve(import.meta.dirname, '..');
/** What the site's own pages send with a request that changes state. */
export const SITE = { 'sec-fetch-site': 'same-origin', 'x-requested-with': 'XMLHttpRequest' };

/**
 * A guest's mark for n, in letters (a name holds no digits): 0 → 'Aa', 1 → 'Ab', … 675 → 'Zz',
 * then longer ('Baaa' …), so that every n has its own mark however many checkouts a run sends.
 */
export function tag(n: number): string {
  const letters: number[] = [];
  let rest = Math.max(0, Math.floor(n));
  do {
    letters.unshift(rest % 26);
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  while (letters.length < 2) letters.unshift(0);
  return letters.map((letter, i) => String.fromCharCode((i === 0 ? 65 : 97) + letter)).join('');
}

/** A stay the engine offers (the availability search's price of one unit, arrival and nights). */
export type Offer = Price;

/** Brings the build up to date (scripts/ensure-build.mjs, as `npm start`'s prestart does) in `checkout`. */
export function ensureBuild(checkout = root, stdio: 'inherit' | 'ignore' = 'inherit'): void {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: checkout, stdio });
}

/** The command `npm start` runs after its prestart build, the build brought up to date first (in `checkout`, this one unless another is given). */
export function serverCommand(checkout = root): { command: string; args: string[] } {
  ensureBuild(checkout);
  return { command: process.execPath, args: ['dist/server-main.mjs'] };
}

export interface BuiltServer {
  child: ChildProcess;
  /** The process id, also its process group's (CPU time and memory from /proc). */
  pid: number;
  origin: string;
  /** The last few thousand characters the server wrote (stdout and stderr), for error messages. */
  output: () => string;
  /** SIGTERM (a clean stop) or SIGKILL (kill -9) to the server's process group; resolves when none of it is left. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export interface StartOptions {
  /** 0 (the default): a port the system picks, read from the server's "Serving … on" line (so LOG_LEVEL must be info or lower). */
  port?: number;
  env?: Record<string, string>;
  /** Node's options before the script, e.g. ['--import', './server/checkout/moved-clock.test.mjs']. */
  nodeArgs?: string[];
  timeoutMs?: number;
}

const started = new Set<ChildProcess>();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the built server (build it first: ensureBuild) on `dataDir` and resolves once /healthz
 * answers 200 (the first start seeds the demo content). NODE_ENV only as `env` gives it.
 */
export async function startServer(dataDir: string, options: StartOptions = {}): Promise<BuiltServer> {
  // This process's NODE_ENV is left out (vitest sets it to test): the server then sets production, as under `npm start`.
  const { NODE_ENV: _ours, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    MALLOC_ARENA_MAX: '2',
    ...inherited,
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    ...options.env,
  };
  // Its own process group, so that the CPU time of the group is the server's and a kill reaches all of it.
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/server-main.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  let port = options.port ? String(options.port) : undefined;
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    port ??= /on http:\/\/localhost:(\d+)/.exec(output)?.[1];
    output = output.slice(-6000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = performance.now() + (options.timeoutMs ?? 240_000);
  let origin: string | undefined;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}:\n${output.slice(-3000)}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`no server after ${Math.round((options.timeoutMs ?? 240_000) / 1000)} s:\n${output.slice(-3000)}`);
    }
    if (port) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
          origin = `http://127.0.0.1:${port}`;
          break;
        }
      } catch {
        // not listening yet
      }
    }
    await pause(100);
  }
  const pid = child.pid as number;
  return {
    child,
    pid,
    origin: origin as string,
    output: () => output,
    async stop(signal) {
      try {
        process.kill(-pid, signal);
      } catch {
        // already gone
      }
      await exited;
      // A process the server started may outlive it: wait until no process of the group is left.
      for (let i = 0; i < 300; i++) {
        try {
          process.kill(-pid, 0);
        } catch {
          return;
        }
        await pause(50);
      }
    },
  };
}

/** Kills (SIGKILL) every server startServer started in this process that is still running: a test's afterAll. */
export function killAll(): void {
  for (const child of started) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** The owner's session cookie. */
export async function ownerLogin(origin: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/admin/analytics/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...SITE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password }).toString(),
  });
  if (response.status !== 303) throw new Error(`the owner's login answered ${response.status}, not 303: ${(await response.text()).slice(0, 300)}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/** What the ALTCHA widget does in the browser: asks the server for a challenge (from the guest's address, X-Forwarded-For) and solves it; the token to send. */
export async function solvedCaptcha(origin: string, from: string): Promise<string> {
  const response = await fetch(`${origin}/captcha/challenge`, { headers: { 'x-forwarded-for': from } });
  if (!response.ok) throw new Error(`captcha challenge ${response.status}: ${await response.text()}`);
  return solvedAltcha((await response.json()) as Challenge);
}

/** Today on the server's clock, as the engine counts days. */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);

/**
 * Standard offers the engine has for every unit: one stay of `nights` nights per unit and window,
 * the first arrival the engine offers in each of `windows` windows of `flex` + 1 days from
 * `fromDay` days ahead, spaced so that no two stays of a unit overlap (one flexible search per window).
 */
export async function freeStays(origin: string, options: { fromDay: number; windows: number; nights: number; flex: number }): Promise<Offer[]> {
  const stays: Offer[] = [];
  const spacing = options.flex + options.nights + 1;
  for (let i = 0; i < options.windows; i++) {
    const begin = addDays(todayIso(), options.fromDay + i * spacing);
    const last = addDays(begin, options.flex);
    const query = new URLSearchParams({ 'rcav[begin]': begin, 'rcav[nights]': String(options.nights), 'rcav[adult]': '2', 'rcav[flex]': String(options.flex) });
    const response = await fetch(`${origin}/rcapi/item/avail/search?${query}`);
    if (!response.ok) throw new Error(`avail search ${response.status}: ${await response.text()}`);
    const items = (await response.json()) as { eid: number; prices: Offer[] }[];
    for (const item of items) {
      const offer = item.prices.find((p) => p.og === 'standard' && p.b >= begin && p.b <= last);
      if (offer) stays.push(offer);
    }
  }
  return stays;
}

/**
 * The checkout form's guest fields of the n-th guest, who lives in Florida (the insurance state
 * too); the names in letters (tag), as a name holds no digits. `overrides` replaces any field.
 */
export function guest(n: number, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    first_name: 'Guest',
    last_name: `Bench${tag(n)}`,
    email: `guest${n}@example.com`,
    phone: '+1 555 0100',
    address: '1 Bench Road',
    city: 'Coral Haven',
    postal_code: '32459',
    country: 'US',
    state: 'FL',
    terms: '1',
    province: 'FL',
    ...overrides,
  };
}

/**
 * A complete checkout of one stay: the guest's fields, protection answers (`ti` trip insurance,
 * `dp` damage protection), the payment (pay later, or the test card unless `payment` says otherwise)
 * and a new idempotency key.
 */
export function checkoutBody(
  stay: Offer,
  fields: Record<string, string>,
  options: { ti?: '1' | '-1'; dp?: '1' | '-1'; payment?: Record<string, string> } = {},
): Record<string, unknown> {
  return {
    order: { lict: 1, lis: { 'ind-0': stay }, litot: stay.p },
    ...fields,
    ti: options.ti ?? '-1',
    dp: options.dp ?? '1',
    ...(options.payment ?? { 'payment[payment_option]': 'cc', 'payment[token]': 'tok_test_success' }),
    idempotency_key: `built-${crypto.randomBytes(12).toString('hex')}`,
  };
}

export interface CheckoutAnswer {
  status: number;
  code?: string;
  /** Why it was refused, when the server says (e.g. 'captcha', 'holds'). */
  reason?: string;
  /** The answer of an earlier request with the same idempotency key. */
  replayed?: boolean;
  ms: number;
  /** The request failed without an answer (the server died): the connection's error code. */
  error?: string;
}

/** Posts a checkout as the checkout page does (`headers` added, e.g. X-Forwarded-For); status 0 when it was cut off. */
export async function postCheckout(origin: string, body: Record<string, unknown>, options: { headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<CheckoutAnswer> {
  const begun = performance.now();
  try {
    const response = await fetch(`${origin}/rescms/order/checkout`, {
      method: 'POST',
      // As the site's own calls: a request without Fetch Metadata or Origin is refused (server/security/cross-site.ts).
      headers: { ...SITE, 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const json = (await response.json()) as { code?: string; reason?: string };
    return {
      status: response.status,
      ...(json.code ? { code: json.code } : {}),
      ...(json.reason ? { reason: json.reason } : {}),
      ...(response.headers.get('idempotent-replayed') === 'true' ? { replayed: true } : {}),
      ms: performance.now() - begun,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, ms: performance.now() - begun, error: cause?.code ?? (error as Error).message };
  }
}

/**
 * A guest's checkout of one stay, paid with the test card unless `payment` says otherwise: its
 * status, or 0 when the kill cut it off.
 */
export async function guestCheckout(
  origin: string,
  stay: Offer,
  who: { lastName: string; email: string; payment?: Record<string, string>; headers?: Record<string, string> },
): Promise<number> {
  const body = checkoutBody(stay, guest(0, { last_name: who.lastName, email: who.email }), who.payment ? { payment: who.payment } : {});
  return (await postCheckout(origin, body, { ...(who.headers ? { headers: who.headers } : {}) })).status;
}
