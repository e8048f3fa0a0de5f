import { catchError, map, of, type Observable } from 'rxjs';
import { parseRankingResponse, type RankingEntity } from '@/domain/search/ranking';
import { MAX_SEED } from '@/domain/search/seeded-random';
import { requestJson } from './http-client';

/** The ranking is an extra: after this long the page keeps the search's order. */
export const RANKING_TIMEOUT_MS = 4000;

export type RankingAnswer = { ok: true; entities: RankingEntity[] } | { ok: false; message: string };

/**
 * GETs the ranking (spec §7 Ranking) through the site's HTTP client and validates it; tracker
 * URLs are resolved against `base` (the page). Never errors: a failure (network, timeout, an
 * error status, a body that is not JSON or not a ranking) is an `{ ok: false }` answer.
 */
export function loadRanking(url: string, { base, timeoutMs = RANKING_TIMEOUT_MS }: { base: string; timeoutMs?: number }): Observable<RankingAnswer> {
  return requestJson<unknown>(url, { timeoutMs }).pipe(
    map((body): RankingAnswer => {
      const parsed = parseRankingResponse(body, base);
      return parsed.ok ? { ok: true, entities: parsed.value } : { ok: false, message: parsed.error };
    }),
    // HttpError from the client: the status and the server's message, or status 0 (network, timeout, not JSON).
    catchError((error: unknown) => of<RankingAnswer>({ ok: false, message: error instanceof Error ? error.message : String(error) })),
  );
}

/** The seed of the ranked sort's tie-breakers (spec §9): random per page view, drawn here so machines stay pure. */
export function drawSeed(): number {
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return Math.floor(Math.random() * (MAX_SEED + 1));
}
