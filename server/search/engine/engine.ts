/**
 * The embedded search engine: Solr's select servlet semantics over the in-process index, no I/O.
 *
 * Request parameters (all optional):
 *  - q (default `*:*`, blank = `*:*`), q.op (OR | AND), df, defType (lucene | edismax | dismax);
 *  - fq (repeatable, ANDed; `{!tag=a,b}` tags them for facet exclusion; blank fq are ignored);
 *  - ids=a,b,c: those documents (fq still apply), in the requested order unless sort is given;
 *    rows defaults to the number of ids;
 *  - rows (default 10, capped at maxRows), start, sort (`field asc|desc`, comma-separated,
 *    `score desc`, `random_{seed} asc`; text and multi-valued fields are refused, missing values
 *    sort last, ties by index order), fl (comma/space list, `*`, `score`, globs like `ss_*`);
 *  - edismax/dismax: qf (`field^boost …`), tie, bq (repeatable, added to the score), bf
 *    (repeatable, additive function), boost (repeatable, multiplicative function) — functions
 *    per functions.ts; mm, pf and ps are not supported;
 *  - facet=true with facet.field (repeatable, `{!ex=a,b key=name}` and per-facet facet.* local
 *    params), facet.limit (100; -1 = all), facet.mincount (0), facet.missing, facet.sort
 *    (count | index), facet.offset, facet.prefix, facet.contains(.ignoreCase), per-field
 *    `f.{key or field}.facet.*`; facet.query (repeatable, `{!ex key}`); facet.range with
 *    facet.range.start/end/gap (numbers, or dates with gaps like `+1DAY`), .hardend, .other
 *    (before/after/between/all/none), .include (lower/upper/edge/outer/all), per-field too;
 *    facet_dates is always `{}` (facet.date was removed in Solr 7);
 *  - json.nl (flat | map) for facet lists and spellcheck;
 *  - spellcheck=true with spellcheck.q (else the words of q), spellcheck.count (1),
 *    spellcheck.collate (true): for each word of 3+ letters not in the vocabulary (surface words
 *    of text fields and of name-like string fields), the vocabulary words within edit distance 2
 *    (optimal string alignment; same first letter, as Solr's DirectSolrSpellChecker), closest first
 *    then most frequent, as Solr 7+'s `suggestions` [word, {numFound, startOffset, endOffset,
 *    suggestion: [{word, freq}]}] (json.nl=map: {word: {…}}), and one collation: q (or the
 *    spellcheck text) with each misspelled word replaced by its first suggestion.
 * Scoring: BM25 (k1 1.2, b 0.75) on text fields, per-field statistics counting deleted documents
 * until compaction (as Lucene before merges); other fields score a constant 1 × boost; `*:*`
 * scores 1; bool queries add their clauses' scores; bare terms over several fields take the best
 * field (dismax, plus `tie` × the others).
 * Not supported: facet.pivot, facet.interval, facet.date (ignored), group/collapse, highlighting,
 * stats, mm/pf/ps, fl aliases and functions, sorting by functions, json.nl other than flat/map.
 * Unknown parameters are ignored (the proxy allow-lists them). Bad input raises SearchRequestError.
 */
import type { FieldValue, SearchBackend, SearchDocument, SolrParams, SolrResponse } from '../types.ts';
import { type FieldType, analyze, fail, fold, formatDate, formatValue, isNumericKind, parseDate, parseNumber, stem, wordsWithOffsets } from './analysis.ts';
import {
  type Bits,
  andInto,
  andNotInto,
  countAnd,
  countBits,
  firstDocs,
  hasBit,
  newBits,
  orInto,
  setBit,
  toDocs,
} from './bitset.ts';
import { compileFunction, parseFunction } from './functions.ts';
import { type KeywordField, SearchIndex, type TextField, defaultIsSuggestField, lowerBound } from './index.ts';
import { type LocalParams, type ParsedQuery, type QueryNode, type QuerySchema, WILD_ANY, WILD_ONE, parseQuery, splitLocalParams } from './query-parser.ts';

export interface EmbeddedEngineOptions {
  /** Fields searched by bare terms when neither df nor qf is given (default: every text field). */
  defaultSearchFields?: string[];
  /** Largest rows honoured (default 1,000); larger requests are capped. */
  maxRows?: number;
  /** String fields used for autocomplete phrases and spellcheck words (default: ss_/sm_ fields named like name, title, town, city, area, region…). */
  suggestFields?: string[];
}

export type EmbeddedEngine = SearchBackend & { documentCount(): number };

export function createEmbeddedEngine(options: EmbeddedEngineOptions = {}): EmbeddedEngine {
  return new Engine(options);
}

// ---------------------------------------------------------------------------------------------

const K1 = 1.2;
const B = 0.75;
const MAX_RANGE_BUCKETS = 10_000;
const MAX_IDS = 10_000;

interface Hits {
  bits: Bits;
  /** Per-slot scores, or null when every match scores `constant`. */
  scores: Float32Array | null;
  constant: number;
}

interface FieldRef {
  field: string;
  boost: number;
}

interface EvalContext {
  scores: boolean;
  defaultFields: readonly FieldRef[];
  defaultOperator: 'AND' | 'OR';
  tie: number;
}

class Params {
  constructor(readonly map: SolrParams) {}
  get(name: string): string | undefined {
    const v = this.map.get(name);
    return v && v.length > 0 ? v[0] : undefined;
  }
  all(name: string): readonly string[] {
    return this.map.get(name) ?? [];
  }
}

function parseIntParam(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const v = value.trim();
  if (!/^[+-]?\d{1,15}$/.test(v)) fail(`Parameter '${name}' must be an integer, got '${value}'`);
  const n = Number(v);
  if (n < min) fail(`Parameter '${name}' must be at least ${min}, got ${n}`);
  if (n > max) fail(`Parameter '${name}' must be at most ${max}, got ${n}`);
  return n;
}

function parseBoolParam(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === 'on' || v === 'yes' || v === '1') return true;
  if (v === 'false' || v === 'off' || v === 'no' || v === '0') return false;
  return fail(`Parameter '${name}' must be true or false, got '${value}'`);
}

function parseFloatParam(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = parseNumber(value.trim());
  if (n === undefined) fail(`Parameter '${name}' must be a number, got '${value}'`);
  return n;
}

/** Glob match with WILD_ANY / WILD_ONE markers; iterative with single-star backtracking (O(n·m)). */
export function globMatch(pattern: string, text: string): boolean {
  let pi = 0;
  let ti = 0;
  let star = -1;
  let mark = 0;
  while (ti < text.length) {
    const pc = pattern[pi];
    if (pc !== undefined && (pc === WILD_ONE || pc === text[ti])) {
      pi++;
      ti++;
    } else if (pc === WILD_ANY) {
      star = pi++;
      mark = ti;
    } else if (star >= 0) {
      pi = star + 1;
      ti = ++mark;
    } else return false;
  }
  while (pattern[pi] === WILD_ANY) pi++;
  return pi === pattern.length;
}

/** Optimal-string-alignment edit distance, or max+1 as soon as it must exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Int32Array(n + 1);
  let prev = new Int32Array(n + 1);
  let cur = new Int32Array(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

/** Heap selection of the `k` best items under `cmp` (a max-heap keeps the worst kept item at the root). */
class TopK {
  private readonly heap: number[] = [];
  constructor(
    private readonly k: number,
    private readonly cmp: (a: number, b: number) => number,
  ) {}

  offer(d: number): void {
    const heap = this.heap;
    const cmp = this.cmp;
    if (heap.length < this.k) {
      heap.push(d);
      let i = heap.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (cmp(heap[i]!, heap[p]!) <= 0) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    } else if (this.k > 0 && cmp(d, heap[0]!) < 0) {
      heap[0] = d;
      const n = heap.length;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const m = r < n && cmp(heap[r]!, heap[l]!) > 0 ? r : l;
        if (cmp(heap[m]!, heap[i]!) <= 0) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
  }

  sorted(): number[] {
    return this.heap.sort(this.cmp);
  }
}

/** The `k` best of `items` under `cmp`, sorted. */
function topK(items: ArrayLike<number>, k: number, cmp: (a: number, b: number) => number): number[] {
  if (k >= items.length) return Array.from(items).sort(cmp);
  const top = new TopK(k, cmp);
  for (let i = 0; i < items.length; i++) top.offer(items[i]!);
  return top.sorted();
}

/** The `k` best set documents of `bits` under `cmp`, sorted (without materialising the set). */
function topKBits(bits: Bits, k: number, cmp: (a: number, b: number) => number): number[] {
  const top = new TopK(k, cmp);
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const t = word & -word;
      top.offer((w << 5) + 31 - Math.clz32(t));
      word ^= t;
    }
  }
  return top.sorted();
}

