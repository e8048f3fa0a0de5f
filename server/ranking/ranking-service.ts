/**
 * The built-in ranking service (spec §7 Ranking, §3 Ranking response): the site's listings
 * ordered by how visitors responded to them, with a tracker URL per listing for each
 * impression and each landing-page click, which records that event.
 *
 * Order: score = 10 × clicks + impressions over the last `windowDays` (90) days, highest
 * first, ties by property code. Every listing is returned, including those with no events
 * yet (at the end, by property code): the tracker URLs come only with the ranking, so a
 * listing left out could never be counted and never climb (the cold-start problem).
 * A listing added after the ranking was loaded is "missing", as spec §9 allows for.
 *
 * Tracker URLs are signed (HMAC of segment, event, property code and issue time, valid for
 * 24 hours), so counts cannot be made up for arbitrary codes; rate limits bound replays.
 */
import crypto from 'node:crypto';
import { asc, eq, gte, sql } from 'drizzle-orm';
import type { SiteSettings } from '../../src/domain/settings.ts';
import type { Database } from '../db/client.ts';
import { rankingClicks, rankingImpressions, units } from '../db/schema.ts';

export type RankingEvent = 'impression' | 'click';

/** One entity of the ranking response (spec §3): `id` is the property code. */
export interface RankingEntity {
  id: string;
  impression_tracker_url: string;
  landing_page_click_tracker_url: string;
}

export interface RankingServiceOptions {
  db: Database;
  settings: SiteSettings;
  /** Signs the tracker URLs (the server's cookie secret). */
  secret: string;
  now?: () => Date;
  /** Events older than this do not count. Default 90. */
  windowDays?: number;
  /** How long one computed order is reused, in ms. Default 30 000; 0 computes every time. */
  cacheMs?: number;
  /** How long a tracker URL stays valid, in seconds. Default 86 400. */
  linkLifetimeS?: number;
}

export interface RankingService {
  readonly segment: string;
  readonly cid: string;
  /** The ranked entities with fresh tracker URLs. */
  ranking(): Promise<RankingEntity[]>;
  /** Records one event; false when no listing has that property code. */
  record(kind: RankingEvent, propertyCode: string): Promise<boolean>;
  /** Whether a tracker URL's `t` and `sig` are genuine and not expired. */
  verify(kind: RankingEvent, propertyCode: string, issued: string, signature: string): boolean;
}

export const PROPERTY_CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** Clock skew allowed for an issue time in the future. */
const SKEW_S = 300;

export function rankingPaths(segment: string) {
  const base = `/api/v2/${encodeURIComponent(segment)}`;
  return {
    ranking: `${base}/ranking`,
    tracker: (kind: RankingEvent, code: string) => `${base}/track/${kind}/${encodeURIComponent(code)}`,
  };
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export function createRankingService(options: RankingServiceOptions): RankingService {
  const { db, settings } = options;
  const segment = settings.ranking.segment;
  const now = options.now ?? (() => new Date());
  const windowMs = (options.windowDays ?? 90) * 86_400_000;
  const cacheMs = options.cacheMs ?? 30_000;
  const lifetimeS = options.linkLifetimeS ?? 86_400;
  const paths = rankingPaths(segment);
  let cached: { at: number; entities: RankingEntity[] } | null = null;

  const sign = (kind: RankingEvent, code: string, issued: string) =>
    crypto.createHmac('sha256', options.secret).update(`ranking|${segment}|${kind}|${code}|${issued}`).digest('base64url').slice(0, 22);

  function trackerUrl(kind: RankingEvent, code: string, issued: string, to?: string): string {
    const query = new URLSearchParams({ t: issued, sig: sign(kind, code, issued) });
    if (to) query.set('to', to);
    return `${paths.tracker(kind, code)}?${query}`;
  }

  async function ordered(): Promise<{ code: string; slug: string }[]> {
    const since = new Date(now().getTime() - windowMs);
    const clicks = db
      .select({ code: rankingClicks.propertyCode, n: sql<number>`count(*)::int`.as('clicks') })
      .from(rankingClicks)
      .where(gte(rankingClicks.occurredAt, since))
      .groupBy(rankingClicks.propertyCode)
      .as('c');
    const impressions = db
      .select({ code: rankingImpressions.propertyCode, n: sql<number>`count(*)::int`.as('impressions') })
      .from(rankingImpressions)
      .where(gte(rankingImpressions.occurredAt, since))
      .groupBy(rankingImpressions.propertyCode)
      .as('i');
    return db
      .select({ code: units.propertyCode, slug: units.slug })
      .from(units)
      .leftJoin(clicks, eq(clicks.code, units.propertyCode))
      .leftJoin(impressions, eq(impressions.code, units.propertyCode))
      .orderBy(sql`coalesce(${clicks.n}, 0) * 10 + coalesce(${impressions.n}, 0) desc`, asc(sql`${units.propertyCode} collate "C"`));
  }

  return {
    segment,
    cid: settings.ranking.cid,

    async ranking() {
      const at = now().getTime();
      if (cached && cacheMs > 0 && at - cached.at < cacheMs) return cached.entities;
      const issued = String(Math.floor(at / 1000));
      const entities = (await ordered()).map(({ code, slug }) => ({
        id: code,
        impression_tracker_url: trackerUrl('impression', code, issued),
        landing_page_click_tracker_url: trackerUrl('click', code, issued, `/listing/${slug}`),
      }));
      cached = { at, entities };
      return entities;
    },

    async record(kind, propertyCode) {
      if (!PROPERTY_CODE.test(propertyCode)) return false;
      const table = kind === 'click' ? rankingClicks : rankingImpressions;
      // One statement: nothing is written for a code that is not (or no longer) a listing.
      const result = await db.execute(
        sql`insert into ${table} (property_code, occurred_at)
            select ${units.propertyCode}, ${now().toISOString()}::timestamptz from ${units} where ${units.propertyCode} = ${propertyCode}
            returning id`,
      );
      return rowsOf(result).length > 0;
    },

    verify(kind, propertyCode, issued, signature) {
      if (!/^\d{1,12}$/.test(issued) || !/^[A-Za-z0-9_-]{22}$/.test(signature)) return false;
      const age = Math.floor(now().getTime() / 1000) - Number(issued);
      if (age > lifetimeS || age < -SKEW_S) return false;
      return crypto.timingSafeEqual(Buffer.from(sign(kind, propertyCode, issued)), Buffer.from(signature));
    },
  };
}
