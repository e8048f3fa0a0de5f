import { deferred } from '@/bindings/deferred';
import { island } from '@/bindings/island';

/**
 * HTML from the server that is part of the page (a content page's body): the server sanitizes
 * and renders it; the browser keeps that HTML and loads the sanitizer (DOMPurify) only if the
 * HTML changes (issue 10: DOMPurify only where HTML is inserted).
 */
export const PageHtml = island(
  deferred(() => import('./sanitized-html')),
  (module) => module.SanitizedHtml,
  { name: 'page-html', intent: false },
);
