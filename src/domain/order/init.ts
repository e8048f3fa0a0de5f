/**
 * Where the Trips Collection comes from when a page loads (spec §4 Trips Collection
 * initialisation): the first rule that applies wins.
 *   1. the hash has 'short-url': the server resolves the code into an order;
 *   2. the hash has 'rcod' (or /mytrip has ?rcod=, the share links' base): that order is opened;
 *   3. the order in local storage has line items: it is used;
 *   4. session mode: the order is fetched from the server;
 *   5. otherwise the order is empty.
 */
import { hasLineItems, type Order } from './order';

export type OrderSource =
  | { kind: 'short-url'; code: string }
  | { kind: 'rcod'; encoded: string }
  | { kind: 'stored'; order: Order }
  | { kind: 'session' }
  | { kind: 'empty' };

export interface OrderLocation {
  /** location.hash, with or without '#'. */
  hash: string;
  /** location.search, with or without '?'. */
  search: string;
  pathname: string;
}

/** A short-URL code: letters, digits, '-' and '_', at most 64 characters. */
export const SHORT_URL_CODE = /^[A-Za-z0-9_-]{1,64}$/;

function param(text: string, name: string): string | null {
  const params = new URLSearchParams(text.replace(/^[#?]/, ''));
  return params.get(name);
}

/**
 * The shared order a URL carries: '#short-url={code}', '#rcod={base64}', or '?rcod={base64}' on
 * the share page (settings.order.share_url, /mytrip by default). Null when there is none.
 *
 * @example sharedOrderIn({ hash: '#short-url=Ab3dE9xQ', search: '', pathname: '/' }, '/mytrip') // { kind: 'short-url', code: 'Ab3dE9xQ' }
 */
export function sharedOrderIn(location: OrderLocation, sharePath: string): Extract<OrderSource, { kind: 'short-url' | 'rcod' }> | null {
  const code = param(location.hash, 'short-url');
  if (code !== null) return { kind: 'short-url', code: code.trim() };
  const fromHash = param(location.hash, 'rcod');
  if (fromHash !== null) return { kind: 'rcod', encoded: fromHash };
  const onSharePage = location.pathname === sharePath || location.pathname === '/mytrip';
  const fromQuery = onSharePage ? param(location.search, 'rcod') : null;
  if (fromQuery !== null) return { kind: 'rcod', encoded: fromQuery };
  return null;
}

/**
 * The first initialisation rule that applies (spec §4). `stored` is the validated order of
 * local storage (null when there is none or it was dropped).
 *
 * @example initialOrderSource({ hash: '', search: '', pathname: '/' }, '/mytrip', null, 'session') // { kind: 'session' }
 */
export function initialOrderSource(location: OrderLocation, sharePath: string, stored: Order | null, mode: 'local' | 'session'): OrderSource {
  const shared = sharedOrderIn(location, sharePath);
  if (shared) return shared;
  if (stored && hasLineItems(stored)) return { kind: 'stored', order: stored };
  if (mode === 'session') return { kind: 'session' };
  return { kind: 'empty' };
}

/**
 * The URL once a shared order has been read: 'short-url' and 'rcod' taken out of the hash and
 * the query, anything else kept.
 *
 * @example withoutSharedOrder({ hash: '#rcod=e30', search: '?a=1&rcod=e30', pathname: '/mytrip' }) // '/mytrip?a=1'
 */
export function withoutSharedOrder(location: OrderLocation): string {
  const strip = (text: string) => {
    const params = new URLSearchParams(text.replace(/^[#?]/, ''));
    params.delete('rcod');
    params.delete('short-url');
    return params.toString();
  };
  const search = strip(location.search);
  const hash = strip(location.hash);
  return `${location.pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}
