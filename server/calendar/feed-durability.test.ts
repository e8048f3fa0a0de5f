/**
 * The built server (dist/server-main.mjs, as `npm start` runs it) against a hostile channel feed:
 * a feed whose rules ical.js would walk for ever is added while guests book; the server is killed
 * (kill -9) in the middle of that feed's first read. Started again on the same data directory,
 * the stored feed is due at once: the server listens, /healthz answers while the poller reads the
 * feed in the worker, the feed is refused with its reason, and every booking the server had
 * acknowledged (201) is there. Stays come from the engine (availability search), never a date.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../demo/dates.ts';
import { startFeedFixtureServer, serveCalendar, type FeedFixtureServer } from './feed-fixture-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'feed-durability-password';
const SITE = { 'sec-fetch-site': 'same-origin', 'x-requested-with': 'XMLHttpRequest' };
const today = new Date().toISOString().slice(0, 10);
const compact = (iso: string) => iso.replace(/-/g, '');
/** The guest's mark for booking n, in letters (a name holds no digits): 0 → 'Aa', 1 → 'Ab', … */
const tag = (n: number) => `${String.fromCharCode(65 + Math.floor(n / 26))}${String.fromCharCode(97 + (n % 26))}`;

interface Started {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

const children = new Set<ChildProcess>();

function startServer(dataDir: string, env: Record<string, string>): Promise<Started> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '', ...env };
  delete childEnv.NODE_ENV;
  const child = spawn(process.execPath, ['dist/server-main.mjs'], { cwd: root, env: childEnv });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const check = () => {
      const port = /on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve({ child, origin: `http://127.0.0.1:${port}`, output: () => output });
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output.slice(-3000)}`)));
  });
}

async function login(origin: string): Promise<string> {
  const response = await fetch(`${origin}/admin/analytics/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...SITE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password: PASSWORD }).toString(),
  });
  expect(response.status).toBe(303);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

interface Offer {
  eid: number;
  b: string;
  e: string;
  p: number;
  og: string;
}

/** One free stay of 2 nights per unit in each of a few windows, from the engine. */
async function freeStays(origin: string): Promise<Offer[]> {
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

/** A paid checkout of one stay (the test card), as the checkout page posts it; the guest's last name marks it. */
async function book(origin: string, stay: Offer, n: number): Promise<number> {
  try {
    const response = await fetch(`${origin}/rescms/order/checkout`, {
      method: 'POST',
      headers: { ...SITE, 'content-type': 'application/json' },
      body: JSON.stringify({
        order: { lict: 1, lis: { 'ind-0': stay }, litot: stay.p },
        first_name: 'Guest',
        last_name: `Durable${tag(n)}`,
        email: `durable${n}@example.com`,
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
        'payment[payment_option]': 'cc',
        'payment[token]': 'tok_test_success',
        idempotency_key: `durable-${crypto.randomBytes(12).toString('hex')}`,
      }),
      signal: AbortSignal.timeout(30_000),
    });
    return response.status;
  } catch {
    return 0; // cut off by the kill
  }
}

/** A feed whose first rule ical.js seeks for ever (every four years from a day outside February, on 29 February), then the issue's own. */
function hostileFeed(): string {
  let begin = addDays(today, 1);
  while (['02', '03'].includes(begin.slice(5, 7))) begin = addDays(begin, 1);
  const event = (uid: string, rule: string) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20200101T000000Z', `DTSTART;VALUE=DATE:${compact(begin)}`, `DTEND;VALUE=DATE:${compact(addDays(begin, 1))}`, `RRULE:${rule}`, 'END:VEVENT'];
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hostile//EN', ...event('leap@x', 'FREQ=DAILY;INTERVAL=1461;BYMONTH=2;BYMONTHDAY=29'), ...event('feb30@x', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'), 'END:VCALENDAR', ''].join('\r\n');
}

describe('a hostile feed and kill -9 (the built server)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feed-durability-'));
  let fixture: FeedFixtureServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'ignore' });
    fixture = await startFeedFixtureServer();
    fixture.routes.set('/hostile.ics', serveCalendar(hostileFeed));
    env = { ADMIN_PASSWORD: PASSWORD, CALENDAR_FEED_TEST_LOOPBACK: fixture.hostPort, CALENDAR_FEED_PARSE_MS: '2000', RATE_LIMIT_EXEMPT: '127.0.0.1' };
  }, 240_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await fixture?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('kill -9 in the middle of a hostile feed\'s read loses no acknowledged booking, and the stored feed does not stop the restart', async () => {
    const first = await startServer(dataDir, env);
    const listening = performance.now();
    const cookie = await login(first.origin);
    const stays = await freeStays(first.origin);
    expect(stays.length).toBeGreaterThan(8);
    const listing = stays[0]!.eid;

    // Guests book one after another while the owner adds the hostile feed.
    const acknowledged: number[] = [];
    let booking = true;
    const stream = (async () => {
      for (let n = 0; booking && n < stays.length; n++) if ((await book(first.origin, stays[n]!, n)) === 201) acknowledged.push(n);
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The poller's first round runs 1 s after the server listens (then every 30 s): added after it, the
    // feed is read by the owner's request alone, so the kill leaves it due (a poller's claim would
    // put it off 5 minutes, past this test).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1500 - (performance.now() - listening))));
    const adding = fetch(`${first.origin}/admin/calendars/${listing}/feeds`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...SITE, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel: 'Hostile', url: `${fixture.origin}/hostile.ics` }).toString(),
    }).catch(() => null);
    // The feed is stored, and its read is under way in the worker: kill -9 now.
    for (let i = 0; i < 100 && !fixture.seen.some((seen) => seen.path === '/hostile.ics'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fixture.seen.some((seen) => seen.path === '/hostile.ics')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    booking = false;
    first.child.kill('SIGKILL');
    await Promise.all([stream, adding]);
    expect(acknowledged.length).toBeGreaterThan(0);

    // Started again: it listens, and the stored feed (due, its read never finished) is read in the worker.
    const reads = fixture.seen.filter((seen) => seen.path === '/hostile.ics').length;
    const second = await startServer(dataDir, env);
    const probes: number[] = [];
    const deadline = performance.now() + 60_000;
    const page = async () => (await fetch(`${second.origin}/admin/calendars?listing=${listing}`, { headers: { cookie: await login(second.origin) } })).text();
    let calendars = '';
    while (performance.now() < deadline) {
      const started = performance.now();
      expect((await fetch(`${second.origin}/healthz`)).status).toBe(200);
      probes.push(performance.now() - started);
      if (fixture.seen.filter((seen) => seen.path === '/hostile.ics').length > reads) {
        calendars = await page();
        if (calendars.includes('took more than 2 s to read')) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(calendars).toContain('The feed took more than 2 s to read (a rule that repeats without end, or too much to expand); it was not read.');
    // The health check answered all along (a margin for a loaded two-core machine; the main thread never waits on the feed).
    expect(probes.length).toBeGreaterThan(0);
    expect(Math.max(...probes)).toBeLessThan(1000);

    // Every acknowledged booking is there.
    const csv = await (await fetch(`${second.origin}/admin/bookings.csv?from=${addDays(today, 1)}&to=${addDays(today, 60)}`, { headers: { cookie: await login(second.origin) } })).text();
    for (const n of acknowledged) expect(csv).toContain(`Durable${tag(n)}`);
    second.child.kill('SIGTERM');
  }, 300_000);
});
