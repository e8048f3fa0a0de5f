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
 * Tracker URLs are signed (HMAC of segment, event, property code, issue time and the click's
 * landing path `to`, valid for 24 hours), so counts cannot be made up for arbitrary codes and a
 * click link cannot be turned into a redirect elsewhere. Replays do not count: a visitor (a
 * keyed hash of the client address, new every day, so visits cannot be linked across days)
 * counts once per listing, event kind and day, whatever the number of requests.
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
  /** A short tag of the current order (changes when, and only when, the ranked order does). */
  orderTag(): Promise<string>;
  /**
   * Records one event of a visitor (identified by their client address, see visitorOf): 'counted'
   * the first time that day for that listing and kind, 'repeat' after, 'unknown' when no listing
   * has that property code.
   */
  record(kind: RankingEvent, propertyCode: string, client: string): Promise<'counted' | 'repeat' | 'unknown'>;
  /** Whether a tracker URL's `t` and `sig` are genuine for this code and `to`, and not expired. */
  verify(kind: RankingEvent, propertyCode: string, issued: string, signature: string, to?: string): boolean;
  /** Where a click lands when its `to` cannot be used: the listing's page, or the search. */
  landingPath(propertyCode: string): Promise<string>;
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
  let cached: { at: number; entities: RankingEntity[]; tag: string } | null = null;

  const sign = (kind: RankingEvent, code: string, issued: string, to: string) =>
    crypto.createHmac('sha256', options.secret).update(`ranking|${segment}|${kind}|${code}|${issued}|${to}`).digest('base64url').slice(0, 22);

  function trackerUrl(kind: RankingEvent, code: string, issued: string, to?: string): string {
    const query = new URLSearchParams({ t: issued, sig: sign(kind, code, issued, to ?? '') });
    if (to) query.set('to', to);
    return `${paths.tracker(kind, code)}?${query}`;
  }

  /** A visitor of one day: not the address itself, and not linkable to the same visitor's other days. */
  const visitorOf = (client: string, day: string) =>
    crypto.createHmac('sha256', options.secret).update(`ranking-visitor|${day}|${client}`).digest('base64url').slice(0, 16);

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
      const tag = crypto.createHash('sha256').update(entities.map((entity) => entity.id).join('\n')).digest('base64url').slice(0, 16);
      cached = { at, entities, tag };
      return entities;
    },

    async orderTag() {
      await this.ranking();
      return cached?.tag ?? '';
    },

    async record(kind, propertyCode, client) {
      if (!PROPERTY_CODE.test(propertyCode)) return 'unknown';
      const table = kind === 'click' ? rankingClicks : rankingImpressions;
      const at = now();
      const day = at.toISOString().slice(0, 10);
      // One statement: nothing is written for a code that is not (or no longer) a listing, nor
      // for a visitor already counted today for this listing (the unique visit index).
      const result = await db.execute(
        sql`with listing as (select ${units.propertyCode} as code from ${units} where ${units.propertyCode} = ${propertyCode}),
                 added as (
                   insert into ${table} (property_code, occurred_at, day, visitor)
                   select code, ${at.toISOString()}::timestamptz, ${day}::date, ${visitorOf(client, day)} from listing
                   on conflict (property_code, day, visitor) do nothing
                   returning id)
            select (select count(*) from listing)::int as listings, (select count(*) from added)::int as added`,
      );
      const [row] = rowsOf<{ listings: number; added: number }>(result);
      if (!row || Number(row.listings) === 0) return 'unknown';
      return Number(row.added) > 0 ? 'counted' : 'repeat';
    },

    verify(kind, propertyCode, issued, signature, to = '') {
      if (!/^\d{1,12}$/.test(issued) || !/^[A-Za-z0-9_-]{22}$/.test(signature)) return false;
      const age = Math.floor(now().getTime() / 1000) - Number(issued);
      if (age > lifetimeS || age < -SKEW_S) return false;
      return crypto.timingSafeEqual(Buffer.from(sign(kind, propertyCode, issued, to)), Buffer.from(signature));
    },

    async landingPath(propertyCode) {
      if (!PROPERTY_CODE.test(propertyCode)) return '/search';
      const [row] = await db.select({ slug: units.slug }).from(units).where(eq(units.propertyCode, propertyCode)).limit(1);
      return row ? `/listing/${row.slug}` : '/search';
    },
  };
}
