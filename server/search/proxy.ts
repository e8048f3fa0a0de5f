/**
 * The Solr-style search proxy of spec §7 Search, at the configured `search.url`.
 *
 *   POST {url}            form-encoded body: the search servlet (q, fq, facet…, rows, start, sort, fl…)
 *   POST {url}/select     the same; the full-documents fetch sends `ids=a,b,c` here
 *   GET  {url}[/select]?… the same parameters in the query string
 *   GET  {base}/autocomplete?q=…&limit=…   → { suggestions: string[] }
 *
 * (`{base}` is `url` without a trailing `/select`: '/solr/select' → '/solr/autocomplete'.)
 *
 * Every parameter is checked against an allow-list before it reaches the back end (the
 * embedded engine or Solr): anything else is refused with 400 naming the parameter. Local
 * parameters are limited to `{!tag=…}` on filters and `{!ex=…}`/`{!key=…}` on facets, so no
 * query parser can be switched (no `{!xmlparser}`, no `_query_`), and `defType`, `wt`, `fl`
 * and `sort` take only plain values. Answers are Solr JSON; a back end that is down answers 503.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// Spec §5 / §9 autocomplete rules: the same module the browser uses.
import { AUTOCOMPLETE_LIMIT, AUTOCOMPLETE_MAX_LENGTH, shouldAutocomplete } from '../../src/domain/search/autocomplete.ts';
import { QUICK_COMPRESSION } from '../compression.ts';
import { checkQueryCost } from './query-caps.ts';
import { SearchRequestError, type SearchBackend, type SolrParams, type SolrResponse } from './types.ts';

export interface SearchProxyLimits {
  /** Most rows per request; more is refused with 400 (SEARCH_MAX_ROWS, default 100 = the favourites maximum). */
  maxRows: number;
  /** Highest `start`; more is refused with 400. */
  maxStart: number;
}

export const DEFAULT_PROXY_LIMITS: SearchProxyLimits = { maxRows: 100, maxStart: 100_000 };
/** Request bodies (and query strings) larger than this are refused with 413 (414 for a GET). */
export const MAX_SEARCH_REQUEST_BYTES = 16 * 1024;
/** Autocomplete: at most this many suggestions (spec §9 Search), from this many characters on. */
/** Longest value of a query-like parameter (q, fq, bq, boost, facet.query, spellcheck.q). */
const MAX_QUERY_LENGTH = 2000;
const MAX_VALUE_LENGTH = 256;
/** Most values of one repeated parameter (fq, facet.field, …) and most parameters in all. */
const MAX_REPEATS = 50;
const MAX_PARAMS = 300;

type Check = (value: string, name: string, limits: SearchProxyLimits) => void;

const refuse = (message: string): never => {
  throw new SearchRequestError(message);
};

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;
const BOOLEAN = /^(?:true|false|on|off)$/;

function integer(min: number, max: (limits: SearchProxyLimits) => number): Check {
  return (value, name, limits) => {
    const top = max(limits);
    if (!/^-?\d{1,9}$/.test(value) || Number(value) < min || Number(value) > top) {
      refuse(`${name} must be a whole number from ${min} to ${top}`);
    }
  };
}

function oneOf(...allowed: string[]): Check {
  return (value, name) => {
    if (!allowed.includes(value)) refuse(`${name} must be one of ${allowed.join(', ')}`);
  };
}

const bool: Check = (value, name) => {
  if (!BOOLEAN.test(value)) refuse(`${name} must be true or false`);
};

const short: Check = (value, name) => {
  if (value.length > MAX_VALUE_LENGTH) refuse(`Parameter '${name}' is too long (at most ${MAX_VALUE_LENGTH} characters)`);
};

/**
 * Query text (q, fq, bq, boost, facet.query, spellcheck.q): bounded, and no local parameters
 * except a leading `{!tag=a,b}` where `tagged` (filters). Switching the query parser from the
 * request (`{!xmlparser …}`, `_query_:"{!…}"`, `_val_:`) is what makes an open Solr dangerous.
 */
function query(tagged: boolean): Check {
  return (value, name) => {
    if (value.length > MAX_QUERY_LENGTH) refuse(`Parameter '${name}' is too long (at most ${MAX_QUERY_LENGTH} characters)`);
    let rest = value;
    if (tagged) {
      const tag = /^\{!tag=[A-Za-z0-9_]+(?:,[A-Za-z0-9_]+)*\}/.exec(rest);
      if (tag) rest = rest.slice(tag[0].length);
    }
    if (rest.includes('{!')) refuse(`${name} may not set local parameters${tagged ? ' other than a leading {!tag=name}' : ''}`);
    if (/(?:^|[^\w])_(?:query|val|local)_\s*:/.test(rest)) refuse(`${name} may not use the _query_, _val_ or _local_ fields`);
  };
}

