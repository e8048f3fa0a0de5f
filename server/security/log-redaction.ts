/**
 * The log never carries a guest's personal data. What a visitor sends (bodies,
 * query strings, cookies) is not logged, and an error is logged by what it is, not by the data it
 * was handling:
 *
 * - a failed database query: Drizzle puts the SQL *and its parameters* into the error's message
 *   (`Failed query: insert … params: eve@example.com,+1 555…`) and keeps them as `params`; the
 *   driver's error adds `detail` ('Failing row contains (…)', 'Key (email)=(…) already exists').
 *   Logged: the error's type, the SQL with its placeholders, the database's code, message,
 *   constraint, table and column; never the parameters or the detail;
 * - every error's message and stack, and every logged `url`, with email addresses masked and the
 *   query string left off;
 * - secrets that are part of a path cut out of every logged `url`, message and stack, wherever the
 *   path stands in the text (at its start, after a space, a quote or a bracket, or after a URL's
 *   host) (`secretFreePath`): a listing's calendar token (/calendar/{eid}/{token}.ics), a booking's
 *   code (its confirmation page, the owner's cancel page), a pay-later hold's code and token
 *   (/rescms/order/confirm/{code}/{token}), a shared Trips Collection's code
 *   (/rescms/order/shorturl/{code}; a page's short link /s/{code} stands for a public page and is
 *   kept), and any other segment that looks like a random token (20 or more letters, digits, - and
 *   _, upper and lower case and digits mixed): whoever reads the log must not be able to open them.
 *   The guess misses a token that happens to have no digit, so the list names every path that
 *   holds one, and the slow-request line logs the route's pattern instead of its path (app.ts);
 * - pino's `redact` censors request bodies, query strings, path parameters, cookies and
 *   authorization headers wherever a log call would pass them.
 *
 * app.ts builds the server's logger with `privateLoggerOptions`.
 */
import type { FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** Keys of a logged object that would hold what a visitor sent. */
export const REDACTED_PATHS = [
  'body',
  'query',
  'params',
  'payload',
  'headers.cookie',
  'headers.authorization',
  'req.body',
  'req.query',
  'req.params',
  'req.headers.cookie',
  'req.headers.authorization',
  'request.body',
  'request.query',
  'err.params',
  'err.detail',
];

const EMAIL_ADDRESS = /[^\s@<>()[\]\\,;:"'`]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** Text with every email address masked. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[email]');
}

/** What stands in the log for a secret cut out of a path. */
export const SECRET = '[secret]';

/**
 * Where a path starts in a text: the text's start, after a space, a quote or a bracket, or after a
 * URL's host. The slash is looked for first: the look back for a host then runs only at a slash
 * and stops at the one before, so a long text without slashes costs one pass, not a scan per character.
 */
const AT_PATH = String.raw`(?=/)(?<=^|[\s"'(<=:]|//[^/\s]+)`;
const SEGMENT = String.raw`[^/?#\s"'<>]+`;

type Replacer = (match: string, ...groups: (string | undefined)[]) => string;
const cutAfter: Replacer = (_match, prefix) => `${prefix}${SECRET}`;

/** Paths whose segment is a secret (the capability itself), wherever they appear in a text. */
const SECRET_PATHS: ReadonlyArray<[RegExp, Replacer]> = [
  [new RegExp(String.raw`${AT_PATH}(/calendar/[^/?#\s]*/)${SEGMENT}?(\.ics)?(?=[/?#\s"'<>]|$)`, 'g'), (_match, prefix, ics) => `${prefix}${SECRET}${ics ?? ''}`],
  [new RegExp(String.raw`${AT_PATH}(/rescms/order/(?:confirmation|shorturl)/)${SEGMENT}`, 'g'), cutAfter],
  // A pay-later hold's link (checkout/holds.ts holdConfirmPath): its code and its token.
  [new RegExp(String.raw`${AT_PATH}(/rescms/order/confirm/)${SEGMENT}(/${SEGMENT})?`, 'g'), (_match, prefix, token) => `${prefix}${SECRET}${token ? `/${SECRET}` : ''}`],
  [new RegExp(String.raw`${AT_PATH}(/admin/bookings/)${SEGMENT}`, 'g'), cutAfter],
];

/** A path segment that looks like a random token: long, of base64url characters, with upper and lower case and digits. */
const TOKEN_LIKE = /^(?=[^/]*[A-Z])(?=[^/]*[a-z])(?=[^/]*\d)[A-Za-z0-9_-]{20,}(\.[a-z]{1,5})?$/;
/** Every path in a text, up to its query, fragment or the next space or quote. */
const PATH_IN_TEXT = new RegExp(String.raw`${AT_PATH}/[^?#\s"'<>]*`, 'g');
/** Punctuation that ends a sentence rather than a path segment ('… at /x/{token}.'). */
const TRAILING_PUNCTUATION = /[.,;:!)\]]+$/;

