/**
 * How the server answers a request it refuses or cannot serve: a small HTML page for a browser
 * navigation (a link, a form, the address bar), JSON `{ statusCode, error, message }` for
 * everything else. Every HTML answer carries a Content-Security-Policy: pages rendered by React
 * set their own (with a nonce); any other HTML (this page, and HTML a later route forgets to
 * protect) gets FALLBACK_CSP, which runs no script at all.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../html.ts';

/** For HTML without a policy of its own: no script, no plugin, no framing by others, forms only to this site. */
export const FALLBACK_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

/** Whether the request is a browser navigation that should get a page rather than JSON. */
export function wantsPage(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  const accept = String(request.headers.accept ?? '');
  return accept.includes('text/html') && !request.url.startsWith('/api/');
}

/** Inline (the fallback policy allows no style sheet): the site's colours, readable on a phone. */
const ERROR_PAGE_STYLE =
  'body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#0f172a;background:#fdf8ef}' +
  'main{max-width:40rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 8px 24px rgb(15 23 42/8%)}' +
  'h1{margin-top:0;color:#155e75}a{color:#155e75}';

/** A small page without script, for FALLBACK_CSP: the title as its heading, then `bodyHtml` (already escaped). */
export function simplePageHtml(title: string, bodyHtml: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${ERROR_PAGE_STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1>${bodyHtml}</main></body></html>`
  );
}

/** The error page: the status, the message and a way home. */
export function errorPageHtml(status: number, message: string): string {
  const title = status >= 500 ? 'Sorry' : (STATUS_CODES[status] ?? 'Error');
  return simplePageHtml(title, `<p>${escapeHtml(message)}</p><p><a href="/">Back to the home page</a></p>`);
}

/** Sends a refusal or failure as a page or as JSON (see wantsPage), with headers that stop caching. */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  reply.status(status).header('cache-control', 'no-store');
  if (wantsPage(request)) {
    return reply.header('content-security-policy', FALLBACK_CSP).type('text/html; charset=utf-8').send(errorPageHtml(status, message));
  }
  return reply.type('application/json; charset=utf-8').send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message });
}
