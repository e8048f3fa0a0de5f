/**
 * The site owner's analytics dashboard (issue 16, Site-owner dashboard), on when ADMIN_PASSWORD
 * is set (without it none of these routes exists: 404 like any unknown address):
 *
 *   GET  /admin/analytics/login                  → the login form (303 to the dashboard when logged in)
 *   POST /admin/analytics/login   password=…     → 303 to the dashboard | 401 with the form and a message | 429
 *   POST /admin/analytics/logout                 → 303 to the login form
 *   GET  /admin/analytics?from=&to=              → the dashboard (303 to the login without a session) | 400 bad range
 *   GET  /admin/analytics/export/{name}.csv?from=&to= → a table as CSV | 400 bad range | 401 | 404 unknown table
 *   GET  /admin/reviews                          → reviews waiting for moderation (303 to the login without a session)
 *   POST /admin/reviews/{id}/approve|reject      → 303 back to /admin/reviews with a notice | 401 without a session
 *   /admin/bookings, /admin/calendars            → the owner's bookings and calendars (owner-routes.ts)
 *   /admin/listings, /admin/listings/{eid}       → the owner's listings app (owner-app-pages.ts)
 *
 * The posts are refused from other sites by the security layer (Fetch Metadata, Origin) like every
 * request that changes state. Wrong passwords make the client wait before its next try
 * (login-throttle.ts: per address, but a browser that logged in before counts on its own), and
 * the login's `admin` rate limit counts the same way. When wrong passwords from everywhere trip
 * the shared throttle, a browser without the device cookie is asked for the site's captcha
 * (401 with the form and the challenge) instead of being refused: with a solved challenge its
 * password is looked at, so the owner always gets in (OWASP: a lock-out is a denial of service).
 * Without a captcha service the shared wait refuses with 429, as an address's wait does. A session lives in the database, so logging
 * out ends it on every instance (admin-session.ts). Every answer is private (no-store) and noindex.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { sendProblem } from '../security/error-page.ts';
import { adminSessions, passwordMatches } from './admin-session.ts';
import { createLoginThrottle, throttleKeys, UNTRUSTED_KEY, type LoginThrottleLimits } from './login-throttle.ts';
import { clientKey } from '../security/rate-limits.ts';
import { analyticsReport, parseDateRange } from './analytics-report.ts';
import { drawCharts } from './charts.ts';
import { EXPORTS, isExportName } from './exports.ts';
import { ADMIN_CSP, ADMIN_PATH, badRangePage, dashboardPage, LOGIN_PATH, LOGOUT_PATH, loginPage, REVIEWS_PATH, type LoginCaptcha } from './pages.ts';
import type { CaptchaService } from '../captcha/captcha-service.ts';
import { CAPTCHA_REFUSED } from '../captcha/verifier.ts';
import { CAPTCHA_RESPONSE_FIELD } from '../../src/domain/lead-forms.ts';
import { isModerationNotice, reviewsPage } from './review-pages.ts';
import type { ReviewStore } from '../reviews/review-store.ts';
import { acceptFormBodies } from '../form-body.ts';
import { registerOwnerRoutes, type OwnerRouteOptions } from './owner-routes.ts';
import { registerPhotoUploadRoute } from '../media/photo-pipeline.ts';
import { registerOwnerContentRoutes, type OwnerContentOptions } from '../owner-content/routes.ts';
import { registerOwnerAppPages, type OwnerAppOptions } from './owner-app-pages.ts';
import { registerSiteContentRoutes, type SiteContentRouteOptions } from '../site-content/routes.ts';

export interface AdminRouteOptions {
  /** ADMIN_PASSWORD; the routes are registered only with one. */
  password: string;
  /** The server's cookie secret (keys the session tag; @fastify/cookie signs with it too). */
  secret: string;
  db: Pick<Database, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;
  siteName: string;
  publicOrigin: string;
  now?: () => Date;
  /**
   * Review moderation at /admin/reviews: the store, and what follows a decision on a listing's
   * reviews (the search index re-reads the listing, the page caches forget it).
   */
  reviews?: { store: ReviewStore; changed: (eid: number) => Promise<void> };
  /** The owner's bookings and calendars (issue 26): /admin/bookings and /admin/calendars (owner-routes.ts). */
  owner?: OwnerRouteOptions | undefined;
  /** The owner's listing content API under /admin/api/listings and the draft preview (server/owner-content/routes.ts). */
  listings?: OwnerContentOptions | undefined;
  /** The owner's API for the site's other content (specials, events, pages, community photos, site details) under /admin/api/content (server/site-content/routes.ts). */
  siteContent?: SiteContentRouteOptions | undefined;
  /** The owner's photo uploads (POST /admin/api/photos) into this media directory. */
  photos?: { mediaDir: string; db: Database } | undefined;
  /** The owner's listings app at /admin/listings (owner-app-pages.ts): the client build and the map tiles; it reads the owner's database. */
  ownerApp?: Omit<OwnerAppOptions, 'db'> | undefined;
  /** How wrong passwords are slowed down (login-throttle.ts DEFAULT_LOGIN_THROTTLE). */
  loginThrottle?: LoginThrottleLimits;
  /**
   * The site's captcha, asked of browsers without the device cookie while the shared throttle
   * waits: the service, the URL of the module that runs it in the page (null: none in this build)
   * and the page's policy with a script nonce.
   */
  captcha?: { service: Pick<CaptchaService, 'check' | 'provider' | 'siteKey'>; script: string | null; csp: (nonce: string) => string } | undefined;
}

