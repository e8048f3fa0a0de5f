import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Challenge } from 'altcha-lib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadSiteSettings } from '../config.ts';
import { createContentService } from '../content/content-service.ts';
import type { OpenDatabase } from '../db/client.ts';
import { captchaTokensUsed } from '../db/schema.ts';
import { DEFAULT_RATE_LIMITS } from '../security/rate-limits.ts';
import { openTestDatabase, solvedAltcha } from '../test-support.ts';
import { testRenderer as renderer } from '../test-renderer.ts';
import { CAPTCHA_TOKEN_TTL_MS, createCaptchaVerifier, type CaptchaService } from './captcha-service.ts';
import { parseCaptchaSettings, type CaptchaSettings } from './config.ts';

/** The captcha (issue 14 item 2): ALTCHA challenges and tokens, reCAPTCHA / Turnstile through a loopback siteverify, once only, expiry. */
const settings = loadSiteSettings(path.resolve('config/site.json'));
const ALTCHA: CaptchaSettings = { provider: 'altcha', secret: undefined, siteKey: undefined, verifyUrl: undefined, hmacKey: 'a-test-hmac-key-of-at-least-32-characters' };
const FORM = { ip: '203.0.113.7', formId: 'bt-leads-contact-us' };
let database: OpenDatabase;
let dataDir: string;
// The verifiers' clock, moved by the expiry tests (it starts at the real time: no calendar date).
let clock = Date.now();
const now = () => clock;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'captcha-test-'));
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function altcha(options: Partial<CaptchaSettings> = {}, dir = dataDir): CaptchaService {
  return createCaptchaVerifier({ db: database.db, required: true, settings: { ...ALTCHA, ...options }, dataDir: dir, now });
}

