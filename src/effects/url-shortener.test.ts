import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shortenUrl } from './url-shortener';

const ENDPOINT = 'https://api-ssl.bitly.com/v3/shorten';
const LONG_URL = 'https://coralhaven.example/mytrip?rcod=eyJsaWN0IjowfQ%3D%3D';

/** A shortener answering `body` with `status`; returns the fetch spy. */
function shortenerAnswering(status: number, body: string) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const askedUrl = (fetch: ReturnType<typeof shortenerAnswering>) => new URL(String(fetch.mock.calls[0]?.[0]));

describe('shortenUrl (spec §7 third-party URL shortener)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('GETs the endpoint with access_token and longUrl, asking for JSON, and yields data.url', async () => {
    const fetch = shortenerAnswering(200, JSON.stringify({ status_code: 200, data: { url: 'https://bit.ly/3xYz', hash: '3xYz', long_url: LONG_URL } }));
    await expect(firstValueFrom(shortenUrl(ENDPOINT, 'tok&en=1', LONG_URL))).resolves.toBe('https://bit.ly/3xYz');
    const asked = askedUrl(fetch);
    expect(`${asked.origin}${asked.pathname}`).toBe(ENDPOINT);
    expect(asked.searchParams.get('access_token')).toBe('tok&en=1');
    expect(asked.searchParams.get('longUrl')).toBe(LONG_URL);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', headers: expect.objectContaining({ Accept: 'application/json' }) });
  });

  it('keeps a query the configured endpoint already has', async () => {
    const fetch = shortenerAnswering(200, JSON.stringify({ data: { url: 'https://bit.ly/3xYz' } }));
    await firstValueFrom(shortenUrl(`${ENDPOINT}?format=json`, 'token', LONG_URL));
    const asked = askedUrl(fetch);
    expect(asked.pathname).toBe('/v3/shorten');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ format: 'json', access_token: 'token', longUrl: LONG_URL });
  });

  it.each([
    ['no data', '{"status_code":500,"status_txt":"INVALID_ARG_ACCESS_TOKEN"}'],
    ['data.url that is not a string', '{"data":{"url":42}}'],
    ['data.url that is not a URL', '{"data":{"url":"bit.ly/3xYz"}}'],
    ['a body that is not JSON', '<html>Rate limited</html>'],
    ['a hostile data.url', '{"data":{"url":"javascript:alert(document.cookie)"}}'],
    ['a data: URL', '{"data":{"url":"data:text/html,<script>alert(1)</script>"}}'],
    ['a data.url that is not http(s)', '{"data":{"url":"ftp://bit.ly/3xYz"}}'],
  ])('fails on an answer with %s', async (_title, body) => {
    shortenerAnswering(200, body);
    await expect(firstValueFrom(shortenUrl(ENDPOINT, 'token', LONG_URL))).rejects.toMatchObject({ name: 'HttpError' });
  });

  it('fails with the status of an error answer', async () => {
    shortenerAnswering(500, '{"message":"Internal error"}');
    await expect(firstValueFrom(shortenUrl(ENDPOINT, 'token', LONG_URL))).rejects.toMatchObject({ status: 500, message: 'Internal error' });
  });

  it('gives up after 10 seconds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))),
    );
    const answer = firstValueFrom(shortenUrl(ENDPOINT, 'token', LONG_URL)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toMatchObject({ status: 0, message: 'Request timed out' });
  });
});