/**
 * facet.query: query text, optionally after `{!ex=tag}` / `{!key=name}` (a multi-select facet of
 * queries, such as price bands, counted without its own filter).
 */
const facetQuery: Check = (value, name, limits) => {
  const local = /^\{!(?:(?:ex|key)=[A-Za-z0-9_,]+\s*)+\}/.exec(value);
  query(false)(local ? value.slice(local[0].length) : value, name, limits);
};

/** facet.field / facet.range: a field name, optionally after `{!ex=tag}` / `{!key=name}` (multi-select facets). */
const facetField: Check = (value, name) => {
  const match = /^(?:\{!((?:(?:ex|key)=[A-Za-z0-9_,]+\s*)+)\})?(.*)$/.exec(value);
  const field = match?.[2] ?? '';
  if (!FIELD.test(field) || field.length > 100) refuse(`${name} must be a field name, optionally after {!ex=tag}`);
};

const fieldList: Check = (value, name) => {
  if (value.length > MAX_VALUE_LENGTH || !/^\s*[A-Za-z0-9_*]+(?:[\s,]+[A-Za-z0-9_*]+)*[\s,]*$/.test(value)) {
    refuse(`${name} must be a list of field names`);
  }
};

const queryFields: Check = (value, name) => {
  if (value.length > MAX_VALUE_LENGTH || !/^\s*[A-Za-z_]\w*(?:\^\d+(?:\.\d+)?)?(?:\s+[A-Za-z_]\w*(?:\^\d+(?:\.\d+)?)?)*\s*$/.test(value)) {
    refuse(`${name} must be field names with optional ^boosts`);
  }
};

const sortSpec: Check = (value, name) => {
  const clauses = value.split(',');
  if (value.length > MAX_VALUE_LENGTH || clauses.length > 5 || !clauses.every((c) => /^\s*[A-Za-z_]\w*\s+(?:asc|desc)\s*$/.test(c))) {
    refuse(`${name} must be one to five 'field asc|desc' clauses`);
  }
};

const ID = /^[A-Za-z0-9_.:/-]{1,64}$/;
const idList: Check = (value, name, limits) => {
  const ids = value.split(',');
  if (ids.length > limits.maxRows) refuse(`${name} may list at most ${limits.maxRows} ids`);
  if (!ids.every((id) => ID.test(id))) refuse(`${name} must be comma-separated document ids`);
};

const cacheBuster: Check = (value, name) => {
  if (!/^[A-Za-z0-9._-]{0,32}$/.test(value)) refuse(`${name} must be a short token`);
};

/** Per-field and global facet parameters share their checks. */
const FACET_PARAMS: Record<string, Check> = {
  'facet.limit': integer(-1, () => 10_000),
  'facet.mincount': integer(0, () => 1_000_000_000),
  'facet.missing': bool,
  'facet.sort': oneOf('count', 'index'),
  'facet.offset': integer(0, () => 100_000),
  'facet.range.start': short,
  'facet.range.end': short,
  'facet.range.gap': short,
  'facet.range.hardend': bool,
  'facet.range.other': oneOf('before', 'after', 'between', 'none', 'all'),
  'facet.range.include': oneOf('lower', 'upper', 'edge', 'outer', 'all'),
};

interface ParamRule {
  check: Check;
  /** May be given more than once (fq, facet.field, …). */
  repeat?: boolean;
}

const RULES: Record<string, ParamRule> = {
  q: { check: query(false) },
  'q.op': { check: oneOf('AND', 'OR') },
  fq: { check: query(true), repeat: true },
  facet: { check: bool },
  'facet.field': { check: facetField, repeat: true },
  'facet.query': { check: facetQuery, repeat: true },
  'facet.range': { check: facetField, repeat: true },
  ...Object.fromEntries(
    Object.entries(FACET_PARAMS).map(([name, check]) => [name, { check, repeat: name === 'facet.range.other' || name === 'facet.range.include' }]),
  ),
  'json.nl': { check: oneOf('map', 'flat', 'arrarr', 'arrmap', 'arrntv') },
  rows: { check: integer(0, (limits) => limits.maxRows) },
  start: { check: integer(0, (limits) => limits.maxStart) },
  sort: { check: sortSpec },
  bq: { check: query(false), repeat: true },
  boost: { check: query(false), repeat: true },
  defType: { check: oneOf('lucene', 'edismax', 'dismax') },
  qf: { check: queryFields },
  fl: { check: fieldList },
  wt: { check: oneOf('json') },
  ids: { check: idList },
  spellcheck: { check: bool },
  'spellcheck.q': { check: query(false) },
  'spellcheck.count': { check: integer(1, () => 50) },
  'spellcheck.collate': { check: bool },
  _: { check: cacheBuster },
};

