/**
 * TRUST_PROXY: which proxies in front of the server may tell it the client's address
 * (X-Forwarded-For) and scheme (X-Forwarded-Proto).
 *
 *   unset / '' / 0      trust none: the client is the socket's peer (the default)
 *   1, 2, …             that many hops: the proxies in front are trusted whatever their address
 *                       (only when nothing can reach the server except through them)
 *   10.0.0.5,10.1.0.0/16,loopback   those addresses or CIDR ranges (also proxy-addr's names
 *                       loopback, linklocal, uniquelocal)
 *
 * X-Forwarded-For is read from the right: each trusted hop peels off one address, and the
 * first untrusted one is the client. The client writes the left-most entries itself, so they
 * are never believed (`X-Forwarded-For: 127.0.0.1, 198.51.100.11` behind one proxy is
 * 198.51.100.11). `true` (trust every hop, so the left-most entry) is refused.
 *
 * Fastify takes the list form as it is; its number form now trusts nothing (it cannot check
 * the immediate peer), so a hop count is given to it as a function.
 */
import { isAddressOrRange } from './origins.ts';

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export type TrustProxy = false | { hops: number } | { addresses: string[] };

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error(`TRUST_PROXY must be a number of proxies from 0 to 10, or their addresses, got ${JSON.stringify(raw)}`);
    return { hops };
  }
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client writes: give the number of proxies in front of the server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.5,10.1.0.0/16)',
    );
  }
  const addresses = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const bad = addresses.find((entry) => !NAMES.has(entry) && !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new Error(`TRUST_PROXY must be a number of proxies or a comma-separated list of addresses and CIDR ranges, got ${JSON.stringify(bad)}`);
  }
  return { addresses };
}

/** Fastify's `trustProxy` option for a parsed TRUST_PROXY. */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    // proxy-addr asks hop 0 (the socket's peer), then each X-Forwarded-For entry from the right.
    return (_address: string, hop: number) => hop < hops;
  }
  return trust.addresses.join(',');
}

/** For the start-up log: what the setting means (docs/configuration.md explains it). */
export function describeTrustProxy(trust: TrustProxy): string {
  if (trust === false) return 'none (client address = the connection)';
  if ('hops' in trust) return `${trust.hops} proxy hop${trust.hops === 1 ? '' : 's'}`;
  return trust.addresses.join(', ');
}
