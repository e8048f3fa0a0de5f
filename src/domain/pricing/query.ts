/**
 * Query strings in the bracket form jQuery.param produces (spec §7: `rcav[begin]=…&rcav[adult]=2`,
 * arrays as `rcav[IDs][]=1001`), written by the client and read by the server.
 */

export type QueryValue = string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue };

const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

/**
 * jQuery.param(obj) (not traditional): nested objects as `a[b]=`, arrays of scalars as `a[]=`,
 * arrays of objects as `a[0][b]=`; null and undefined are left out; spaces as '+'.
 *
 * @example toQueryString({ rcav: { begin: '2026-12-01', adult: 2, IDs: [1001] } })
 * // 'rcav%5Bbegin%5D=2026-12-01&rcav%5Badult%5D=2&rcav%5BIDs%5D%5B%5D=1001'
 */
export function toQueryString(params: object): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === null || value === undefined || typeof value === 'function' || typeof value === 'symbol') return;
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => add(`${key}[${typeof item === 'object' && item !== null ? index : ''}]`, item));
    } else if (typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    } else {
      parts.push(`${encode(key)}=${encode(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return parts.join('&');
}

export type NestedQuery = { [key: string]: string | NestedQuery | Array<string | NestedQuery> };

const MAX_PAIRS = 200;
const MAX_DEPTH = 4;
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const UNSAFE = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Reads a bracket-form query string back into nested objects (the server side of toQueryString).
 * Refuses what a hostile client could send: more than 200 pairs, nesting deeper than 4,
 * prototype keys, a key used both as a value and as an object.
 *
 * @example parseNestedQuery('rcav[begin]=2026-12-01&rcav[IDs][]=1001&rcav[IDs][]=8001')
 * // { ok: true, value: { rcav: { begin: '2026-12-01', IDs: ['1001', '8001'] } } }
 */
export function parseNestedQuery(query: string): { ok: true; value: NestedQuery } | { ok: false; error: string } {
  const search = new URLSearchParams(query.replace(/^\?/, ''));
  const root: NestedQuery = Object.create(null) as NestedQuery;
  let count = 0;
  for (const [rawKey, value] of search) {
    if (++count > MAX_PAIRS) return { ok: false, error: `at most ${MAX_PAIRS} query parameters are allowed` };
    const match = KEY.exec(rawKey);
    if (!match) return { ok: false, error: `malformed parameter name ${JSON.stringify(rawKey.slice(0, 60))}` };
    const path = [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)];
    if (path.length > MAX_DEPTH + 1) return { ok: false, error: `parameter ${JSON.stringify(rawKey.slice(0, 60))} is nested too deeply` };
    if (path.some((part) => UNSAFE.has(part))) return { ok: false, error: `parameter name ${JSON.stringify(rawKey.slice(0, 60))} is not allowed` };
    let node: NestedQuery | Array<string | NestedQuery> = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i] as string;
      const last = i === path.length - 1;
      const nextIsPush = path[i + 1] === '';
      if (Array.isArray(node)) {
        if (part !== '' && !/^\d{1,3}$/.test(part)) return { ok: false, error: `parameter ${JSON.stringify(rawKey.slice(0, 60))} mixes a list and names` };
        const index = part === '' ? node.length : Number(part);
        if (last) {
          node[index] = value;
        } else {
          const existing = node[index];
          if (typeof existing === 'string') return { ok: false, error: `parameter ${JSON.stringify(rawKey.slice(0, 60))} is given twice` };
          const child: NestedQuery = existing ?? (Object.create(null) as NestedQuery);
          node[index] = child;
          node = child;
        }
        continue;
      }
      if (part === '') return { ok: false, error: `parameter ${JSON.stringify(rawKey.slice(0, 60))} has an empty name` };
      const existing: string | NestedQuery | Array<string | NestedQuery> | undefined = node[part];
      if (last) {
        if (existing !== undefined) return { ok: false, error: `parameter ${JSON.stringify(rawKey.slice(0, 60))} is given twice` };
        node[part] = value;
      } else {
        if (typeof existing === 'string') return { ok: false, error: `parameter ${JSON.stringify(rawKey.slice(0, 60))} is given twice` };
        if (existing === undefined) {
          const child: NestedQuery | Array<string | NestedQuery> = nextIsPush || /^\d+$/.test(path[i + 1] ?? '') ? [] : (Object.create(null) as NestedQuery);
          node[part] = child;
          node = child;
        } else {
          node = existing;
        }
      }
    }
  }
  return { ok: true, value: root };
}
