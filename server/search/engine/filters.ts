/**
 * Query evaluation: a parsed query (q, fq, bq, facet.query) becomes the set of documents it
 * matches, with their BM25 scores when the request needs them (text fields; other fields score a
 * constant × boost). Filters (fq) are evaluated once per index and kept in the filter cache.
 */
import type { QueryNode } from './query-parser.ts';
import { type FieldType, analyze, fail, fold, isNumericKind, parseDate, parseNumber } from './analysis.ts';
import { type Bits, type IntVec, andInto, andNotInto, orInto, setBit } from './bitset.ts';
import { type KeywordField, TF_BITS, TF_MASK, type TextField, lowerBound } from './index.ts';
import { editDistance, globMatch, inStringRange } from './matching.ts';
import { parseQuery } from './query-parser.ts';
import { type EvalContext, FILTER_CACHE_ENTRIES, type Hits, type RequestState } from './request.ts';

const K1 = 1.2;
const B = 0.75;

/**
 * A document's length as Lucene's BM25 sees it: kept in one byte (SmallFloat.intToByte4, 4 bits
 * of precision above 24 words) and read back. Without it, listings Solr scores alike (then ordered
 * by id) scored a little apart here, and relevance orders differed (npm run test:solr).
 */
export function normLength(len: number): number {
  if (len < NORM_FREE_VALUES) return len;
  const i = len - NORM_FREE_VALUES;
  const bits = 32 - Math.clz32(i);
  if (bits < 4) return len;
  const shift = bits - 4;
  // The top 4 bits survive (the first is implied): what intToByte4 keeps, decoded by byte4ToInt.
  return NORM_FREE_VALUES + ((((i >>> shift) & 0x07) | 0x08) << shift);
}
/** SmallFloat.NUM_FREE_VALUES: lengths below it are kept exactly. */
const NORM_FREE_VALUES = 24;

/** The request's filter queries (fq, ANDed): from the filter cache, or evaluated and kept there. */
export function filterQueries(req: RequestState): void {
  for (const fq of req.p.all('fq')) {
    if (fq.trim() === '') continue;
    // What an fq matches depends on its text, q.op and the default fields (and the clock, for NOW).
    const key = fq.includes('NOW') ? null : `${req.qop}\u0000${req.defaultFields.map((f) => f.field).join(',')}\u0000${fq}`;
    const cached = key === null ? undefined : req.filterCache?.get(key);
    if (cached) {
      req.fqs.push(cached);
      continue;
    }
    const parsed = parseQuery(fq, { defaultOperator: req.qop, schema: req.schema });
    if (parsed.body.trim() === '' && parsed.localParams) continue;
    const hits = evaluate(req, parsed.ast, req.contextFor(parsed, false, req.defaultFields, 0));
    const filter = { tags: parsed.localParams?.tags ?? [], bits: hits.bits };
    if (key !== null && req.filterCache) {
      if (req.filterCache.size >= FILTER_CACHE_ENTRIES) {
        const oldest = req.filterCache.keys().next().value as string;
        const evicted = req.filterCache.get(oldest)!;
        req.filterCache.delete(oldest);
        // The new filter takes over the evicted one's buffer (unless this request uses it), so a
        // full cache stops adding long-lived array buffers: with a million listings each is
        // 125 KB, and every few tens of MB of them cost V8 a full mark-compact of ~0.7 s.
        if (evicted.bits.length === filter.bits.length && !req.fqs.includes(evicted)) {
          evicted.bits.set(filter.bits);
          filter.bits = evicted.bits;
        }
      }
      // Kept beyond this request: its buffer leaves the request pool (unless it took an evicted one's).
      if (filter.bits === hits.bits) req.pool.keep(filter.bits);
      req.filterCache.set(key, filter);
    }
    req.fqs.push(filter);
  }
}

export function emptyHits(req: RequestState): Hits {
  return { bits: req.pool.takeBits(), scores: null, constant: 0 };
}

