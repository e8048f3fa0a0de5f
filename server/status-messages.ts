import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { StatusMessage } from '../src/domain/settings.ts';

const COOKIE = 'status_messages';
const MessagesSchema = v.pipe(
  v.array(v.object({ type: v.picklist(['status', 'warning', 'error']), text: v.pipe(v.string(), v.maxLength(500)) })),
  v.maxLength(5),
);

/**
 * Queues a status message for the next page the visitor sees (spec §2: server status messages
 * are shown in a modal on page load). Carried in a signed cookie, so it cannot be forged.
 */
export function addStatusMessage(request: FastifyRequest, reply: FastifyReply, message: StatusMessage): void {
  const messages = [...readMessages(request), message].slice(-5);
  reply.setCookie(COOKIE, JSON.stringify(messages), { path: '/', httpOnly: true, sameSite: 'lax', signed: true, maxAge: 300 });
}

function readMessages(request: FastifyRequest): StatusMessage[] {
  const raw = request.cookies[COOKIE];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return [];
  try {
    const parsed = v.safeParse(MessagesSchema, JSON.parse(unsigned.value));
    return parsed.success ? parsed.output : [];
  } catch {
    return [];
  }
}

/** Takes the queued messages for this page and clears them. A tampered cookie yields none. */
export function takeStatusMessages(request: FastifyRequest, reply: FastifyReply): StatusMessage[] {
  if (!request.cookies[COOKIE]) return [];
  const messages = readMessages(request);
  reply.clearCookie(COOKIE, { path: '/' });
  return messages;
}
