/**
 * The real captcha (issue 14 item 2; spec §4 Captcha-protected form, §7 Captcha): a
 * CaptchaVerifier (./verifier.ts) for the form routes, and for the self-hosted ALTCHA provider the
 * challenges the browser's widget solves (GET /captcha/challenge, ./routes.ts).
 *
 * Every token passes once: an accepted token's hash is kept in captcha_tokens_used until it would
 * have expired anyway, so neither a second post nor a restart reopens it. Tokens expire
 * CAPTCHA_TOKEN_TTL_MS after their challenge was made (ALTCHA) or solved (reCAPTCHA, Turnstile).
 *
 *   const captcha = createCaptchaVerifier({ db, required: settings.bt_leads_recaptcha.should_load, settings: parseCaptchaSettings(process.env), dataDir });
 *   const verdict = await captcha.verify(token, { ip, formId });
 */
import crypto from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { captchaTokensUsed } from '../db/schema.ts';
import { dataDirSecret } from '../data-dir-secret.ts';
import { SITEVERIFY_URLS, type CaptchaProviderName, type CaptchaSettings } from './config.ts';
import type { CaptchaRefusal, CaptchaVerdict, CaptchaVerifier } from './verifier.ts';

/** How long a token is good for: a challenge made (or a provider's token solved) longer ago is refused as expired. */
export const CAPTCHA_TOKEN_TTL_MS = 5 * 60_000;

/**
 * ALTCHA's work: SHA-256, the answer a counter drawn from this range (about 10 000 hashes on
 * average, well under a second in a browser's workers, thousands of times the server's cost).
 */
export const ALTCHA_COUNTER_RANGE = { min: 5_000, max: 15_000 } as const;

/** The longest wait for a provider's siteverify answer; a slower one refuses the post as unavailable. */
export const SITEVERIFY_TIMEOUT_MS = 10_000;

/** Longest token read from a form (a reCAPTCHA token is about 2 KB, an ALTCHA payload under 1 KB). */
export const MAX_TOKEN_LENGTH = 4000;

export interface CaptchaService extends CaptchaVerifier {
  readonly provider: CaptchaProviderName;
  /** The site key the browser renders with (reCAPTCHA, Turnstile); '' for ALTCHA. */
  readonly siteKey: string;
  /**
   * Checks a token whatever bt_leads_recaptcha.should_load says: for the site owner's login, which
   * asks for the captcha only when guessing has tripped its shared throttle (server/admin/routes.ts).
   */
  check(token: string, context: { ip: string; formId: string }): Promise<CaptchaVerdict>;
  /** ALTCHA only: a new signed challenge for the widget. */
  challenge(): Promise<Challenge>;
  /** Forgets used tokens that have expired (they are refused as expired anyway); the number removed. */
  sweep(): Promise<number>;
}

export interface CaptchaServiceOptions {
  db: Database;
  /** bt_leads_recaptcha.should_load: without it the site loads no captcha and forms go without a token. */
  required: boolean;
  settings: CaptchaSettings;
  /** Where the random HMAC key is kept when CAPTCHA_HMAC_KEY is not set. */
  dataDir: string;
  /** The clock (tests move it); default Date.now. */
  now?: () => number;
  /** The HTTP client for siteverify (default: global fetch). */
  fetch?: typeof fetch;
}


const refuse = (reason: CaptchaRefusal): CaptchaVerdict => ({ ok: false, reason });
const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** An ALTCHA payload: base64 of { challenge: { parameters, signature }, solution }. */
function parseAltchaPayload(token: string): { challenge: Challenge; solution: { counter: number; derivedKey: string } } | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const payload = json as { challenge?: { parameters?: Record<string, unknown>; signature?: unknown }; solution?: { counter?: unknown; derivedKey?: unknown } } | null;
  const parameters = payload?.challenge?.parameters;
  const solution = payload?.solution;
  if (!parameters || typeof parameters !== 'object' || typeof payload.challenge?.signature !== 'string') return null;
  if (!solution || !Number.isSafeInteger(solution.counter) || typeof solution.derivedKey !== 'string') return null;
  if (typeof parameters.algorithm !== 'string' || typeof parameters.nonce !== 'string' || typeof parameters.salt !== 'string') return null;
  return payload as unknown as ReturnType<typeof parseAltchaPayload>;
}

