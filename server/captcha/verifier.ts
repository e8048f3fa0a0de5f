/**
 * What a form's server route asks of the captcha (spec §4 Captcha-protected form, §5 Forms): is
 * this token from a solved challenge, for this form, not used before and not expired? The lead,
 * share (system/ajax) and review routes take a CaptchaVerifier; the captcha module
 * (server/captcha) makes the real one from the site settings and the provider configured.
 */
export type CaptchaRefusal = 'missing' | 'invalid' | 'replayed' | 'expired' | 'unavailable';

export type CaptchaVerdict = { ok: true } | { ok: false; reason: CaptchaRefusal };

export interface CaptchaVerifier {
  /** False when the site loads no captcha (bt_leads_recaptcha.should_load false): forms go without a token. */
  readonly required: boolean;
  /**
   * Checks the token of the response field (src/domain/lead-forms.ts CAPTCHA_RESPONSE_FIELD); a
   * token passes once. When the captcha is not required every form passes (the routes just ask).
   */
  verify(token: string, context: { ip: string; formId: string }): Promise<CaptchaVerdict>;
}

/** The message a refused token gets (the visitor solves the captcha again). */
export const CAPTCHA_REFUSED = 'The captcha check failed. Please try again.';