/**
 * The `k` best set documents of `bits` by one numeric key (ascending, or descending with `desc`),
 * missing (NaN) values last, ties in document order: a specialised heap without comparator calls.
 */
function topKByValue(bits: Bits, values: ArrayLike<number>, desc: boolean, k: number): number[] {
  // Keys are normalised so that smaller is better; the heap root holds the worst kept (key, doc).
  const hk = new Float64Array(k);
  const hd = new Int32Array(k);
  let n = 0;
  const worse = (ka: number, da: number, kb: number, db: number) => ka > kb || (ka === kb && da > db);
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const t = word & -word;
      const d = (w << 5) + 31 - Math.clz32(t);
      word ^= t;
      const raw = values[d]!;
      const key = raw !== raw ? Infinity : desc ? -raw : raw;
      if (n < k) {
        let i = n++;
        while (i > 0) {
          const p = (i - 1) >> 1;
          if (!worse(key, d, hk[p]!, hd[p]!)) break;
          hk[i] = hk[p]!;
          hd[i] = hd[p]!;
          i = p;
        }
        hk[i] = key;
        hd[i] = d;
      } else if (worse(hk[0]!, hd[0]!, key, d)) {
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          if (l >= n) break;
          const r = l + 1;
          const m = r < n && worse(hk[r]!, hd[r]!, hk[l]!, hd[l]!) ? r : l;
          if (!worse(hk[m]!, hd[m]!, key, d)) break;
          hk[i] = hk[m]!;
          hd[i] = hd[m]!;
          i = m;
        }
        hk[i] = key;
        hd[i] = d;
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => hk[a]! - hk[b]! || hd[a]! - hd[b]!);
  return order.map((i) => hd[i]!);
}

/** Murmur3 finaliser: a well-mixed 32-bit value. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hashSeed(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

type NamedList = Record<string, unknown> | unknown[];

/** A Solr NamedList in the json.nl style: flat [k, v, k, v] or a map (a null key becomes ""). */
function namedList(entries: readonly (readonly [string | null, unknown])[], map: boolean): NamedList {
  if (!map) {
    const out: unknown[] = [];
    for (const [k, v] of entries) out.push(k, v);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) out[k ?? ''] = v;
  return out;
}

// ---------------------------------------------------------------------------------------------

class Engine implements SearchBackend {
  readonly kind = 'embedded' as const;
  private index: SearchIndex;
  private pool = new ScorePool(0);
  /**
   * The filter cache (Solr's filterCache): the documents of each fq, by its text, for the
   * current index; emptied whenever the index changes. Pages send the same few filters again
   * and again (index_id, a town, a bedroom range), so most are not evaluated twice.
   */
  private filters = new Map<string, FilterQuery>();
  private readonly maxRows: number;
  private readonly indexOptions: { isSuggestField: (name: string) => boolean };

  constructor(private readonly options: EmbeddedEngineOptions) {
    this.maxRows = options.maxRows ?? 1000;
    const suggest = options.suggestFields ? new Set(options.suggestFields) : null;
    this.indexOptions = { isSuggestField: suggest ? (name) => suggest.has(name) : defaultIsSuggestField };
    this.index = new SearchIndex(this.indexOptions);
  }

  documentCount(): number {
    return this.index.liveCount;
  }

  async replaceAll(documents: SearchDocument[]): Promise<void> {
    this.index = SearchIndex.build(documents, this.indexOptions);
    this.filters = new Map();
  }

  async update(documents: SearchDocument[], deletedIds: string[]): Promise<void> {
    for (const id of deletedIds) this.index.remove(id);
    for (const doc of documents) this.index.add(doc);
    if (this.index.needsCompaction()) this.index = SearchIndex.build(this.index.liveDocs(), this.indexOptions);
    this.filters = new Map();
  }

  async close(): Promise<void> {}

  async select(params: SolrParams): Promise<SolrResponse> {
    const index = this.index;
    if (this.pool.size !== index.maxDoc) this.pool = new ScorePool(index.maxDoc);
    try {
      return new Request(index, params, this.maxRows, this.options.defaultSearchFields, this.pool, this.filters).run();
    } finally {
      this.pool.releaseAll();
    }
  }

  async suggest(prefix: string, limit: number): Promise<string[]> {
    return suggestFrom(this.index, prefix, limit);
  }
}

/**
 * Autocomplete (issue 11): the values of the suggest fields (listing names, towns, property types,
 * amenities) that start with what was typed, or have a word that does ('hav' → 'Coral Haven'),
 * those starting with it first, each group by weight (how many listings have the value, plus
 * their reviews: a name weighs by how often its listing was reviewed); never single words of
 * descriptions.
 */
