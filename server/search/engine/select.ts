/** The select request: main query, filters, scores, the page of documents and their fields, then facets and spellcheck. */
import type { FieldValue, SearchDocument, SolrResponse } from '../types.ts';
import { CATCH_ALL_FIELD, fail, parseNumber } from './analysis.ts';
import { type Bits, andInto, countBits, setBit } from './bitset.ts';
import { applyBoosts } from './boosts.ts';
import { facetCounts } from './facets.ts';
import { evaluate, filterQueries } from './filters.ts';
import { globMatch } from './matching.ts';
import { WILD_ANY, WILD_ONE, parseQuery, splitLocalParams } from './query-parser.ts';
import { type FieldRef, type Hits, type RequestState, parseBoolParam, parseFloatParam, parseIntParam } from './request.ts';
import { selectDocs } from './sort.ts';
import { spellcheckOf } from './spellcheck.ts';

const MAX_IDS = 10_000;
/** The config set's /select default qf (solr/configsets/rentals/conf/solrconfig.xml): what edismax searches without qf. */
export const DEFAULT_QF = 'ts_name^3 tm_summary^1.5 tm_description _text_';

/** The fields to return (fl): all, score, names and globs. */
interface FieldList {
  all: boolean;
  score: boolean;
  names: Set<string>;
  globs: string[];
}

/** Runs one select request (see engine.ts for the parameters it takes). */
export function runSelect(req: RequestState): SolrResponse {
  const started = performance.now();
  const p = req.p;
  const index = req.index;
  const idsParam = p.get('ids');
  const ids = idsParam === undefined ? null : parseIds(idsParam);
  const rows = Math.min(parseIntParam('rows', p.get('rows'), ids ? ids.length : 10, 0, 2_147_483_647), req.maxRows);
  const start = parseIntParam('start', p.get('start'), 0, 0, 2_147_483_647);
  const fl = parseFl(p.get('fl'));
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
  let qFields = req.defaultFields;
  const tie = parseFloatParam('tie', p.get('tie'), 0);
  if (dismax) {
    // Without qf, the config set's /select default (solrconfig.xml), when the index has those fields.
    const qf = p.get('qf') ?? (index.text.has(CATCH_ALL_FIELD) ? DEFAULT_QF : undefined);
    if (qf && qf.trim() !== '') qFields = parseQf(req, qf);
  }
  // The live documents passing every fq, when the main query needed them first (phrases).
  let within: Bits | null = null;
  let qHits: Hits;
  if (ids) {
    const bits = req.pool.takeBits();
    for (const id of ids) {
      const slot = index.slotOf.get(id);
      if (slot !== undefined) setBit(bits, slot);
    }
    qHits = { bits, scores: null, constant: 1 };
  } else {
    const q = p.get('q');
    const parsed = parseQuery(q === undefined || q.trim() === '' ? '*:*' : q, { defaultOperator: req.qop, schema: req.schema });
    req.qTags = parsed.localParams?.tags ?? [];
    const ctx = req.contextFor(parsed, needScores, qFields, tie);
    // The filters first, so that costly checks of the main query (phrase positions) only look at
    // documents that pass them; when the filters fail, q is evaluated first as before, so a bad q
    // is still the error reported.
    try {
      filterQueries(req);
    } catch (error) {
      evaluate(req, parsed.ast, ctx);
      throw error;
    }
    if (req.fqs.length > 0 && !facetsExclude(req)) ctx.within = () => (within ??= withinFilters(req));
    qHits = evaluate(req, parsed.ast, ctx);
  }
  req.qHits = qHits;

  // Filters (already evaluated for a query).
  if (ids) filterQueries(req);
  const base = req.pool.copyBits(qHits.bits);
  if (within) andInto(base, within);
  else {
    andInto(base, index.live);
    for (const fq of req.fqs) andInto(base, fq.bits);
  }
  req.base = base;
  const numFound = countBits(base);

  // Scores: bq / bf / boost (edismax) on the matching documents only.
  let scores = qHits.scores;
  if (needScores && (bqs.length > 0 || bfs.length > 0 || boosts.length > 0)) {
    scores = applyBoosts(req, base, qHits, bqs, bfs, boosts, qFields, tie);
  }
  const scoreOf = scores ? (d: number) => scores[d]! : () => qHits.constant;

  // Documents.
  const slots = selectDocs(req, base, numFound, start, rows, sortKeysSpec, scores, scoreOf, ids);
  const multi = (name: string) => index.fieldType(name)?.multi === true;
  const docs = slots.map((d) => project(index.document(d)!, fl, scoreOf(d), multi));

  const response: SolrResponse = {
    responseHeader: { status: 0, QTime: 0, params: echoParams(req) },
    response: { numFound, start, docs },
  };
  if (parseBoolParam('facet', p.get('facet'), false)) response.facet_counts = facetCounts(req);
  if (parseBoolParam('spellcheck', p.get('spellcheck'), false)) {
    const sc = spellcheckOf(req);
    if (sc) response.spellcheck = sc;
  }
  response.responseHeader.QTime = Math.round(performance.now() - started);
  return response;
}

/** Whether a facet excludes a tagged filter or query (then facets count documents outside the filters, and q must be exact there). */
function facetsExclude(req: RequestState): boolean {
  for (const [name, values] of req.p.map) {
    if (!name.startsWith('facet.')) continue;
    for (const v of values) {
      if (!v.startsWith('{!')) continue;
      try {
        if ((splitLocalParams(v).localParams?.ex.length ?? 0) > 0) return true;
      } catch {
        return true; // malformed: evaluated as before, where its error is reported
      }
    }
  }
  return false;
}

/** The live documents passing every fq. */
function withinFilters(req: RequestState): Bits {
  const bits = req.pool.copyBits(req.index.live);
  for (const fq of req.fqs) andInto(bits, fq.bits);
  return bits;
}

function echoParams(req: RequestState): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, values] of req.p.map) {
    if (values.length === 0) continue;
    out[name] = values.length === 1 ? values[0]! : [...values];
  }
  return out;
}

function parseIds(value: string): string[] {
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

function parseQf(req: RequestState, qf: string): FieldRef[] {
  const out: FieldRef[] = [];
  for (const part of qf.trim().split(/[\s,]+/)) {
    if (part.length === 0) continue;
    const caret = part.indexOf('^');
    const field = caret >= 0 ? part.slice(0, caret) : part;
    const boost = caret >= 0 ? parseNumber(part.slice(caret + 1)) : 1;
    if (boost === undefined) fail(`Malformed qf entry '${part}': the boost after '^' must be a number`);
    out.push(req.checkSearchField(field, boost));
  }
  return out;
}

function parseFl(fl: string | undefined): FieldList {
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

/** A document's fields as Solr returns them: a multi-valued field (sm_, tm_ …) always as a list. */
function project(doc: SearchDocument, fl: FieldList, score: number, multi: (name: string) => boolean): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const name in doc) {
    if (fl.all || fl.names.has(name) || fl.globs.some((g) => globMatch(g, name))) {
      const v = doc[name];
      if (v === undefined || v === null) continue;
      out[name] = Array.isArray(v) ? ([...v] as FieldValue) : multi(name) ? ([v] as FieldValue) : v;
    }
  }
  if (fl.score) out.score = score;
  return out;
}
