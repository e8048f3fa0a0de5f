/**
 * The search back end on Apache Solr (SOLR_URL, a core or a SolrCloud collection URL such as
 * http://localhost:8983/solr/rentals). The proxy has already allow-listed the parameters;
 * this adapter checks them again, forwards them to `{url}/select` as a form-encoded POST and
 * hands back Solr's JSON. The full-documents fetch (`ids=a,b,c`) becomes a `{!terms f=id}`
 * filter, which also works on SolrCloud, and the documents come back in the order asked for.
 *
 *   const solr = createSolrBackend({ url: 'http://localhost:8983/solr/rentals', timeoutMs: 5000, indexId: 'listings' });
 *
 * Failures: Solr down, too slow or answering 5xx → SearchUnavailableError (the proxy answers
 * 503 'The search service is not available just now'); Solr refusing a query (400) →
 * SearchRequestError with Solr's message (the proxy answers 400).
 */
import { fold } from './engine/analysis.ts';
import { type SuggestionCandidate, compareSuggestions, suggestRequest, suggestionWeight } from './engine/suggest-order.ts';
import { isAllowedSearchParam, SEARCH_UNAVAILABLE } from './proxy.ts';
import { SearchRequestError, type SearchBackend, type SearchDocument, type SolrParams, type SolrResponse } from './types.ts';

/** Solr (or the network to it) cannot answer now: the proxy answers 503 with the message; `detail` goes to the log. */
export class SearchUnavailableError extends Error {
  readonly statusCode = 503;
  readonly detail: string;
  /** Solr did not answer in time (not retried on another node). */
  timedOut = false;
  constructor(detail: string, options?: { cause?: unknown }) {
    super(SEARCH_UNAVAILABLE, options);
    this.name = 'SearchUnavailableError';
    this.detail = detail;
  }
}

/** Solr refused an update (a bad document, an unknown field): a fault of the indexer, not of a visitor. */
export class SolrUpdateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SolrUpdateError';
  }
}

export interface SolrBackendOptions {
  /**
   * The core or collection URL, without a trailing slash: http://host:8983/solr/rentals; or the
   * collection on several SolrCloud nodes, comma-separated: a node that cannot be reached or answers
   * 5xx is left for the next one (each node's Solr routes the query to live replicas).
   */
  url: string;
  /** Longest wait for a search or suggest answer (SOLR_TIMEOUT_MS). */
  timeoutMs: number;
  /** Longest wait for one update request; default 60 s or timeoutMs if longer. */
  updateTimeoutMs?: number;
  /** The index whose documents replaceAll() deletes first; default: the documents' index_id. */
  indexId?: string;
  /** Documents per update request; default 500. */
  batchSize?: number;
  fetch?: typeof fetch;
}

const FORM = 'application/x-www-form-urlencoded;charset=UTF-8';
const JSON_TYPE = 'application/json;charset=UTF-8';

/** Parameters the full-documents fetch keeps besides the ids. */
const IDS_KEEP = new Set(['fl', 'json.nl', 'fq']);

/** Solr's error text without its Java exception prefix, e.g. "org.apache.solr.search.SyntaxError: ". */
function solrMessage(body: unknown, fallback: string): string {
  const msg = (body as { error?: { msg?: unknown } } | null)?.error?.msg;
  if (typeof msg !== 'string' || msg === '') return fallback;
  return msg.replace(/^(?:[a-z][\w$]*\.)+[A-Z][\w$]*:\s*/, '').split('\n')[0]!.slice(0, 500);
}

function escapeTerm(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/** A document as Solr takes it: no nulls (a missing field is "no value"). */
function solrDocument(doc: SearchDocument): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(doc)) if (value !== null && value !== undefined) out[name] = value;
  return out;
}

