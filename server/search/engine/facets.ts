/** Facets: facet.query, facet.field and facet.range counts over the matching documents (tag exclusions honoured). */
import type { SolrResponse } from '../types.ts';
import { fail, formatDate, formatValue, isNumericKind, parseDate, parseNumber } from './analysis.ts';
import { type Bits, IntVec, andInto, andNotInto, countAnd, countBits, forEachDoc } from './bitset.ts';
import { evaluate } from './filters.ts';
import type { KeywordField, TextField } from './index.ts';
import { type LocalParams, parseQuery, splitLocalParams } from './query-parser.ts';
import { type NamedList, type RequestState, namedList, parseBoolParam, parseIntParam } from './request.ts';
import { topK } from './sort.ts';

const MAX_RANGE_BUCKETS = 10_000;

/** The documents facets count over when excluding the filters tagged with any of `ex`. */
export function domainFor(req: RequestState, ex: readonly string[]): Bits {
  const excluded = new Set(ex);
  const hit = (tags: readonly string[]) => tags.some((t) => excluded.has(t));
  const relevant = req.fqs.some((fq) => hit(fq.tags)) || hit(req.qTags);
  if (!relevant) return req.base;
  const key = [...excluded].sort().join('\u0000');
  const cached = req.domains.get(key);
  if (cached) return cached;
  const bits = req.pool.copyBits(hit(req.qTags) ? req.index.live : req.qHits!.bits);
  andInto(bits, req.index.live);
  for (const fq of req.fqs) if (!hit(fq.tags)) andInto(bits, fq.bits);
  req.domains.set(key, bits);
  return bits;
}

export function facetCounts(req: RequestState): NonNullable<SolrResponse['facet_counts']> {
  const out: NonNullable<SolrResponse['facet_counts']> = { facet_queries: {}, facet_fields: {}, facet_ranges: {}, facet_dates: {} };
  // SolrCloud leaves out a facet query counted under the request's facet.mincount (its
  // FacetComponent.removeQueryFacetsUnderLimits; only the top-level parameter counts there).
  const queryMincount = parseIntParam('facet.mincount', req.p.get('facet.mincount'), 0, 0, 2_147_483_647);
  for (const raw of req.p.all('facet.query')) {
    if (raw.trim() === '') continue;
    const parsed = parseQuery(raw, { defaultOperator: req.qop, schema: req.schema });
    const domain = domainFor(req, parsed.localParams?.ex ?? []);
    const hits = evaluate(req, parsed.ast, req.contextFor(parsed, false, req.defaultFields, 0));
    const count = countAnd(domain, hits.bits);
    if (count >= queryMincount) out.facet_queries[parsed.localParams?.key ?? raw] = count;
  }
  for (const raw of req.p.all('facet.field')) {
    if (raw.trim() === '') continue;
    const { localParams, body } = splitLocalParams(raw);
    const field = body.trim();
    const key = localParams?.key ?? field;
    out.facet_fields[key] = fieldFacet(req, field, key, localParams) as Record<string, number> | (string | number)[];
  }
  for (const raw of req.p.all('facet.range')) {
    if (raw.trim() === '') continue;
    const { localParams, body } = splitLocalParams(raw);
    const field = body.trim();
    const key = localParams?.key ?? field;
    out.facet_ranges[key] = rangeFacet(req, field, key, localParams);
  }
  return out;
}

export function facetParam(req: RequestState, name: string, field: string, key: string, lp: LocalParams | null): string | undefined {
  return lp?.params[name] ?? req.p.get(`f.${key}.${name}`) ?? req.p.get(`f.${field}.${name}`) ?? req.p.get(name);
}