const PER_FIELD = /^f\.([A-Za-z_][A-Za-z0-9_]*)\.(facet\..+)$/;

function ruleOf(name: string): ParamRule | undefined {
  if (Object.hasOwn(RULES, name)) return RULES[name];
  const perField = PER_FIELD.exec(name);
  const global = perField?.[2];
  if (global && Object.hasOwn(FACET_PARAMS, global)) return { check: FACET_PARAMS[global]!, repeat: global === 'facet.range.other' || global === 'facet.range.include' };
  return undefined;
}

/** Whether a parameter name is on the proxy's allow-list (also used by the Solr adapter). */
export function isAllowedSearchParam(name: string): boolean {
  return ruleOf(name) !== undefined;
}

function printable(name: string): string {
  const clean = name.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 64 ? `${clean.slice(0, 64)}…` : clean;
}

/**
 * Parses `a=1&b=2&a=3` strictly: '+' is a space, every name may repeat, and a malformed
 * percent escape or invalid UTF-8 is a SearchRequestError (400), never a silent guess.
 */
export function parseFormEncoded(text: string): Map<string, string[]> {
  const params = new Map<string, string[]>();
  if (text === '') return params;
  let count = 0;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    if (++count > MAX_PARAMS) refuse(`Too many parameters (at most ${MAX_PARAMS})`);
    const eq = pair.indexOf('=');
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      return refuse('The search parameters are not valid form-encoded text (a malformed %-escape)');
    }
    const values = params.get(name);
    if (values) values.push(value);
    else params.set(name, [value]);
  }
  return params;
}

/**
 * Checks parameters against the allow-list and their rules; returns them for the back end,
 * without the `_` cache-buster. Throws SearchRequestError with a message for the visitor.
 */
export function checkSearchParams(params: ReadonlyMap<string, readonly string[]>, limits: SearchProxyLimits = DEFAULT_PROXY_LIMITS): SolrParams {
  const checked = new Map<string, string[]>();
  for (const [name, values] of params) {
    const rule = ruleOf(name);
    if (!rule) refuse(`Parameter '${printable(name)}' is not allowed`);
    if (values.length > 1 && !rule!.repeat && name !== '_') refuse(`Parameter '${name}' may be given only once`);
    if (values.length > MAX_REPEATS) refuse(`Parameter '${name}' is repeated too often (at most ${MAX_REPEATS} times)`);
    for (const value of values) rule!.check(value, name, limits);
    if (name !== '_') checked.set(name, [...values]);
  }
  // What the queries expand to (wildcards, fuzzy terms, clauses): one request must not stall the server.
  checkQueryCost(checked);
  return checked;
}

/**
 * Makes the order of a search total: documents whose sort values tie (every `*:*` search, equal
 * prices or ratings) follow by id. Without it SolrCloud orders ties by each replica's internal
 * document numbers, which differ between the replicas of a shard, so the next page, answered by
 * other replicas, repeated some listings and skipped others (found by `npm run test:solr`); and
 * the embedded engine ordered them by its own index order. The full-documents fetch (`ids`) keeps
 * the order of its ids.
 *
 * @example withTieBreak(new Map([['sort', ['is_price_min asc']]])).get('sort') // ['is_price_min asc,id asc']
 */
export function withTieBreak(params: SolrParams): SolrParams {
  if (params.has('ids')) return params;
  const sort = params.get('sort')?.[0]?.trim();
  if (sort && sort.split(',').some((clause) => clause.trim().split(/\s+/)[0] === 'id')) return params;
  const out = new Map(params);
  out.set('sort', [sort ? `${sort},id asc` : 'score desc,id asc']);
  return out;
}

/** The proxy's paths for a configured search url. */
export function searchProxyPaths(url: string): { select: string[]; autocomplete: string } {
  const trimmed = url.length > 1 ? url.replace(/\/+$/, '') : url;
  const base = trimmed.endsWith('/select') ? trimmed.slice(0, -'/select'.length) : trimmed;
  return { select: [trimmed, `${trimmed}/select`], autocomplete: `${base}/autocomplete` };
}

/** What the proxy says when the back end cannot answer. */
export const SEARCH_UNAVAILABLE = 'The search service is not available just now';

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);

/** An error meaning "the back end is down": 503 from the adapter, or a raw connection failure. */
export function isUnavailableError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { statusCode, code, name } = e as { statusCode?: unknown; code?: unknown; name?: unknown };
    if (statusCode === 503 || name === 'AbortError' || name === 'TimeoutError') return true;
    if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) return true;
  }
  return false;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function sendError(reply: FastifyReply, status: number, message: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ statusCode: status, error: STATUS_TEXT[status] ?? 'Error', message });
}