/** Makes the site's CaptchaVerifier from its settings; see the module comment. */
export function createCaptchaVerifier(options: CaptchaServiceOptions): CaptchaService {
  const { db, settings, required } = options;
  const now = options.now ?? Date.now;
  const fetcher = options.fetch ?? fetch;
  const signatureKey = settings.provider === 'altcha' ? dataDirSecret(options.dataDir, 'captcha-hmac-key', settings.hmacKey) : '';
  // A second key for the solved-key signature, so the server checks a solution without hashing.
  const keySignatureKey = signatureKey && crypto.createHmac('sha256', signatureKey).update('altcha key signature').digest('hex');

  /** Keeps the token (an ALTCHA challenge's signature) as used; false when it was used before (by this post's rival or an earlier one). */
  async function claim(token: string, formId: string, expiresAt: number): Promise<boolean> {
    const rows = await db
      .insert(captchaTokensUsed)
      .values({ tokenHash: tokenHash(token), formId: formId.slice(0, 200), expiresAt: new Date(expiresAt) })
      .onConflictDoNothing()
      .returning({ tokenHash: captchaTokensUsed.tokenHash });
    return rows.length === 1;
  }

  async function wasUsed(token: string): Promise<boolean> {
    const rows = await db.select({ tokenHash: captchaTokensUsed.tokenHash }).from(captchaTokensUsed).where(eq(captchaTokensUsed.tokenHash, tokenHash(token))).limit(1);
    return rows.length > 0;
  }

  async function verifyAltcha(token: string, formId: string): Promise<CaptchaVerdict> {
    const payload = parseAltchaPayload(token);
    if (!payload) return refuse('invalid');
    const expiresAt = Number(payload.challenge.parameters.expiresAt) * 1000;
    if (!Number.isFinite(expiresAt)) return refuse('invalid');
    if (expiresAt <= now()) return refuse('expired');
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: signatureKey,
      hmacKeySignatureSecret: keySignatureKey,
    }).catch(() => null);
    if (!result) return refuse('invalid');
    if (result.expired) return refuse('expired');
    if (!result.verified) return refuse('invalid');
    // The challenge is what passes once: the same solution written another way is a replay too.
    return (await claim(`altcha:${String(payload.challenge.signature)}`, formId, expiresAt)) ? { ok: true } : refuse('replayed');
  }

  async function verifyWithProvider(provider: 'recaptcha' | 'turnstile', token: string, ip: string, formId: string): Promise<CaptchaVerdict> {
    // Known used: refused without asking the provider.
    if (await wasUsed(token)) return refuse('replayed');
    const body = new URLSearchParams({ secret: settings.secret ?? '', response: token, remoteip: ip });
    let answer: { success?: unknown; challenge_ts?: unknown; 'error-codes'?: unknown };
    try {
      const response = await fetcher(settings.verifyUrl ?? SITEVERIFY_URLS[provider], {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
      });
      if (!response.ok) return refuse('unavailable');
      answer = (await response.json()) as typeof answer;
    } catch {
      return refuse('unavailable');
    }
    if (answer === null || typeof answer !== 'object') return refuse('unavailable');
    if (answer.success !== true) {
      const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : [];
      if (codes.includes('timeout-or-duplicate')) return refuse('expired');
      if (codes.some((code) => typeof code === 'string' && /secret|bad-request|internal-error/.test(code))) return refuse('unavailable');
      return refuse('invalid');
    }
    const solvedAt = typeof answer.challenge_ts === 'string' ? Date.parse(answer.challenge_ts) : NaN;
    if (!Number.isFinite(solvedAt)) return refuse('invalid');
    const expiresAt = solvedAt + CAPTCHA_TOKEN_TTL_MS;
    if (expiresAt <= now()) return refuse('expired');
    return (await claim(token, formId, expiresAt)) ? { ok: true } : refuse('replayed');
  }

  return {
    required,
    provider: settings.provider,
    siteKey: settings.provider === 'altcha' ? '' : (settings.siteKey ?? ''),
    async verify(token, context) {
      if (!required) return { ok: true };
      return this.check(token, context);
    },
    async check(token, { ip, formId }) {
      const trimmed = token.trim();
      if (trimmed === '') return refuse('missing');
      if (trimmed.length > MAX_TOKEN_LENGTH) return refuse('invalid');
      if (settings.provider === 'altcha') return verifyAltcha(trimmed, formId);
      return verifyWithProvider(settings.provider, trimmed, ip, formId);
    },
    async challenge() {
      if (settings.provider !== 'altcha') throw new Error(`The ${settings.provider} captcha makes its own challenges`);
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(ALTCHA_COUNTER_RANGE.max, ALTCHA_COUNTER_RANGE.min),
        deriveKey,
        expiresAt: new Date(now() + CAPTCHA_TOKEN_TTL_MS),
        hmacSignatureSecret: signatureKey,
        hmacKeySignatureSecret: keySignatureKey,
      });
    },
    async sweep() {
      const removed = await db.delete(captchaTokensUsed).where(lt(captchaTokensUsed.expiresAt, new Date(now()))).returning({ tokenHash: captchaTokensUsed.tokenHash });
      return removed.length;
    },
  };
}
