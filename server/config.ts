import fs from 'node:fs';
import path from 'node:path';
import { GA4_ID, parseSiteSettings, type SiteSettings } from '../src/domain/settings.ts';
import { isAddressOrRange, parseOrigin, parseOriginList } from './security/origins.ts';
import { parseRateLimits, type RateLimits } from './security/rate-limits.ts';
import { parseTrustProxy, type TrustProxy } from './security/trust-proxy.ts';
import { parseCaptchaSettings, type CaptchaSettings } from './captcha/config.ts';
import { EMAIL } from '../src/domain/lead-forms.ts';
import { parseCalendarSettings, type CalendarSettings } from './calendar/config.ts';

/** Server settings from the environment; every one is listed in the table of docs/configuration.md. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Apache Solr core or collection URL for the search proxy (instead of the embedded engine), without a trailing slash; several, comma-separated, are tried in turn. */
  solrUrl: string | undefined;
  /** Longest wait for a Solr search answer before the proxy answers 503. */
  solrTimeoutMs: number;
  /** SOLR_RETRY_SECONDS: when Solr cannot be filled at start, the first wait before trying again (doubling up to 5 minutes). */
  solrRetrySeconds: number;
  /** Most rows (and ids) one search request may ask for; more is refused with 400. */
  searchMaxRows: number;
  /** SEARCH_MEMORY_MB: MiB the embedded engine may use (documents and index); undefined = three quarters of node's heap limit. */
  searchMemoryMiB: number | undefined;
  siteConfigPath: string;
  logLevel: string;
  /** 'production' serves the built assets; 'development' runs Vite as middleware. */
  mode: 'production' | 'development';
  /** PUBLIC_ORIGIN: the origin visitors use (every absolute URL); undefined = http://localhost:{port}. */
  publicOrigin: string | undefined;
  /** TRUSTED_ORIGINS: other origins whose pages may send requests that change state. */
  trustedOrigins: string[];
  /** TRUST_PROXY: the proxies whose X-Forwarded-For / -Proto are believed (none, a hop count, or addresses). */
  trustProxy: TrustProxy;
  /** RATE_LIMITS over the defaults of server/security/rate-limits.ts. */
  rateLimits: RateLimits;
  /** RATE_LIMIT_EXEMPT: addresses and CIDR ranges never rate limited. */
  rateLimitExempt: string[];
  /** Shared Trips Collections: lifetime since last opened, quota per client a day, total cap. */
  shares: ShareSettings;
  /** Development only: Vite's hot reload over a WebSocket (HMR=0 turns it off). */
  hmr: boolean;
  /** Most MiB of rendered pages kept in memory until the content changes; 0 renders every page. */
  pageCacheMiB: number;
  /** ANALYTICS_RETENTION_DAYS: analytics events older than this are deleted (default 400). */
  analyticsRetentionDays: number;
  /** ADMIN_PASSWORD: turns the site owner's analytics dashboard (/admin/analytics) on; undefined = off. */
  adminPassword: string | undefined;
  /** GA4_MEASUREMENT_ID: events go to Google Analytics 4 as well, after the visitor's consent ('' = off). */
  ga4MeasurementId: string;
  /** LEADS_TO: where the lead forms' messages are emailed; undefined = the site's email (site.email). */
  leadsTo: string | undefined;
  /** CAPTCHA_PROVIDER (altcha, the self-hosted default; recaptcha; turnstile) with its keys: server/captcha/config.ts. */
  captcha: CaptchaSettings;
  /** CALENDAR_* settings of the calendar sync with other channels: server/calendar/config.ts. */
  calendar: CalendarSettings;
  /** E2E_TEST_ROUTES=1: the end-to-end tests' routes (GET /__e2e/analytics-events, the captcha form at /__e2e/captcha-form); never in production. */
  testRoutes: boolean;
}

export interface ShareSettings {
  /** SHARE_DAYS: a share link unused for this many days expires (each opening renews it). */
  days: number;
  /** SHARE_QUOTA: share links one client address may create in 24 hours. */
  quotaPerDay: number;
  /** SHARE_MAX_TOTAL: share links kept at most; beyond it new ones are refused until old ones expire. */
  maxTotal: number;
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** SOLR_URL: one collection URL, or several (the same collection on each SolrCloud node) separated by commas. */
function solrUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.includes(',')) return raw.split(',').map((one) => solrUrl(one.trim()) ?? '').filter((one) => one !== '').join(',') || undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SOLR_URL must be an http(s) URL of a Solr core, e.g. http://localhost:8983/solr/rentals, got ${JSON.stringify(raw)}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new Error(`SOLR_URL must be an http(s) URL of a Solr core without ?query or #hash, e.g. http://localhost:8983/solr/rentals, got ${JSON.stringify(raw)}`);
  }
  return url.href.replace(/\/+$/, '');
}

