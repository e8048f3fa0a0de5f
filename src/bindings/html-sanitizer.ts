import DOMPurify, { type WindowLike } from 'dompurify';
import { withoutEventHandlerAttributes } from '@/domain/event-handler-attributes';
import { HTML_POLICY, isSiteFormAction } from '@/domain/html-policy';

/**
 * The one sanitizer for HTML from the server: DOMPurify applying the domain's HTML policy
 * (src/domain/html-policy.ts). In the browser it uses the page's window; the server gives it a
 * jsdom window at start (entry-server.tsx).
 */

function create(windowLike: WindowLike): ReturnType<typeof DOMPurify> {
  const instance = DOMPurify(windowLike);
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'action' && !isSiteFormAction(data.attrValue)) data.keepAttr = false;
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
  return purifier.sanitize(withoutEventHandlerAttributes(html), HTML_POLICY);
}
