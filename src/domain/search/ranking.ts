/**
 * Search ordering by ranking (spec §3 Ranking response, §7 Ranking, §9 Search ordering by
 * ranking): the request to the ranking service, its untrusted response, and the ranked sort.
 */
import * as v from 'valibot';
import { seededRandom } from './seeded-random';

/**
 * ga_id from the analytics cookie (`GA1.2.1234567890.1700000000`): its third and fourth
 * dot-separated parts joined by '.', only when it has at least 4 parts. Parts that are empty
 * or hold anything but letters, digits, '_' and '-' give null (the cookie is untrusted).
 *
 * @example gaIdFromCookie('GA1.2.1234567890.1700000000') // '1234567890.1700000000'
 * @example gaIdFromCookie('GA1.2.1234567890') // null
 */
export function gaIdFromCookie(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const parts = value.trim().split('.');
  if (parts.length < 4) return null;
  const [, , third, fourth] = parts;
  const part = /^[\w-]{1,64}$/;
  if (third === undefined || fourth === undefined || !part.test(third) || !part.test(fourth)) return null;
  return `${third}.${fourth}`;
}

export interface RankingRequest {
  /** The fixed client id. */
  cid: string;
  /** The site host. */
  hostName: string;
  /** The current page URL. */
  fullUrl: string;
  gaId?: string | null;
}

/**
 * `GET {host}/api/v2/{segment}/ranking?cid=…&host_name=…&full_url=…&usage=search[&ga_id=…]`,
 * every value URL-encoded. An empty host gives a path on the site itself (the built-in service).
 *
 * @example rankingRequestUrl('https://rank.example', 'coralhaven', { cid: 'chc-web', hostName: 'coralhaven.example', fullUrl: 'https://coralhaven.example/search' })
 * // 'https://rank.example/api/v2/coralhaven/ranking?cid=chc-web&host_name=coralhaven.example&full_url=https%3A%2F%2Fcoralhaven.example%2Fsearch&usage=search'
 */