function withoutTokenLikeSegments(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const tail = TRAILING_PUNCTUATION.exec(segment)?.[0] ?? '';
      const bare = segment.slice(0, segment.length - tail.length);
      return TOKEN_LIKE.test(bare) ? `${bare.replace(/^[A-Za-z0-9_-]+/, SECRET)}${tail}` : segment;
    })
    .join('/');
}

/**
 * A text (a path, a message, a stack) with the secrets of secret-bearing paths cut out, and in
 * every path it holds every segment that looks like a random token.
 *
 * @example secretFreePath('/calendar/1002/Xk9_3hQ2vB7mN1pL0aZcR4tY6uW8eD5f.ics') // '/calendar/1002/[secret].ics'
 */
export function secretFreePath(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATHS) out = out.replace(pattern, replacement);
  return out.replace(PATH_IN_TEXT, withoutTokenLikeSegments);
}

/** A URL or path without its query string (which may carry what a visitor typed) or the secrets in its path. */
export function withoutQuery(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  const cut = url.indexOf('?');
  return maskEmails(cut === -1 ? secretFreePath(url) : `${secretFreePath(url.slice(0, cut))}?[query]`).slice(0, 300);
}

/**
 * What a request line names: its route's pattern (/calendar/:eid/:token.ics), which holds no secret
 * whatever the path held, so the line needs no list of secret paths kept up to date; the pages'
 * catch-all and unknown paths name their path, with the secrets above cut out by the serializer.
 *
 * @example loggedRoute({ url: '/rescms/order/confirm/Ab1/Xy2', routeOptions: { url: '/rescms/order/confirm/:code/:token' } }) // '/rescms/order/confirm/:code/:token'
 */
export function loggedRoute(request: { url: string; routeOptions: { url?: string } }): string {
  const route = request.routeOptions.url;
  return route && !route.includes('*') ? route : request.url;
}

/** Properties of an error (ours, Fastify's, node's, pg's) that say what failed without the data it had. */
const KEPT = ['code', 'statusCode', 'errno', 'syscall', 'severity', 'constraint', 'table', 'column', 'schema', 'routine', 'validationContext'] as const;

const isErrorLike = (value: unknown): value is Error & Record<string, unknown> =>
  value instanceof Error || (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string' && typeof (value as { stack?: unknown }).stack === 'string');

/**
 * The err serializer: what failed, never the values it failed with (see above). A string (a
 * transport's error text) gets its email addresses masked.
 *
 * @example safeError(new DrizzleQueryError('insert into leads … values ($1)', ['eve@example.com'], cause)).message
 * // 'Failed query: insert into leads … values ($1)'
 */
export function safeError(error: unknown, depth = 0): unknown {
  if (typeof error === 'string') return maskEmails(error);
  if (!isErrorLike(error)) return error;
  const query = typeof error.query === 'string' ? error.query.slice(0, 2000) : undefined;
  // Drizzle's message is 'Failed query: {sql}\nparams: {values}': the values go.
  const message = query !== undefined && Array.isArray(error.params) ? `Failed query: ${query}` : error.message;
  const stack = typeof error.stack === 'string' ? error.stack.replace(error.message, message) : undefined;
  const safe: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: secretFreePath(maskEmails(message)),
    ...(stack !== undefined ? { stack: secretFreePath(maskEmails(stack)) } : {}),
    ...(query !== undefined ? { query } : {}),
  };
  for (const key of KEPT) {
    const value = error[key];
    if (typeof value === 'string' || typeof value === 'number') safe[key] = typeof value === 'string' ? maskEmails(value).slice(0, 200) : value;
  }
  if (depth < 4 && error.cause !== undefined) safe.cause = safeError(error.cause, depth + 1);
  if (depth < 4 && Array.isArray(error.errors)) safe.aggregateErrors = error.errors.slice(0, 10).map((item) => safeError(item, depth + 1));
  return safe;
}

/** The request as logged: method and path, never the query string, headers or body. */
function safeRequest(request: { method?: string; url?: string; ip?: string; id?: string }) {
  return { method: request.method, url: withoutQuery(request.url), id: request.id };
}

/**
 * The server's logger options with the redaction above; what the caller gave (level, stream,
 * its own redact paths) is kept, and these serializers win over its own.
 */
export function privateLoggerOptions(options: LoggerOptions | true): LoggerOptions {
  const given: LoggerOptions = options === true ? {} : options;
  const redact = given.redact;
  const paths = Array.isArray(redact) ? redact : redact && typeof redact === 'object' ? redact.paths : [];
  return {
    ...given,
    redact: { paths: [...new Set([...REDACTED_PATHS, ...paths])], censor: '[redacted]' },
    serializers: {
      ...given.serializers,
      err: (error: unknown) => safeError(error) as never,
      error: (error: unknown) => safeError(error),
      req: safeRequest as never,
      url: withoutQuery,
    },
  } as LoggerOptions;
}
