/**
 * The captcha's server settings (docs/configuration.md: CAPTCHA_PROVIDER, CAPTCHA_SECRET, CAPTCHA_SITE_KEY,
 * CAPTCHA_VERIFY_URL, CAPTCHA_HMAC_KEY). ALTCHA, self-hosted, is the default: a proof of work the
 * browser solves, signed and checked by this server, no third party. reCAPTCHA and Turnstile are
 * verified against their siteverify endpoint with the secret key.
 */
export type CaptchaProviderName = 'altcha' | 'recaptcha' | 'turnstile';

export interface CaptchaSettings {
  provider: CaptchaProviderName;
  /** reCAPTCHA / Turnstile secret key (server side only). */
  secret: string | undefined;
  /** reCAPTCHA / Turnstile site key (given to the browser). */
  siteKey: string | undefined;
  /** The provider's siteverify URL (tests point it at a loopback fake). */
  verifyUrl: string | undefined;
  /** ALTCHA: the HMAC key that signs challenges; undefined = a random key kept in DATA_DIR. */
  hmacKey: string | undefined;
}

/** Each provider's token check (its siteverify endpoint). */
export const SITEVERIFY_URLS: Record<Exclude<CaptchaProviderName, 'altcha'>, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

/** The shortest CAPTCHA_HMAC_KEY accepted (a guessable key lets anyone sign their own challenges). */
export const MIN_HMAC_KEY_LENGTH = 32;

const PROVIDERS: readonly CaptchaProviderName[] = ['altcha', 'recaptcha', 'turnstile'];

function isProvider(name: string): name is CaptchaProviderName {
  return (PROVIDERS as readonly string[]).includes(name);
}

/** Reads and checks the captcha settings; a bad value throws a message naming the variable. */
export function parseCaptchaSettings(env: NodeJS.ProcessEnv): CaptchaSettings {
  const provider = (env.CAPTCHA_PROVIDER ?? '').trim().toLowerCase() || 'altcha';
  if (!isProvider(provider)) throw new Error(`CAPTCHA_PROVIDER must be one of ${PROVIDERS.join(', ')}, got ${JSON.stringify(env.CAPTCHA_PROVIDER)}`);
  const secret = env.CAPTCHA_SECRET || undefined;
  const siteKey = env.CAPTCHA_SITE_KEY || undefined;
  if (provider !== 'altcha' && (!secret || !siteKey)) {
    throw new Error(`CAPTCHA_PROVIDER=${provider} needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET (the keys the provider gave the site); leave CAPTCHA_PROVIDER unset for the self-hosted ALTCHA captcha`);
  }
  let verifyUrl: string | undefined;
  if (env.CAPTCHA_VERIFY_URL) {
    let url: URL;
    try {
      url = new URL(env.CAPTCHA_VERIFY_URL);
    } catch {
      throw new Error(`CAPTCHA_VERIFY_URL must be an http(s) URL, got ${JSON.stringify(env.CAPTCHA_VERIFY_URL)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`CAPTCHA_VERIFY_URL must be an http(s) URL, got ${JSON.stringify(env.CAPTCHA_VERIFY_URL)}`);
    verifyUrl = url.href;
  }
  const hmacKey = env.CAPTCHA_HMAC_KEY || undefined;
  if (hmacKey !== undefined && hmacKey.length < MIN_HMAC_KEY_LENGTH) {
    throw new Error(`CAPTCHA_HMAC_KEY must be at least ${MIN_HMAC_KEY_LENGTH} characters long; leave it unset for a random key kept in DATA_DIR`);
  }
  return { provider, secret, siteKey, verifyUrl, hmacKey };
}
