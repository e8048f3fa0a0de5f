import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_SEED } from '@/domain/search/seeded-random';
import { drawSeed, loadRanking } from './ranking-client';

const BASE = 'https://coralhaven.example/search#q=sea';
const URL_ = '/api/v2/coralhaven/ranking?cid=chc-web&usage=search';

function respond(status: number, body: string) {
  const fetch = vi.fn(async () => new Response(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('loadRanking (spec §7 Ranking)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('GETs the URL and yields the validated entities, trackers resolved against the page', async () => {
    const fetch = respond(200, JSON.stringify({ entities: [{ id: 'P2', impression_tracker_url: '/t/i/P2', landing_page_click_tracker_url: 'javascript:x' }, { id: 'P1' }] }));
    const answer = await firstValueFrom(loadRanking(URL_, { base: BASE }));
    expect(fetch).toHaveBeenCalledWith(URL_, expect.objectContaining({ method: 'GET' }));
    expect(answer).toEqual({
      ok: true,
      entities: [
        { id: 'P2', impressionTrackerUrl: 'https://coralhaven.example/t/i/P2', landingPageClickTrackerUrl: null },
        { id: 'P1', impressionTrackerUrl: null, landingPageClickTrackerUrl: null },
      ],
    });
  });

  it.each([
    ['a body that is not JSON', 200, '<html>oops</html>', /is not valid JSON/],
    ['a 500', 500, '{"message":"Something went wrong on our side. Please try again."}', /Something went wrong/],
    ['a 503 without a JSON body', 503, 'Service Unavailable', /HTTP 503/],
    ['JSON that is not a ranking', 200, '{"entities":"none"}', /^Invalid ranking response: entities/],
  ])('answers %s with a failure instead of an error', async (_title, status, body, message) => {
    respond(status, body);
    const answer = await firstValueFrom(loadRanking(URL_, { base: BASE }));
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.message).toMatch(message);
  });

  it('gives up after the timeout with a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))),
    );
    await expect(firstValueFrom(loadRanking(URL_, { base: BASE, timeoutMs: 20 }))).resolves.toEqual({ ok: false, message: 'Request timed out' });
  });

  it('reports a network failure as a failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(firstValueFrom(loadRanking(URL_, { base: BASE }))).resolves.toEqual({ ok: false, message: 'Failed to fetch' });
  });
});

describe('drawSeed', () => {
  it('draws whole numbers from 0 to 2^32 - 1 that differ between page views', () => {
    const seeds = Array.from({ length: 20 }, drawSeed);
    expect(seeds.every((seed) => Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED)).toBe(true);
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
});
