/**
 * The site owner's login, hardened (issue 23 item 6): logging out ends the session on the server
 * at once, on every instance sharing the database; wrong passwords typed from a shared address do
 * not lock the owner out, while guessing stays slow; wrong passwords from everywhere make a new
 * browser solve the captcha, never lock it out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Challenge } from 'altcha-lib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { adminLoginFailures, adminSessions } from '../db/schema.ts';
import type { PageRenderer } from '../renderer.ts';
import { FROM_THIS_SITE, logInto, openTestDatabase, solvedAltcha } from '../test-support.ts';
import { createCaptchaVerifier, type CaptchaService } from '../captcha/captcha-service.ts';
import { CAPTCHA_REFUSED } from '../captcha/verifier.ts';
import { CAPTCHA_RESPONSE_FIELD } from '../../src/domain/lead-forms.ts';
import { ADMIN_COOKIE, DEVICE_COOKIE } from './admin-session.ts';
import { createLoginThrottle, DEFAULT_LOGIN_THROTTLE, throttleKeys, waitAfter, type LoginThrottleLimits, type LoginWaits } from './login-throttle.ts';
import { CAPTCHA_NEEDED, waitMessage, WRONG_PASSWORD } from './routes.ts';

const settings = loadSiteSettings(path.resolve('config/site.json'));
/** No page is rendered here (a stub: the page bundle is not loaded for a test that needs none). */
const renderer: PageRenderer = {
  render: () => Promise.reject(new Error('no pages in this test')),
  assets: () => ({ scripts: [], styles: [] }) as unknown as ReturnType<PageRenderer['assets']>,
  close: async () => {},
};
const PASSWORD = 'correct horse battery staple';
const SECRET = 'admin-login-test-secret-admin-login';

let database: OpenDatabase;
let clock: Date;
const apps: FastifyInstance[] = [];

/** An instance of the site (several share the database, as behind a load balancer), with the default rate limits. */
async function instance(loginThrottle?: LoginThrottleLimits, extra: { captcha?: CaptchaService; log?: string[]; clientDir?: string } = {}): Promise<FastifyInstance> {
  const { log } = extra;
  const app = await buildServer({
    captcha: extra.captcha,
    logger: log ? { level: 'info', stream: logInto(log) } : undefined,
    settings,
    content: createContentService(database.db, settings),
    renderer: extra.clientDir ? { ...renderer, clientDir: extra.clientDir } : renderer,
    mediaDir: path.resolve('.tmp/no-media'),
    cookieSecret: SECRET,
    publicOrigin: 'http://localhost:3000',
    admin: { password: PASSWORD, db: database.db, now: () => clock, loginThrottle },
  });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

beforeEach(async () => {
  clock = new Date();
  await database.db.delete(adminLoginFailures);
  await database.db.delete(adminSessions);
});

type Cookies = Partial<Record<typeof ADMIN_COOKIE | typeof DEVICE_COOKIE, string>>;
const cookieHeader = (cookies: Cookies) => Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ');

const login = (app: FastifyInstance, password: string, from: string, cookies: Cookies = {}, fields: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/admin/analytics/login',
    remoteAddress: from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...FROM_THIS_SITE, cookie: cookieHeader(cookies) },
    payload: new URLSearchParams({ password, ...fields }).toString(),
  } as InjectOptions);

/** The owner logs in: the session and device cookies. */
async function loggedIn(app: FastifyInstance, from: string, cookies: Cookies = {}): Promise<Required<Cookies>> {
  const response = await login(app, PASSWORD, from, cookies);
  expect(response.statusCode, response.body).toBe(303);
  const value = (name: string) => response.cookies.find((cookie) => cookie.name === name)?.value ?? '';
  return { [ADMIN_COOKIE]: value(ADMIN_COOKIE), [DEVICE_COOKIE]: value(DEVICE_COOKIE) };
}

const dashboard = (app: FastifyInstance, cookies: Cookies) => app.inject({ url: '/admin/analytics', headers: { cookie: cookieHeader(cookies) } });
const isIn = (response: LightMyRequestResponse) => response.statusCode === 200;

