/**
 * The captcha as the browser sees it (spec §4 Captcha-protected form, §7 Captcha, §8): the
 * providers' scripts, the reCAPTCHA-shaped client API every provider is driven through, and the
 * console texts.
 */

export type CaptchaProviderName = 'altcha' | 'recaptcha' | 'turnstile';

/** The name of the global onload callback the provider's script calls once it is ready (explicit rendering). */
export const CAPTCHA_ONLOAD_CALLBACK = 'btLeadsCaptchaOnload';

/** Third-party providers' scripts; ALTCHA's is this site's own file (loaded on demand). */
export const CAPTCHA_SCRIPT_URLS: Record<Exclude<CaptchaProviderName, 'altcha'>, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api.js',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
};

/** The global each provider's script defines. */
export const CAPTCHA_GLOBALS: Record<CaptchaProviderName, string> = {
  altcha: 'altchaCaptcha',
  recaptcha: 'grecaptcha',
  turnstile: 'turnstile',
};

/** Where the self-hosted ALTCHA widget asks for a challenge. */
export const ALTCHA_CHALLENGE_PATH = '/captcha/challenge';

/** Dispatched on a captcha-protected form: load the captcha now (spec §7 Captcha: loading is forced). */
export const CAPTCHA_FORCE_LOAD_EVENT = 'bt-leads:captcha-load';

/** Marks a form whose captcha returned a token (spec §4: the form is marked submitted). */
export const CAPTCHA_SUBMITTED_ATTRIBUTE = 'data-captcha-submitted';

export type CaptchaSize = 'invisible' | 'normal' | 'compact';

export interface CaptchaRenderOptions {
  sitekey: string;
  /** reCAPTCHA and ALTCHA; Turnstile has no invisible size (see renderOptionsFor). */
  size?: CaptchaSize;
  /** Turnstile: 'execute' waits for execute() to run the challenge. */
  execution?: 'render' | 'execute';
  /** Turnstile: 'interaction-only' shows the widget only when the visitor must act. */
  appearance?: 'always' | 'execute' | 'interaction-only';
  callback: (token: string) => void;
  'error-callback'?: (error?: unknown) => void;
  'expired-callback'?: () => void;
}

/** The reCAPTCHA-shaped API (grecaptcha; Turnstile's and the site's ALTCHA one have the same calls). */
export interface CaptchaApi {
  render(container: HTMLElement, options: CaptchaRenderOptions): string | number;
  execute(id: string | number): void;
  getResponse(id: string | number): string;
  reset(id: string | number): void;
}

/**
 * The third-party provider's script URL, with explicit rendering and the onload callback.
 *
 * @example captchaScriptUrl('recaptcha') // 'https://www.google.com/recaptcha/api.js?onload=btLeadsCaptchaOnload&render=explicit'
 */
export function captchaScriptUrl(provider: Exclude<CaptchaProviderName, 'altcha'>): string {
  return `${CAPTCHA_SCRIPT_URLS[provider]}?onload=${CAPTCHA_ONLOAD_CALLBACK}&render=explicit`;
}

/** The size the form's async-captcha element asks for (data-size), invisible unless it says otherwise. */
export function captchaSize(value: string | undefined | null): CaptchaSize {
  return value === 'normal' || value === 'compact' ? value : 'invisible';
}

/**
 * The render options each provider takes for a size: Turnstile has no invisible size; it runs the
 * challenge at execute() and shows itself only when the visitor must act.
 *
 * @example renderOptionsFor('turnstile', 'invisible', 'key', cb) // { sitekey: 'key', execution: 'execute', appearance: 'interaction-only', callback: cb }
 */
export function renderOptionsFor(
  provider: CaptchaProviderName,
  size: CaptchaSize,
  sitekey: string,
  callback: CaptchaRenderOptions['callback'],
  errorCallback?: CaptchaRenderOptions['error-callback'],
): CaptchaRenderOptions {
  const handlers = { callback, ...(errorCallback ? { 'error-callback': errorCallback } : {}) };
  if (provider !== 'turnstile') return { sitekey, size, ...handlers };
  return size === 'invisible' ? { sitekey, execution: 'execute', appearance: 'interaction-only', ...handlers } : { sitekey, size, execution: 'execute', ...handlers };
}

/** Spec §8: the console texts. */
export const CAPTCHA_LIBRARY_MISSING = "The captcha library is missing: the captcha won't work on the current page.";
export const CAPTCHA_EMPTY_TOKEN = 'The captcha returned an empty token: the form submission failed.';
export const CAPTCHA_TOKEN_OK = 'The captcha returned a valid token: the form is being submitted.';
export const CAPTCHA_SCRIPT_FAILED = 'The captcha script could not be added';
export const CAPTCHA_CHALLENGE_FAILED = 'The captcha challenge failed';

/** The tag of the captcha machine's states in which the form says that its security check could not load. */
export const CAPTCHA_UNAVAILABLE_TAG = 'unavailable';

/** What a protected form says when its security check (the captcha's script or challenge) could not load; Try again follows it. */
export const CAPTCHA_UNAVAILABLE_TEXT = 'The security check could not load, so the form cannot be sent yet.';
