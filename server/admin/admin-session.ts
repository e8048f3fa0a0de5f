/**
 * The site owner's login (issue 16, Site-owner dashboard): one password from the environment
 * (ADMIN_PASSWORD), compared in constant time, and a session in a signed HttpOnly cookie
 * (SameSite=Strict, path /admin, Secure when the site is https), signed with the server's cookie
 * secret as every server cookie is (@fastify/cookie). The cookie holds when it expires and a keyed
 * tag of the password: a tampered cookie, an expired one, or one made before the password or the
 * cookie secret changed is no session.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const ADMIN_COOKIE = 'admin_session';
/** A session lasts this long from the login (then the owner logs in again). */
export const ADMIN_SESSION_HOURS = 8;
/** The shortest ADMIN_PASSWORD the server accepts. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();

/** Whether `given` is the password, in time that does not depend on where they differ (both are hashed to 32 bytes first). */
export function passwordMatches(given: string, password: string): boolean {
  return crypto.timingSafeEqual(sha256(given), sha256(password));
}

export interface AdminSessions {
  /** Whether the request carries a valid session cookie. */
  isLoggedIn(request: FastifyRequest): boolean;
  start(request: FastifyRequest, reply: FastifyReply): void;
  end(request: FastifyRequest, reply: FastifyReply): void;
}

export function adminSessions(options: { password: string; secret: string; publicOrigin: string; now?: () => Date }): AdminSessions {
  const now = options.now ?? (() => new Date());
  const tagOf = (expires: number) => crypto.createHmac('sha256', options.secret).update(`admin-session|${expires}|${options.password}`).digest('base64url').slice(0, 32);
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/admin',
    httpOnly: true,
    sameSite: 'strict' as const,
    // https as the visitor sees it: the request's own scheme (TRUST_PROXY) or the public origin's.
    secure: request.protocol === 'https' || options.publicOrigin.startsWith('https:'),
    signed: true,
  });
  return {
    isLoggedIn(request) {
      const raw = request.cookies[ADMIN_COOKIE];
      if (!raw) return false;
      const unsigned = request.unsignCookie(raw);
      if (!unsigned.valid || unsigned.value === null) return false;
      const match = /^(\d{13,15})\.([A-Za-z0-9_-]{32})$/.exec(unsigned.value);
      if (!match) return false;
      const expires = Number(match[1]);
      const tag = Buffer.from(match[2] as string);
      const expected = Buffer.from(tagOf(expires));
      return expires > now().getTime() && crypto.timingSafeEqual(tag, expected);
    },
    start(request, reply) {
      const expires = now().getTime() + ADMIN_SESSION_HOURS * 3_600_000;
      reply.setCookie(ADMIN_COOKIE, `${expires}.${tagOf(expires)}`, { ...cookieOptions(request), maxAge: ADMIN_SESSION_HOURS * 3600 });
    },
    end(request, reply) {
      reply.clearCookie(ADMIN_COOKIE, cookieOptions(request));
    },
  };
}
