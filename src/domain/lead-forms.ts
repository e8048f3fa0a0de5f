/**
 * Names every lead, share and inquiry form shares (spec §3 Share form, §4 Captcha-protected form,
 * §5 Forms, §8), used by the browser and the server alike.
 */

/** An email address as every form accepts it (lead, share, review and checkout forms; browser and server). */
export const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The opt-in checkbox a form marked as requiring opt-in must have checked. */
export const OPT_IN_FIELD = 'bt_leads_optin';

/** Marks a form that requires the opt-in (spec §5 Forms). */
export const OPT_IN_REQUIRED_ATTRIBUTE = 'data-optin-required';

/** The browser's alert when the opt-in is not accepted (spec §8). */
export const OPT_IN_ALERT = 'Please accept the terms to proceed.';

/** The hidden field that carries the captcha token (spec §3 Share form: a captcha response field). */
export const CAPTCHA_RESPONSE_FIELD = 'g-recaptcha-response';

/** The class of the element inside a form where the captcha renders (spec §7 Captcha: an async-captcha element). */
export const ASYNC_CAPTCHA_CLASS = 'async-captcha';

/** Marks a form the captcha protects. */
export const CAPTCHA_FORM_ATTRIBUTE = 'data-captcha';

/**
 * Dispatched (bubbling) on a form when its asynchronous submit has completed, whatever the outcome:
 * the captcha resets and the form's submitted mark clears (spec §4 Captcha-protected form).
 */
export const ASYNC_SUBMITTED_EVENT = 'bt-leads:async-submitted';

/** A form is a lead form when its id begins with 'bt-leads' (spec §2 Lead and inquiry forms). */
export function isLeadFormId(id: string): boolean {
  return id.startsWith('bt-leads');
}
