import crypto from 'node:crypto';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import { COMPRESSION } from './compression.ts';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { ContentSource } from '../src/domain/content.ts';
import { FLAG_COOKIE_NAME, parseFlagItems } from '../src/domain/flag-items.ts';
import { serviceOrigin } from '../src/domain/service-origin.ts';
import { tileImageSource, type PageSettings, type SiteSettings } from '../src/domain/settings.ts';
import { htmlDocument } from './html.ts';
import { sendProblem } from './security/error-page.ts';
import { registerSecurity, type SecurityOptions } from './security/register-security.ts';
import { fastifyTrustProxy, type TrustProxy } from './security/trust-proxy.ts';
import { loggedRoute, privateLoggerOptions } from './security/log-redaction.ts';
import { isServableMediaPath } from './demo/media.ts';
import { registerTileRoutes } from './tiles/routes.ts';
import type { RankingService } from './ranking/ranking-service.ts';
import { registerRankingRoutes } from './ranking/routes.ts';
import type { PricingService } from './pricing/pricing-service.ts';
import { browserSettings, registerPricingRoutes } from './pricing/routes.ts';
import { registerOrderRoutes, shareAjaxForm, shareLinksOf, type OrderRouteOptions } from './orders/routes.ts';
import { SHARE_FORM_ID } from './orders/share-form.ts';
import { NO_CAPTCHA, NO_PAGE_LINKS } from './orders/share-send.ts';
import { registerSystemAjax } from './ajax/system-ajax.ts';
import type { CaptchaVerifier } from './captcha/verifier.ts';
import { registerCalendarRoute } from './pricing/calendar-route.ts';
import type { CheckoutService } from './checkout/checkout-service.ts';
import { registerCheckoutRoutes } from './checkout/routes.ts';
import type { PageCache } from './page-cache.ts';
import { registerDemoRoute, type DemoInfo } from './demo/routes.ts';
import { registerSeoRoutes, type SitemapSource } from './seo/sitemap.ts';
import { registerAnalyticsRoutes, type AnalyticsCollector } from './analytics/collector.ts';
import { acceptJsonBodies } from './security/json-body.ts';
import { registerAdminRoutes, type AdminRouteOptions } from './admin/routes.ts';
import { mapTileLayer } from '../src/domain/map-tiles.ts';
import type { CaptchaService } from './captcha/captcha-service.ts';
import { registerCaptchaRoutes } from './captcha/routes.ts';
import { attachModuleUrl } from './captcha/attach-script.ts';
import { loginCaptchaCsp } from './admin/pages.ts';
import { registerCaptchaTestForm } from './captcha/test-form.ts';
import type { PageRenderer } from './renderer.ts';
import { registerReviewRoutes, type ReviewRouteOptions } from './reviews/routes.ts';
import { registerContentApi } from './routes/content-api.ts';
import { registerLeadRoutes, type LeadRouteOptions } from './leads/routes.ts';
import { registerRelatedEvents } from './content/related-events.ts';
import type { SearchService } from './search/search-service.ts';
import type { CalendarService } from './calendar/calendar-service.ts';
import { registerCalendarExportRoute } from './calendar/routes.ts';
import { takeStatusMessages } from './status-messages.ts';
import { checkSearchParams } from './search/proxy.ts';
import type { SearchPorts } from '../src/app/entry-server.tsx';

