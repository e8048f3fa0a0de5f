/**
 * Renames inline event-handler attributes (`onerror=`, `onload=` …) inside the tags of an HTML
 * string before it is parsed for sanitizing. Chromium checks the page's Content-Security-Policy
 * for every handler attribute it parses, even into an inert document, so sanitizing a poisoned
 * answer logged one CSP violation per handler although nothing could run (issue 12 counted 8).
 * This is not the sanitizer: DOMPurify still removes every handler (and the renamed attributes,
 * which are data-* attributes it does not keep); a handler this pass misses is removed all the same,
 * with a violation logged.
 *
 * @example withoutEventHandlerAttributes('<img src=x onerror="alert(1)">') // '<img src=x data-removed-onerror="alert(1)">'
 */
export function withoutEventHandlerAttributes(html: string): string {
  if (!/on[a-z]/i.test(html)) return html;
  return html.replace(/<[A-Za-z][^>]*>/g, (tag) => tag.replace(/([\s/"'])(on[a-z]+\s*=)/gi, '$1data-removed-$2'));
}