export function evaluate(req: RequestState, node: QueryNode, ctx: EvalContext): Hits {
  switch (node.kind) {
    case 'all':
      return { bits: req.pool.copyBits(req.index.live), scores: null, constant: node.boost ?? 1 };
    case 'bool':
      return evalBool(req, node, ctx);
    case 'exists':
      return evalLeaf(req, node, node.field, ctx, 1);
    default: {
      if (node.field !== null) return evalLeaf(req, node, node.field, ctx, 1);
      const fields = ctx.defaultFields;
      if (fields.length === 0) return emptyHits(req);
      if (fields.length === 1) return evalLeaf(req, node, fields[0]!.field, ctx, fields[0]!.boost);
      return disjunction(req, fields.map((f) => evalLeaf(req, node, f.field, ctx, f.boost)), ctx);
    }
  }
}

/** Dismax: the union, scored by the best field plus `tie` times the others. */
export function disjunction(req: RequestState, parts: Hits[], ctx: EvalContext): Hits {
  const bits = req.pool.takeBits();
  for (const h of parts) orInto(bits, h.bits);
  if (!ctx.scores) return { bits, scores: null, constant: 0 };
  const best = req.pool.take();
  const sum = ctx.tie > 0 ? req.pool.take() : null;
  for (const h of parts) {
    const hb = h.bits;
    // Specialised loop, not forEachDoc: a per-document hot path (bitset.ts HOT_LOOP).
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

export function evalBool(req: RequestState, node: Extract<QueryNode, { kind: 'bool' }>, ctx: EvalContext): Hits {
  const must = node.must.map((n) => evaluate(req, n, ctx));
  const should = node.should.map((n) => evaluate(req, n, ctx));
  let bits: Bits;
  if (must.length > 0) {
    bits = req.pool.copyBits(must[0]!.bits);
    for (let i = 1; i < must.length; i++) andInto(bits, must[i]!.bits);
  } else if (should.length > 0) {
    bits = req.pool.copyBits(should[0]!.bits);
    for (let i = 1; i < should.length; i++) orInto(bits, should[i]!.bits);
  } else bits = req.pool.copyBits(req.index.live);
  if (node.mustNot.length > 0) {
    const noScores = { ...ctx, scores: false };
    for (const n of node.mustNot) andNotInto(bits, evaluate(req, n, noScores).bits);
  }
  const boost = node.boost ?? 1;
  if (!ctx.scores) return { bits, scores: null, constant: 0 };
  const scorers = [...must, ...should];
  if (scorers.length === 0) return { bits, scores: null, constant: boost };
  if (scorers.length === 1 && !scorers[0]!.scores) return { bits, scores: null, constant: scorers[0]!.constant * boost };
  const acc = req.pool.take();
  for (const h of scorers) {
    const hb = h.bits;
    // Specialised loop, not forEachDoc: a per-document hot path (bitset.ts HOT_LOOP).
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

export function evalLeaf(req: RequestState, node: QueryNode, field: string, ctx: EvalContext, fieldBoost: number): Hits {
  const type = req.index.fieldType(field);
  if (!type) fail(`Unknown field '${field}'`);
  if (type.kind === 'location') fail(`The field '${field}' is stored only and cannot be searched`);
  const boost = (node.boost ?? 1) * fieldBoost;
  if (field === 'id') return evalId(req, node, boost);
  if (type.kind === 'text') {
    const tf = req.index.text.get(field);
    return tf ? evalText(req, node, tf, ctx, boost) : emptyHits(req);
  }
  const kw = req.index.keyword.get(field);
  if (!kw) {
    checkKeywordNode(req, node, field, type);
    return emptyHits(req);
  }
  return evalKeyword(req, node, kw, boost);
}

/** Validation for fields known by prefix but without values (so the request still fails like Solr would). */
export function checkKeywordNode(req: RequestState, node: QueryNode, field: string, type: FieldType): void {
  if (!isNumericKind(type.kind)) return;
  if (node.kind === 'term' || node.kind === 'phrase') numericKey(req, type, field, node.value);
  if (node.kind === 'range') {
    if (node.lower !== null) numericKey(req, type, field, node.lower);
    if (node.upper !== null) numericKey(req, type, field, node.upper);
  }
  if (node.kind === 'prefix' || node.kind === 'wildcard') fail(`Wildcard queries are not supported on the ${type.kind} field '${field}'`);
}

export function numericKey(req: RequestState, type: FieldType, field: string, value: string): number {
  const v = value.trim();
  const n = type.kind === 'date' ? parseDate(v) : parseNumber(v);
  if (n === undefined) fail(type.kind === 'date' ? `Value '${value}' is not a date for the date field '${field}'` : `Value '${value}' is not a number for the numeric field '${field}'`);
  return n;
}

export function evalId(req: RequestState, node: QueryNode, boost: number): Hits {
  const bits = req.pool.takeBits();
  const slotOf = req.index.slotOf;
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
      bits.set(req.index.live.subarray(0, bits.length));
      break;
    case 'range':
      match((id) => inStringRange(id, node));
      break;
    default:
      break;
  }
  return { bits, scores: null, constant: boost };
}

export function evalKeyword(req: RequestState, node: QueryNode, kw: KeywordField, boost: number): Hits {
  const bits = req.pool.takeBits();
  const maxDoc = req.maxDoc;
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
      const key = kw.numeric ? numericKey(req, kw.type, kw.name, node.value) : kw.keyOf(node.value);
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
        const lo = node.lower === null ? -Infinity : numericKey(req, kw.type, kw.name, node.lower);
        const hi = node.upper === null ? Infinity : numericKey(req, kw.type, kw.name, node.upper);
        kw.collectRange(lo, hi, node.includeLower || node.lower === null, node.includeUpper || node.upper === null, maxDoc, bits);
      } else byMask((v) => inStringRange(String(v), node));
      break;
    default:
      break;
  }
  return { bits, scores: null, constant: boost };
}

export function evalText(req: RequestState, node: QueryNode, tf: TextField, ctx: EvalContext, boost: number): Hits {
  const maxDoc = req.maxDoc;
  const byTerms = (test: (term: string) => boolean, sorted?: { from: string }) => {
    const bits = req.pool.takeBits();
    const terms = sorted ? tf.sortedTerms() : tf.terms;
    const startAt = sorted ? lowerBound(terms, sorted.from) : 0;
    for (let i = startAt; i < terms.length; i++) {
      const term = terms[i]!;
      if (sorted && !term.startsWith(sorted.from)) break;
      if (!test(term)) continue;
      postingsInto(bits, tf.postings[tf.termIds.get(term)!]!);
    }
    return { bits, scores: null, constant: boost };
  };
  switch (node.kind) {
    case 'term': {
      const tokens = node.raw ? [node.value] : analyze(node.value);
      if (tokens.length === 0) return emptyHits(req);
      if (node.fuzzy && tokens.length === 1) {
        const word = fold(node.value);
        const max = node.fuzzy;
        const parts: Hits[] = [];
        for (const term of tf.terms) {
          if (Math.abs(term.length - word.length) > max) continue;
          if (term === tokens[0] || editDistance(term, word, max) <= max) parts.push(termHits(req, tf, tf.termIds.get(term)!, ctx, boost));
        }
        return combine(req, parts, 'OR', ctx);
      }
      const parts = tokens.map((t) => {
        const id = tf.termIds.get(t);
        return id === undefined ? emptyHits(req) : termHits(req, tf, id, ctx, boost);
      });
      return parts.length === 1 ? parts[0]! : combine(req, parts, ctx.defaultOperator, ctx);
    }
    case 'phrase': {
      const tokens = analyze(node.value);
      if (tokens.length === 0) return emptyHits(req);
      const ids = tokens.map((t) => tf.termIds.get(t));
      if (ids.some((id) => id === undefined)) return emptyHits(req);
      if (ids.length === 1) return termHits(req, tf, ids[0]!, ctx, boost);
      return phraseHits(req, tf, ids as number[], node.slop ?? 0, ctx, boost);
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
      const bits = req.pool.takeBits();
      for (let d = 0; d < maxDoc; d++) if (tf.docLen[d]! > 0) setBit(bits, d);
      return { bits, scores: null, constant: boost };
    }
    default:
      return emptyHits(req);
  }
}

export function combine(req: RequestState, parts: Hits[], op: 'AND' | 'OR', ctx: EvalContext): Hits {
  if (parts.length === 0) return emptyHits(req);
  const bits = req.pool.copyBits(parts[0]!.bits);
  for (let i = 1; i < parts.length; i++) (op === 'AND' ? andInto : orInto)(bits, parts[i]!.bits);
  if (!ctx.scores) return { bits, scores: null, constant: 0 };
  const acc = req.pool.take();
  for (const h of parts) {
    // Specialised loop, not forEachDoc: a per-document hot path (bitset.ts HOT_LOOP).
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

function bm25Idf(req: RequestState, tf: TextField, df: number): number {
  const n = Math.max(tf.docCount, df);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** Sets the bit of each document of a term's postings (packed with their frequencies, TF_BITS); returns `bits`. */
function postingsInto(bits: Bits, postings: IntVec): Bits {
  const data = postings.data;
  const shift = TF_BITS;
  for (let i = 0, n = postings.length; i < n; i++) {
    const d = data[i]! >> shift;
    bits[d >>> 5] = bits[d >>> 5]! | (1 << (d & 31));
  }
  return bits;
}

export function termHits(req: RequestState, tf: TextField, id: number, ctx: EvalContext, boost: number): Hits {
  const bits = req.pool.takeBits();
  const p = tf.postings[id]!;
  const data = p.data;
  const len = p.length;
  if (!ctx.scores) return { bits: postingsInto(bits, p), scores: null, constant: 0 };
  const scores = req.pool.take();
  const idf = bm25Idf(req, tf, len) * boost;
  const avg = tf.docCount > 0 ? tf.sumLen / tf.docCount : 1;
  const docLen = tf.docLen;
  const shift = TF_BITS;
  const mask = TF_MASK;
  for (let i = 0; i < len; i++) {
    const posting = data[i]!;
    const d = posting >> shift;
    const code = posting & mask;
    const f = code < mask ? code : tf.frequency(id, posting);
    bits[d >>> 5] = bits[d >>> 5]! | (1 << (d & 31));
    scores[d] = (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * normLength(docLen[d]!)) / avg));
  }
  return { bits, scores, constant: 0 };
}

/**
 * Documents with the terms `ids` in order, at most `slop` positions apart: candidates are the
 * documents with every term (from the rarest term's postings, narrowed by the others' and by the
 * request's filters when ctx.within is set), then positions are checked in the forward index of
 * the candidates only.
 */
export function phraseHits(req: RequestState, tf: TextField, ids: number[], slop: number, ctx: EvalContext, boost: number): Hits {
  const candidates = req.pool.takeBits();
  const order = [...new Set(ids)].sort((a, b) => tf.docFreq(a) - tf.docFreq(b));
  postingsInto(candidates, tf.postings[order[0]!]!);
  if (ctx.within) andInto(candidates, ctx.within());
  const other = order.length > 1 ? req.pool.takeBits() : null;
  for (let k = 1; k < order.length; k++) andInto(candidates, postingsInto(other!.fill(0), tf.postings[order[k]!]!));
  const bits = req.pool.takeBits();
  const scores = ctx.scores ? req.pool.take() : null;
  const idfSum = ids.reduce((s, id) => s + bm25Idf(req, tf, tf.docFreq(id)), 0) * boost;
  const avg = tf.docCount > 0 ? tf.sumLen / tf.docCount : 1;
  const want = Int32Array.from(ids, (id) => id + 1);
  // Specialised loop, not forEachDoc: a per-document hot path (bitset.ts HOT_LOOP).
  for (let w = 0; w < candidates.length; w++) {
    let word = candidates[w]!;
    while (word !== 0) {
      const t = word & -word;
      const d = (w << 5) + 31 - Math.clz32(t);
      word ^= t;
      const freq = tf.phraseFreq(d, want, slop);
      if (freq === 0) continue;
      bits[w] = bits[w]! | t;
      if (scores) scores[d] = (idfSum * freq * (K1 + 1)) / (freq + K1 * (1 - B + (B * normLength(tf.docLen[d]!)) / avg));
    }
  }
  return { bits, scores, constant: 0 };
}
