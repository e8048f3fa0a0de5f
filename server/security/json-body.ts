/**
 * JSON bodies (application/json) for every route: Fastify's own parser (its body limits, and
 * `__proto__` and `constructor.prototype` refused as poisoning), behind a depth check. JSON nested
 * deeper than JSON_MAX_DEPTH is refused with 400 before it is parsed: no form of this site sends
 * more than a few levels, and code that walks a parsed value (hashes, checks) must never meet a
 * value deep enough to overflow the stack (a 20 KB body holds 10 000 levels).
 *
 * The check is one pass over the text without recursion, so its cost is the body's length.
 */
import type { FastifyInstance } from 'fastify';

/** The deepest nesting of objects and arrays a JSON body may have. */
export const JSON_MAX_DEPTH = 32;

export const tooDeepMessage = (max = JSON_MAX_DEPTH): string => `The JSON body is nested more than ${max} levels deep. Please send a flatter body.`;

/** A body refused for its nesting: 400 with the message. */
export class JsonTooDeep extends Error {
  readonly statusCode = 400;
  readonly code = 'JSON_TOO_DEEP';
  constructor(max = JSON_MAX_DEPTH) {
    super(tooDeepMessage(max));
    this.name = 'JsonTooDeep';
  }
}

/**
 * Whether the JSON text nests objects and arrays deeper than `max` (brackets inside strings do
 * not count). Text that is not JSON is left to the parser.
 *
 * @example jsonDeeperThan('{"a":[[1]]}', 2) // true
 */
export function jsonDeeperThan(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

/** Replaces the application/json parser of `app` (and every scope in it) with the checked one. */
export function acceptJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDeeperThan(text)) {
      request.log.info({ maxDepth: JSON_MAX_DEPTH }, 'request refused: JSON nested too deep');
      done(new JsonTooDeep(), undefined);
      return;
    }
    parse(request, text, done);
  });
}
