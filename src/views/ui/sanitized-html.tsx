import { sanitizeHtml } from '@/bindings/html-sanitizer';

/**
 * Shows HTML from the server. It always passes the one sanitizer first: in the browser DOMPurify,
 * on the server the same rules were applied before the HTML left the content service.
 */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
