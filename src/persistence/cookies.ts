/**
 * The few cookie reads and writes the browser makes (favourites, insurance state, analytics id,
 * has_js), without a library in every page's first script. Values are written with
 * encodeURIComponent, which the server's cookie parser and js-cookie both decode.
 */

/** A cookie's value, or undefined when it is not set or cannot be decoded. */
export function getCookie(name: string, cookies = document.cookie): string | undefined {
  for (const pair of cookies.split('; ')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at) !== name) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Sets a cookie for the whole site, SameSite=Lax; `days` makes it last (else it ends with the session). */
export function setCookie(name: string, value: string, days?: number): void {
  const expires = days === undefined ? '' : `; expires=${new Date(Date.now() + days * 864e5).toUTCString()}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax${expires}`;
}