describe('logout', () => {
  it('ends the session on the server at once: the same cookie, kept and sent again, opens nothing on any instance', async () => {
    const [a, b] = [await instance(), await instance()];
    const { [ADMIN_COOKIE]: session } = await loggedIn(a, '198.51.100.1');
    expect(isIn(await dashboard(a, { [ADMIN_COOKIE]: session }))).toBe(true);
    expect(isIn(await dashboard(b, { [ADMIN_COOKIE]: session }))).toBe(true);

    const out = await a.inject({ method: 'POST', url: '/admin/analytics/logout', headers: { ...FROM_THIS_SITE, cookie: cookieHeader({ [ADMIN_COOKIE]: session }) } });
    expect(out.statusCode).toBe(303);
    for (const app of [a, b]) {
      const replayed = await dashboard(app, { [ADMIN_COOKIE]: session });
      expect(replayed.statusCode).toBe(303);
      expect(replayed.headers.location).toBe('/admin/analytics/login');
      expect((await app.inject({ url: '/admin/analytics/export/funnel.csv', headers: { cookie: cookieHeader({ [ADMIN_COOKIE]: session }) } })).statusCode).toBe(401);
    }
  });

  it('ends only that session: the owner logged in on another browser stays in', async () => {
    const app = await instance();
    const laptop = await loggedIn(app, '198.51.100.2');
    const phone = await loggedIn(app, '198.51.100.3');
    await app.inject({ method: 'POST', url: '/admin/analytics/logout', headers: { ...FROM_THIS_SITE, cookie: cookieHeader({ [ADMIN_COOKIE]: laptop[ADMIN_COOKIE] }) } });
    expect(isIn(await dashboard(app, { [ADMIN_COOKIE]: laptop[ADMIN_COOKIE] }))).toBe(false);
    expect(isIn(await dashboard(app, { [ADMIN_COOKIE]: phone[ADMIN_COOKIE] }))).toBe(true);
  });

  it('a session ends when it expires, in the database as in the cookie', async () => {
    const app = await instance();
    const { [ADMIN_COOKIE]: session } = await loggedIn(app, '198.51.100.4');
    clock = new Date(clock.getTime() + 8 * 3_600_000 + 1000);
    expect(isIn(await dashboard(app, { [ADMIN_COOKIE]: session }))).toBe(false);
  });
});

