/**
 * The site owner's login (issue 16, Site-owner dashboard): one password from the environment
 * (ADMIN_PASSWORD), compared in constant time, and a session in a signed HttpOnly cookie
 * (SameSite=Strict, path /admin, Secure when the site is https), signed with the server's cookie
 * secret as every server cookie is (@fastify/cookie).
 *
 * The cookie holds when the session expires, its random id and a keyed tag of both and the
 * password: a tampered cookie, an expired one, or one made before the password or the cookie
 * secret changed is no session. The id must also be in the database (admin_sessions): logging out
 * deletes it, so the cookie is dead at once on every instance behind a load balancer, even if a
 * copy of it was kept (issue 23 item 6).
 *
 * A browser that logged in also gets a device cookie (`admin_device`, half a year): it says "this
 * browser knew the password before", so wrong passwords typed elsewhere from the same address do
 * not lock it out (server/admin/login-throttle.ts). It opens nothing by itself.
 */
import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { adminSessions as sessionTable } from '../db/schema.ts';

export const ADMIN_COOKIE = 'admin_session';
export const DEVICE_COOKIE = 'admin_device';
/** A session lasts this long from the login (then the owner logs in again). */
export const ADMIN_SESSION_HOURS = 8;
/** A device cookie lasts this long from the last login on that browser. */
export const DEVICE_DAYS = 180;

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();

/** Whether `given` is the password, in time that does not depend on where they differ (both are hashed to 32 bytes first). */
export function passwordMatches(given: string, password: string): boolean {
  return crypto.timingSafeEqual(sha256(given), sha256(password));
}

export interface AdminSessions {
  /**
   * Looks the request's session up in the database: an onRequest hook of every admin route.
   * Until it has, isLoggedIn answers false (a route without it is closed, not open).
   */
  verify(request: FastifyRequest): Promise<void>;
  /** Whether the request carries a valid session cookie whose session is still in the database. */
  isLoggedIn(request: FastifyRequest): boolean;
  start(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends the request's session everywhere (deletes it) and clears its cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The id of a browser that logged in before (its valid device cookie), or null. */
  deviceOf(request: FastifyRequest): string | null;
}

export interface AdminSessionOptions {
  password: string;
  secret: string;
  publicOrigin: string;
  db: Pick<Database, 'select' | 'insert' | 'delete'>;
  now?: () => Date;
}

const SESSION_VALUE = /^(\d{13,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{32})$/;
const DEVICE_VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{32})$/;

export function adminSessions(options: AdminSessionOptions): AdminSessions {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const tagOf = (...parts: string[]) => crypto.createHmac('sha256', options.secret).update([...parts, options.password].join('|')).digest('base64url').slice(0, 32);
  const tagMatches = (tag: string, expected: string) => crypto.timingSafeEqual(Buffer.from(tag), Buffer.from(expected));
  const verified = new WeakSet<FastifyRequest>();
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/admin',
    httpOnly: true,
    sameSite: 'strict' as const,
    // https as the visitor sees it: the request's own scheme (TRUST_PROXY) or the public origin's.
    secure: request.protocol === 'https' || options.publicOrigin.startsWith('https:'),
    signed: true,
  });
  const unsigned = (request: FastifyRequest, name: string): string | null => {
    const raw = request.cookies[name];
    if (!raw) return null;
    const value = request.unsignCookie(raw);
    return value.valid ? value.value : null;
  };
  /** The session id of a well-formed, untampered, unexpired cookie (not yet looked up), or null. */
  const sessionIdOf = (request: FastifyRequest): string | null => {
    const match = SESSION_VALUE.exec(unsigned(request, ADMIN_COOKIE) ?? '');
    if (!match) return null;
    const [, expires, id, tag] = match as unknown as [string, string, string, string];
    return Number(expires) > now().getTime() && tagMatches(tag, tagOf('admin-session', expires, id)) ? id : null;
  };

  return {
    async verify(request) {
      const id = sessionIdOf(request);
      if (id === null) return;
      const [row] = await db
        .select({ id: sessionTable.id })
        .from(sessionTable)
        .where(and(eq(sessionTable.id, id), gt(sessionTable.expiresAt, now())))
        .limit(1);
      if (row) verified.add(request);
    },
    isLoggedIn(request) {
      return verified.has(request);
    },
    async start(request, reply) {
      const at = now();
      const expires = at.getTime() + ADMIN_SESSION_HOURS * 3_600_000;
      const id = crypto.randomBytes(16).toString('base64url');
      // Expired sessions are no use to anyone: they go as a new one comes.
      await db.delete(sessionTable).where(lt(sessionTable.expiresAt, at));
      await db.insert(sessionTable).values({ id, expiresAt: new Date(expires) });
      reply.setCookie(ADMIN_COOKIE, `${expires}.${id}.${tagOf('admin-session', String(expires), id)}`, { ...cookieOptions(request), maxAge: ADMIN_SESSION_HOURS * 3600 });
      const device = this.deviceOf(request) ?? crypto.randomBytes(16).toString('base64url');
      reply.setCookie(DEVICE_COOKIE, `${device}.${tagOf('admin-device', device)}`, { ...cookieOptions(request), maxAge: DEVICE_DAYS * 86_400 });
    },
    async end(request, reply) {
      // Whatever its expiry, a genuine cookie's session is deleted; a forged one names nothing.
      const match = SESSION_VALUE.exec(unsigned(request, ADMIN_COOKIE) ?? '');
      if (match) {
        const [, expires, id, tag] = match as unknown as [string, string, string, string];
        if (tagMatches(tag, tagOf('admin-session', expires, id))) await db.delete(sessionTable).where(eq(sessionTable.id, id));
      }
      verified.delete(request);
      reply.clearCookie(ADMIN_COOKIE, cookieOptions(request));
    },
    deviceOf(request) {
      const match = DEVICE_VALUE.exec(unsigned(request, DEVICE_COOKIE) ?? '');
      if (!match) return null;
      const [, id, tag] = match as unknown as [string, string, string];
      return tagMatches(tag, tagOf('admin-device', id)) ? id : null;
    },
  };
}
