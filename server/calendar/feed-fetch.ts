/**
 * Fetches a channel's calendar feed without letting its URL reach inside the network (SSRF):
 *
 * - http and https only, no user name or password in the URL;
 * - the host name is resolved here and every address it has must be public: loopback, private
 *   (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with the cloud metadata
 *   address, fe80::/10), carrier-grade NAT, multicast, documentation, benchmark and reserved
 *   ranges are refused, and so are IPv4 addresses inside IPv6 (mapped, NAT64, 6to4, Teredo) of those;
 * - the connection goes to the address that was checked (no second look-up a DNS rebinding
 *   could answer differently);
 * - redirects are followed by hand, at most five, each hop checked the same way;
 * - one deadline for everything (every hop, the slowest body), and a size limit counted on the
 *   decompressed bytes (a gzip bomb stops at the limit);
 * - If-None-Match / If-Modified-Since from the last good answer: 304 costs nothing.
 *
 * Only the loopback address:port pairs of CALENDAR_FEED_TEST_LOOPBACK (tests' fixture servers)
 * are let through besides public addresses.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';

export class FeedFetchError extends Error {
  /** Why: the host was not found (may come right later), or anything else. */
  readonly reason: 'not-found' | 'refused';
  constructor(message: string, reason: 'not-found' | 'refused' = 'refused') {
    super(message);
    this.name = 'FeedFetchError';
    this.reason = reason;
  }
}

export interface FeedFetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Loopback `address:port` pairs allowed (tests only). */
  testLoopback: readonly string[];
  maxRedirects?: number;
}

export type FeedAnswer =
  | { status: 'not-modified' }
  | { status: 'ok'; /** The body's bytes as sent (decoded as UTF-8 by the feed worker, which refuses bad bytes). */ bytes: Uint8Array; etag: string | null; lastModified: string | null; contentType: string };

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4, Teredo), if any. */
function embeddedIpv4(address: string): string | null {
  const words = expandIpv6(address);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  if (zero(0, 5) && (words[5] === 0xffff || words[5] === 0)) return v4(words[6]!, words[7]!); // ::ffff:a.b.c.d, ::a.b.c.d
  if (words[0] === 0x64 && words[1] === 0xff9b) return v4(words[6]!, words[7]!); // 64:ff9b::/96 NAT64
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!); // 6to4
  if (words[0] === 0x2001 && words[1] === 0) return v4(~words[6]! & 0xffff, ~words[7]! & 0xffff); // Teredo client
  return null;
}

function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = text.slice(0, -dotted[1]!.length) + `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? left.length !== 8 : missing < 0) return null;
  const words = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((word) => Number.parseInt(word, 16));
  return words.length === 8 && words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff) ? words : null;
}

/** Whether a feed may be fetched from this address: a public one (or an allowed test loopback). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  if (blocked.check(address, 'ipv6')) return false;
  const inner = embeddedIpv4(address);
  if (inner !== null && blocked.check(inner, 'ipv4')) return false;
  // Only global unicast (2000::/3) is public in IPv6.
  const words = expandIpv6(address);
  return words !== null && (words[0]! & 0xe000) === 0x2000;
}

function allowedAddress(address: string, port: number, limits: Pick<FeedFetchLimits, 'testLoopback'>): boolean {
  return isPublicAddress(address) || limits.testLoopback.includes(`${address}:${port}`);
}

const describe = (url: URL) => `${url.protocol}//${url.host}`;

/** Checks a URL a feed may be read from; throws FeedFetchError saying why not. */
export function checkFeedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedFetchError('The feed address is not a URL (it should look like https://www.airbnb.com/calendar/ical/….ics).');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedFetchError(`Only http and https feed addresses are read, not ${url.protocol.replace(/:$/, '')}.`);
  if (url.username || url.password) throw new FeedFetchError('A feed address may not hold a user name or password.');
  return url;
}

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** The addresses of the URL's host, all of them checked; the connection goes to the first. */
async function vettedAddress(url: URL, limits: Pick<FeedFetchLimits, 'testLoopback'>): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = portOf(url);
  if (net.isIP(host)) {
    if (!allowedAddress(host, port, limits)) throw new FeedFetchError(`The feed address ${describe(url)} is not a public address (loopback, private and link-local addresses are refused).`);
    return { address: host, family: net.isIP(host) };
  }
  let found: dns.LookupAddress[];
  try {
    found = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new FeedFetchError(`The feed's host ${host} was not found.`, 'not-found');
  }
  const refused = found.find((entry) => !allowedAddress(entry.address, port, limits));
  if (found.length === 0 || refused) {
    throw new FeedFetchError(`The feed's host ${host} leads to ${refused?.address ?? 'no address'}, which is not a public address (loopback, private and link-local addresses are refused).`);
  }
  return found[0]!;
}