describe('wrong passwords from a shared address', () => {
  const OFFICE = '203.0.113.10';

  it('ten of them (someone else at the same address) do not lock out the owner\'s browser that logged in before', async () => {
    const app = await instance();
    const owner = await loggedIn(app, OFFICE);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(app, `guess ${i}`, OFFICE)).statusCode);
    // 5 free tries, then the address waits (and the password is not even looked at).
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    // The owner, from the same address, with the device cookie of the earlier login: in at once.
    const back = await login(app, PASSWORD, OFFICE, { [DEVICE_COOKIE]: owner[DEVICE_COOKIE] });
    expect(back.statusCode, back.body).toBe(303);
    // The device's own typo counts for it alone.
    const typo = await login(app, 'correct horse battery stapel', OFFICE, { [DEVICE_COOKIE]: owner[DEVICE_COOKIE] });
    expect(typo.statusCode).toBe(401);
    expect(typo.body).toContain(WRONG_PASSWORD);
  });

  it('a browser that never logged in there waits, growing with each wrong password, then gets in with the right one', async () => {
    const app = await instance();
    const from = '203.0.113.20';
    // The 5th wrong one makes the address wait 30 s.
    for (let i = 0; i < 5; i++) expect((await login(app, `guess ${i}`, from)).statusCode).toBe(401);
    const waiting = await login(app, PASSWORD, from);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('30');
    expect(waiting.body).toContain(waitMessage(30));
    expect(waiting.cookies.find((cookie) => cookie.name === ADMIN_COOKIE)).toBeUndefined();
    // After the wait: a wrong one doubles it; after that wait, the right one gets in.
    clock = new Date(clock.getTime() + 30_000);
    expect((await login(app, 'guess 6', from)).statusCode).toBe(401);
    expect((await login(app, PASSWORD, from)).headers['retry-after']).toBe('60');
    clock = new Date(clock.getTime() + 60_000);
    expect((await login(app, PASSWORD, from)).statusCode).toBe(303);
    // The right password clears the address: its next typo is free again.
    expect((await login(app, 'typo', from)).statusCode).toBe(401);
  });

  it('guessing from many addresses slows down every browser without a device cookie, but not the owner\'s', async () => {
    const limits: LoginThrottleLimits = { ...DEFAULT_LOGIN_THROTTLE, freeFailures: 2, untrustedFreeFailures: 4 };
    const app = await instance(limits);
    const owner = await loggedIn(app, '192.0.2.200');
    // One wrong password from each of four addresses: the shared budget is spent.
    for (let i = 0; i < 4; i++) expect((await login(app, `guess ${i}`, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    const fresh = await login(app, PASSWORD, '192.0.2.99');
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBe(limits.firstWaitMs / 1000);
    expect((await login(app, PASSWORD, '192.0.2.99', { [DEVICE_COOKIE]: owner[DEVICE_COOKIE] })).statusCode).toBe(303);
  });

  it('the waits: none within the free tries, then 30 s doubling up to 15 min', () => {
    const waits = Array.from({ length: 12 }, (_, i) => waitAfter(i + 1, 5, DEFAULT_LOGIN_THROTTLE) / 1000);
    expect(waits).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('a wrong password says how long its keys now wait, as a look at the waits afterwards does', async () => {
    const limits: LoginThrottleLimits = { ...DEFAULT_LOGIN_THROTTLE, freeFailures: 2, untrustedFreeFailures: 3 };
    const throttle = createLoginThrottle(database.db, { now: () => clock, limits });
    const keys = throttleKeys(null, '192.0.2.70');
    const seen: LoginWaits[] = [];
    for (let i = 0; i < 4; i++) {
      const after = await throttle.failed(keys);
      expect(after).toEqual(await throttle.waits(keys));
      seen.push(after);
    }
    // The address waits after its 2nd wrong password (30 s, then 60 s), all untrusted clients after the 3rd.
    expect(seen).toEqual([{ own: 0, shared: 0 }, { own: 30, shared: 0 }, { own: 60, shared: 30 }, { own: 120, shared: 60 }]);
    // A device's keys share nothing.
    expect(await throttle.failed(throttleKeys('a-device', '192.0.2.70'))).toEqual({ own: 0, shared: 0 });
  });

  it('a device cookie forged, or made for another password, is no device', async () => {
    const app = await instance();
    const from = '203.0.113.30';
    for (let i = 0; i < 5; i++) await login(app, `guess ${i}`, from);
    const owner = await loggedIn(app, '203.0.113.31');
    const [value, signature] = [owner[DEVICE_COOKIE].slice(0, owner[DEVICE_COOKIE].lastIndexOf('.')), owner[DEVICE_COOKIE].slice(owner[DEVICE_COOKIE].lastIndexOf('.') + 1)];
    for (const forged of [value, `x${value.slice(1)}.${signature}`, 'garbage']) {
      expect((await login(app, PASSWORD, from, { [DEVICE_COOKIE]: forged })).statusCode, forged).toBe(429);
    }
  });
});

describe('wrong passwords from everywhere (the shared throttle) with the site\'s captcha', () => {
  let dataDir: string;
  let captcha: CaptchaService;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-login-captcha-'));
    // The lead forms load no captcha (should_load false): the login asks for it all the same.
    captcha = createCaptchaVerifier({
      db: database.db,
      required: false,
      settings: { provider: 'altcha', secret: undefined, siteKey: undefined, verifyUrl: undefined, hmacKey: 'an-admin-login-hmac-key-of-32-characters' },
      dataDir,
    });
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** What the ALTCHA widget does in the browser: asks for a challenge, solves it, sends the token. */
  async function solved(app: FastifyInstance, from: string): Promise<string> {
    const response = await app.inject({ url: '/captcha/challenge', remoteAddress: from });
    expect(response.statusCode).toBe(200);
    return solvedAltcha(response.json() as Challenge);
  }

  const session = (response: LightMyRequestResponse) => response.cookies.find((cookie) => cookie.name === ADMIN_COOKIE);

  it('100 wrong passwords from 100 addresses, then the right one from a new browser: asked for the captcha (not 429), and in once it is solved', async () => {
    const log: string[] = [];
    const app = await instance(undefined, { captcha, log });
    for (let i = 0; i < 99; i++) expect((await login(app, `guess ${i}`, `198.18.${i >> 8}.${i & 255}`)).statusCode).toBe(401);
    // The 100th trips the shared throttle: its answer already carries the captcha for the next try.
    const hundredth = await login(app, 'guess 99', '198.18.0.99');
    expect(hundredth.statusCode).toBe(401);
    expect(hundredth.body).toContain(WRONG_PASSWORD);
    expect(hundredth.body).toContain(`name="${CAPTCHA_RESPONSE_FIELD}"`);

    // A new browser is asked for the captcha: the page carries it, and its policy runs the site's captcha module.
    const page = await app.inject({ url: '/admin/analytics/login', remoteAddress: '198.19.0.1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`name="${CAPTCHA_RESPONSE_FIELD}"`);
    expect(page.body).toContain('src/bindings/captcha-attach.ts');
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    const asked = await login(app, PASSWORD, '198.19.0.1');
    expect(asked.statusCode, asked.body).toBe(401);
    expect(asked.headers['retry-after']).toBeUndefined();
    expect(asked.body).toContain(CAPTCHA_NEEDED.replace(/'/g, '&#39;'));
    expect(session(asked)).toBeUndefined();

    // With the challenge solved, the right password gets in.
    const token = await solved(app, '198.19.0.1');
    const owner = await login(app, PASSWORD, '198.19.0.1', {}, { [CAPTCHA_RESPONSE_FIELD]: token });
    expect(owner.statusCode, owner.body).toBe(303);
    expect(owner.headers.location).toBe('/admin/analytics');
    expect(session(owner)?.value).toBeTruthy();
    // The log says what happened: the captcha asked for, then the login past the shared wait.
    expect(log.some((line) => line.includes('is asked for the captcha'))).toBe(true);
    expect(log.some((line) => line.includes('logged in with a solved captcha'))).toBe(true);

    // A solution passes once: sent again it is refused before the password is looked at.
    const replayed = await login(app, PASSWORD, '198.19.0.2', {}, { [CAPTCHA_RESPONSE_FIELD]: token });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.body).toContain(CAPTCHA_REFUSED);
    expect(session(replayed)).toBeUndefined();
    // A token that was never solved is no token either.
    expect((await login(app, PASSWORD, '198.19.0.3', {}, { [CAPTCHA_RESPONSE_FIELD]: 'bm90IGEgdG9rZW4=' })).statusCode).toBe(401);
  });

  it('with a solved captcha a guess is still only a guess: wrong is 401, and an address past its own free tries still waits (429)', async () => {
    const app = await instance({ ...DEFAULT_LOGIN_THROTTLE, freeFailures: 2, untrustedFreeFailures: 3 });
    const [a, b, c] = ['192.0.2.51', '192.0.2.52', '192.0.2.53'];
    for (const from of [a, b, c]) expect((await login(app, 'guess', from)).statusCode).toBe(401);
    // Without a captcha service the shared wait refuses, as before (an app of this test file without one).
    expect((await login(app, PASSWORD, '192.0.2.54')).statusCode).toBe(429);

    const withCaptcha = await instance({ ...DEFAULT_LOGIN_THROTTLE, freeFailures: 2, untrustedFreeFailures: 3 }, { captcha });
    const wrong = await login(withCaptcha, 'another guess', a, {}, { [CAPTCHA_RESPONSE_FIELD]: await solved(withCaptcha, a) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(WRONG_PASSWORD);
    // Address a has now failed twice: it waits, captcha or not, and its password is not looked at.
    const waiting = await login(withCaptcha, PASSWORD, a, {}, { [CAPTCHA_RESPONSE_FIELD]: await solved(withCaptcha, a) });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.body).toContain(waitMessage(30));
    // Another address gets in with the captcha; then that browser, with its device cookie, needs none.
    const first = await login(withCaptcha, PASSWORD, '192.0.2.55', {}, { [CAPTCHA_RESPONSE_FIELD]: await solved(withCaptcha, '192.0.2.55') });
    expect(first.statusCode).toBe(303);
    const device = first.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value ?? '';
    expect((await login(withCaptcha, PASSWORD, '192.0.2.56', { [DEVICE_COOKIE]: device })).statusCode).toBe(303);
    const page = await withCaptcha.inject({ url: '/admin/analytics/login', headers: { cookie: cookieHeader({ [DEVICE_COOKIE]: device }) } });
    expect(page.body).not.toContain(CAPTCHA_RESPONSE_FIELD);
  });

  it('a build without the captcha module says so when the server starts, and the shared wait refuses (429) as without a captcha', async () => {
    // A built client whose forms import no captcha module: its manifest has no such chunk.
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-login-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), '{}');
    try {
      const log: string[] = [];
      const app = await instance({ ...DEFAULT_LOGIN_THROTTLE, freeFailures: 2, untrustedFreeFailures: 1 }, { captcha, log, clientDir });
      const warning = log.map((line) => JSON.parse(line) as { level: number; msg: string }).find((line) => line.msg.includes('no captcha module'));
      expect(warning?.level).toBe(40);
      expect((await login(app, 'guess', '192.0.2.61')).statusCode).toBe(401);
      const refused = await login(app, PASSWORD, '192.0.2.62');
      expect(refused.statusCode).toBe(429);
      expect(refused.body).not.toContain(CAPTCHA_RESPONSE_FIELD);
    } finally {
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
