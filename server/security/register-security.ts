/**
 * The server's protections that apply to routes by default, registered by app.ts before any
 * route, so a route added later gets them without asking:
 *
 * - requests that change state (every method but GET/HEAD/OPTIONS; GET routes marked
 *   `config: { mutates: true }`) must come from this site: 403 otherwise (cross-site.ts);
 * - named rate limits per real client address (`config: { limit: 'share' }`); a route that
 *   changes state without one gets the `form` limit: 429 with Retry-After (rate-limits.ts);
 * - every HTML (and SVG) answer carries a Content-Security-Policy (error-page.ts);
 * - a query string, path parameter or body holding a NUL character or an unpaired surrogate is
 *   refused with 400 naming the field (text-input.ts), before any handler sees it;
 * - Strict-Transport-Security is sent only over https: when the request came over https (as
 *   TRUST_PROXY lets the server see it) or PUBLIC_ORIGIN is https, never to a plain-http site;
 * - a request without a Host header that names a host (HTTP/1.0 without one, a Host with
 *   markup) is refused with 400, except the health check, which load balancers may send bare.
 *   Nothing is built from the Host (URLs use the public origin), but it is checked before any
 *   handler sees it.
 *
 * Refusals are logged at `warn` with the reason, so an owner can see an attack or a
 * misconfiguration (a page on a sibling origin missing from TRUSTED_ORIGINS).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { changesState, crossSiteVerdict, type CrossSitePolicy } from './cross-site.ts';
import { FALLBACK_CSP, sendProblem } from './error-page.ts';
import { addressList, listHas } from './origins.ts';
import { clientKey, DEFAULT_RATE_LIMITS, describeRateLimit, type RateLimitName, type RateLimits } from './rate-limits.ts';
import { refuseBadText } from './text-input.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The named rate limit of this route (server/security/rate-limits.ts). */
    limit?: RateLimitName;
    /** true: a GET that changes state, checked like a POST; false: a POST that changes nothing (a search). */
    mutates?: boolean;
    /**
     * Who the named limit counts this request under, instead of its client address (the admin
     * login: a browser that logged in before counts on its own, so others' wrong passwords from a
     * shared address do not lock it out). undefined: the address.
     */
    limitKey?: (request: FastifyRequest) => string | undefined;
  }
}

/** A host name (letters, digits, '.', '-', '_') or an IP literal, with an optional port. */
const VALID_HOST = /^[A-Za-z0-9._-]{1,253}(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](?::\d{1,5})?$/;
/** helmet's default: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Answers without a Host: the health check of a load balancer sending HTTP/1.0. */
const HOSTLESS_PATHS = new Set(['/healthz']);

export interface SecurityOptions {
  /** PUBLIC_ORIGIN: the origin visitors use; every absolute URL starts with it. */
  publicOrigin: string;
  /** TRUSTED_ORIGINS: other origins whose pages may send requests that change state. */
  trustedOrigins?: readonly string[];
  /** Per-client limits (RATE_LIMITS over the defaults); false turns limiting off (tests, benchmarks). */
  rateLimits?: RateLimits | false;
  /** RATE_LIMIT_EXEMPT: addresses and CIDR ranges never limited. */
  rateLimitExempt?: readonly string[];
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const policy: CrossSitePolicy = { publicOrigin: options.publicOrigin, trustedOrigins: options.trustedOrigins ?? [] };
  const limits = options.rateLimits === undefined ? DEFAULT_RATE_LIMITS : options.rateLimits;
  const limiters = new Map<RateLimitName, Limiter>();
  if (limits) {
    const exempt = options.rateLimitExempt && options.rateLimitExempt.length > 0 ? addressList(options.rateLimitExempt) : null;
    await app.register(rateLimit, { global: false, allowList: exempt ? (request: FastifyRequest) => listHas(exempt, request.ip) : undefined });
    for (const name of Object.keys(limits) as RateLimitName[]) {
      limiters.set(
        name,
        app.createRateLimit({
          max: limits[name].max,
          timeWindow: limits[name].windowMs,
          keyGenerator: (request: FastifyRequest) => request.routeOptions.config.limitKey?.(request) ?? clientKey(request.ip),
        }),
      );
    }
  }

  const guard = (mutates: boolean | undefined, name: RateLimitName | undefined): onRequestAsyncHookHandler =>
    async function securityCheck(request: FastifyRequest, reply: FastifyReply) {
      if (changesState(request.method, mutates)) {
        const verdict = crossSiteVerdict(request, policy);
        if (!verdict.ok) {
          request.log.warn({ reason: verdict.reason, url: request.url.slice(0, 200) }, 'request from another site refused');
          return sendProblem(request, reply, 403, `This request was refused because ${verdict.reason}. Please use the site's own pages.`);
        }
      }
      const limit = name ?? (changesState(request.method, mutates) ? 'form' : undefined);
      const limiter = limit && limits ? limiters.get(limit) : undefined;
      if (limiter && limits && limit) {
        const counted = await limiter(request);
        if (!counted.isAllowed && counted.isExceeded) {
          request.log.warn({ limit, key: counted.key }, 'rate limit reached');
          reply.header('retry-after', String(counted.ttlInSeconds));
          return sendProblem(request, reply, 429, `Too many requests from your address (at most ${describeRateLimit(limits[limit])}). Please try again in ${counted.ttlInSeconds} s.`);
        }
      }
      return undefined;
    };

  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    if (typeof host === 'string' ? VALID_HOST.test(host) : HOSTLESS_PATHS.has(request.url.split('?')[0] ?? '')) return undefined;
    return sendProblem(request, reply, 400, host === undefined ? 'The request has no Host header' : 'The Host header is not a host name');
  });

  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    // Whether a request is checked depends on its method (a route may take several: app.all).
    if (!changesState(route.method, config.mutates) && !config.limit) return;
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    // First of the route's own hooks: a refused request does no work.
    route.onRequest = [guard(config.mutates, config.limit), ...existing];
  });

  // After the body is parsed, before any handler: text that is not text never reaches one.
  app.addHook('preValidation', refuseBadText);

  const httpsSite = options.publicOrigin.startsWith('https:');
  app.addHook('onSend', async (request, reply, payload) => {
    // RFC 6797 §7.2: HSTS belongs to https answers only (helmet's own is turned off in app.ts).
    if (httpsSite || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    const type = String(reply.getHeader('content-type') ?? '');
    if ((type.startsWith('text/html') || type.startsWith('image/svg+xml')) && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', FALLBACK_CSP);
    }
    return payload;
  });
}