describe('the self-hosted ALTCHA captcha', () => {
  let app: FastifyInstance;
  let captcha: CaptchaService;
  beforeAll(async () => {
    captcha = altcha();
    app = await buildServer({
      settings,
      content: createContentService(database.db, settings),
      renderer,
      mediaDir: path.resolve('.tmp/no-media'),
      cookieSecret: 'captcha-test-secret-captcha-test',
      captcha,
      security: { rateLimits: { ...DEFAULT_RATE_LIMITS, captcha: { max: 3, windowMs: 60_000 } } },
    });
  });
  afterAll(() => app.close());

  it('hands out signed, expiring, never cached proof-of-work challenges, and a solved one passes once', async () => {
    const response = await app.inject({ url: '/captcha/challenge', remoteAddress: '198.51.100.1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json<Challenge>();
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt).toBe(Math.floor((clock + CAPTCHA_TOKEN_TTL_MS) / 1000));
    const token = await solvedAltcha(challenge);
    expect(await captcha.verify(token, FORM)).toEqual({ ok: true });
    // A replay is refused, for this form or any other.
    expect(await captcha.verify(token, FORM)).toEqual({ ok: false, reason: 'replayed' });
    expect(await captcha.verify(token, { ...FORM, formId: 'bt-leads-newsletter' })).toEqual({ ok: false, reason: 'replayed' });
    // ... and stays refused after a restart: the used token is in the database.
    expect(await altcha().verify(token, FORM)).toEqual({ ok: false, reason: 'replayed' });
    const [row] = await database.db.select().from(captchaTokensUsed);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token.slice(0, 20));
  });

  it('rate limits the challenges per client', async () => {
    const client = '198.51.100.2';
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await app.inject({ url: '/captcha/challenge', remoteAddress: client })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await app.inject({ url: '/captcha/challenge', remoteAddress: '198.51.100.3' })).statusCode).toBe(200);
  });

  it('refuses a token whose challenge is older than the token lifetime', async () => {
    const token = await solvedAltcha(await captcha.challenge());
    clock += CAPTCHA_TOKEN_TTL_MS + 1000;
    try {
      expect(await captcha.verify(token, FORM)).toEqual({ ok: false, reason: 'expired' });
    } finally {
      clock -= CAPTCHA_TOKEN_TTL_MS + 1000;
    }
    // Not used up by the refusal, but expired tokens are swept from the used list.
    await captcha.verify(await solvedAltcha(await captcha.challenge()), FORM);
    clock += CAPTCHA_TOKEN_TTL_MS + 1000;
    try {
      expect(await captcha.sweep()).toBeGreaterThanOrEqual(1);
      expect(await database.db.select().from(captchaTokensUsed)).toEqual([]);
    } finally {
      clock -= CAPTCHA_TOKEN_TTL_MS + 1000;
    }
  });

  it('refuses an empty token, garbage, a tampered challenge, a wrong answer and another key', async () => {
    expect(await captcha.verify('', FORM)).toEqual({ ok: false, reason: 'missing' });
    expect(await captcha.verify('   ', FORM)).toEqual({ ok: false, reason: 'missing' });
    expect(await captcha.verify('not base64 json', FORM)).toEqual({ ok: false, reason: 'invalid' });
    expect(await captcha.verify('x'.repeat(5000), FORM)).toEqual({ ok: false, reason: 'invalid' });
    const challenge = await captcha.challenge();
    const token = await solvedAltcha(challenge);
    const payload = JSON.parse(Buffer.from(token, 'base64').toString()) as { challenge: Challenge; solution: { counter: number; derivedKey: string } };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    // A longer life written into the challenge breaks its signature.
    expect(await captcha.verify(encode({ ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, expiresAt: 9e9 } } }), FORM)).toEqual({ ok: false, reason: 'invalid' });
    expect(await captcha.verify(encode({ ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } }), FORM)).toEqual({ ok: false, reason: 'invalid' });
    // Signed with another key (another site, or a guessed key).
    expect(await altcha({ hmacKey: 'another-hmac-key-of-at-least-32-characters!' }).verify(token, FORM)).toEqual({ ok: false, reason: 'invalid' });
    // None of these used the good token up.
    expect(await captcha.verify(token, FORM)).toEqual({ ok: true });
    // The same solved challenge written another way (another counter, other spacing) is a replay.
    expect(await captcha.verify(encode({ ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1, time: 1 } }), FORM)).toEqual({ ok: false, reason: 'replayed' });
  });

  it('keeps a random HMAC key in the data directory when CAPTCHA_HMAC_KEY is not set', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'captcha-key-'));
    try {
      const first = altcha({ hmacKey: undefined }, dir);
      const token = await solvedAltcha(await first.challenge());
      expect(fs.readFileSync(path.join(dir, 'captcha-hmac-key'), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
      expect((fs.statSync(path.join(dir, 'captcha-hmac-key')).mode & 0o777).toString(8)).toBe('600');
      // After a restart the same key checks the challenges made before it.
      expect(await altcha({ hmacKey: undefined }, dir).verify(token, FORM)).toEqual({ ok: true });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is required only when bt_leads_recaptcha.should_load is true; when it is not, every form passes', async () => {
    const off = createCaptchaVerifier({ db: database.db, required: false, settings: ALTCHA, dataDir });
    expect(off.required).toBe(false);
    expect(await off.verify('', { ip: '127.0.0.1', formId: 'contact' })).toEqual({ ok: true });
    expect(captcha.required).toBe(true);
    expect(await captcha.verify('', { ip: '127.0.0.1', formId: 'contact' })).toEqual({ ok: false, reason: 'missing' });
  });
});