function suggestFrom(index: SearchIndex, prefix: string, limit: number): string[] {
  const max = Math.min(Math.max(Math.floor(Number.isFinite(limit) ? limit : 0), 0), 100);
  const typed = fold(prefix).replace(/\s+/g, ' ').trim();
  if (max === 0 || typed.length === 0 || typed.length > 200) return [];
  const candidates = new Map<string, { text: string; freq: number; start: boolean }>();
  const add = (key: string, start: boolean) => {
    const entry = index.phrases.get(key);
    if (entry && !candidates.has(key)) candidates.set(key, { text: entry.display, freq: entry.weight, start });
  };
  const keys = index.phraseKeys();
  for (let i = lowerBound(keys, typed); i < keys.length && keys[i]!.startsWith(typed); i++) add(keys[i]!, true);
  const inner = index.phraseWordKeys();
  for (let i = lowerBound(inner, typed, (entry) => entry[0]); i < inner.length && inner[i]![0].startsWith(typed); i++) add(inner[i]![1], false);
  return [...candidates.values()]
    .sort((a, b) => Number(b.start) - Number(a.start) || b.freq - a.freq || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    .slice(0, max)
    .map((c) => c.text);
}

/**
 * Reusable per-document score buffers: a text query over 100,000 documents needs several
 * 400 KB arrays, and allocating them per request makes V8 collect the whole heap often.
 * Requests run one at a time (select is synchronous inside), so one pool per engine suffices.
 */
class ScorePool {
  private readonly free: Float32Array[] = [];
  private readonly used: Float32Array[] = [];
  constructor(readonly size: number) {}
  take(): Float32Array {
    let buffer = this.free.pop();
    if (buffer) buffer.fill(0);
    else buffer = new Float32Array(this.size);
    this.used.push(buffer);
    return buffer;
  }
  releaseAll(): void {
    // Keep a bounded number of buffers for the next request.
    while (this.used.length > 0) {
      const b = this.used.pop()!;
      if (this.free.length < 16) this.free.push(b);
    }
  }
}

interface FilterQuery {
  tags: string[];
  /** Never changed once made (filters are kept in the engine's filter cache). */
  bits: Bits;
}

/** Most filters kept per index (each a bitset of maxDoc bits: 1.25 KiB at 10 000 listings). */
export const FILTER_CACHE_ENTRIES = 512;

interface SortKey {
  cmp: (a: number, b: number) => number;
  usesScore: boolean;
  /** Per-slot values (NaN = missing) for the single-key fast path; null for scores (taken from the request). */
  values?: ArrayLike<number> | null;
  desc?: boolean;
}

/** One select request. */
class Request {
  private readonly p: Params;
  private readonly maxDoc: number;
  private readonly schema: QuerySchema;
  private readonly map: boolean;
  private readonly qop: 'AND' | 'OR';
  private readonly defaultFields: readonly FieldRef[];
  private qHits: Hits | null = null;
  private qTags: string[] = [];
  private fqs: FilterQuery[] = [];
  private base: Bits = newBits(0);
  private readonly domains = new Map<string, Bits>();
  private readonly numericCache = new Map<string, Float64Array | null>();

  constructor(
    private readonly index: SearchIndex,
    params: SolrParams,
    private readonly maxRows: number,
    private readonly configuredDefaultFields: string[] | undefined,
    private readonly pool: ScorePool,
    private readonly filterCache: Map<string, FilterQuery> | null = null,
  ) {
    this.p = new Params(params);
    this.maxDoc = index.maxDoc;
    this.schema = { fieldType: (name) => index.fieldType(name) };
    const nl = this.p.get('json.nl') ?? 'flat';
    if (nl !== 'flat' && nl !== 'map') fail(`Parameter 'json.nl' must be flat or map, got '${nl}'`);
    this.map = nl === 'map';
    const qop = (this.p.get('q.op') ?? 'OR').toUpperCase();
    if (qop !== 'AND' && qop !== 'OR') fail(`Parameter 'q.op' must be AND or OR, got '${this.p.get('q.op')}'`);
    this.qop = qop;
    const df = this.p.get('df');
    this.defaultFields = df ? [this.checkSearchField(df.trim(), 1)] : this.fallbackFields();
  }

  private fallbackFields(): FieldRef[] {
    const names = this.configuredDefaultFields ?? [...this.index.text.keys()].sort();
    return names.filter((name) => this.index.fieldType(name)).map((field) => ({ field, boost: 1 }));
  }

  private checkSearchField(field: string, boost: number): FieldRef {
    const type = this.index.fieldType(field);
    if (!type) fail(`Unknown field '${field}'`);
    if (type.kind === 'location') fail(`The field '${field}' is stored only and cannot be searched`);
    return { field, boost };
  }

  run(): SolrResponse {
    const started = performance.now();
    const p = this.p;
    const index = this.index;
    const idsParam = p.get('ids');
    const ids = idsParam === undefined ? null : this.parseIds(idsParam);
    const rows = Math.min(parseIntParam('rows', p.get('rows'), ids ? ids.length : 10, 0, 2_147_483_647), this.maxRows);
    const start = parseIntParam('start', p.get('start'), 0, 0, 2_147_483_647);
    const fl = this.parseFl(p.get('fl'));
    const sortParam = p.get('sort');
    const sortKeysSpec = sortParam !== undefined && sortParam.trim() !== '' ? sortParam : null;
    const defType = (p.get('defType') ?? 'lucene').toLowerCase();
    if (defType !== 'lucene' && defType !== 'edismax' && defType !== 'dismax') fail(`Unsupported defType '${p.get('defType')}' (supported: lucene, edismax, dismax)`);
    const dismax = defType !== 'lucene';
    const bqs = dismax ? p.all('bq').filter((s) => s.trim() !== '') : [];
    const bfs = dismax ? p.all('bf').filter((s) => s.trim() !== '') : [];
    const boosts = dismax ? p.all('boost').filter((s) => s.trim() !== '') : [];
    const sortUsesScore = sortKeysSpec === null || /(^|,)\s*score\s/i.test(sortKeysSpec);
    const needScores = (sortUsesScore || fl.score) && !ids;

    // Main query.
    let qFields = this.defaultFields;
    const tie = parseFloatParam('tie', p.get('tie'), 0);
    if (dismax) {
      const qf = p.get('qf');
      if (qf && qf.trim() !== '') qFields = this.parseQf(qf);
    }
    let qHits: Hits;
    if (ids) {
      const bits = newBits(this.maxDoc);
      for (const id of ids) {
        const slot = index.slotOf.get(id);
        if (slot !== undefined) setBit(bits, slot);
      }
      qHits = { bits, scores: null, constant: 1 };
    } else {
      const q = p.get('q');
      const parsed = parseQuery(q === undefined || q.trim() === '' ? '*:*' : q, { defaultOperator: this.qop, schema: this.schema });
      this.qTags = parsed.localParams?.tags ?? [];
      qHits = this.evaluate(parsed.ast, this.contextFor(parsed, needScores, qFields, tie));
    }
    this.qHits = qHits;

    // Filters.
    for (const fq of p.all('fq')) {
      if (fq.trim() === '') continue;
      // What an fq matches depends on its text, q.op and the default fields (and the clock, for NOW).
      const key = fq.includes('NOW') ? null : `${this.qop}\u0000${this.defaultFields.map((f) => f.field).join(',')}\u0000${fq}`;
      const cached = key === null ? undefined : this.filterCache?.get(key);
      if (cached) {
        this.fqs.push(cached);
        continue;
      }
      const parsed = parseQuery(fq, { defaultOperator: this.qop, schema: this.schema });
      if (parsed.body.trim() === '' && parsed.localParams) continue;
      const hits = this.evaluate(parsed.ast, this.contextFor(parsed, false, this.defaultFields, 0));
      const filter = { tags: parsed.localParams?.tags ?? [], bits: hits.bits };
      this.fqs.push(filter);
      if (key !== null && this.filterCache) {
        if (this.filterCache.size >= FILTER_CACHE_ENTRIES) this.filterCache.delete(this.filterCache.keys().next().value as string);
        this.filterCache.set(key, filter);
      }
    }
    const base = qHits.bits.slice();
    andInto(base, index.live);
    for (const fq of this.fqs) andInto(base, fq.bits);
    this.base = base;
    const numFound = countBits(base);

    // Scores: bq / bf / boost (edismax) on the matching documents only.
    let scores = qHits.scores;
    if (needScores && (bqs.length > 0 || bfs.length > 0 || boosts.length > 0)) {
      scores = this.applyBoosts(base, qHits, bqs, bfs, boosts, qFields, tie);
    }
    const scoreOf = scores ? (d: number) => scores[d]! : () => qHits.constant;

    // Documents.
    const slots = this.selectDocs(base, numFound, start, rows, sortKeysSpec, scores, scoreOf, ids);
    const docs = slots.map((d) => this.project(index.docs[d]!, fl, scoreOf(d)));

    const response: SolrResponse = {
      responseHeader: { status: 0, QTime: 0, params: this.echo() },
      response: { numFound, start, docs },
    };
    if (parseBoolParam('facet', p.get('facet'), false)) response.facet_counts = this.facets();
    if (parseBoolParam('spellcheck', p.get('spellcheck'), false)) {
      const sc = this.spellcheck();
      if (sc) response.spellcheck = sc;
    }
    response.responseHeader.QTime = Math.round(performance.now() - started);
    return response;
  }

  private echo(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const [name, values] of this.p.map) {
      if (values.length === 0) continue;
      out[name] = values.length === 1 ? values[0]! : [...values];
    }
    return out;
  }

  private parseIds(value: string): string[] {
    const out: string[] = [];
    const seen = new Set<string>();
    for (const raw of value.split(',')) {
      const id = raw.trim();
      if (id.length === 0 || seen.has(id)) continue;
      seen.add(id);
      out.push(id);
      if (out.length > MAX_IDS) fail(`Too many ids: at most ${MAX_IDS}`);
    }
    return out;
  }

  private parseQf(qf: string): FieldRef[] {
    const out: FieldRef[] = [];
    for (const part of qf.trim().split(/[\s,]+/)) {
      if (part.length === 0) continue;
      const caret = part.indexOf('^');
      const field = caret >= 0 ? part.slice(0, caret) : part;
      const boost = caret >= 0 ? parseNumber(part.slice(caret + 1)) : 1;
      if (boost === undefined) fail(`Malformed qf entry '${part}': the boost after '^' must be a number`);
      out.push(this.checkSearchField(field, boost));
    }
    return out;
  }

  private contextFor(parsed: ParsedQuery, scores: boolean, fields: readonly FieldRef[], tie: number): EvalContext {
    const lp = parsed.localParams;
    const df = lp?.params.df;
    const op = (lp?.params['q.op'] ?? this.qop) as 'AND' | 'OR';
    return { scores, defaultFields: df ? [this.checkSearchField(df, 1)] : fields, defaultOperator: op, tie };
  }

  private parseFl(fl: string | undefined): { all: boolean; score: boolean; names: Set<string>; globs: string[] } {
    const out = { all: false, score: false, names: new Set<string>(), globs: [] as string[] };
    if (fl === undefined || fl.trim() === '') {
      out.all = true;
      return out;
    }
    for (const item of fl.split(/[\s,]+/)) {
      if (item === '') continue;
      if (item === '*') out.all = true;
      else if (item === 'score') out.score = true;
      else if (item.includes('*')) out.globs.push(item.replaceAll('*', WILD_ANY).replaceAll('?', WILD_ONE));
      else out.names.add(item);
    }
    if (!out.all && out.names.size === 0 && out.globs.length === 0 && !out.score) out.all = true;
    return out;
  }

  private project(doc: SearchDocument, fl: ReturnType<Request['parseFl']>, score: number): Record<string, FieldValue> {
    const out: Record<string, FieldValue> = {};
    for (const name in doc) {
      if (fl.all || fl.names.has(name) || fl.globs.some((g) => globMatch(g, name))) {
        const v = doc[name];
        if (v !== undefined) out[name] = Array.isArray(v) ? ([...v] as FieldValue) : v;
      }
    }
    if (fl.score) out.score = score;
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Query evaluation.

  private empty(): Hits {
    return { bits: newBits(this.maxDoc), scores: null, constant: 0 };
  }

  private evaluate(node: QueryNode, ctx: EvalContext): Hits {
    switch (node.kind) {
      case 'all':
        return { bits: this.index.live.slice(0, (this.maxDoc + 31) >>> 5), scores: null, constant: node.boost ?? 1 };
      case 'bool':
        return this.evalBool(node, ctx);
      case 'exists':
        return this.evalLeaf(node, node.field, ctx, 1);
      default: {
        if (node.field !== null) return this.evalLeaf(node, node.field, ctx, 1);
        const fields = ctx.defaultFields;
        if (fields.length === 0) return this.empty();
        if (fields.length === 1) return this.evalLeaf(node, fields[0]!.field, ctx, fields[0]!.boost);
        return this.disjunction(fields.map((f) => this.evalLeaf(node, f.field, ctx, f.boost)), ctx);
      }
    }
  }

  /** Dismax: the union, scored by the best field plus `tie` times the others. */
  private disjunction(parts: Hits[], ctx: EvalContext): Hits {
    const bits = newBits(this.maxDoc);
    for (const h of parts) orInto(bits, h.bits);
    if (!ctx.scores) return { bits, scores: null, constant: 0 };
    const best = this.pool.take();
    const sum = ctx.tie > 0 ? this.pool.take() : null;
    for (const h of parts) {
      const hb = h.bits;
      for (let w = 0; w < hb.length; w++) {
        let word = hb[w]!;
        while (word !== 0) {
          const t = word & -word;
          const d = (w << 5) + 31 - Math.clz32(t);
          word ^= t;
          const s = h.scores ? h.scores[d]! : h.constant;
          if (s > best[d]!) best[d] = s;
          if (sum) sum[d] = sum[d]! + s;
        }
      }
    }
    if (sum) for (let d = 0; d < best.length; d++) best[d] = best[d]! + ctx.tie * (sum[d]! - best[d]!);
    return { bits, scores: best, constant: 0 };
  }

  private evalBool(node: Extract<QueryNode, { kind: 'bool' }>, ctx: EvalContext): Hits {
    const must = node.must.map((n) => this.evaluate(n, ctx));
    const should = node.should.map((n) => this.evaluate(n, ctx));
    let bits: Bits;
    if (must.length > 0) {
      bits = must[0]!.bits.slice();
      for (let i = 1; i < must.length; i++) andInto(bits, must[i]!.bits);
    } else if (should.length > 0) {
      bits = should[0]!.bits.slice();
      for (let i = 1; i < should.length; i++) orInto(bits, should[i]!.bits);
    } else bits = this.index.live.slice(0, (this.maxDoc + 31) >>> 5);
    if (node.mustNot.length > 0) {
      const noScores = { ...ctx, scores: false };
      for (const n of node.mustNot) andNotInto(bits, this.evaluate(n, noScores).bits);
    }
    const boost = node.boost ?? 1;
    if (!ctx.scores) return { bits, scores: null, constant: 0 };
    const scorers = [...must, ...should];
    if (scorers.length === 0) return { bits, scores: null, constant: boost };
    if (scorers.length === 1 && !scorers[0]!.scores) return { bits, scores: null, constant: scorers[0]!.constant * boost };
    const acc = this.pool.take();
    for (const h of scorers) {
      const hb = h.bits;
      for (let w = 0; w < bits.length; w++) {
        let word = bits[w]! & hb[w]!;
        while (word !== 0) {
          const t = word & -word;
          const d = (w << 5) + 31 - Math.clz32(t);
          word ^= t;
          acc[d] = acc[d]! + (h.scores ? h.scores[d]! : h.constant) * boost;
        }
      }
    }
    return { bits, scores: acc, constant: 0 };
  }

  private evalLeaf(node: QueryNode, field: string, ctx: EvalContext, fieldBoost: number): Hits {
    const type = this.index.fieldType(field);
    if (!type) fail(`Unknown field '${field}'`);
    if (type.kind === 'location') fail(`The field '${field}' is stored only and cannot be searched`);
    const boost = (node.boost ?? 1) * fieldBoost;
    if (field === 'id') return this.evalId(node, boost);
    if (type.kind === 'text') {
      const tf = this.index.text.get(field);
      return tf ? this.evalText(node, tf, ctx, boost) : this.empty();
    }
    const kw = this.index.keyword.get(field);
    if (!kw) {
      this.checkKeywordNode(node, field, type);
      return this.empty();
    }
    return this.evalKeyword(node, kw, boost);
  }

  /** Validation for fields known by prefix but without values (so the request still fails like Solr would). */
  private checkKeywordNode(node: QueryNode, field: string, type: FieldType): void {
    if (!isNumericKind(type.kind)) return;
    if (node.kind === 'term' || node.kind === 'phrase') this.numericKey(type, field, node.value);
    if (node.kind === 'range') {
      if (node.lower !== null) this.numericKey(type, field, node.lower);
      if (node.upper !== null) this.numericKey(type, field, node.upper);
    }
    if (node.kind === 'prefix' || node.kind === 'wildcard') fail(`Wildcard queries are not supported on the ${type.kind} field '${field}'`);
  }

  private numericKey(type: FieldType, field: string, value: string): number {
    const v = value.trim();
    const n = type.kind === 'date' ? parseDate(v) : parseNumber(v);
    if (n === undefined) fail(type.kind === 'date' ? `Value '${value}' is not a date for the date field '${field}'` : `Value '${value}' is not a number for the numeric field '${field}'`);
    return n;
  }

  private evalId(node: QueryNode, boost: number): Hits {
    const bits = newBits(this.maxDoc);
    const slotOf = this.index.slotOf;
    const match = (test: (id: string) => boolean) => {
      for (const [id, slot] of slotOf) if (test(id)) setBit(bits, slot);
    };
    switch (node.kind) {
      case 'term':
      case 'phrase': {
        const slot = slotOf.get(node.value);
        if (slot !== undefined) setBit(bits, slot);
        break;
      }
      case 'prefix':
        match((id) => id.startsWith(node.value));
        break;
      case 'wildcard':
        match((id) => globMatch(node.pattern, id));
        break;
      case 'exists':
        bits.set(this.index.live.subarray(0, bits.length));
        break;
      case 'range':
        match((id) => inStringRange(id, node));
        break;
      default:
        break;
    }
    return { bits, scores: null, constant: boost };
  }

  private evalKeyword(node: QueryNode, kw: KeywordField, boost: number): Hits {
    const bits = newBits(this.maxDoc);
    const maxDoc = this.maxDoc;
    const values = kw.values;
    const byMask = (test: (v: string | number) => boolean) => {
      const mask = new Uint8Array(values.length);
      let n = 0;
      let last = -1;
      for (let i = 0; i < values.length; i++) {
        if (kw.liveCounts[i]! > 0 && test(values[i]!)) {
          mask[i] = 1;
          n++;
          last = i;
        }
      }
      if (n === 1) kw.collectOrd(last, maxDoc, bits);
      else if (n > 1) kw.collectMask(mask, maxDoc, bits);
    };
    switch (node.kind) {
      case 'term':
      case 'phrase': {
        const key = kw.numeric ? this.numericKey(kw.type, kw.name, node.value) : kw.keyOf(node.value);
        if (node.kind === 'term' && node.fuzzy && !kw.numeric && kw.type.kind === 'string') {
          const max = node.fuzzy;
          byMask((v) => editDistance(String(v), node.value, max) <= max);
          break;
        }
        const ord = key === undefined ? undefined : kw.dict.get(key);
        if (ord !== undefined) kw.collectOrd(ord, maxDoc, bits);
        break;
      }
      case 'prefix':
        if (kw.numeric) fail(`Wildcard queries are not supported on the ${kw.type.kind} field '${kw.name}'`);
        byMask((v) => String(v).startsWith(node.value));
        break;
      case 'wildcard':
        if (kw.numeric) fail(`Wildcard queries are not supported on the ${kw.type.kind} field '${kw.name}'`);
        byMask((v) => globMatch(node.pattern, String(v)));
        break;
      case 'exists':
        kw.collectExists(maxDoc, bits);
        break;
      case 'range':
        if (kw.numeric) {
          const lo = node.lower === null ? -Infinity : this.numericKey(kw.type, kw.name, node.lower);
          const hi = node.upper === null ? Infinity : this.numericKey(kw.type, kw.name, node.upper);
          kw.collectRange(lo, hi, node.includeLower || node.lower === null, node.includeUpper || node.upper === null, maxDoc, bits);
        } else byMask((v) => inStringRange(String(v), node));
        break;
      default:
        break;
    }
    return { bits, scores: null, constant: boost };
  }

  private evalText(node: QueryNode, tf: TextField, ctx: EvalContext, boost: number): Hits {
    const maxDoc = this.maxDoc;
    const byTerms = (test: (term: string) => boolean, sorted?: { from: string }) => {
      const bits = newBits(maxDoc);
      const terms = sorted ? tf.sortedTerms() : tf.terms;
      const startAt = sorted ? lowerBound(terms, sorted.from) : 0;
      for (let i = startAt; i < terms.length; i++) {
        const term = terms[i]!;
        if (sorted && !term.startsWith(sorted.from)) break;
        if (!test(term)) continue;
        const p = tf.postings[tf.termIds.get(term)!]!;
        for (let j = 0; j < p.length; j += 2) setBit(bits, p.data[j]!);
      }
      return { bits, scores: null, constant: boost };
    };
    switch (node.kind) {
      case 'term': {
        const tokens = node.raw ? [node.value] : analyze(node.value);
        if (tokens.length === 0) return this.empty();
        if (node.fuzzy && tokens.length === 1) {
          const word = fold(node.value);
          const max = node.fuzzy;
          const parts: Hits[] = [];
          for (const term of tf.terms) {
            if (Math.abs(term.length - word.length) > max) continue;
            if (term === tokens[0] || editDistance(term, word, max) <= max) parts.push(this.termHits(tf, tf.termIds.get(term)!, ctx, boost));
          }
          return this.combine(parts, 'OR', ctx);
        }
        const parts = tokens.map((t) => {
          const id = tf.termIds.get(t);
          return id === undefined ? this.empty() : this.termHits(tf, id, ctx, boost);
        });
        return parts.length === 1 ? parts[0]! : this.combine(parts, ctx.defaultOperator, ctx);
      }
      case 'phrase': {
        const tokens = analyze(node.value);
        if (tokens.length === 0) return this.empty();
        const ids = tokens.map((t) => tf.termIds.get(t));
        if (ids.some((id) => id === undefined)) return this.empty();
        if (ids.length === 1) return this.termHits(tf, ids[0]!, ctx, boost);
        return this.phraseHits(tf, ids as number[], node.slop ?? 0, ctx, boost);
      }
      case 'prefix': {
        const from = fold(node.value);
        return byTerms(() => true, { from });
      }
      case 'wildcard': {
        const pattern = fold(node.pattern);
        const lead = pattern.split(/[\uE000\uE001]/)[0]!;
        return byTerms((t) => globMatch(pattern, t), { from: lead });
      }
      case 'range': {
        const lower = node.lower === null ? null : fold(node.lower);
        const upper = node.upper === null ? null : fold(node.upper);
        return byTerms((t) => inStringRange(t, { ...node, lower, upper }));
      }
      case 'exists': {
        const bits = newBits(maxDoc);
        for (let d = 0; d < maxDoc; d++) if (tf.docLen[d]! > 0) setBit(bits, d);
        return { bits, scores: null, constant: boost };
      }
      default:
        return this.empty();
    }
  }

  private combine(parts: Hits[], op: 'AND' | 'OR', ctx: EvalContext): Hits {
    if (parts.length === 0) return this.empty();
    const bits = parts[0]!.bits.slice();
    for (let i = 1; i < parts.length; i++) (op === 'AND' ? andInto : orInto)(bits, parts[i]!.bits);
    if (!ctx.scores) return { bits, scores: null, constant: 0 };
    const acc = this.pool.take();
    for (const h of parts) {
      for (let w = 0; w < bits.length; w++) {
        let word = bits[w]! & h.bits[w]!;
        while (word !== 0) {
          const t = word & -word;
          const d = (w << 5) + 31 - Math.clz32(t);
          word ^= t;
          acc[d] = acc[d]! + (h.scores ? h.scores[d]! : h.constant);
        }
      }
    }
    return { bits, scores: acc, constant: 0 };
  }

  private idf(tf: TextField, df: number): number {
    const n = Math.max(tf.docCount, df);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  private termHits(tf: TextField, id: number, ctx: EvalContext, boost: number): Hits {
    const bits = newBits(this.maxDoc);
    const p = tf.postings[id]!;
    const data = p.data;
    const len = p.length;
    if (!ctx.scores) {
      for (let i = 0; i < len; i += 2) {
        const d = data[i]!;
        bits[d >>> 5] = bits[d >>> 5]! | (1 << (d & 31));
      }
      return { bits, scores: null, constant: 0 };
    }
    const scores = this.pool.take();
    const idf = this.idf(tf, len / 2) * boost;
    const avg = tf.docCount > 0 ? tf.sumLen / tf.docCount : 1;
    const docLen = tf.docLen;
    for (let i = 0; i < len; i += 2) {
      const d = data[i]!;
      const f = data[i + 1]!;
      bits[d >>> 5] = bits[d >>> 5]! | (1 << (d & 31));
      scores[d] = (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * docLen[d]!) / avg));
    }
    return { bits, scores, constant: 0 };
  }

  private phraseHits(tf: TextField, ids: number[], slop: number, ctx: EvalContext, boost: number): Hits {
    const maxDoc = this.maxDoc;
    const candidates = newBits(maxDoc);
    const order = [...new Set(ids)].sort((a, b) => tf.postings[a]!.length - tf.postings[b]!.length);
    for (let k = 0; k < order.length; k++) {
      const p = tf.postings[order[k]!]!;
      const tmp = k === 0 ? candidates : newBits(maxDoc);
      for (let i = 0; i < p.length; i += 2) setBit(tmp, p.data[i]!);
      if (k > 0) andInto(candidates, tmp);
    }
    const bits = newBits(maxDoc);
    const scores = ctx.scores ? this.pool.take() : null;
    const idfSum = ids.reduce((s, id) => s + this.idf(tf, tf.postings[id]!.length / 2), 0) * boost;
    const avg = tf.docCount > 0 ? tf.sumLen / tf.docCount : 1;
    const toks = tf.tokens.data;
    for (let w = 0; w < candidates.length; w++) {
      let word = candidates[w]!;
      while (word !== 0) {
        const t = word & -word;
        const d = (w << 5) + 31 - Math.clz32(t);
        word ^= t;
        const s = tf.offsets[d]!;
        const e = tf.offsets[d + 1]!;
        let freq = 0;
        for (let i = s; i < e; i++) {
          if (toks[i] !== ids[0]) continue;
          let pos = i;
          let ok = true;
          for (let k = 1; k < ids.length && ok; k++) {
            ok = false;
            for (let j = pos + 1; j <= pos + 1 + slop && j < e; j++) {
              if (toks[j] === ids[k]) {
                pos = j;
                ok = true;
                break;
              }
              if (toks[j] === -1) break;
            }
          }
          if (ok) freq++;
        }
        if (freq === 0) continue;
        setBit(bits, d);
        if (scores) scores[d] = (idfSum * freq * (K1 + 1)) / (freq + K1 * (1 - B + (B * tf.docLen[d]!) / avg));
      }
    }
    return { bits, scores, constant: 0 };
  }

  // -------------------------------------------------------------------------------------------
  // Boosts (edismax).

  private numericValues(field: string): Float64Array | null {
    if (this.numericCache.has(field)) return this.numericCache.get(field)!;
    const type = this.index.fieldType(field);
    if (!type) fail(`Unknown field '${field}' in function`);
    if (type.multi) fail(`Cannot use the multi-valued field '${field}' in a function`);
    if (!isNumericKind(type.kind) && type.kind !== 'bool') fail(`Cannot use the ${type.kind} field '${field}' in a function: it is not numeric`);
    const kw = this.index.keyword.get(field);
    let out: Float64Array | null = null;
    if (kw && kw.numeric) out = kw.nums;
    else if (kw) {
      out = new Float64Array(this.maxDoc).fill(NaN);
      for (let d = 0; d < this.maxDoc; d++) {
        const o = kw.ords[d]!;
        if (o >= 0) out[d] = kw.values[o] === 'true' ? 1 : 0;
      }
    }
    this.numericCache.set(field, out);
    return out;
  }

  private applyBoosts(base: Bits, qHits: Hits, bqs: readonly string[], bfs: readonly string[], boosts: readonly string[], fields: readonly FieldRef[], tie: number): Float32Array {
    const scores = this.pool.take();
    const docs = toDocs(base);
    for (const d of docs) scores[d] = qHits.scores ? qHits.scores[d]! : qHits.constant;
    for (const bq of bqs) {
      const parsed = parseQuery(bq, { defaultOperator: this.qop, schema: this.schema });
      const h = this.evaluate(parsed.ast, this.contextFor(parsed, true, fields, tie));
      for (const d of docs) if (hasBit(h.bits, d)) scores[d] = scores[d]! + (h.scores ? h.scores[d]! : h.constant);
    }
    const fn = (text: string) => compileFunction(parseFunction(text), (name) => this.numericValues(name));
    for (const bf of bfs) {
      // bf may carry a ^boost per function: "recip(…)^2 fs_rating".
      for (const part of splitFunctions(bf)) {
        const f = fn(part.fn);
        for (const d of docs) scores[d] = scores[d]! + f(d) * part.boost;
      }
    }
    for (const boost of boosts) {
      const f = fn(boost);
      for (const d of docs) scores[d] = scores[d]! * f(d);
    }
    return scores;
  }

  // -------------------------------------------------------------------------------------------
  // Sorting and paging.

  private selectDocs(
    base: Bits,
    numFound: number,
    start: number,
    rows: number,
    sortSpec: string | null,
    scores: Float32Array | null,
    scoreOf: (d: number) => number,
    ids: string[] | null,
  ): number[] {
    const hasScores = scores !== null;
    const keys: SortKey[] = sortSpec === null ? (ids ? [] : [{ cmp: (a, b) => scoreOf(b) - scoreOf(a), usesScore: true, values: null, desc: true }]) : this.parseSort(sortSpec, scoreOf);
    if (rows === 0 || start >= numFound) return [];
    if (ids && sortSpec === null) {
      const slots: number[] = [];
      for (const id of ids) {
        const slot = this.index.slotOf.get(id);
        if (slot !== undefined && hasBit(base, slot)) slots.push(slot);
      }
      return slots.slice(start, start + rows);
    }
    const effective = keys.filter((k) => !k.usesScore || hasScores);
    if (effective.length === 0) return firstDocs(base, start, rows);
    const cmp = (a: number, b: number) => {
      for (const k of effective) {
        const c = k.cmp(a, b);
        if (c !== 0) return c;
      }
      return a - b;
    };
    const k = Math.min(start + rows, numFound);
    const only = effective.length === 1 ? effective[0]! : null;
    const values = only && only.values !== undefined ? (only.values ?? scores) : undefined;
    if (values && k < numFound) return topKByValue(base, values, only!.desc === true, k).slice(start, start + rows);
    const picked = k >= numFound ? Array.from(toDocs(base, numFound)).sort(cmp) : topKBits(base, k, cmp);
    return picked.slice(start, start + rows);
  }

  private parseSort(spec: string, scoreOf: (d: number) => number): SortKey[] {
    const keys: SortKey[] = [];
    for (const part of spec.split(',')) {
      const item = part.trim();
      if (item === '') continue;
      const m = /^(\S+)\s+(\S+)$/.exec(item);
      if (!m) fail(`Malformed sort '${item}': expected 'field asc' or 'field desc'`);
      const [, field, dirRaw] = m as unknown as [string, string, string];
      const dir = dirRaw.toLowerCase();
      if (dir !== 'asc' && dir !== 'desc') fail(`Sort direction must be asc or desc, got '${dirRaw}'`);
      const sign = dir === 'asc' ? 1 : -1;
      if (field === 'score') {
        keys.push({ cmp: (a, b) => sign * (scoreOf(a) - scoreOf(b)), usesScore: true, values: null, desc: sign < 0 });
        continue;
      }
      if (/^random(_\w*)?$/.test(field)) {
        const seed = hashSeed(field);
        const h = this.index.idHash;
        keys.push({ cmp: (a, b) => sign * (mix32(h[a]! ^ seed) - mix32(h[b]! ^ seed)), usesScore: false });
        continue;
      }
      if (field === 'id') {
        const docs = this.index.docs;
        keys.push({ cmp: (a, b) => sign * (docs[a]!.id < docs[b]!.id ? -1 : docs[a]!.id > docs[b]!.id ? 1 : 0), usesScore: false });
        continue;
      }
      const type = this.index.fieldType(field);
      if (!type) fail(`Cannot sort on unknown field '${field}'`);
      if (type.kind === 'text') fail(`Cannot sort on the text field '${field}': it is tokenized`);
      if (type.kind === 'location') fail(`Cannot sort on the location field '${field}'`);
      if (type.multi) fail(`Cannot sort on the multi-valued field '${field}'`);
      const kw = this.index.keyword.get(field);
      if (!kw) continue;
      if (kw.numeric) {
        const nums = kw.nums;
        keys.push({
          cmp: (a, b) => {
            const x = nums[a]!;
            const y = nums[b]!;
            if (x !== x) return y !== y ? 0 : 1;
            if (y !== y) return -1;
            return x === y ? 0 : sign * (x < y ? -1 : 1);
          },
          usesScore: false,
          values: nums,
          desc: sign < 0,
        });
      } else {
        const ranks = kw.sortedOrder().ranks;
        const ords = kw.ords;
        keys.push({
          cmp: (a, b) => {
            const x = ords[a]!;
            const y = ords[b]!;
            if (x < 0) return y < 0 ? 0 : 1;
            if (y < 0) return -1;
            return sign * (ranks[x]! - ranks[y]!);
          },
          usesScore: false,
        });
      }
    }
    return keys;
  }

  // -------------------------------------------------------------------------------------------
  // Facets.

  /** The documents facets count over when excluding the filters tagged with any of `ex`. */
  private domainFor(ex: readonly string[]): Bits {
    const excluded = new Set(ex);
    const hit = (tags: readonly string[]) => tags.some((t) => excluded.has(t));
    const relevant = this.fqs.some((fq) => hit(fq.tags)) || hit(this.qTags);
    if (!relevant) return this.base;
    const key = [...excluded].sort().join('\u0000');
    const cached = this.domains.get(key);
    if (cached) return cached;
    const bits = hit(this.qTags) ? this.index.live.slice(0, (this.maxDoc + 31) >>> 5) : this.qHits!.bits.slice();
    andInto(bits, this.index.live);
    for (const fq of this.fqs) if (!hit(fq.tags)) andInto(bits, fq.bits);
    this.domains.set(key, bits);
    return bits;
  }

  private facets(): NonNullable<SolrResponse['facet_counts']> {
    const out: NonNullable<SolrResponse['facet_counts']> = { facet_queries: {}, facet_fields: {}, facet_ranges: {}, facet_dates: {} };
    for (const raw of this.p.all('facet.query')) {
      if (raw.trim() === '') continue;
      const parsed = parseQuery(raw, { defaultOperator: this.qop, schema: this.schema });
      const domain = this.domainFor(parsed.localParams?.ex ?? []);
      const hits = this.evaluate(parsed.ast, this.contextFor(parsed, false, this.defaultFields, 0));
      out.facet_queries[parsed.localParams?.key ?? raw] = countAnd(domain, hits.bits);
    }
    for (const raw of this.p.all('facet.field')) {
      if (raw.trim() === '') continue;
      const { localParams, body } = splitLocalParams(raw);
      const field = body.trim();
      const key = localParams?.key ?? field;
      out.facet_fields[key] = this.fieldFacet(field, key, localParams) as Record<string, number> | (string | number)[];
    }
    for (const raw of this.p.all('facet.range')) {
      if (raw.trim() === '') continue;
      const { localParams, body } = splitLocalParams(raw);
      const field = body.trim();
      const key = localParams?.key ?? field;
      out.facet_ranges[key] = this.rangeFacet(field, key, localParams);
    }
    return out;
  }

  private facetParam(name: string, field: string, key: string, lp: LocalParams | null): string | undefined {
    return lp?.params[name] ?? this.p.get(`f.${key}.${name}`) ?? this.p.get(`f.${field}.${name}`) ?? this.p.get(name);
  }

  private fieldFacet(field: string, key: string, lp: LocalParams | null): NamedList {
    const type = this.index.fieldType(field);
    if (!type) fail(`Unknown field '${field}' in facet.field`);
    if (type.kind === 'location') fail(`Cannot facet on the location field '${field}'`);
    if (field === 'id') fail(`Faceting on 'id' is not supported`);
    const param = (name: string) => this.facetParam(name, field, key, lp);
    const limit = parseIntParam('facet.limit', param('facet.limit'), 100, -1, 2_147_483_647);
    const mincount = parseIntParam('facet.mincount', param('facet.mincount'), 0, 0, 2_147_483_647);
    const offset = parseIntParam('facet.offset', param('facet.offset'), 0, 0, 2_147_483_647);
    const missing = parseBoolParam('facet.missing', param('facet.missing'), false);
    const sortRaw = (param('facet.sort') ?? (limit > 0 ? 'count' : 'index')).trim().toLowerCase();
    const sort = sortRaw === 'true' ? 'count' : sortRaw === 'false' || sortRaw === 'lex' ? 'index' : sortRaw;
    if (sort !== 'count' && sort !== 'index') fail(`Parameter 'facet.sort' must be count or index, got '${sortRaw}'`);
    const prefix = param('facet.prefix');
    const contains = param('facet.contains');
    const ignoreCase = parseBoolParam('facet.contains.ignoreCase', param('facet.contains.ignoreCase'), false);
    const domain = this.domainFor(lp?.ex ?? []);

    let labels: string[];
    let counts: Int32Array;
    let missingCount = 0;
    let order: Int32Array | null = null;
    const text = this.index.text.get(field);
    const kw = this.index.keyword.get(field);
    if (text) {
      labels = text.terms;
      counts = this.countTextTerms(text, domain);
      if (missing) missingCount = this.countWhere(domain, (d) => text.docLen[d] === 0);
    } else if (kw) {
      labels = kw.values.map((v) => formatValue(kw.type.kind, v));
      const r = this.countOrds(kw, domain, missing);
      counts = r.counts;
      missingCount = r.missing;
      if (sort === 'index' || kw.numeric) order = kw.sortedOrder().ranks;
    } else {
      labels = [];
      counts = new Int32Array(0);
      if (missing) missingCount = countBits(domain);
    }

    const accept = (i: number) => {
      if (counts[i]! < mincount || (kw && kw.liveCounts[i]! === 0)) return false;
      const label = labels[i]!;
      if (prefix !== undefined && !label.startsWith(prefix)) return false;
      if (contains !== undefined && !(ignoreCase ? label.toLowerCase().includes(contains.toLowerCase()) : label.includes(contains))) return false;
      return true;
    };
    const rank = order ? (i: number) => order![i]! : null;
    const byIndex = (a: number, b: number) => (rank ? rank(a) - rank(b) : labels[a]! < labels[b]! ? -1 : labels[a]! > labels[b]! ? 1 : 0);
    const candidates: number[] = [];
    for (let i = 0; i < counts.length; i++) if (accept(i)) candidates.push(i);
    const cmp = sort === 'count' ? (a: number, b: number) => counts[b]! - counts[a]! || byIndex(a, b) : byIndex;
    const wanted = limit < 0 ? candidates.length : Math.min(candidates.length, offset + limit);
    const picked = topK(candidates, wanted, cmp).slice(offset);
    const entries: [string | null, number][] = picked.map((i) => [labels[i]!, counts[i]!]);
    if (missing) entries.push([null, missingCount]);
    return namedList(entries, this.map);
  }

  private countWhere(domain: Bits, test: (d: number) => boolean): number {
    let n = 0;
    for (let w = 0; w < domain.length; w++) {
      let word = domain[w]!;
      while (word !== 0) {
        const t = word & -word;
        if (test((w << 5) + 31 - Math.clz32(t))) n++;
        word ^= t;
      }
    }
    return n;
  }

  /** Per-ordinal counts over the domain (counting the complement when that is smaller). */
  private countOrds(kw: KeywordField, domain: Bits, withMissing: boolean): { counts: Int32Array; missing: number } {
    const n = kw.values.length;
    const live = this.index.live;
    const domainCount = countBits(domain);
    const complement = domainCount * 2 > this.index.liveCount;
    let set = domain;
    if (complement) {
      set = live.slice(0, domain.length);
      andNotInto(set, domain);
    }
    const counts = new Int32Array(n);
    let missing = 0;
    if (kw.type.multi) {
      const offsets = kw.offsets;
      const vals = kw.mvals.data;
      for (let w = 0; w < set.length; w++) {
        let word = set[w]!;
        while (word !== 0) {
          const t = word & -word;
          const d = (w << 5) + 31 - Math.clz32(t);
          word ^= t;
          const s = offsets[d]!;
          const e = offsets[d + 1]!;
          if (s === e) missing++;
          for (let i = s; i < e; i++) counts[vals[i]!]!++;
        }
      }
    } else {
      const ords = kw.ords;
      for (let w = 0; w < set.length; w++) {
        let word = set[w]!;
        while (word !== 0) {
          const t = word & -word;
          const o = ords[(w << 5) + 31 - Math.clz32(t)]!;
          word ^= t;
          if (o >= 0) counts[o]!++;
          else missing++;
        }
      }
    }
    if (!complement) return { counts, missing };
    for (let i = 0; i < n; i++) counts[i] = kw.liveCounts[i]! - counts[i]!;
    const liveMissing = this.index.liveCount - kw.liveWithField;
    return { counts, missing: withMissing ? liveMissing - missing : 0 };
  }

  private countTextTerms(text: TextField, domain: Bits): Int32Array {
    const counts = new Int32Array(text.terms.length);
    const lastDoc = new Int32Array(text.terms.length).fill(-1);
    const toks = text.tokens.data;
    for (let w = 0; w < domain.length; w++) {
      let word = domain[w]!;
      while (word !== 0) {
        const t = word & -word;
        const d = (w << 5) + 31 - Math.clz32(t);
        word ^= t;
        for (let i = text.offsets[d]!, e = text.offsets[d + 1]!; i < e; i++) {
          const id = toks[i]!;
          if (id >= 0 && lastDoc[id] !== d) {
            lastDoc[id] = d;
            counts[id]!++;
          }
        }
      }
    }
    return counts;
  }

  private rangeFacet(field: string, key: string, lp: LocalParams | null): NonNullable<SolrResponse['facet_counts']>['facet_ranges'][string] {
    const type = this.index.fieldType(field);
    if (!type) fail(`Unknown field '${field}' in facet.range`);
    if (!isNumericKind(type.kind)) fail(`facet.range needs a numeric or date field, '${field}' is a ${type.kind} field`);
    const param = (name: string) => this.facetParam(name, field, key, lp);
    const need = (name: string) => {
      const v = param(name);
      if (v === undefined || v.trim() === '') fail(`Missing required parameter: f.${field}.${name} (or ${name})`);
      return v.trim();
    };
    const isDate = type.kind === 'date';
    const startRaw = need('facet.range.start');
    const endRaw = need('facet.range.end');
    const gapRaw = need('facet.range.gap');
    const value = (name: string, raw: string) => {
      const v = isDate ? parseDate(raw) : parseNumber(raw);
      if (v === undefined) fail(`Parameter '${name}' for facet.range on '${field}' must be ${isDate ? 'a date' : 'a number'}, got '${raw}'`);
      return v;
    };
    const start = value('facet.range.start', startRaw);
    const end = value('facet.range.end', endRaw);
    const next = (lo: number): number => {
      if (isDate) {
        const v = parseDate(`${formatDate(lo)}${gapRaw.startsWith('+') || gapRaw.startsWith('-') || gapRaw.startsWith('/') ? '' : '+'}${gapRaw}`);
        if (v === undefined) fail(`Parameter 'facet.range.gap' for '${field}' must be date math like +1DAY, got '${gapRaw}'`);
        return v;
      }
      return lo + gap;
    };
    const gap = isDate ? 0 : value('facet.range.gap', gapRaw);
    if (!isDate && !(gap > 0)) fail(`Parameter 'facet.range.gap' for '${field}' must be positive, got '${gapRaw}'`);
    if (end < start) fail(`facet.range.end must not be before facet.range.start for '${field}'`);
    const hardend = parseBoolParam('facet.range.hardend', param('facet.range.hardend'), false);
    // Repeatable (or comma-separated) values: local params, else f.{key|field}.name, else name.
    const listParam = (name: string): string[] => {
      const local = lp?.params[name];
      if (local !== undefined) return [local];
      for (const scoped of [`f.${key}.${name}`, `f.${field}.${name}`]) if (this.p.all(scoped).length > 0) return [...this.p.all(scoped)];
      return [...this.p.all(name)];
    };
    const split = (values: string[]) => values.flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()).filter((v) => v.length > 0);
    const include = new Set(split(listParam('facet.range.include')));
    for (const v of include) if (!['lower', 'upper', 'edge', 'outer', 'all'].includes(v)) fail(`Unknown facet.range.include '${v}'`);
    if (include.size === 0) include.add('lower');
    if (include.has('all')) for (const v of ['lower', 'upper', 'edge', 'outer']) include.add(v);
    const other = new Set(split(listParam('facet.range.other')));
    for (const v of other) if (!['before', 'after', 'between', 'all', 'none'].includes(v)) fail(`Unknown facet.range.other '${v}'`);
    if (other.has('all')) for (const v of ['before', 'after', 'between']) other.add(v);
    if (other.has('none')) other.clear();
    const mincount = parseIntParam('facet.mincount', param('facet.mincount'), 0, 0, 2_147_483_647);

    const lows: number[] = [];
    const highs: number[] = [];
    let lo = start;
    while (lo < end) {
      if (lows.length >= MAX_RANGE_BUCKETS) fail(`facet.range on '${field}' would make more than ${MAX_RANGE_BUCKETS} buckets: use a larger gap`);
      let hi = next(lo);
      if (!(hi > lo)) fail(`Parameter 'facet.range.gap' for '${field}' must move forward, got '${gapRaw}'`);
      if (hardend && hi > end) hi = end;
      lows.push(lo);
      highs.push(hi);
      lo = hi;
    }
    const last = lows.length - 1;
    const realEnd = last >= 0 ? highs[last]! : end;
    const incLo = (i: number) => include.has('lower') || (include.has('edge') && i === 0);
    const incHi = (i: number) => include.has('upper') || (include.has('edge') && i === last);
    const contains = (i: number, v: number) => (incLo(i) ? v >= lows[i]! : v > lows[i]!) && (incHi(i) ? v <= highs[i]! : v < highs[i]!);
    const beforeIncUpper = include.has('outer') || !(include.has('lower') || include.has('edge'));
    const afterIncLower = include.has('outer') || !(include.has('upper') || include.has('edge'));
    const betweenIncLo = include.has('lower') || include.has('edge');
    const betweenIncHi = include.has('upper') || include.has('edge');

    const counts = new Int32Array(lows.length);
    const lastDoc = new Int32Array(lows.length).fill(-1);
    let before = 0;
    let after = 0;
    let between = 0;
    const domain = this.domainFor(lp?.ex ?? []);
    const kw = this.index.keyword.get(field);
    if (kw) {
      const visit = (d: number, v: number, flags: { b: boolean; a: boolean; w: boolean }) => {
        // Binary search: the last bucket whose lower bound is ≤ v.
        let l = 0;
        let h = lows.length - 1;
        let idx = -1;
        while (l <= h) {
          const m = (l + h) >> 1;
          if (lows[m]! <= v) {
            idx = m;
            l = m + 1;
          } else h = m - 1;
        }
        for (const i of [idx, idx - 1]) {
          if (i >= 0 && lastDoc[i] !== d && contains(i, v)) {
            lastDoc[i] = d;
            counts[i]!++;
          }
        }
        if (!flags.b && (beforeIncUpper ? v <= start : v < start)) flags.b = true;
        if (!flags.a && (afterIncLower ? v >= realEnd : v > realEnd)) flags.a = true;
        if (!flags.w && (betweenIncLo ? v >= start : v > start) && (betweenIncHi ? v <= realEnd : v < realEnd)) flags.w = true;
      };
      for (let w = 0; w < domain.length; w++) {
        let word = domain[w]!;
        while (word !== 0) {
          const t = word & -word;
          const d = (w << 5) + 31 - Math.clz32(t);
          word ^= t;
          const flags = { b: false, a: false, w: false };
          if (kw.type.multi) {
            for (let i = kw.offsets[d]!, e = kw.offsets[d + 1]!; i < e; i++) visit(d, kw.mnums.data[i]!, flags);
          } else {
            const v = kw.nums[d]!;
            if (v === v) visit(d, v, flags);
          }
          if (flags.b) before++;
          if (flags.a) after++;
          if (flags.w) between++;
        }
      }
    }
    const label = (v: number) => formatValue(type.kind, v);
    const entries: [string, number][] = [];
    for (let i = 0; i < lows.length; i++) if (counts[i]! >= mincount) entries.push([label(lows[i]!), counts[i]!]);
    const result: NonNullable<SolrResponse['facet_counts']>['facet_ranges'][string] = {
      counts: namedList(entries, this.map) as Record<string, number> | (string | number)[],
      gap: isDate ? gapRaw : gap,
      start: isDate ? formatDate(start) : start,
      end: isDate ? formatDate(realEnd) : realEnd,
    };
    if (other.has('before')) result.before = before;
    if (other.has('after')) result.after = after;
    if (other.has('between')) result.between = between;
    return result;
  }

  // -------------------------------------------------------------------------------------------
  // Spellcheck.

  private spellcheck(): SolrResponse['spellcheck'] | null {
    const p = this.p;
    const explicit = p.get('spellcheck.q');
    const q = p.get('q');
    const text = explicit ?? (q && q.trim() !== '*:*' ? q : '');
    const count = parseIntParam('spellcheck.count', p.get('spellcheck.count'), 1, 1, 50);
    const collate = parseBoolParam('spellcheck.collate', p.get('spellcheck.collate'), true);
    const vocab = this.index.vocab;
    const entries: [string, unknown][] = [];
    const replacements: { start: number; end: number; word: string }[] = [];
    if (text.length <= 2000) {
      for (const w of wordsWithOffsets(text)) {
        if (explicit === undefined) {
          // Skip field names and operators of a query.
          if (text[w.end] === ':' || /^(AND|OR|NOT|TO)$/.test(text.slice(w.start, w.end))) continue;
        }
        if (w.word.length < 3 || /^\d+$/.test(w.word) || vocab.has(w.word) || vocab.has(stem(w.word))) continue;
        const suggestions = this.spellSuggestions(w.word, count);
        if (suggestions.length === 0) continue;
        entries.push([text.slice(w.start, w.end), { numFound: suggestions.length, startOffset: w.start, endOffset: w.end, suggestion: suggestions }]);
        replacements.push({ start: w.start, end: w.end, word: suggestions[0]!.word });
      }
    }
    const result: { suggestions: unknown[]; collations?: unknown[] } = { suggestions: namedList(entries, this.map) as unknown[] };
    if (collate) {
      // Like Solr, the collation corrects the main query (q) when there is one, else the spellcheck text.
      const base = explicit !== undefined && q !== undefined && q.trim() !== '' && q.trim() !== '*:*' ? q : text;
      let spans = replacements;
      if (base !== text) {
        const fixes = new Map(replacements.map((r) => [fold(text.slice(r.start, r.end)), r.word]));
        spans = [];
        for (const w of wordsWithOffsets(base)) {
          const fix = fixes.get(w.word);
          if (fix !== undefined && base[w.end] !== ':') spans.push({ start: w.start, end: w.end, word: fix });
        }
      }
      let collation = '';
      let at = 0;
      for (const r of spans) {
        collation += base.slice(at, r.start) + r.word;
        at = r.end;
      }
      collation += base.slice(at);
      result.collations = namedList(spans.length > 0 ? [['collation', collation]] : [], this.map) as unknown[];
    }
    return result;
  }

  private spellSuggestions(word: string, count: number): { word: string; freq: number }[] {
    const vocab = this.index.vocabWords();
    const first = word[0]!;
    const found: { word: string; freq: number; dist: number }[] = [];
    for (let i = lowerBound(vocab, first); i < vocab.length && vocab[i]![0] === first; i++) {
      const candidate = vocab[i]!;
      if (Math.abs(candidate.length - word.length) > 2) continue;
      const dist = editDistance(word, candidate, 2);
      if (dist <= 2) found.push({ word: candidate, freq: this.index.vocab.get(candidate) ?? 0, dist });
    }
    // Closest first (as Solr orders by edit distance), then most frequent, then alphabetical.
    found.sort((a, b) => a.dist - b.dist || b.freq - a.freq || (a.word < b.word ? -1 : 1));
    return found.slice(0, count).map(({ word: w, freq }) => ({ word: w, freq }));
  }
}

function inStringRange(v: string, node: { lower: string | null; upper: string | null; includeLower: boolean; includeUpper: boolean }): boolean {
  if (node.lower !== null && (node.includeLower ? v < node.lower : v <= node.lower)) return false;
  if (node.upper !== null && (node.includeUpper ? v > node.upper : v >= node.upper)) return false;
  return true;
}

/** Splits a bf value into functions with optional ^boost: "recip(x,1,1,1)^2 fs_rating". */
function splitFunctions(bf: string): { fn: string; boost: number }[] {
  const out: { fn: string; boost: number }[] = [];
  let depth = 0;
  let startAt = 0;
  const push = (part: string) => {
    const t = part.trim();
    if (!t) return;
    const m = /\^([0-9.]+)$/.exec(t);
    const boost = m ? parseNumber(m[1]!) : 1;
    if (boost === undefined) fail(`Malformed bf boost in '${t}'`);
    out.push({ fn: m ? t.slice(0, -m[0].length) : t, boost });
  };
  for (let i = 0; i < bf.length; i++) {
    const c = bf[i]!;
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && /\s/.test(c)) {
      push(bf.slice(startAt, i));
      startAt = i + 1;
    }
  }
  push(bf.slice(startAt));
  return out;
}