/** The string fields whose values autocomplete offers besides listing names (the engine's suggest fields). */
export const SUGGEST_VALUE_FIELDS = ['ss_area', 'ss_type', 'sm_amenities'] as const;
/** How long the towns', types' and amenities' weights are kept (content changes made here clear them at once). */
const VALUE_WEIGHTS_TTL_MS = 60_000;

/** An autocomplete candidate as Solr gives it: a listing name with its reviews, or a facet value with its listings and their reviews. */
export interface SuggestCandidate {
  text: string;
  /** What it weighs for the embedded engine: suggestionWeight per listing that has it. */
  weight: number;
}

/**
 * Autocomplete by the embedded engine's rule (engine/suggest-order.ts): of Solr's candidates, those
 * whose folded text starts with what was typed, or has a word from which it does ('hav' → 'Coral
 * Haven'), the same text from several sources adding up, in the engine's order. Solr's infix
 * suggester also matches words in any order, so its names are filtered here by the same rule.
 *
 * @example mergeSuggestions('co', [{ text: 'Coral Haven', weight: 3 }, { text: 'Condo', weight: 40 }, { text: 'Air conditioning', weight: 90 }], 10)
 * // ['Condo', 'Coral Haven', 'Air conditioning']
 */
export function mergeSuggestions(prefix: string, candidates: readonly SuggestCandidate[], limit: number): string[] {
  const request = suggestRequest(prefix, limit);
  if (!request) return [];
  const { typed, max } = request;
  const found = new Map<string, SuggestionCandidate>();
  for (const candidate of candidates) {
    const key = fold(candidate.text).trim();
    const start = key.startsWith(typed);
    if (!start) {
      let inner = false;
      for (let i = key.indexOf(' '); i >= 0 && !inner; i = key.indexOf(' ', i + 1)) inner = key.slice(i + 1).trimStart().startsWith(typed);
      if (!inner) continue;
    }
    const entry = found.get(key);
    if (entry) entry.weight += candidate.weight;
    else found.set(key, { text: candidate.text.trim(), weight: candidate.weight, start });
  }
  return [...found.values()]
    .sort(compareSuggestions)
    .slice(0, max)
    .map((c) => c.text);
}