export function rankingRequestUrl(host: string, segment: string, { cid, hostName, fullUrl, gaId }: RankingRequest): string {
  const query = [
    ['cid', cid],
    ['host_name', hostName],
    ['full_url', fullUrl],
    ['usage', 'search'],
    ...(gaId ? [['ga_id', gaId]] : []),
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value ?? '')}`)
    .join('&');
  return `${host.replace(/\/+$/, '')}/api/v2/${encodeURIComponent(segment)}/ranking?${query}`;
}

export const MAX_RANKED_ENTITIES = 5000;
const MAX_URL_LENGTH = 2048;

/** One ranked property (spec §3 Ranking response); tracker URLs null when absent or unsafe. */
export interface RankingEntity {
  /** Matches the property code (ss_vrfusion_site_property_code). */
  id: string;
  impressionTrackerUrl: string | null;
  landingPageClickTrackerUrl: string | null;
}

const EntitySchema = v.looseObject({
  id: v.union([v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(128)), v.pipe(v.number(), v.safeInteger(), v.transform(String))]),
  impression_tracker_url: v.optional(v.unknown()),
  landing_page_click_tracker_url: v.optional(v.unknown()),
});
const RankingResponseSchema = v.looseObject({ entities: v.pipe(v.array(EntitySchema), v.maxLength(MAX_RANKED_ENTITIES)) });

/**
 * A tracker URL resolved against `base`, kept only when it is http(s) and of sane length.
 *
 * @example trackerUrl('/api/v2/t?i=1', 'https://coralhaven.example/') // 'https://coralhaven.example/api/v2/t?i=1'
 * @example trackerUrl('javascript:alert(1)', 'https://coralhaven.example/') // null
 */
export function trackerUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_URL_LENGTH) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Validates the ranking response: `entities` must be a list of at most 5000 entries with ids;
 * tracker URLs that are not http(s) become null; a repeated id keeps its first place.
 *
 * @example parseRankingResponse({ entities: [{ id: 'P1', impression_tracker_url: 'https://t.example/i' }] }, 'https://coralhaven.example/')
 * // { ok: true, value: [{ id: 'P1', impressionTrackerUrl: 'https://t.example/i', landingPageClickTrackerUrl: null }] }
 */
export function parseRankingResponse(input: unknown, base: string): { ok: true; value: RankingEntity[] } | { ok: false; error: string } {
  const parsed = v.safeParse(RankingResponseSchema, input);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return { ok: false, error: `Invalid ranking response: ${issue ? `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}` : 'unknown'}` };
  }
  const seen = new Set<string>();
  const entities: RankingEntity[] = [];
  for (const entity of parsed.output.entities) {
    if (seen.has(entity.id)) continue;
    seen.add(entity.id);
    entities.push({
      id: entity.id,
      impressionTrackerUrl: trackerUrl(entity.impression_tracker_url, base),
      landingPageClickTrackerUrl: trackerUrl(entity.landing_page_click_tracker_url, base),
    });
  }
  return { ok: true, value: entities };
}

/**
 * Ranking position (0-based) per property id, first occurrence wins.
 *
 * @example rankPositions([{ id: 'P2' }, { id: 'P1' }]) // Map { 'P2' => 0, 'P1' => 1 }
 */
export function rankPositions(entities: readonly Pick<RankingEntity, 'id'>[]): Map<string, number> {
  const positions = new Map<string, number>();
  entities.forEach(({ id }, index) => {
    if (!positions.has(id)) positions.set(id, index);
  });
  return positions;
}

/**
 * The tracker URLs kept per property id for later use (spec §3 Ranking response).
 *
 * @example rankingTrackers([{ id: 'P1', impressionTrackerUrl: 'https://t/i', landingPageClickTrackerUrl: null }]).get('P1')
 * // { impressionTrackerUrl: 'https://t/i', landingPageClickTrackerUrl: null }
 */
export function rankingTrackers(entities: readonly RankingEntity[]): Map<string, Omit<RankingEntity, 'id'>> {
  const trackers = new Map<string, Omit<RankingEntity, 'id'>>();
  for (const { id, ...urls } of entities) if (!trackers.has(id)) trackers.set(id, urls);
  return trackers;
}

export interface RankingSortOptions<T> {
  /** Ranking positions by property id (rankPositions). */
  positions: ReadonlyMap<string, number>;
  /** The property id of an item, matched against the ranking (its property code). */
  propertyId: (item: T) => string | null | undefined;
  /** Numbers in [0, 1); drawn once per item, in the items' order, for the tie-breakers. */
  random: () => number;
  descending?: boolean;
  /** Sort by this number first; ranking position only breaks its ties. */
  numericValue?: (item: T) => unknown;
}

/**
 * A tie-breaker from 1 to 9999 (spec §9).
 *
 * @example tieBreaker(() => 0) // 1
 * @example tieBreaker(() => 0.99999999) // 9999
 */
export function tieBreaker(random: () => number): number {
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1 - Number.EPSILON) : 0;
  return Math.floor(unit * 9999) + 1;
}

/**
 * The ranked order (spec §9 Search ordering by ranking):
 * - by ranking position; a property missing from the ranking gets the number of ranked entities;
 * - with `numericValue`, by that number first (not a finite number sorts last), ranking
 *   position breaking its ties;
 * - remaining ties by a random number from 1 to 9999 per item, then the items' order;
 * - `descending` reverses the order. Without `numericValue` that is the whole order. With it,
 *   the flag reverses the number order only (the direction the visitor chose, "Price: high to
 *   low"): ties of equal numbers still go to the better-ranked property first, and items
 *   without a number still go last. Reversing the whole list instead would put the worst-ranked
 *   of equal prices first and the unpriced listings on top, turning the ranking against itself.
 *
 * @example
 * rankingSort(['P3', 'P1', 'P2'], { positions: new Map([['P1', 0], ['P2', 1]]), propertyId: (id) => id, random: () => 0.5 })
 * // ['P1', 'P2', 'P3']
 */
export function rankingSort<T>(items: readonly T[], { positions, propertyId, random, descending = false, numericValue }: RankingSortOptions<T>): T[] {
  const unranked = positions.size;
  const keyed = items.map((item, index) => {
    const id = propertyId(item);
    const position = id === null || id === undefined ? unranked : (positions.get(id) ?? unranked);
    let number = Number.POSITIVE_INFINITY;
    if (numericValue) {
      const raw = numericValue(item);
      const parsed = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof parsed === 'number' && Number.isFinite(parsed)) number = parsed;
    }
    return { item, index, position, number, tie: tieBreaker(random) };
  });
  if (numericValue) {
    const sign = descending ? -1 : 1;
    keyed.sort((a, b) => {
      if (a.number !== b.number) {
        // Not a number (Infinity) goes last in both directions.
        if (a.number === Number.POSITIVE_INFINITY || b.number === Number.POSITIVE_INFINITY) return a.number === Number.POSITIVE_INFINITY ? 1 : -1;
        return sign * (a.number < b.number ? -1 : 1);
      }
      return a.position - b.position || a.tie - b.tie || a.index - b.index;
    });
    return keyed.map(({ item }) => item);
  }
  keyed.sort((a, b) => a.position - b.position || a.tie - b.tie || a.index - b.index);
  const ordered = keyed.map(({ item }) => item);
  return descending ? ordered.reverse() : ordered;
}

/** Solr's numeric dynamic-field prefixes (int, float, double, long; single and trie forms). */
const NUMERIC_FIELD = /^(?:is|fs|ds|ls|its|fts|dts|lts)_/;

/** The ranking a search page has loaded: the ranked property ids, best first, and the seed of its tie-breakers. */
export interface LoadedRanking {
  rankedIds: readonly string[];
  seed: number;
}

/**
 * How the search's sort (`field asc|desc`, '' for Recommended) is combined with the ranking
 * (spec §9 Search ordering by ranking):
 * - Recommended (no sort): by ranking position;
 * - a numeric field (`is_price_min asc`, `fs_rating desc`): by that field's value, ranking
 *   position breaking ties; `desc` is the descending flag (see rankingSort for what it reverses);
 * - any other sort (text, several fields, unknown): the search's own order, unchanged.
 *
 * @example rankingSortFor('fs_rating desc') // { kind: 'numeric', field: 'fs_rating', descending: true }
 * @example rankingSortFor('ss_name asc') // { kind: 'search' }
 */
export function rankingSortFor(sort: string | null | undefined): { kind: 'ranking' } | { kind: 'numeric'; field: string; descending: boolean } | { kind: 'search' } {
  const trimmed = (sort ?? '').trim();
  if (trimmed === '') return { kind: 'ranking' };
  const match = /^([A-Za-z0-9_]+)\s+(asc|desc)$/i.exec(trimmed);
  if (!match || !NUMERIC_FIELD.test(match[1] as string)) return { kind: 'search' };
  return { kind: 'numeric', field: match[1] as string, descending: (match[2] as string).toLowerCase() === 'desc' };
}

/**
 * The documents of one search page in ranked order: rankingSort by `propertyField` (the property
 * code) with the tie-breakers drawn from the ranking's seed, so the same page always comes out
 * the same, whenever the ranking or the documents arrived. Without a ranking, or for a sort the
 * ranking does not apply to, the documents keep the search's order (a new array either way).
 *
 * @example
 * rankedDocuments([{ id: 'a', code: 'P2' }, { id: 'b', code: 'P1' }], { rankedIds: ['P1', 'P2'], seed: 7 }, '', 'code')
 * // [{ id: 'b', code: 'P1' }, { id: 'a', code: 'P2' }]
 */
export function rankedDocuments<T extends Readonly<Record<string, unknown>>>(
  documents: readonly T[],
  ranking: LoadedRanking | null,
  sort: string | null | undefined,
  propertyField = 'ss_vrfusion_site_property_code',
): T[] {
  const how = rankingSortFor(sort);
  if (ranking === null || how.kind === 'search') return [...documents];
  const propertyId = (doc: T) => {
    const code = doc[propertyField];
    return typeof code === 'string' ? code : typeof code === 'number' ? String(code) : null;
  };
  const options = { positions: rankPositions(ranking.rankedIds.map((id) => ({ id }))), propertyId, random: seededRandom(ranking.seed) };
  return how.kind === 'ranking'
    ? rankingSort(documents, options)
    : rankingSort(documents, { ...options, descending: how.descending, numericValue: (doc) => doc[how.field] });
}