/**
 * Checks a feed's address when the owner adds it: its form (checkFeedUrl) and that every address
 * its host has now is public, so a loopback, private or link-local feed is refused at once. A
 * host not found (or a resolver slower than the deadline) is let through: the first read says so
 * on the feed, and every read checks the addresses again.
 */
export async function checkFeedAddress(raw: string, limits: Pick<FeedFetchLimits, 'testLoopback' | 'timeoutMs'>): Promise<URL> {
  const url = checkFeedUrl(raw);
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), limits.timeoutMs);
    timer.unref();
  });
  try {
    await Promise.race([vettedAddress(url, limits), slow]);
  } catch (error) {
    if (!(error instanceof FeedFetchError) || error.reason !== 'not-found') throw error;
  } finally {
    clearTimeout(timer);
  }
  return url;
}

interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Readable;
  abort: () => void;
}

function request(url: URL, target: { address: string; family: number }, headers: Record<string, string>, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(url, {
      method: 'GET',
      headers,
      agent: false,
      signal,
      // Connect to the address checked above, never to a second answer of the resolver.
      lookup: (_host, options, callback) => {
        if ((options as dns.LookupOptions).all) (callback as (e: null, a: dns.LookupAddress[]) => void)(null, [target]);
        else (callback as (e: null, a: string, f: number) => void)(null, target.address, target.family);
      },
    });
    req.on('response', (response) => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: response, abort: () => req.destroy() }));
    req.on('error', reject);
    req.end();
  });
}

function decoded(hop: Hop): Readable {
  const encoding = String(hop.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return hop.body;
  if (encoding === 'gzip' || encoding === 'x-gzip') return hop.body.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return hop.body.pipe(zlib.createInflate());
  if (encoding === 'br') return hop.body.pipe(zlib.createBrotliDecompress());
  throw new FeedFetchError(`The feed was sent with an encoding this server does not read (${encoding.slice(0, 30)}).`);
}

async function readLimited(stream: Readable, maxBytes: number, abort: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > maxBytes) {
      abort();
      stream.destroy();
      throw new FeedFetchError(`The feed is larger than ${Math.round(maxBytes / 1024)} KB (CALENDAR_FEED_MAX_KB); it was not read.`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Reads a feed: every hop checked, one deadline, the size limited. Throws FeedFetchError with a message for the owner. */
export async function fetchFeed(raw: string, validators: { etag?: string | null; lastModified?: string | null }, limits: FeedFetchLimits): Promise<FeedAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limits.timeoutMs);
  const seconds = Math.round(limits.timeoutMs / 100) / 10;
  try {
    let url = checkFeedUrl(raw);
    const maxRedirects = limits.maxRedirects ?? 5;
    for (let hop = 0; ; hop++) {
      const target = await vettedAddress(url, limits);
      if (timedOut) throw new FeedFetchError(`The feed did not answer within ${seconds} s.`);
      const headers: Record<string, string> = {
        accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': 'vacation-rentals-calendar-sync/1',
      };
      if (validators.etag) headers['if-none-match'] = validators.etag;
      if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
      const answer = await request(url, target, headers, controller.signal);
      if (answer.status >= 300 && answer.status < 400 && answer.status !== 304) {
        answer.abort();
        const location = answer.headers.location;
        if (!location) throw new FeedFetchError(`The feed answered HTTP ${answer.status} without saying where to go.`);
        if (hop >= maxRedirects) throw new FeedFetchError(`The feed redirected more than ${maxRedirects} times.`);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new FeedFetchError('The feed redirected to an address that is not a URL.');
        }
        url = checkFeedUrl(next.href);
        continue;
      }
      if (answer.status === 304) {
        answer.abort();
        return { status: 'not-modified' };
      }
      if (answer.status !== 200) {
        answer.abort();
        throw new FeedFetchError(`The feed answered HTTP ${answer.status}${answer.status === 404 || answer.status === 410 ? ' (not found: was the link renewed on the channel?)' : ''}.`);
      }
      const length = Number(answer.headers['content-length'] ?? NaN);
      if (Number.isFinite(length) && length > limits.maxBytes) {
        answer.abort();
        throw new FeedFetchError(`The feed is larger than ${Math.round(limits.maxBytes / 1024)} KB (CALENDAR_FEED_MAX_KB); it was not read.`);
      }
      const body = await readLimited(decoded(answer), limits.maxBytes, answer.abort);
      const header = (name: string) => {
        const value = answer.headers[name];
        return typeof value === 'string' && value.length <= 200 ? value : null;
      };
      return { status: 'ok', bytes: body, etag: header('etag'), lastModified: header('last-modified'), contentType: String(answer.headers['content-type'] ?? '') };
    }
  } catch (error) {
    if (timedOut) throw new FeedFetchError(`The feed did not answer within ${seconds} s (CALENDAR_FEED_TIMEOUT_MS).`);
    if (error instanceof FeedFetchError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new FeedFetchError(`The feed could not be read (${code ?? (error as Error).message ?? 'network error'}).`);
  } finally {
    clearTimeout(timer);
  }
}
