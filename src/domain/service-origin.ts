/**
 * The origin of another service the page calls, for its CSP `connect-src`: an external ranking
 * service (settings.ranking.host, with its tracker URLs) or the URL shortener
 * (settings.order.url_shortener_url). Null for '' (a service on this site, already 'self') and for
 * anything that is not an absolute http(s) URL.
 *
 * @example serviceOrigin('https://rank.example/v1/') // 'https://rank.example'
 * @example serviceOrigin('') // null
 */
export function serviceOrigin(url: string): string | null {
  if (!/^https?:\/\//i.test(url.trim())) return null;
  try {
    return new URL(url.trim()).origin;
  } catch {
    return null;
  }
}