/** Maps any failure of a proxy route to a JSON answer: 4xx with its message, 503 when down, 500 without details. */
function handleProxyError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof SearchRequestError) return sendError(reply, 400, error.message);
  if (isUnavailableError(error)) {
    request.log.warn({ err: error, detail: (error as { detail?: string }).detail }, 'search back end unavailable');
    reply.header('retry-after', '5');
    return sendError(reply, 503, SEARCH_UNAVAILABLE);
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, 413, `The search request is larger than ${MAX_SEARCH_REQUEST_BYTES / 1024} KB`);
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(reply, 415, 'Send the search parameters form-encoded (application/x-www-form-urlencoded)');
    }
    return sendError(reply, status, error.message);
  }
  request.log.error({ err: error }, 'search request failed');
  return sendError(reply, 500, 'Something went wrong on our side. Please try again.');
}

export interface SearchProxyOptions {
  backend: SearchBackend;
  /** settings.search.url, e.g. '/solr/select'. */
  url: string;
  limits?: Partial<SearchProxyLimits>;
}

function queryStringOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/**
 * Registers the proxy routes in their own scope (the form parser and error handler stay there).
 *
 * @example
 * await registerSearchProxy(app, { backend, url: settings.search.url, limits: { maxRows: 100 } });
 */
export async function registerSearchProxy(app: FastifyInstance, options: SearchProxyOptions): Promise<void> {
  const limits: SearchProxyLimits = { ...DEFAULT_PROXY_LIMITS, ...options.limits };
  const paths = searchProxyPaths(options.url);
  const backend = options.backend;

  await app.register(async (scope) => {
    scope.setErrorHandler(handleProxyError);
    scope.removeAllContentTypeParsers();
    // fetch() with a string body says text/plain; URLSearchParams says form-encoded. Both are parsed here.
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'text/plain'], { parseAs: 'string', bodyLimit: MAX_SEARCH_REQUEST_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    // The `search` limit per client (server/security/rate-limits.ts); a search sent by POST changes nothing.
    const routeConfig = { limit: 'search' as const, mutates: false };

    const select = async (request: FastifyRequest, reply: FastifyReply): Promise<SolrResponse> => {
      const fromUrl = queryStringOf(request.url);
      if (fromUrl.length > MAX_SEARCH_REQUEST_BYTES) {
        throw Object.assign(new Error(`The search query string is longer than ${MAX_SEARCH_REQUEST_BYTES / 1024} KB`), { statusCode: 414 });
      }
      const params = parseFormEncoded(fromUrl);
      if (request.method === 'POST') {
        const body = typeof request.body === 'string' ? request.body : '';
        for (const [name, values] of parseFormEncoded(body)) params.set(name, [...(params.get(name) ?? []), ...values]);
      }
      const result = await backend.select(withTieBreak(checkSearchParams(params, limits)));
      reply.header('cache-control', 'no-store');
      return result;
    };
    for (const path of paths.select) {
      scope.route({ method: ['GET', 'POST'], url: path, bodyLimit: MAX_SEARCH_REQUEST_BYTES, config: routeConfig, compress: QUICK_COMPRESSION, handler: select });
    }

    scope.get(paths.autocomplete, { config: routeConfig }, async (request, reply) => {
      const params = parseFormEncoded(queryStringOf(request.url));
      for (const [name, values] of params) {
        if (name !== 'q' && name !== 'limit' && name !== '_') refuse(`Parameter '${printable(name)}' is not allowed`);
        if (values.length > 1 && name !== '_') refuse(`Parameter '${name}' may be given only once`);
      }
      const q = params.get('q')?.[0] ?? '';
      if (q.length > AUTOCOMPLETE_MAX_LENGTH) refuse(`q must be at most ${AUTOCOMPLETE_MAX_LENGTH} characters`);
      const rawLimit = params.get('limit')?.[0];
      let limit = AUTOCOMPLETE_LIMIT;
      if (rawLimit !== undefined) {
        if (!/^\d{1,6}$/.test(rawLimit) || Number(rawLimit) < 1) refuse('limit must be a whole number from 1 to 10');
        limit = Math.min(Number(rawLimit), AUTOCOMPLETE_LIMIT);
      }
      reply.header('cache-control', 'no-cache');
      // Spec §5 Search: no query below 2 characters, nor while the visitor is between words.
      if (!shouldAutocomplete(q)) return { suggestions: [] };
      const suggestions = await backend.suggest(q, limit);
      return { suggestions: suggestions.slice(0, limit) };
    });
  });
}