export interface ServerDependencies {
  settings: SiteSettings;
  content: ContentSource;
  renderer: PageRenderer;
  /**
   * The content version (server/content/content-version.ts): each page tells the browser a digest of
   * it, so documents the browser kept from an earlier page are dropped once the content changes.
   */
  contentVersion?: () => Promise<string>;
  /** Generated demo images and other media, served at /media/. */
  mediaDir: string;
  cookieSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** TRUST_PROXY (server/security/trust-proxy.ts); default none. */
  trustProxy?: TrustProxy;
  /** PUBLIC_ORIGIN: every absolute URL the server builds starts with it, never with the Host header. */
  publicOrigin?: string;
  /** Cross-site refusal and rate limits (server/security/register-security.ts). */
  security?: Omit<SecurityOptions, 'publicOrigin'>;
  /** Reported by /healthz. */
  databaseKind?: string;
  development?: boolean;
  /** The search proxy (spec §7 Search) at settings.search.url; without it there is no search API. With its back end, search pages are rendered with their default search. */
  search?: Pick<SearchService, 'registerRoutes'> & Partial<Pick<SearchService, 'backend'>>;
  /** The built-in ranking service (spec §7 Ranking) at /api/v2/{segment}/ranking. */
  ranking?: RankingService;
  /** The pricing engine (spec §7 Availability): avail search, quotes, and the page settings' specials. */
  pricing?: PricingService;
  /** The Trips Collection's session mode and sharing (spec §7): where orders live and how they are re-priced. */
  orders?: Pick<OrderRouteOptions, 'store' | 'pricing' | 'pageLinks'>;
  /** Checkout and booking (issue 13): provinces, POST /rescms/order/checkout. */
  checkout?: CheckoutService;
  /** Rendered pages kept until the content changes (page-cache.ts); without it every page is rendered. */
  pageCache?: PageCache;
  /** The demo content's seed and day, at GET /api/demo (tests find the demo's fixture stays from it). */
  demoInfo?: () => Promise<DemoInfo | null>;
  /** The lead forms (issue 14): anti-bot keys and script, POST /bt-leads/submit/{form id}. */
  leads?: Omit<LeadRouteOptions, 'secret'>;
  /** The pages /sitemap.xml lists (with /robots.txt, issue 15); without it neither is served. */
  sitemap?: SitemapSource;
  /** The first-party analytics collector (issue 16): POST /analytics/collect. */
  analytics?: AnalyticsCollector;
  /** Calendar sync (issue 26): each listing's export at /calendar/{eid}/{token}.ics, and the owner's calendars page. */
  calendar?: CalendarService;
  /** The site owner's analytics dashboard at /admin/analytics (issue 16), when ADMIN_PASSWORD is set; without it the dashboard answers 404. */
  admin?: Pick<AdminRouteOptions, 'password' | 'db' | 'now' | 'reviews' | 'loginThrottle' | 'owner' | 'listings' | 'siteContent' | 'photos'>;
  /**
   * The captcha the site's forms are checked with (issue 14; server/captcha/verifier.ts), GET
   * /captcha/challenge for the self-hosted ALTCHA, and the provider's origins in the CSP; without it
   * no form asks for one.
   */
  captcha?: CaptchaService;
  /** The listing review form's POST /api/reviews (issue 15 item 7): reviews stored pending moderation, captcha-checked. */
  reviews?: ReviewRouteOptions;
  /**
   * E2E_TEST_ROUTES=1 only: the stored analytics events after id `after`, oldest first, at
   * GET /__e2e/analytics-events?after=N (the end-to-end tests check what a visit left).
   */
  testAnalyticsEvents?: (after: number) => Promise<unknown[]>;
  /** E2E_TEST_ROUTES=1 only: the captcha-protected test form at /__e2e/captcha-form (server/captcha/test-form.ts), checked by `captcha`. */
  testCaptchaForm?: boolean;
  /** Told of every route as it is registered (scripts/docs-generate.ts lists them for docs/api.md). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

/** Google Analytics 4's origins (its gtag script, collection endpoints and pixels), allowed only when GA4 is configured. */
const GA4_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';
const GA4_CONNECT_ORIGINS = [GA4_SCRIPT_ORIGIN, 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/** A third-party captcha's script and frame origins, allowed only when it is the configured provider. */
const CAPTCHA_ORIGINS: Record<'recaptcha' | 'turnstile', { scripts: string[]; frames: string[] }> = {
  recaptcha: { scripts: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'], frames: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] },
  turnstile: { scripts: ['https://challenges.cloudflare.com'], frames: ['https://challenges.cloudflare.com'] },
};

/** Requests slower than this are logged at info level (every request at debug level). */
export const SLOW_REQUEST_MS = 1_000;

/** Request bodies larger than this are refused with 413 (the largest form, a shared order, is 16 KB). */
export const BODY_LIMIT = 64 * 1024;

/**
 * `connectOrigins`: other services the page calls — an external ranking service
 * (settings.ranking.host) with its trackers, and the URL shortener when a token is configured.
 */
function contentSecurityPolicy(
  nonce: string,
  development: boolean,
  tileSource: string | null,
  connectOrigins: readonly string[] = [],
  scriptOrigins: readonly string[] = [],
  frameOrigins: readonly string[] = [],
): string {
  const imageSources = [tileSource, ...(scriptOrigins.length > 0 ? GA4_CONNECT_ORIGINS.slice(1) : [])].filter(Boolean);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${scriptOrigins.map((origin) => ` ${origin}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${imageSources.map((origin) => ` ${origin}`).join('')}`,
    "font-src 'self'",
    `connect-src 'self'${connectOrigins.map((origin) => ` ${origin}`).join('')}${development ? ' ws: wss:' : ''}`,
    `frame-src 'self'${frameOrigins.map((origin) => ` ${origin}`).join('')}`,
    // The self-hosted captcha solves its proof of work in workers served from this site.
    "worker-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#0e7490"/>' +
  '<path d="M4 19c4-3 8-3 12 0s8 3 12 0v6H4z" fill="#e0f2fe"/><circle cx="21" cy="11" r="4" fill="#fde68a"/></svg>';

/** Builds the Fastify server: pages rendered on the server, assets, media and the JSON APIs. */
export async function buildServer(deps: ServerDependencies): Promise<FastifyInstance> {
  const development = deps.development ?? false;
  const publicOrigin = deps.publicOrigin ?? 'http://localhost:3000';
  // Maps load tiles from an owner's http(s) tile server too (settings.site.map_tile_url).
  const tileSource = tileImageSource(deps.settings.site.map_tile_url);
  const { order } = deps.settings;
  const ga4 = Boolean(deps.settings.analytics?.ga4_measurement_id);
  const connectOrigins = [
    serviceOrigin(deps.settings.ranking.host),
    // The browser asks the URL shortener itself (spec §7) when a token is configured.
    order.url_shortener_token ? serviceOrigin(order.url_shortener_url) : null,
    // GA4 (after the visitor's consent) sends its hits from the page.
    ...(ga4 ? GA4_CONNECT_ORIGINS : []),
  ].filter((origin): origin is string => origin !== null);
  const captchaOrigins = deps.captcha && deps.captcha.provider !== 'altcha' && deps.settings.bt_leads_recaptcha.should_load ? CAPTCHA_ORIGINS[deps.captcha.provider] : { scripts: [], frames: [] };
  const scriptOrigins = [...(ga4 ? [GA4_SCRIPT_ORIGIN] : []), ...captchaOrigins.scripts];
  // Virtual tours and videos from other sites are framed only from the origins the owner allows (bt_virtual_tours.embed_origins).
  const frameOrigins = [...(deps.settings.bt_virtual_tours.embed_origins ?? []).map((origin) => origin.toLowerCase()), ...captchaOrigins.frames];
  const app = Fastify({
    // Bodies, query strings and a failed query's values stay out of the log (security/log-redaction.ts).
    logger: deps.logger ? privateLoggerOptions(deps.logger) : false,
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    // Two log lines per request cost more than a cached page: see the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // JSON bodies deeper than a few dozen levels are refused with 400 before they are parsed.
  acceptJsonBodies(app);
  const onRoute = deps.onRoute;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    // Logged at info in production: by its route's pattern, which holds no secret (loggedRoute).
    if (ms >= SLOW_REQUEST_MS) request.log.info({ method: request.method, url: loggedRoute(request), statusCode: reply.statusCode, ms }, 'slow request');
    else request.log.debug({ method: request.method, url: request.url, statusCode: reply.statusCode, ms }, 'request completed');
  });

  // Pages and JSON go out compressed (COMPRESSION); the built assets are compressed once at build
  // time and served as they are.
  await app.register(compress, COMPRESSION);
  await app.register(cookie, { secret: deps.cookieSecret });
  // The page CSP carries a per-request nonce, so it is set by the page handler below; HSTS only
  // over https, by registerSecurity (helmet would send it on plain http too).
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, strictTransportSecurity: false });
  // Before any route: routes that change state and named limits are protected by default.
  await registerSecurity(app, { publicOrigin, ...deps.security });

  app.setErrorHandler((error: { statusCode?: number; message: string; validation?: unknown }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, status, status >= 500 ? 'Something went wrong on our side. Please try again.' : error.message);
  });
  // Files not found under /media/ and /assets/ (pages have their own not-found page).
  app.setNotFoundHandler((request, reply) => sendProblem(request, reply, 404, `Nothing is at ${request.url.split('?')[0]?.slice(0, 200) ?? '/'}`));

  app.get('/healthz', async () => ({ ok: true, database: deps.databaseKind ?? 'unknown', mode: development ? 'development' : 'production', node_env: process.env.NODE_ENV ?? null }));
  app.get('/favicon.svg', async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON),
  );

  await app.register(fastifyStatic, {
    root: path.resolve(deps.mediaDir),
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
    index: false,
    // A file being written (hidden, *.tmp) is never served: only whole files under their real names.
    dotfiles: 'ignore',
    allowedPath: isServableMediaPath,
  });
  if (deps.renderer.clientDir) {
    await app.register(fastifyStatic, {
      root: path.join(deps.renderer.clientDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      // Hashed names: a changed file gets a new name, so browsers may keep each for a year.
      immutable: true,
      maxAge: '365d',
      index: false,
      // name.br / name.gz written by scripts/ensure-build.mjs, chosen by Accept-Encoding.
      preCompressed: true,
      // Source maps are not public (the build keeps them out of dist/client; this refuses any left there).
      allowedPath: (pathname) => !pathname.endsWith('.map'),
    });
  }
  if (deps.renderer.middleware) {
    const { default: middie } = await import('@fastify/middie');
    await app.register(middie);
    app.use(deps.renderer.middleware as unknown as Parameters<typeof app.use>[1]);
  }

  registerContentApi(app, deps.content);
  registerRelatedEvents(app, deps.content);
  registerTileRoutes(app);
  if (deps.search) await deps.search.registerRoutes(app);
  if (deps.ranking) await registerRankingRoutes(app, deps.ranking);
  if (deps.pricing) await registerPricingRoutes(app, deps.pricing, deps.settings);
  const captcha: CaptchaVerifier = deps.captcha ?? NO_CAPTCHA;
  if (deps.orders) {
    await registerOrderRoutes(app, { ...deps.orders, settings: deps.settings, publicOrigin, captcha });
    // The site's forms sent asynchronously (spec §7 CMS asynchronous requests).
    await registerSystemAjax(app, { [SHARE_FORM_ID]: shareAjaxForm({ store: deps.orders.store, pageLinks: deps.orders.pageLinks ?? NO_PAGE_LINKS, captcha, links: shareLinksOf({ settings: deps.settings, publicOrigin }) }) });
  }
  if (deps.pricing) await registerCalendarRoute(app, deps.pricing);
  if (deps.checkout) await registerCheckoutRoutes(app, { checkout: deps.checkout, siteName: deps.settings.site.name });
  if (deps.leads) await registerLeadRoutes(app, { ...deps.leads, secret: deps.cookieSecret });
  if (deps.demoInfo) registerDemoRoute(app, deps.demoInfo);
  if (deps.sitemap) registerSeoRoutes(app, { publicOrigin, sitemap: deps.sitemap });
  if (deps.analytics) registerAnalyticsRoutes(app, deps.analytics);
  if (deps.reviews) await registerReviewRoutes(app, deps.reviews);
  if (deps.calendar) registerCalendarExportRoute(app, deps.calendar);
  if (deps.admin) {
    // The login asks for the captcha whatever the lead forms do (should_load), so the provider's origins are its own.
    const loginCaptcha = deps.captcha;
    const loginOrigins = loginCaptcha && loginCaptcha.provider !== 'altcha' ? CAPTCHA_ORIGINS[loginCaptcha.provider] : { scripts: [], frames: [] };
    await registerAdminRoutes(app, {
      ...deps.admin,
      ownerApp: { clientDir: deps.renderer.clientDir, tiles: mapTileLayer(deps.settings.site) },
      secret: deps.cookieSecret,
      siteName: deps.settings.site.name,
      publicOrigin,
      captcha: loginCaptcha ? { service: loginCaptcha, script: attachModuleUrl(deps.renderer.clientDir), csp: (nonce) => loginCaptchaCsp(nonce, loginOrigins) } : undefined,
    });
  }
  if (deps.captcha) registerCaptchaRoutes(app, deps.captcha);
  if (deps.captcha && deps.testCaptchaForm) {
    registerCaptchaTestForm(app, {
      captcha: deps.captcha,
      clientDir: deps.renderer.clientDir,
      csp: (nonce) => contentSecurityPolicy(nonce, development, tileSource, connectOrigins, scriptOrigins, frameOrigins),
    });
  }
  const testEvents = deps.testAnalyticsEvents;
  if (testEvents) {
    app.get('/__e2e/analytics-events', async (request, reply) => {
      const after = Number((request.query as { after?: string }).after ?? 0);
      return reply.header('cache-control', 'no-store').send(await testEvents(Number.isSafeInteger(after) ? after : 0));
    });
  }
  // Coupon codes stay on the server.
  const pageSiteSettings = browserSettings(deps.settings);
  app.all('/api/*', async (request, reply) =>
    reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No API at ${request.method} ${request.url.split('?')[0]}` }),
  );

  // Search pages run their default search on the server, through the same back end as the proxy
  // and, with the built-in ranking, in its order (src/bindings/initial-search.ts).
  const backend = deps.search?.backend;
  const ranking = deps.ranking;
  const searchPorts: SearchPorts | undefined = backend
    ? {
        select: (params) => {
          const grouped = new Map<string, string[]>();
          for (const [name, value] of params) grouped.set(name, [...(grouped.get(name) ?? []), value]);
          return backend.select(checkSearchParams(grouped));
        },
        rankedIds: ranking && deps.settings.ranking.host === '' ? async () => (await ranking.ranking()).map((entity) => entity.id) : undefined,
      }
    : undefined;

  app.get('/*', async (request, reply) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    const page: PageSettings = {
      settings: pageSiteSettings,
      messages: takeStatusMessages(request, reply),
      flagged: parseFlagItems(request.cookies[FLAG_COOKIE_NAME]) ?? [],
      // A version that cannot be checked just now keeps nothing from earlier pages ('' matches no stored one).
      contentVersion: deps.contentVersion ? await deps.contentVersion().then(contentDigest, () => '') : '',
      // A page without specials beats no page: a failure to load them is logged only.
      specials: deps.pricing
        ? await deps.pricing.specials().catch((error: unknown) => {
            request.log.error({ err: error }, 'specials failed to load');
            return [];
          })
        : [],
    };
    // The page's URL on the public origin: never the Host header, which the client writes.
    if (!request.url.startsWith('/')) return sendProblem(request, reply, 400, 'The request target must be a path of this site');
    let url: URL;
    try {
      url = new URL(`${publicOrigin}${request.url}`);
    } catch {
      return sendProblem(request, reply, 400, 'The address is not valid');
    }
    const renderOptions = {
      request: new Request(url, { headers: { accept: request.headers.accept ?? 'text/html' } }),
      content: deps.content,
      page,
      nonce,
      search: searchPorts,
    };
    // A confirmation page carries a guest's booking: rendered for each request, never kept.
    const confirmation = url.pathname.startsWith('/rescms/order/confirmation/');
    const result = deps.pageCache && !confirmation ? await deps.pageCache.render(deps.renderer, renderOptions) : await deps.renderer.render(renderOptions);
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    for (const failure of result.failures) request.log.error({ err: failure }, 'page data failed to load');
    // A confirmation page's code is the key to a guest's booking: keep it out of caches and indexes.
    if (confirmation) reply.header('x-robots-tag', 'noindex');
    return reply
      .status(result.status)
      .header('content-security-policy', contentSecurityPolicy(nonce, development, tileSource, connectOrigins, scriptOrigins, frameOrigins))
      .header('cache-control', confirmation ? 'private, no-store' : 'private, no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(
        htmlDocument({
          title: result.title,
          meta: result.meta,
          description: deps.settings.site.slogan,
          body: result.html,
          page,
          routeData: result.routeData,
          assets: deps.renderer.assets(nonce, result.modules),
          nonce,
        }),
      );
  });

  return app;
}

/** A short digest of the content fingerprint (a few hundred characters): what each page tells the browser. */
function contentDigest(fingerprint: string): string {
  return crypto.createHash('sha256').update(fingerprint).digest('base64url').slice(0, 16);
}
