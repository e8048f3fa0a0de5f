/**
 * One select request's state, shared by the engine's modules (select, filters, boosts, sort,
 * facets, spellcheck): the parsed parameters, the index it runs on, the main query's hits, the
 * filters, the base set of matching documents, and the per-request caches.
 */
import type { SolrParams } from '../types.ts';
import { CATCH_ALL_FIELD, fail, isNumericKind, parseNumber } from './analysis.ts';
import { type Bits, newBits } from './bitset.ts';
import type { SearchIndex } from './index.ts';
import type { ParsedQuery, QuerySchema } from './query-parser.ts';

export interface Hits {
  bits: Bits;
  /** Per-slot scores, or null when every match scores `constant`. */
  scores: Float32Array | null;
  constant: number;
}

export interface FieldRef {
  field: string;
  boost: number;
}

export interface EvalContext {
  scores: boolean;
  defaultFields: readonly FieldRef[];
  defaultOperator: 'AND' | 'OR';
  tie: number;
  /**
   * When set, only these documents can reach the answer (the live documents passing every fq,
   * when no facet excludes a filter), computed on first use: costly per-document checks such as
   * phrase positions may skip the others, whose membership in the result then does not matter.
   */
  within?: () => Bits;
}

export class Params {
  constructor(readonly map: SolrParams) {}
  get(name: string): string | undefined {
    const v = this.map.get(name);
    return v && v.length > 0 ? v[0] : undefined;
  }
  all(name: string): readonly string[] {
    return this.map.get(name) ?? [];
  }
}

export function parseIntParam(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const v = value.trim();
  if (!/^[+-]?\d{1,15}$/.test(v)) fail(`Parameter '${name}' must be an integer, got '${value}'`);
  const n = Number(v);
  if (n < min) fail(`Parameter '${name}' must be at least ${min}, got ${n}`);
  if (n > max) fail(`Parameter '${name}' must be at most ${max}, got ${n}`);
  return n;
}

export function parseBoolParam(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === 'on' || v === 'yes' || v === '1') return true;
  if (v === 'false' || v === 'off' || v === 'no' || v === '0') return false;
  return fail(`Parameter '${name}' must be true or false, got '${value}'`);
}

export function parseFloatParam(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = parseNumber(value.trim());
  if (n === undefined) fail(`Parameter '${name}' must be a number, got '${value}'`);
  return n;
}

export type NamedList = Record<string, unknown> | unknown[];

/** A Solr NamedList in the json.nl style: flat [k, v, k, v] or a map (a null key becomes ""). */
export function namedList(entries: readonly (readonly [string | null, unknown])[], map: boolean): NamedList {
  if (!map) {
    const out: unknown[] = [];
    for (const [k, v] of entries) out.push(k, v);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) out[k ?? ''] = v;
  return out;
}

/**
 * Reusable per-request buffers: per-document score arrays and document bitsets. A text query over
 * 100,000 documents needs several 400 KB score arrays, a wildcard or multi-select one tens of
 * bitsets (125 KB each at a million documents); allocated per request, their backing stores count
 * as V8's external memory and make it mark-compact the whole heap (0.6–1.5 s at a million
 * listings) every few hundred requests. Requests run one at a time (select is synchronous inside),
 * so one pool per engine suffices; what a request keeps beyond itself (a filter entering the
 * filter cache) is taken out of the pool with keep().
 */
export class BufferPool {
  private readonly free: Float32Array[] = [];
  private readonly used: Float32Array[] = [];
  private readonly freeBits: Bits[] = [];
  private readonly usedBits: Bits[] = [];
  constructor(readonly size: number) {}
  take(): Float32Array {
    let buffer = this.free.pop();
    if (buffer) buffer.fill(0);
    else buffer = new Float32Array(this.size);
    this.used.push(buffer);
    return buffer;
  }
  /** An empty bitset of `size` documents for this request. */
  takeBits(): Bits {
    let bits = this.freeBits.pop();
    if (bits) bits.fill(0);
    else bits = newBits(this.size);
    this.usedBits.push(bits);
    return bits;
  }
  /** A copy of `source`'s first `size` documents for this request (the live set has spare words beyond them). */
  copyBits(source: Bits): Bits {
    const bits = this.freeBits.pop() ?? newBits(this.size);
    if (source.length >= bits.length) bits.set(source.subarray(0, bits.length));
    else {
      bits.set(source);
      bits.fill(0, source.length);
    }
    this.usedBits.push(bits);
    return bits;
  }
  /** `bits` outlives the request (the filter cache keeps it): never handed out again. */
  keep(bits: Bits): void {
    const at = this.usedBits.lastIndexOf(bits);
    if (at !== -1) this.usedBits.splice(at, 1);
  }
  releaseAll(): void {
    // Keep a bounded number of buffers for the next request.
    while (this.used.length > 0) {
      const b = this.used.pop()!;
      if (this.free.length < 16) this.free.push(b);
    }
    while (this.usedBits.length > 0) {
      const b = this.usedBits.pop()!;
      if (this.freeBits.length < 64) this.freeBits.push(b);
    }
  }
}

export interface FilterQuery {
  tags: string[];
  /** Never changed while in the engine's filter cache (an evicted filter's buffer is reused for the next one, see filterQueries). */
  bits: Bits;
}

/** Most filters kept per index (each a bitset of maxDoc bits: 1.25 KiB at 10 000 listings). */
export const FILTER_CACHE_ENTRIES = 512;

/** One select request: its parameters and what its steps have found so far. */
export class RequestState {
  readonly p: Params;
  readonly maxDoc: number;
  readonly schema: QuerySchema;
  /** json.nl=map: named lists as objects. */
  readonly map: boolean;
  readonly qop: 'AND' | 'OR';
  readonly defaultFields: readonly FieldRef[];
  /** The main query's hits, its tags (`{!tag}` on q), the filters, and the documents matching all of them. */
  qHits: Hits | null = null;
  qTags: string[] = [];
  fqs: FilterQuery[] = [];
  base: Bits = newBits(0);
  /** Facet domains by excluded tags, and numeric field values, made once per request. */
  readonly domains = new Map<string, Bits>();
  private readonly numericCache = new Map<string, Float64Array | null>();

  constructor(
    readonly index: SearchIndex,
    params: SolrParams,
    readonly maxRows: number,
    private readonly configuredDefaultFields: string[] | undefined,
    readonly pool: BufferPool,
    readonly filterCache: Map<string, FilterQuery> | null = null,
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

  checkSearchField(field: string, boost: number): FieldRef {
    const type = this.index.fieldType(field);
    if (!type) fail(`Unknown field '${field}'`);
    if (type.kind === 'location') fail(`The field '${field}' is stored only and cannot be searched`);
    return { field, boost };
  }

  private fallbackFields(): FieldRef[] {
    // As the config set's df=_text_: bare words search the catch-all copy of the text fields.
    const names = this.configuredDefaultFields ?? (this.index.text.has(CATCH_ALL_FIELD) ? [CATCH_ALL_FIELD] : [...this.index.text.keys()].sort());
    return names.filter((name) => this.index.fieldType(name)).map((field) => ({ field, boost: 1 }));
  }

  contextFor(parsed: ParsedQuery, scores: boolean, fields: readonly FieldRef[], tie: number): EvalContext {
    const lp = parsed.localParams;
    const df = lp?.params.df;
    const op = (lp?.params['q.op'] ?? this.qop) as 'AND' | 'OR';
    return { scores, defaultFields: df ? [this.checkSearchField(df, 1)] : fields, defaultOperator: op, tie };
  }

  numericValues(field: string): Float64Array | null {
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
}
