/**
 * Requests that change state must come from this site (CSRF). The session cookie is
 * SameSite=Lax, which still lets a top-level GET navigation from another site through, and the
 * spec keeps `/rcapi/order/add` and `/rcapi/order/remove` as GET (§7): so a cookie setting alone
 * cannot protect them. Each request that changes state is checked here:
 *
 * 1. Fetch Metadata (every current browser sends it): `Sec-Fetch-Site`
 *    - `same-origin`: allowed (an Origin header, when sent, must still be ours);
 *    - `none` (typed in the address bar, a bookmark): allowed for GET, else as 3.;
 *    - `same-site` (a sibling origin: another port or subdomain, which shares the cookies) and
 *      `cross-site`: refused unless the Origin (or, without one, the Referer) is the public
 *      origin or one of TRUSTED_ORIGINS.
 * 2. No Fetch Metadata (browsers before 2020–2023, scripts, tools): allowed when the request
 *    carries `X-Requested-With` (the site's own calls send it, as jQuery does; another page
 *    cannot add it without a CORS preflight, which this server never grants), or its Origin (or,
 *    without one, its Referer) is ours. A GET link or form, an <img> or a POST form from an old
 *    browser on another site has neither, and is refused.
 * 3. "Ours" = the public origin, TRUSTED_ORIGINS, or the origin the request itself was sent to
 *    (scheme and Host: a browser sets Origin, a page cannot).
 *
 * Which requests: every method but GET, HEAD and OPTIONS, unless the route says
 * `config: { mutates: false }` (a search sent by POST); and GET routes that say
 * `config: { mutates: true }`.
 */
import type { FastifyRequest } from 'fastify';
import { originOfHeader } from './origins.ts';

export interface CrossSitePolicy {
  publicOrigin: string;
  /** TRUSTED_ORIGINS: other origins whose pages may send the site's forms (a sibling subdomain). */
  trustedOrigins: readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the guard applies to a route: methods that change state, and GET routes marked `mutates`. */
export function changesState(method: string | string[], mutates: boolean | undefined): boolean {
  if (mutates !== undefined) return mutates;
  return (Array.isArray(method) ? method : [method]).some((m) => !SAFE_METHODS.has(m.toUpperCase()));
}

export type Verdict = { ok: true } | { ok: false; reason: string };

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The origin the request was sent to (scheme and Host), or null when the Host is not a host. */
function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (!/^[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](?::\d{1,5})?$/.test(host)) return null;
  return originOfHeader(`${request.protocol}://${host}`);
}

/**
 * Whether a request that changes state may go ahead (see the module comment for the rules).
 *
 * @example crossSiteVerdict(request, { publicOrigin: 'https://www.example.com', trustedOrigins: [] })
 * // { ok: false, reason: 'it came from another site (Sec-Fetch-Site: cross-site, Origin https://evil.example)' }
 */
export function crossSiteVerdict(request: FastifyRequest, policy: CrossSitePolicy): Verdict {
  const site = header(request, 'sec-fetch-site');
  const rawOrigin = header(request, 'origin');
  const origin = originOfHeader(rawOrigin);
  const referer = originOfHeader(header(request, 'referer'));
  const claimed = rawOrigin !== undefined ? origin : referer;
  const trusted = (candidate: string | null) => candidate !== null && (candidate === policy.publicOrigin || policy.trustedOrigins.includes(candidate));
  const ours = (candidate: string | null) => trusted(candidate) || (candidate !== null && candidate === requestOrigin(request));
  const from = claimed ?? (rawOrigin === 'null' ? 'null' : 'none');
  const safeMethod = SAFE_METHODS.has(request.method);

  switch (site) {
    case 'same-origin':
      return rawOrigin === undefined || ours(origin) ? { ok: true } : { ok: false, reason: `its Origin ${rawOrigin.slice(0, 100)} is not this site` };
    case 'none':
      if (safeMethod || ours(claimed)) return { ok: true };
      return { ok: false, reason: `it did not come from a page of this site (Origin ${from})` };
    case 'same-site':
    case 'cross-site':
      return trusted(claimed) ? { ok: true } : { ok: false, reason: `it came from another ${site === 'same-site' ? 'origin of the same site' : 'site'} (Sec-Fetch-Site: ${site}, Origin ${from})` };
    case undefined:
      if (header(request, 'x-requested-with') !== undefined || ours(claimed)) return { ok: true };
      return { ok: false, reason: `it carries neither Fetch Metadata nor an Origin of this site (Origin ${from})` };
    default:
      return { ok: false, reason: `Sec-Fetch-Site ${site.slice(0, 40)} is not a value browsers send` };
  }
}
