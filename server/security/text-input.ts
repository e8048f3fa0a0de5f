/**
 * One rule for the text every route takes in (issue 23 item 4): a request whose query string,
 * path parameters or body carries a NUL character or an unpaired UTF-16 surrogate is refused with
 * 400 and a message naming the field, before any handler sees it. Neither is text: PostgreSQL
 * refuses NUL in text and both in jsonb (they used to reach it and answer 500), and a mail
 * transport or a log line cannot carry them either.
 *
 * registerSecurity adds `refuseBadText` as a preValidation hook of every route, after the body is
 * parsed, so it covers JSON bodies (keys too), form bodies (server/form-body.ts: URLSearchParams),
 * query strings and path parameters. A route that parses its body itself (the analytics
 * collector's text/plain beacon) parses it with `parseJsonText`, which applies the same rule.
 *
 * Single-line fields (names, email addresses, phone numbers, street, city, postal code) refuse
 * line breaks as well (`hasLineBreak`, `oneLineMessage`): a CR/LF there is never what a visitor
 * meant, and it must not reach stored data or a mail header. Multi-line fields (messages, notes)
 * keep theirs.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_MAX_DEPTH, jsonDeeperThan, tooDeepMessage } from './json-body.ts';

/** NUL, or a high surrogate without its low half, or a low surrogate without its high half. */
// eslint-disable-next-line no-control-regex
const NOT_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** CR, LF and every other character that breaks a line (VT, FF, NEL, LINE and PARAGRAPH SEPARATOR). */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;

/** Whether `value` holds a NUL character or an unpaired surrogate. */
export function isNotText(value: string): boolean {
  return NOT_TEXT.test(value);
}

/** Whether a single-line field's value holds a line break. */
export function hasLineBreak(value: string): boolean {
  return LINE_BREAK.test(value);
}

/** The message of a single-line field given a line break, e.g. 'First name must be on one line.' */
export function oneLineMessage(label: string): string {
  return `${label} must be on one line.`;
}

/** A request refused for what its text holds: 400 with a message naming the field. */
export class BadTextInput extends Error {
  readonly statusCode = 400;
  constructor(readonly field: string) {
    super(`The field ${field} holds a character that is not text (a NUL character or an unpaired surrogate). Please remove it and send again.`);
    this.name = 'BadTextInput';
  }
}

const PLAIN_NAME = /^[A-Za-z0-9_[\]-]{1,60}$/;
/** A field's path for the message (`events[0].params.search_term`); a name that is not plain is quoted as JSON (which escapes NUL and lone surrogates). */
const nameOf = (path: string, key: string): string => {
  const shown = PLAIN_NAME.test(key) ? key : JSON.stringify(key.slice(0, 40));
  return path === '' ? shown : `${path}.${shown}`;
};

/**
 * The path of the first string (value or key) in `value` that is not text, or null.
 *
 * @example findBadText({ events: [{ params: { search_term: 'a\u0000b' } }] }) // 'events[0].params.search_term'
 */
export function findBadText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isNotText(value) ? path || 'body' : null;
  // No deeper than the JSON parser lets a body be (json-body.ts), so every string of a body that
  // is read is looked at; form bodies and query strings are flat.
  if (value === null || typeof value !== 'object' || depth > JSON_MAX_DEPTH) return null;
  if (value instanceof URLSearchParams) {
    for (const [key, text] of value) {
      if (isNotText(key) || isNotText(text)) return nameOf(path, key);
    }
    return null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findBadText(item, `${path || 'body'}[${index}]`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (isNotText(key)) return nameOf(path, key);
    const found = findBadText(item, nameOf(path, key), depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses a request whose query string, path parameters or parsed body holds a string that is
 * not text (see findBadText); the route's error handler answers the 400 with the message.
 */
export async function refuseBadText(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const found = findBadText(request.query, '') ?? findBadText(request.params, '') ?? findBadText(request.body, '');
  if (found !== null) {
    request.log.info({ field: found }, 'request refused: text that is not text');
    throw new BadTextInput(found);
  }
}

/**
 * Parses a JSON body a route reads itself (a text/plain beacon), with the same rules as every
 * other body (its depth, server/security/json-body.ts, and its text).
 *
 * @example parseJsonText('{"a":"x\\u0000"}') // { ok: false, message: 'The field a holds …' }
 */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (jsonDeeperThan(text)) return { ok: false, message: tooDeepMessage() };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The body is not JSON' };
  }
  const found = findBadText(value, '');
  return found === null ? { ok: true, value } : { ok: false, message: new BadTextInput(found).message };
}
