import DOMPurify, { type WindowLike } from 'dompurify';
import { withoutEventHandlerAttributes } from './event-handler-attributes';

/**
 * The one sanitizer for HTML from the server (quotes, share forms, content pages): scripts,
 * event handlers, javascript: URLs, forms pointing elsewhere and embedded frames are removed.
 * In the browser it uses the page's window; the server gives it a jsdom window at start.
 */
/** A form may post only to a path of this site. */
const SITE_PATH = /^\/(?![/\\])/;

function create(windowLike: WindowLike): ReturnType<typeof DOMPurify> {
  const instance = DOMPurify(windowLike);
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'action' && !SITE_PATH.test(data.attrValue.trim())) data.keepAttr = false;
  });
  return instance;
}

let purifier: ReturnType<typeof DOMPurify> | null = typeof window !== 'undefined' ? create(window) : null;

export function configureSanitizer(windowLike: WindowLike): void {
  purifier = create(windowLike);
}

export function sanitizeHtml(html: string): string {
  if (!purifier) throw new Error('The HTML sanitizer has no window: call configureSanitizer() on the server first.');
  // Handlers renamed first: parsing them would log a CSP violation each (see event-handler-attributes.ts).
  return purifier.sanitize(withoutEventHandlerAttributes(html), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link'],
    FORBID_ATTR: ['style', 'srcdoc', 'formaction'],
    ALLOW_DATA_ATTR: false,
    // The share form's social links (spec §3 Share form): their share URL and query parameter name.
    ADD_ATTR: ['data-share-url', 'data-share-query'],
  });
}
