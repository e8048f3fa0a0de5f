/**
 * For the tests of the built server (dist/server-main.mjs, as `npm start` runs it) under kill -9:
 * starting it on a data directory, the owner's login, free stays from the engine and a guest's
 * checkout as the checkout page posts it. Stays come from availability search, never a date.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { expect } from 'vitest';
import { addDays } from './demo/dates.ts';

const root = path.resolve(import.meta.dirname, '..');
/** What the site's own pages send with a request that changes state. */
export const SITE = { 'sec-fetch-site': 'same-origin', 'x-requested-with': 'XMLHttpRequest' };
/** A guest's mark for n, in letters (a name holds no digits): 0 → 'Aa', 1 → 'Ab', … */
export const tag = (n: number) => `${String.fromCharCode(65 + Math.floor(n / 26))}${String.fromCharCode(97 + (n % 26))}`;

export interface Offer {
  eid: number;
  b: string;
  e: string;
  p: number;
  og: string;
}

export interface BuiltServer {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

/** Starts built servers (`nodeArgs` before the script) and kills those still running at the end. */
export function builtServers(nodeArgs: string[] = []) {
  const children = new Set<ChildProcess>();
  return {
    start(dataDir: string, env: Record<string, string>): Promise<BuiltServer> {
      const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '', ...env };
      delete childEnv.NODE_ENV;
      const child = spawn(process.execPath, [...nodeArgs, 'dist/server-main.mjs'], { cwd: root, env: childEnv });
      children.add(child);
      let output = '';
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      return new Promise((resolve, reject) => {
        child.stdout?.on('data', () => {
          const port = /on http:\/\/localhost:(\d+)/.exec(output)?.[1];
          if (port) resolve({ child, origin: `http://127.0.0.1:${port}`, output: () => output });
        });
        child.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output.slice(-3000)}`)));
      });
    },
    killAll(): void {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** The owner's session cookie. */
export async function ownerLogin(origin: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/admin/analytics/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...SITE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password }).toString(),
  });
  expect(response.status).toBe(303);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/** One free stay of 2 nights per unit in each of a few windows, from the engine. */
export async function freeStays(origin: string): Promise<Offer[]> {
  const today = new Date().toISOString().slice(0, 10);
  const stays: Offer[] = [];
  for (let window = 0; window < 3; window++) {
    const begin = addDays(today, 20 + window * 10);
    const query = new URLSearchParams({ 'rcav[begin]': begin, 'rcav[nights]': '2', 'rcav[adult]': '2', 'rcav[flex]': '6' });
    const items = (await (await fetch(`${origin}/rcapi/item/avail/search?${query}`)).json()) as Array<{ prices: Offer[] }>;
    for (const item of items) {
      const offer = item.prices.find((price) => price.og === 'standard');
      if (offer) stays.push(offer);
    }
  }
  return stays;
}

/**
 * A checkout of one stay as the checkout page posts it (paid with the test card unless `payment`
 * says otherwise): its status, or 0 when the kill cut it off.
 */
export async function guestCheckout(
  origin: string,
  stay: Offer,
  guest: { lastName: string; email: string; payment?: Record<string, string>; headers?: Record<string, string> },
): Promise<number> {
  try {
    const response = await fetch(`${origin}/rescms/order/checkout`, {
      method: 'POST',
      headers: { ...SITE, 'content-type': 'application/json', ...guest.headers },
      body: JSON.stringify({
        order: { lict: 1, lis: { 'ind-0': stay }, litot: stay.p },
        first_name: 'Guest',
        last_name: guest.lastName,
        email: guest.email,
        phone: '+1 555 0100',
        address: '1 Bench Road',
        city: 'Coral Haven',
        postal_code: '32459',
        country: 'US',
        state: 'FL',
        terms: '1',
        province: 'FL',
        ti: '-1',
        dp: '1',
        ...(guest.payment ?? { 'payment[payment_option]': 'cc', 'payment[token]': 'tok_test_success' }),
        idempotency_key: `durable-${crypto.randomBytes(12).toString('hex')}`,
      }),
      signal: AbortSignal.timeout(30_000),
    });
    return response.status;
  } catch {
    return 0;
  }
}