export function fieldFacet(req: RequestState, field: string, key: string, lp: LocalParams | null): NamedList {
  const type = req.index.fieldType(field);
  if (!type) fail(`Unknown field '${field}' in facet.field`);
  if (type.kind === 'location') fail(`Cannot facet on the location field '${field}'`);
  if (field === 'id') fail(`Faceting on 'id' is not supported`);
  const param = (name: string) => facetParam(req, name, field, key, lp);
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
  const domain = domainFor(req, lp?.ex ?? []);

  let labels: string[];
  let counts: Int32Array;
  let missingCount = 0;
  let order: Int32Array | null = null;
  const text = req.index.text.get(field);
  const kw = req.index.keyword.get(field);
  if (text) {
    labels = text.terms;
    counts = countTextTerms(req, text, domain);
    if (missing) missingCount = countWhere(req, domain, (d) => text.docLen[d] === 0);
  } else if (kw) {
    labels = kw.values.map((v) => formatValue(kw.type.kind, v));
    const r = countOrds(req, kw, domain, missing);
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
  return namedList(entries, req.map);
}

export function countWhere(req: RequestState, domain: Bits, test: (d: number) => boolean): number {
  let n = 0;
  forEachDoc(domain, (d) => {
    if (test(d)) n++;
  });
  return n;
}

/** Per-ordinal counts over the domain (counting the complement when that is smaller). */
export function countOrds(req: RequestState, kw: KeywordField, domain: Bits, withMissing: boolean): { counts: Int32Array; missing: number } {
  const n = kw.values.length;
  const live = req.index.live;
  const domainCount = countBits(domain);
  const complement = domainCount * 2 > req.index.liveCount;
  let set = domain;
  if (complement) {
    set = req.pool.copyBits(live);
    andNotInto(set, domain);
  }
  const counts = new Int32Array(n);
  let missing = 0;
  if (kw.type.multi) {
    const offsets = kw.offsets;
    const vals = kw.mvals.data;
    // Specialised loop, not forEachDoc: a per-document hot path (bitset.ts HOT_LOOP).
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
    // Specialised loop, not forEachDoc: a per-document hot path (bitset.ts HOT_LOOP).
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
  const liveMissing = req.index.liveCount - kw.liveWithField;
  return { counts, missing: withMissing ? liveMissing - missing : 0 };
}

export function countTextTerms(req: RequestState, text: TextField, domain: Bits): Int32Array {
  const counts = new Int32Array(text.terms.length);
  const lastDoc = new Int32Array(text.terms.length).fill(-1);
  const doc = new IntVec(256);
  forEachDoc(domain, (d) => {
    const toks = text.decodeInto(d, doc).data;
    for (let i = 0, e = doc.length; i < e; i++) {
      const id = toks[i]!;
      if (id >= 0 && lastDoc[id] !== d) {
        lastDoc[id] = d;
        counts[id]!++;
      }
    }
  });
  return counts;
}

export function rangeFacet(req: RequestState, field: string, key: string, lp: LocalParams | null): NonNullable<SolrResponse['facet_counts']>['facet_ranges'][string] {
  const type = req.index.fieldType(field);
  if (!type) fail(`Unknown field '${field}' in facet.range`);
  if (!isNumericKind(type.kind)) fail(`facet.range needs a numeric or date field, '${field}' is a ${type.kind} field`);
  const param = (name: string) => facetParam(req, name, field, key, lp);
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
    for (const scoped of [`f.${key}.${name}`, `f.${field}.${name}`]) if (req.p.all(scoped).length > 0) return [...req.p.all(scoped)];
    return [...req.p.all(name)];
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
  const domain = domainFor(req, lp?.ex ?? []);
  const kw = req.index.keyword.get(field);
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
    forEachDoc(domain, (d) => {
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
    });
  }
  const label = (v: number) => formatValue(type.kind, v);
  const entries: [string, number][] = [];
  for (let i = 0; i < lows.length; i++) if (counts[i]! >= mincount) entries.push([label(lows[i]!), counts[i]!]);
  const result: NonNullable<SolrResponse['facet_counts']>['facet_ranges'][string] = {
    counts: namedList(entries, req.map) as Record<string, number> | (string | number)[],
    gap: isDate ? gapRaw : gap,
    start: isDate ? formatDate(start) : start,
    end: isDate ? formatDate(realEnd) : realEnd,
  };
  if (other.has('before')) result.before = before;
  if (other.has('after')) result.after = after;
  if (other.has('between')) result.between = between;
  return result;
}
