/**
 * The policy for HTML from the server (quotes, share forms, content pages), as data and pure
 * functions: scripts, event handlers, javascript: URLs, styles, embedded frames and forms posting
 * elsewhere are removed. The sanitizer that applies it (DOMPurify on a window) is set up by the
 * view bindings, `src/bindings/html-sanitizer.ts`.
 */

/** A form may post only to a path of this site: `/rescms/…`, never `//host/…` or `https://…`. */
const SITE_PATH = /^\/(?![/\\])/;

/** Whether a form's `action` may stay: a path of this site only. */
export function isSiteFormAction(action: string): boolean {
  return SITE_PATH.test(action.trim());
}

/** DOMPurify's options for the policy (its own option names). */
export const HTML_POLICY = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link'],
  FORBID_ATTR: ['style', 'srcdoc', 'formaction'],
  ALLOW_DATA_ATTR: false,
  // The share form's social links (spec §3 Share form): their share URL and query parameter name;
  // the marks of a captcha-protected and an opt-in form (src/domain/lead-forms.ts).
  ADD_ATTR: ['data-share-url', 'data-share-query', 'data-captcha', 'data-optin-required'],
};