export function createSolrBackend(options: SolrBackendOptions): SearchBackend {
  const bases = options.url
    .split(',')
    .map((one) => one.trim().replace(/\/+$/, ''))
    .filter((one) => one !== '');
  /** The node asked first: the last one that answered. */
  let preferred = 0;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const batchSize = options.batchSize ?? 500;
  const updateTimeoutMs = options.updateTimeoutMs ?? Math.max(60_000, options.timeoutMs);
  const inFlight = new Set<AbortController>();

  /** One exchange, with the next node after a node that cannot be reached or answers 5xx (each is idempotent). */
  async function call(path: string, init: { body: string; contentType: string; timeoutMs: number }): Promise<{ status: number; body: unknown }> {
    const first = preferred;
    let failure: unknown;
    for (let i = 0; i < bases.length; i++) {
      const at = (first + i) % bases.length;
      try {
        const answer = await callOne(bases[at]!, path, init);
        if (answer.status >= 500 && i < bases.length - 1) {
          failure = new SearchUnavailableError(`Solr answered ${answer.status} to ${path}: ${solrMessage(answer.body, 'no message')}`);
          continue;
        }
        preferred = at;
        return answer;
      } catch (error) {
        // A timeout is not retried elsewhere: the visitor has waited long enough.
        if (!(error instanceof SearchUnavailableError) || error.timedOut) throw error;
        failure = error;
      }
    }
    throw failure;
  }

  /** One HTTP exchange with one node: the body is read under the same timeout; non-JSON answers are failures. */
  async function callOne(base: string, path: string, init: { body: string; contentType: string; timeoutMs: number }): Promise<{ status: number; body: unknown }> {
    const controller = new AbortController();
    inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(new Error('timeout')), init.timeoutMs);
    const target = `${base}${path}`;
    try {
      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(target, {
          method: 'POST',
          headers: { 'content-type': init.contentType, accept: 'application/json' },
          body: init.body,
          signal: controller.signal,
        });
        text = await response.text();
      } catch (error) {
        if (controller.signal.aborted) {
          throw Object.assign(new SearchUnavailableError(`Solr at ${target} did not answer within ${init.timeoutMs} ms`, { cause: error }), { timedOut: true });
        }
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        throw new SearchUnavailableError(`Cannot reach Solr at ${target}: ${cause?.code ?? cause?.message ?? (error as Error).message}`, { cause: error });
      }
      let body: unknown = null;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        if (response.ok) throw new SearchUnavailableError(`Solr at ${target} answered ${response.status} with something other than JSON`);
      }
      return { status: response.status, body };
    } finally {
      clearTimeout(timer);
      inFlight.delete(controller);
    }
  }

  async function search(path: string, params: URLSearchParams): Promise<unknown> {
    const { status, body } = await call(path, { body: params.toString(), contentType: FORM, timeoutMs: options.timeoutMs });
    if (status >= 200 && status < 300) return body;
    if (status === 400) throw new SearchRequestError(solrMessage(body, 'The search service refused the request'));
    throw new SearchUnavailableError(`Solr answered ${status} to ${path}: ${solrMessage(body, 'no message')}`);
  }

  async function update(commands: string[]): Promise<void> {
    for (let i = 0; i < commands.length; i++) {
      const path = i === commands.length - 1 ? '/update?commit=true' : '/update';
      const { status, body } = await call(path, { body: commands[i]!, contentType: JSON_TYPE, timeoutMs: updateTimeoutMs });
      if (status >= 200 && status < 300) continue;
      if (status >= 400 && status < 500 && status !== 404) throw new SolrUpdateError(`Solr refused the update: ${solrMessage(body, `status ${status}`)}`);
      throw new SearchUnavailableError(`Solr answered ${status} to ${path}: ${solrMessage(body, 'no message')}`);
    }
  }

  let weights: { at: number; values: Promise<SuggestCandidate[]> } | null = null;

  /** Every town, type and amenity of the index with its weight: listings that have it plus their reviews. */
  function valueWeights(): Promise<SuggestCandidate[]> {
    const now = Date.now();
    if (weights && now - weights.at < VALUE_WEIGHTS_TTL_MS) return weights.values;
    const facets: Record<string, unknown> = {};
    for (const field of SUGGEST_VALUE_FIELDS) facets[field] = { type: 'terms', field, limit: 1000, facet: { reviews: 'sum(is_review_count)' } };
    const form = new URLSearchParams({ q: '*:*', rows: '0', wt: 'json', 'json.facet': JSON.stringify(facets) });
    if (options.indexId) form.set('fq', `index_id:${escapeTerm(options.indexId)}`);
    const values = search('/select', form).then((body) => {
      const answer = (body as { facets?: Record<string, { buckets?: { val?: unknown; count?: unknown; reviews?: unknown }[] }> }).facets ?? {};
      const out: SuggestCandidate[] = [];
      for (const field of SUGGEST_VALUE_FIELDS) {
        for (const bucket of answer[field]?.buckets ?? []) {
          const count = Number(bucket.count);
          const reviews = Number(bucket.reviews ?? 0);
          if (typeof bucket.val !== 'string' || !Number.isFinite(count)) continue;
          out.push({ text: bucket.val, weight: count + (Number.isFinite(reviews) ? reviews : 0) });
        }
      }
      return out;
    });
    weights = { at: now, values };
    // A failed read is not kept: the next autocomplete asks again.
    values.catch(() => {
      if (weights?.values === values) weights = null;
    });
    return values;
  }

  function addBatches(documents: readonly SearchDocument[]): string[] {
    const batches: string[] = [];
    for (let i = 0; i < documents.length; i += batchSize) batches.push(JSON.stringify(documents.slice(i, i + batchSize).map(solrDocument)));
    return batches;
  }

  return {
    kind: 'solr',

    async select(params: SolrParams): Promise<SolrResponse> {
      const form = new URLSearchParams();
      for (const name of params.keys()) {
        if (name !== '_' && !isAllowedSearchParam(name)) throw new SearchRequestError(`Parameter '${name}' is not allowed`);
      }
      const ids = params.get('ids')?.[0];
      if (ids !== undefined) {
        const wanted = ids.split(',').filter((id) => id !== '');
        form.set('q', '*:*');
        for (const [name, values] of params) if (IDS_KEEP.has(name)) for (const value of values) form.append(name, value);
        form.append('fq', `{!terms f=id}${wanted.join(',')}`);
        form.set('rows', String(wanted.length));
        form.set('start', '0');
        form.set('wt', 'json');
        const result = (await search('/select', form)) as SolrResponse;
        // Spec §7: documents in the order of the requested ids.
        const position = new Map(wanted.map((id, i) => [id, i]));
        result.response.docs.sort((a, b) => (position.get(String(a.id)) ?? 0) - (position.get(String(b.id)) ?? 0));
        return result;
      }
      for (const [name, values] of params) {
        if (name === '_' || name === 'wt') continue;
        for (const value of values) form.append(name, value);
      }
      form.set('wt', 'json');
      return (await search('/select', form)) as SolrResponse;
    },

    async suggest(prefix: string, limit: number): Promise<string[]> {
      if (!suggestRequest(prefix, limit)) return [];
      // Names from the listing suggester (weighed by reviews); towns, types and amenities from their
      // facet counts (kept a minute), so that both are weighed as the engine weighs them.
      const form = new URLSearchParams({
        'suggest.q': prefix,
        'suggest.dictionary': 'listingSuggester',
        'suggest.count': String(Math.max(limit * 5, 50)),
        'json.nl': 'map',
        wt: 'json',
      });
      // Only this site's index, when several share a Solr core (contextField index_id in solrconfig.xml).
      if (options.indexId) form.set('suggest.cfq', options.indexId);
      const [body, values] = await Promise.all([
        search('/suggest', form) as Promise<{ suggest?: Record<string, Record<string, { suggestions?: { term?: unknown; weight?: unknown }[] }>> }>,
        // Without them (a core whose schema lacks these fields) the names are still offered.
        valueWeights().catch((): SuggestCandidate[] => []),
      ]);
      const candidates: SuggestCandidate[] = [...values];
      for (const dictionary of Object.values(body.suggest ?? {})) {
        for (const answer of Object.values(dictionary)) {
          for (const suggestion of answer.suggestions ?? []) {
            if (typeof suggestion.term !== 'string') continue;
            // The suggester's weight is the listing's review count (weightField is_review_count).
            candidates.push({ text: suggestion.term.replace(/<\/?b>/g, ''), weight: suggestionWeight(suggestion.weight) });
          }
        }
      }
      return mergeSuggestions(prefix, candidates, limit);
    },

    async replaceAll(documents: SearchDocument[]): Promise<void> {
      const indexIds = options.indexId ? [options.indexId] : [...new Set(documents.map((d) => d.index_id))];
      const deletes = indexIds.map((id) => JSON.stringify({ delete: { query: `index_id:${escapeTerm(id)}` } }));
      // Deletes and adds become visible together, with the commit of the last request.
      await update([...deletes, ...addBatches(documents)]);
      weights = null;
    },

    async update(documents: SearchDocument[], deletedIds: string[]): Promise<void> {
      const commands = addBatches(documents);
      if (deletedIds.length > 0) commands.unshift(JSON.stringify({ delete: deletedIds }));
      if (commands.length > 0) await update(commands);
      weights = null;
    },

    async close(): Promise<void> {
      for (const controller of inFlight) controller.abort(new Error('closed'));
    },
  };
}