export const WRONG_PASSWORD = 'That password is not right. Please try again.';
export const NO_PASSWORD = 'Please enter the password.';
export const waitMessage = (seconds: number): string => `Too many wrong passwords from here. Please wait ${seconds} s before trying again.`;
export const CAPTCHA_NEEDED = 'Many wrong passwords have been tried lately. Please enter the password again: this browser solves a short check first.';
/** The form the login's captcha tokens are kept under (each passes once). */
export const LOGIN_CAPTCHA_FORM = 'admin-login';
/** The largest login form read (bytes): the password and a captcha token (a reCAPTCHA one is about 2 KB). */
const LOGIN_BODY_LIMIT = 8192;

function privateHtml(reply: FastifyReply, status: number, html: string, csp = ADMIN_CSP): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('content-security-policy', csp)
    // The forms post to this site: with helmet's no-referrer, Chromium sends `Origin: null`, which the cross-site check refuses.
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(html);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export async function registerAdminRoutes(app: FastifyInstance, options: AdminRouteOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  const sessions = adminSessions({ password: options.password, secret: options.secret, publicOrigin: options.publicOrigin, db: options.db, now });
  const throttle = createLoginThrottle(options.db, { now, limits: options.loginThrottle });
  const read = { config: { limit: 'content' as const } };
  // The login's rate limit counts a browser that logged in before on its own, as the throttle does.
  const device = (request: FastifyRequest) => {
    const id = sessions.deviceOf(request);
    return id === null ? undefined : `admin-device:${id}`;
  };

  await app.register(async (scope) => {
    acceptFormBodies(scope, LOGIN_BODY_LIMIT);
    // Every admin route knows whether its session is still in the database before it runs.
    scope.addHook('onRequest', async (request) => sessions.verify(request));

    const captcha = options.captcha?.script ? { ...options.captcha, script: options.captcha.script } : null;
    // Without the module the login cannot ask for the captcha, so the shared wait refuses (429)
    // as it does without a captcha: said once here, or the owner would see only the 429s.
    if (options.captcha && !captcha) {
      app.log.warn(
        { provider: options.captcha.service.provider },
        'site owner login: the site has a captcha but this build has no captcha module (src/bindings/captcha-attach.ts), so while wrong passwords from everywhere have the shared throttle waiting, browsers without the device cookie are refused with 429 instead of being asked for the captcha',
      );
    }
    /** The login page, with the captcha when `withCaptcha` (and the policy that lets it run). */
    const loginReply = (reply: FastifyReply, status: number, error: string | null, withCaptcha: boolean) => {
      if (!withCaptcha || !captcha) return privateHtml(reply, status, loginPage(options.siteName, error));
      const nonce = crypto.randomBytes(16).toString('base64');
      const page: LoginCaptcha = { script: captcha.script, nonce, provider: captcha.service.provider, siteKey: captcha.service.siteKey };
      return privateHtml(reply, status, loginPage(options.siteName, error, page), captcha.csp(nonce));
    };

    scope.get(LOGIN_PATH, read, async (request, reply) => {
      if (sessions.isLoggedIn(request)) return reply.header('cache-control', 'no-store').redirect(ADMIN_PATH, 303);
      // While guessing from everywhere has the shared throttle waiting, a new browser gets the captcha at once.
      const { shared } = captcha && sessions.deviceOf(request) === null ? await throttle.waits([UNTRUSTED_KEY]) : { shared: 0 };
      return loginReply(reply, 200, null, shared > 0);
    });

    scope.post(LOGIN_PATH, { config: { limit: 'admin', limitKey: device }, bodyLimit: LOGIN_BODY_LIMIT }, async (request, reply) => {
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const given = form.get('password') ?? '';
      const deviceId = sessions.deviceOf(request);
      const trusted = deviceId !== null;
      const keys = throttleKeys(deviceId, clientKey(request.ip));
      const { own, shared } = await throttle.waits(keys);
      // While this device or address waits, the password is not even looked at: a guess tells nothing.
      // The shared wait refuses only when there is no captcha to ask for instead.
      if (own > 0 || (shared > 0 && !captcha)) {
        // The device's or the address's own wait: after it, the shared one asks for the captcha instead.
        const wait = own > 0 ? own : shared;
        request.log.warn({ waitSeconds: wait, trusted, shared: own === 0 }, 'site owner login refused: waiting after wrong passwords');
        return privateHtml(reply.header('retry-after', String(wait)), 429, loginPage(options.siteName, waitMessage(wait)));
      }
      const askCaptcha = shared > 0;
      if (given === '') return loginReply(reply, 401, NO_PASSWORD, askCaptcha);
      if (askCaptcha && captcha) {
        const token = form.get(CAPTCHA_RESPONSE_FIELD) ?? '';
        if (token.trim() === '') {
          request.log.warn({ sharedWaitSeconds: shared }, 'site owner login: wrong passwords from everywhere have the shared throttle waiting; this browser (no device cookie) is asked for the captcha');
          return loginReply(reply, 401, CAPTCHA_NEEDED, true);
        }
        const verdict = await captcha.service.check(token, { ip: request.ip, formId: LOGIN_CAPTCHA_FORM });
        if (!verdict.ok) {
          request.log.warn({ reason: verdict.reason }, 'site owner login: the captcha was refused, the password not looked at');
          return loginReply(reply, 401, CAPTCHA_REFUSED, true);
        }
      }
      if (!passwordMatches(given, options.password)) {
        request.log.warn({ trusted, captcha: askCaptcha }, 'site owner login with a wrong password');
        const after = await throttle.failed(keys);
        // The wrong password that trips the shared throttle already shows the captcha for the next try.
        const next = askCaptcha || (captcha !== null && after.shared > 0);
        return loginReply(reply, 401, WRONG_PASSWORD, next);
      }
      await throttle.succeeded(keys);
      await sessions.start(request, reply);
      request.log.info({ trusted, captcha: askCaptcha }, askCaptcha ? 'site owner logged in with a solved captcha while the shared throttle waits' : 'site owner logged in');
      return reply.header('cache-control', 'no-store').redirect(ADMIN_PATH, 303);
    });

    scope.post(LOGOUT_PATH, { config: { limit: 'admin', limitKey: device } }, async (request, reply) => {
      await sessions.end(request, reply);
      return reply.header('cache-control', 'no-store').redirect(LOGIN_PATH, 303);
    });

    scope.get(ADMIN_PATH, read, async (request, reply) => {
      if (!sessions.isLoggedIn(request)) return reply.header('cache-control', 'no-store').redirect(LOGIN_PATH, 303);
      const query = request.query as Record<string, unknown>;
      const parsed = parseDateRange(query, now());
      if (!parsed.ok) return privateHtml(reply, 400, badRangePage(options.siteName, { from: text(query.from).slice(0, 40), to: text(query.to).slice(0, 40) }, parsed.message));
      const report = await analyticsReport(options.db, parsed.range);
      return privateHtml(reply, 200, dashboardPage(options.siteName, report, await drawCharts(report)));
    });

    scope.get<{ Params: { file: string } }>(`${ADMIN_PATH}/export/:file`, read, async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
      if (!sessions.isLoggedIn(request)) return sendProblem(request, reply, 401, `Please log in at ${LOGIN_PATH} first.`);
      const name = request.params.file.replace(/\.csv$/, '');
      if (!request.params.file.endsWith('.csv') || !isExportName(name)) {
        return sendProblem(request, reply, 404, `There is no export ${request.params.file.slice(0, 60)}; the exports are ${Object.keys(EXPORTS).map((key) => `${key}.csv`).join(', ')}.`);
      }
      const parsed = parseDateRange(request.query as Record<string, unknown>, now());
      if (!parsed.ok) return sendProblem(request, reply, 400, parsed.message);
      const csv = await EXPORTS[name].csv(options.db, parsed.range);
      return reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('content-disposition', `attachment; filename="analytics-${name}-${parsed.range.from}-to-${parsed.range.to}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    });

    if (options.photos) {
      registerPhotoUploadRoute(scope, {
        ...options.photos,
        requireOwner: async (request, reply) => {
          if (!sessions.isLoggedIn(request)) await reply.code(401).header('cache-control', 'no-store').send({ error: 'login', message: `Please log in at ${LOGIN_PATH} first.` });
        },
      });
    }
    if (options.listings) registerOwnerContentRoutes(scope, options.listings, { now, isLoggedIn: (request) => sessions.isLoggedIn(request) });
    if (options.siteContent) registerSiteContentRoutes(scope, options.siteContent, { isLoggedIn: (request) => sessions.isLoggedIn(request) });
    if (options.owner) registerOwnerRoutes(scope, options.owner, { siteName: options.siteName, now, isLoggedIn: (request) => sessions.isLoggedIn(request), privateHtml });
    if (options.owner && options.ownerApp) registerOwnerAppPages(scope, { ...options.ownerApp, db: options.owner.db }, { siteName: options.siteName, isLoggedIn: (request) => sessions.isLoggedIn(request) });

    const { reviews } = options;
    if (reviews) {
      scope.get(REVIEWS_PATH, read, async (request, reply) => {
        if (!sessions.isLoggedIn(request)) return reply.header('cache-control', 'no-store').redirect(LOGIN_PATH, 303);
        const done = (request.query as Record<string, unknown>).done;
        return privateHtml(reply, 200, reviewsPage(options.siteName, await reviews.store.pending(), isModerationNotice(done) ? done : null));
      });

      scope.post<{ Params: { id: string; decision: string } }>(`${REVIEWS_PATH}/:id/:decision`, { config: { limit: 'moderation' } }, async (request, reply) => {
        if (!sessions.isLoggedIn(request)) return sendProblem(request, reply, 401, `Please log in at ${LOGIN_PATH} first.`);
        const { decision } = request.params;
        const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : NaN;
        if ((decision !== 'approve' && decision !== 'reject') || !Number.isSafeInteger(id)) return sendProblem(request, reply, 404, 'There is no such review action.');
        const decided = decision === 'approve' ? await reviews.store.approve(id, now()) : await reviews.store.reject(id, now());
        // An approval publishes: the index and the caches follow before the owner sees the list
        // again, so the listing shows the new figures at once. A rejection publishes nothing.
        if (decided && decision === 'approve') await reviews.changed(decided.eid);
        const notice = decided ? (decision === 'approve' ? 'approved' : 'rejected') : 'gone';
        return reply.header('cache-control', 'no-store').redirect(`${REVIEWS_PATH}?done=${notice}`, 303);
      });
    }
  });
}
