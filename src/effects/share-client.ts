import * as v from 'valibot';
import { forkJoin, map, of, catchError, switchMap, type Observable } from 'rxjs';
import { encodeOrder, MAX_SHARED_ORDER, type Order } from '@/domain/order/order';
import { HttpError, requestJson } from './http-client';
import { shortenUrl } from './url-shortener';

export const SHARE_PATH = '/rescms/order/share';

const ShareAnswer = v.object({ form: v.string(), url: v.optional(v.string(), '') });

export interface ShareSettings {
  /** settings.order.share_url: the page share links open (/mytrip). */
  shareUrl: string;
  /** settings.order.url_shortener_token and url: the third-party shortener, used when the token is set. */
  shortenerToken: string;
  shortenerUrl: string;
  origin: string;
}

/**
 * Shares the order (spec §7): POST /rescms/order/share with url, hash (base64 of the order JSON)
 * and order, expecting JSON {form, url}. The URL is shown only if no URL-shortener token is
 * configured; with one, the third-party shortener's data.url is shown instead (a failing
 * shortener leaves the form without a URL). The shortener is given the spec's long URL
 * ({origin}{share_url}?rcod={hash}) while the hash fits a link (16 KB); a larger Trips Collection
 * (up to 50 line items) is given the server's link instead, which carries only its code.
 */
export function shareOrder(order: Order, settings: ShareSettings): Observable<{ form: string; url: string }> {
  const hash = encodeOrder(order);
  const post = postShare(SHARE_PATH, new URLSearchParams({ url: settings.shareUrl, hash, order: JSON.stringify(order) }));
  if (!settings.shortenerToken) return post.pipe(map(({ form, url }) => ({ form, url: safeUrl(url, settings.origin) })));
  const shorten = (longUrl: string) => shortenOrNone(longUrl, settings);
  if (hash.length > MAX_SHARED_ORDER) {
    return post.pipe(
      switchMap(({ form, url }) => {
        const serverLink = safeUrl(url, settings.origin);
        return (serverLink ? shorten(serverLink) : of('')).pipe(map((short) => ({ form, url: safeUrl(short, settings.origin) })));
      }),
    );
  }
  const longUrl = `${settings.origin}${settings.shareUrl || '/mytrip'}?rcod=${encodeURIComponent(hash)}`;
  return forkJoin([post, shorten(longUrl)]).pipe(map(([{ form }, url]) => ({ form, url: safeUrl(url, settings.origin) })));
}

function postShare(path: string, body: URLSearchParams): Observable<{ form: string; url: string }> {
  return requestJson<unknown>(path, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).pipe(
    map((answer) => {
      const parsed = v.safeParse(ShareAnswer, answer);
      if (!parsed.success) throw new HttpError(200, path, 'Unexpected share answer');
      return parsed.output;
    }),
  );
}

/** The third-party shortener's link, or none when it fails (the failure is logged). */
function shortenOrNone(longUrl: string, settings: ShareSettings): Observable<string> {
  return shortenUrl(settings.shortenerUrl, settings.shortenerToken, longUrl).pipe(
    catchError((error: unknown) => {
      console.warn(`URL shortener failed: ${error instanceof Error ? error.message : String(error)}`);
      return of('');
    }),
  );
}

export const PAGE_SHARE_PATH = '/rescms/page/share';

/**
 * Shares a page of the site (spec §2 Share modal): POST /rescms/page/share with its path (and
 * query), answering the share form and the page's short link, kept on the server for good. With
 * a URL-shortener token configured, the third-party shortener shortens the page's URL instead.
 */
export function sharePage(path: string, settings: ShareSettings): Observable<{ form: string; url: string }> {
  const post = postShare(PAGE_SHARE_PATH, new URLSearchParams({ path }));
  if (!settings.shortenerToken) return post.pipe(map(({ form, url }) => ({ form, url: safeUrl(url, settings.origin) })));
  return forkJoin([post, shortenOrNone(`${settings.origin}${path}`, settings)]).pipe(map(([{ form }, url]) => ({ form, url: safeUrl(url, settings.origin) })));
}

/** Only http(s) URLs are shown as the short link; no URL (a failed shortener) stays none, not the origin. */
function safeUrl(url: string, origin: string): string {
  if (url.trim() === '') return '';
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : '';
  } catch {
    return '';
  }
}
