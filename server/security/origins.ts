/**
 * The site's public origin (PUBLIC_ORIGIN) and the other origins it trusts (TRUSTED_ORIGINS).
 *
 * Every absolute URL the server builds (share links, later canonical links, the sitemap and
 * emails) starts with the public origin, never with the request's Host header, which the client
 * writes: `POST /rescms/order/share` with `Host: evil.example` must not hand out a link to
 * evil.example. The same origins decide which pages may change state here (cross-site.ts).
 */
import net from 'node:net';

/**
 * An http(s) origin from a setting, normalised (`https://Example.com:443/` → `https://example.com`).
 * Throws with a message naming the setting when it is anything else (a path, a query, userinfo).
 *
 * @example parseOrigin('PUBLIC_ORIGIN', 'https://www.example.com') // 'https://www.example.com'
 */
export function parseOrigin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`${name} must be an origin such as https://www.example.com, got ${JSON.stringify(raw)}`);
  }
  const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username && !url.password;
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || raw.trim().endsWith('?') || raw.trim().endsWith('#')) {
    throw new Error(`${name} must be an http(s) origin without a path, query or user, such as https://www.example.com, got ${JSON.stringify(raw)}`);
  }
  return url.origin;
}

/** A comma-separated list of origins (TRUSTED_ORIGINS); empty for none. */
export function parseOriginList(name: string, raw: string | undefined): string[] {
  if (!raw || raw.trim() === '') return [];
  return [...new Set(raw.split(',').filter((entry) => entry.trim() !== '').map((entry) => parseOrigin(name, entry)))];
}

/**
 * The public origin `npm start` assumes when PUBLIC_ORIGIN is not set: the loopback address the
 * visitor on this machine uses, http://localhost:{port}. Set PUBLIC_ORIGIN for anything else.
 */
export function loopbackOrigin(port: number): string {
  return `http://localhost:${port}`;
}

/** The origin of a header value (Origin, or a Referer URL), or null when it is none. */
export function originOfHeader(value: string | string[] | undefined): string | null {
  if (typeof value !== 'string' || value === '' || value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * An absolute URL on the public origin for a path of this site.
 *
 * @example publicUrl('https://www.example.com', '/mytrip#short-url=abc') // 'https://www.example.com/mytrip#short-url=abc'
 */
export function publicUrl(origin: string, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`Not a path of this site: ${path}`);
  return `${origin}${path}`;
}

/** Whether a string is an IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
export function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** A BlockList of addresses and CIDR ranges, for "is this client one of these?". */
export function addressList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** Whether an address (IPv4, IPv6 or IPv4-mapped IPv6) is in the list. */
export function listHas(list: net.BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = net.isIP(plain);
  if (family === 0) return false;
  return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}
