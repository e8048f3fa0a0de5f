import * as v from 'valibot';
import { map, type Observable } from 'rxjs';
import { HttpError, requestJson } from './http-client';

/** data.url must be an http(s) URL: valibot's url() alone lets javascript: and data: through. */
const ShortenAnswer = v.object({ data: v.object({ url: v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//i)) }) });

/**
 * A Bitly-compatible shorten call (spec §7): GET {endpoint}?access_token={token}&longUrl={url},
 * answering data.url. A query the configured endpoint already has (`…/shorten?format=json`) is kept.
 */
export function shortenUrl(endpoint: string, token: string, longUrl: string): Observable<string> {
  const url = `${endpoint}${endpoint.includes('?') ? '&' : '?'}${new URLSearchParams({ access_token: token, longUrl }).toString()}`;
  return requestJson<unknown>(url, { timeoutMs: 10_000 }).pipe(
    map((answer) => {
      const parsed = v.safeParse(ShortenAnswer, answer);
      if (!parsed.success) throw new HttpError(200, endpoint, 'Unexpected URL shortener answer');
      return parsed.output.data.url;
    }),
  );
}