function ga4MeasurementId(raw: string | undefined): string {
  const id = (raw ?? '').trim();
  if (id !== '' && !GA4_ID.test(id)) throw new Error(`GA4_MEASUREMENT_ID must look like G-ABC123XYZ9, got ${JSON.stringify(raw)}`);
  return id;
}

function emailAddress(name: string, raw: string | undefined): string | undefined {
  const address = (raw ?? '').trim();
  if (address === '') return undefined;
  if (!EMAIL.test(address)) throw new Error(`${name} must be an email address, got ${JSON.stringify(raw)}`);
  return address;
}

function addressOrRangeList(name: string, raw: string | undefined): string[] {
  const entries = (raw ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) throw new Error(`${name} must be a comma-separated list of addresses and CIDR ranges, got ${JSON.stringify(bad)}`);
  return entries;
}

/** The shortest ADMIN_PASSWORD the server accepts (it guards the site owner's pages). */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

function adminPassword(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < MIN_ADMIN_PASSWORD_LENGTH) throw new Error(`ADMIN_PASSWORD must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters long (it guards the analytics dashboard); leave it unset to keep the dashboard off`);
  return raw;
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const mode = env.NODE_ENV === 'development' ? 'development' : 'production';
  return {
    port: integer('PORT', env.PORT, 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    solrUrl: solrUrl(env.SOLR_URL),
    solrTimeoutMs: integer('SOLR_TIMEOUT_MS', env.SOLR_TIMEOUT_MS, 5000, 100, 120_000),
    solrRetrySeconds: integer('SOLR_RETRY_SECONDS', env.SOLR_RETRY_SECONDS, 30, 1, 300),
    searchMaxRows: integer('SEARCH_MAX_ROWS', env.SEARCH_MAX_ROWS, 100, 1, 1000),
    searchMemoryMiB: env.SEARCH_MEMORY_MB ? integer('SEARCH_MEMORY_MB', env.SEARCH_MEMORY_MB, 0, 16, 1_048_576) : undefined,
    siteConfigPath: path.resolve(env.SITE_CONFIG || 'config/site.json'),
    logLevel: env.LOG_LEVEL || 'info',
    mode,
    publicOrigin: env.PUBLIC_ORIGIN ? parseOrigin('PUBLIC_ORIGIN', env.PUBLIC_ORIGIN) : undefined,
    trustedOrigins: parseOriginList('TRUSTED_ORIGINS', env.TRUSTED_ORIGINS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    rateLimitExempt: addressOrRangeList('RATE_LIMIT_EXEMPT', env.RATE_LIMIT_EXEMPT),
    shares: {
      days: integer('SHARE_DAYS', env.SHARE_DAYS, 90, 1, 3650),
      quotaPerDay: integer('SHARE_QUOTA', env.SHARE_QUOTA, 100, 1, 1_000_000),
      maxTotal: integer('SHARE_MAX_TOTAL', env.SHARE_MAX_TOTAL, 200_000, 1, 100_000_000),
    },
    hmr: env.HMR !== '0',
    pageCacheMiB: integer('PAGE_CACHE_MB', env.PAGE_CACHE_MB, 64, 0, 4096),
    analyticsRetentionDays: integer('ANALYTICS_RETENTION_DAYS', env.ANALYTICS_RETENTION_DAYS, 400, 1, 36_500),
    adminPassword: adminPassword(env.ADMIN_PASSWORD),
    ga4MeasurementId: ga4MeasurementId(env.GA4_MEASUREMENT_ID),
    leadsTo: emailAddress('LEADS_TO', env.LEADS_TO),
    captcha: parseCaptchaSettings(env),
    calendar: parseCalendarSettings(env),
    testRoutes: env.E2E_TEST_ROUTES === '1',
  };
}

/** Reads and validates the site configuration file; a bad value stops the server with a message naming it. */
export function loadSiteSettings(file: string): SiteSettings {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the site configuration ${file}: ${(error as Error).message}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`The site configuration ${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  try {
    return parseSiteSettings(json);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
}
