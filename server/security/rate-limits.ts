/**
 * Named rate limits, per real client address (see trust-proxy.ts: X-Forwarded-For is believed
 * only through trusted proxies; IPv6 clients are counted by their /64, as one subscriber has a
 * whole /64). A route opts in with `config: { limit: 'share' }`; every route that changes state
 * (cross-site.ts) without a named limit gets the `form` limit, so a form endpoint added later is
 * limited without anyone remembering to. One name is one budget across all its routes.
 *
 * The counting is @fastify/rate-limit's (a fixed window per client key, in memory: several
 * servers behind a balancer each count on their own). A client over a limit gets 429 with
 * Retry-After (seconds) and a message saying when to try again. RATE_LIMITS overrides the defaults (`share=20/1m,form=30/10m`); RATE_LIMIT_EXEMPT lists
 * addresses or CIDR ranges never limited (a monitoring host; the end-to-end tests' loopback).
 */
import { STATUS_CODES } from 'node:http';
import { normalizeIP } from '@fastify/rate-limit';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Per client address; the table of docs/security.md (Rate limits) lists the same. */
export const DEFAULT_RATE_LIMITS = {
  /** The search proxy: select, the full-documents fetch and autocomplete. */
  search: { max: 1200, windowMs: 60_000 },
  /** Availability search and quotes. */
  availability: { max: 1200, windowMs: 60_000 },
  /** A unit's booked calendar. */
  calendar: { max: 600, windowMs: 60_000 },
  /** The page data API (/api/content/…). */
  content: { max: 600, windowMs: 60_000 },
  /** The built-in ranking. */
  ranking: { max: 300, windowMs: 60_000 },
  /** Ranking impression and click trackers. */
  tracker: { max: 1200, windowMs: 60_000 },
  /** Trips Collection reads and changes (get, add, remove, verify). */
  order: { max: 300, windowMs: 60_000 },
  /** Creating a share link (a daily quota per client applies as well: SHARE_QUOTA). */
  share: { max: 10, windowMs: 60_000 },
  /** Opening a share link (GET /rescms/order/shorturl/{code}): bounds guessing. */
  shorturl: { max: 60, windowMs: 60_000 },
  /** Checkout submissions (POST /rescms/order/checkout; a retry with the same idempotency key counts too). */
  checkout: { max: 30, windowMs: 60_000 },
  /** The analytics collector (POST /analytics/collect): batches of events, a few a minute per page. */
  analytics: { max: 120, windowMs: 60_000 },
  /** The site owner's login (POST /admin/analytics/login): bounds password guessing. */
  admin: { max: 10, windowMs: 600_000 },
  /** Captcha challenges (GET /captcha/challenge): a few per form sent, so a visitor never meets it. */
  captcha: { max: 60, windowMs: 600_000 },
  /** The site owner's review decisions (POST /admin/reviews/{id}/approve|reject), behind the login. */
  moderation: { max: 120, windowMs: 60_000 },
  /** The site owner's photo uploads (POST /admin/api/photos), behind the login: each can take a second of a core. */
  upload: { max: 60, windowMs: 600_000 },
  /** The owner's listing editor (/admin/api/listings/…): saves, publications and previews, behind the login. */
  owner: { max: 300, windowMs: 60_000 },
  /** Every form that is sent (share by email now; lead, inquiry and review forms later). */
  form: { max: 20, windowMs: 600_000 },
} satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateLimit>;

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function isRateLimitName(name: string): name is RateLimitName {
  return Object.hasOwn(DEFAULT_RATE_LIMITS, name);
}

/**
 * RATE_LIMITS: `name=max/window` pairs, comma-separated, window in s, m, h or d.
 *
 * @example parseRateLimits('share=20/1m, form=30/10m').share // { max: 20, windowMs: 60000 }
 */
export function parseRateLimits(raw: string | undefined): RateLimits {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  if (!raw || raw.trim() === '') return limits;
  for (const entry of raw.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
    const match = /^([a-z]+)=(\d{1,7})\/(\d{0,4})([smhd])$/.exec(entry);
    if (!match) throw new Error(`RATE_LIMITS entries look like share=20/1m (name=requests/window, window in s, m, h or d), got ${JSON.stringify(entry)}`);
    const [, name, max, count, unit] = match as unknown as [string, string, string, string, string];
    if (!isRateLimitName(name)) throw new Error(`RATE_LIMITS: unknown limit ${JSON.stringify(name)}; the limits are ${Object.keys(DEFAULT_RATE_LIMITS).join(', ')}`);
    const windowMs = Number(count || '1') * (UNITS[unit] as number);
    if (Number(max) < 1 || windowMs < 1000) throw new Error(`RATE_LIMITS: ${name} needs at least 1 request per at least 1 s, got ${JSON.stringify(entry)}`);
    limits[name] = { max: Number(max), windowMs };
  }
  return limits;
}

/** "10 per minute", "20 per 10 minutes": for messages and the log. */
export function describeRateLimit({ max, windowMs }: RateLimit): string {
  const [unit, size] = windowMs % 86_400_000 === 0 ? ['day', 86_400_000] : windowMs % 3_600_000 === 0 ? ['hour', 3_600_000] : windowMs % 60_000 === 0 ? ['minute', 60_000] : ['second', 1000];
  const count = Math.round(windowMs / (size as number));
  return `${max} per ${count === 1 ? unit : `${count} ${unit}s`}`;
}

/** A refused request: the status, the message and the Retry-After, for refusal.ts. */
export class RateLimited extends Error {
  readonly statusCode = 429;
  constructor(
    readonly retryAfterSeconds: number,
    limit: RateLimit,
  ) {
    super(`Too many requests from your address (at most ${describeRateLimit(limit)}). Please try again in ${retryAfterSeconds} s.`);
    this.name = STATUS_CODES[429] ?? 'Too Many Requests';
  }
}

/**
 * The key a client is counted under, as @fastify/rate-limit counts it: its address, an
 * IPv4-mapped IPv6 address as IPv4, any other IPv6 address by its /64.
 *
 * @example clientKey('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::'
 */
export function clientKey(address: string | undefined): string {
  return address ? normalizeIP(address) : 'unknown';
}