/** A loopback stand-in for reCAPTCHA's and Turnstile's siteverify: answers what the test sets and records what it was sent. */
function fakeSiteverify() {
  const received: URLSearchParams[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { success: true } };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(new URLSearchParams(body));
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  return {
    received,
    answer: (status: number, body: unknown) => (answer = { status, body }),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(['recaptcha', 'turnstile'] as const)('the %s captcha, verified server-side against its siteverify', (provider) => {
  const fake = fakeSiteverify();
  let captcha: CaptchaService;
  let verifyUrl: string;
  let tokens = 0;
  const newToken = () => `${provider}-token-${++tokens}-${'x'.repeat(40)}`;
  const solvedNow = () => new Date(clock).toISOString();
  beforeAll(async () => {
    verifyUrl = await fake.start();
    captcha = createCaptchaVerifier({ db: database.db, required: true, settings: { provider, secret: 'the-secret-key', siteKey: 'the-site-key', verifyUrl, hmacKey: undefined }, dataDir, now });
  });
  afterAll(() => fake.stop());

  it('sends the secret, the token and the client address, accepts a success once and refuses its replay without asking again', async () => {
    fake.answer(200, { success: true, challenge_ts: solvedNow(), hostname: 'localhost' });
    const token = newToken();
    expect(await captcha.verify(token, FORM)).toEqual({ ok: true });
    expect(Object.fromEntries(fake.received.at(-1) ?? [])).toEqual({ secret: 'the-secret-key', response: token, remoteip: FORM.ip });
    const asked = fake.received.length;
    expect(await captcha.verify(token, FORM)).toEqual({ ok: false, reason: 'replayed' });
    expect(fake.received.length).toBe(asked);
    expect(captcha.siteKey).toBe('the-site-key');
  });

  it('refuses what the provider refuses, and a token solved longer ago than the token lifetime', async () => {
    fake.answer(200, { success: false, 'error-codes': ['invalid-input-response'] });
    expect(await captcha.verify(newToken(), FORM)).toEqual({ ok: false, reason: 'invalid' });
    fake.answer(200, { success: false, 'error-codes': ['timeout-or-duplicate'] });
    expect(await captcha.verify(newToken(), FORM)).toEqual({ ok: false, reason: 'expired' });
    fake.answer(200, { success: true, challenge_ts: new Date(clock - CAPTCHA_TOKEN_TTL_MS - 1000).toISOString() });
    expect(await captcha.verify(newToken(), FORM)).toEqual({ ok: false, reason: 'expired' });
    expect(await captcha.verify('', FORM)).toEqual({ ok: false, reason: 'missing' });
  });

  it('answers unavailable when the provider fails, answers nonsense, refuses the secret or cannot be reached', async () => {
    fake.answer(500, 'oops');
    expect(await captcha.verify(newToken(), FORM)).toEqual({ ok: false, reason: 'unavailable' });
    fake.answer(200, 'not json');
    expect(await captcha.verify(newToken(), FORM)).toEqual({ ok: false, reason: 'unavailable' });
    fake.answer(200, { success: false, 'error-codes': ['invalid-input-secret'] });
    expect(await captcha.verify(newToken(), FORM)).toEqual({ ok: false, reason: 'unavailable' });
    const down = createCaptchaVerifier({ db: database.db, required: true, settings: { provider, secret: 's', siteKey: 'k', verifyUrl: 'http://127.0.0.1:1/siteverify', hmacKey: undefined }, dataDir, now });
    expect(await down.verify(newToken(), FORM)).toEqual({ ok: false, reason: 'unavailable' });
    // A token refused as unavailable is not used up: it passes once the provider is back.
    fake.answer(200, { success: true, challenge_ts: solvedNow() });
    const token = newToken();
    expect(await down.verify(token, FORM)).toEqual({ ok: false, reason: 'unavailable' });
    expect(await captcha.verify(token, FORM)).toEqual({ ok: true });
  });

  it('serves no ALTCHA challenge', async () => {
    const app = await buildServer({ settings, content: createContentService(database.db, settings), renderer, mediaDir: path.resolve('.tmp/no-media'), cookieSecret: 'captcha-test-secret-captcha-test', captcha });
    try {
      expect((await app.inject({ url: '/captcha/challenge' })).statusCode).toBe(404);
      // The page's CSP lets the provider's script and frame in, and workers only from this site.
      const csp = String((await app.inject({ url: '/about-us' })).headers['content-security-policy']);
      expect(csp).toContain(provider === 'recaptcha' ? 'https://www.google.com/recaptcha/' : 'https://challenges.cloudflare.com');
      expect(csp).toContain("worker-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
    } finally {
      await app.close();
    }
  });
});

describe('captcha settings', () => {
  it('default to the self-hosted ALTCHA and check what is set', () => {
    expect(parseCaptchaSettings({})).toEqual({ provider: 'altcha', secret: undefined, siteKey: undefined, verifyUrl: undefined, hmacKey: undefined });
    expect(parseCaptchaSettings({ CAPTCHA_PROVIDER: 'Turnstile', CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k' }).provider).toBe('turnstile');
    expect(() => parseCaptchaSettings({ CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow('CAPTCHA_PROVIDER must be one of altcha, recaptcha, turnstile, got "hcaptcha"');
    expect(() => parseCaptchaSettings({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SECRET: 's' })).toThrow(/needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET/);
    expect(() => parseCaptchaSettings({ CAPTCHA_VERIFY_URL: 'ftp://example.com/x' })).toThrow(/CAPTCHA_VERIFY_URL must be an http\(s\) URL/);
    expect(() => parseCaptchaSettings({ CAPTCHA_HMAC_KEY: 'short' })).toThrow(/CAPTCHA_HMAC_KEY must be at least 32 characters/);
  });
});
