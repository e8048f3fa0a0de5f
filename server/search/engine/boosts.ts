/** Edismax boosts on the matching documents: bq queries added, bf functions added, boost functions multiplied. */
import { fail, parseNumber } from './analysis.ts';
import { type Bits, hasBit, toDocs } from './bitset.ts';
import { evaluate } from './filters.ts';
import { compileFunction, parseFunction } from './functions.ts';
import { parseQuery } from './query-parser.ts';
import type { FieldRef, Hits, RequestState } from './request.ts';

export function applyBoosts(req: RequestState, base: Bits, qHits: Hits, bqs: readonly string[], bfs: readonly string[], boosts: readonly string[], fields: readonly FieldRef[], tie: number): Float32Array {
  const scores = req.pool.take();
  const docs = toDocs(base);
  for (const d of docs) scores[d] = qHits.scores ? qHits.scores[d]! : qHits.constant;
  for (const bq of bqs) {
    const parsed = parseQuery(bq, { defaultOperator: req.qop, schema: req.schema });
    const h = evaluate(req, parsed.ast, req.contextFor(parsed, true, fields, tie));
    for (const d of docs) if (hasBit(h.bits, d)) scores[d] = scores[d]! + (h.scores ? h.scores[d]! : h.constant);
  }
  const fn = (text: string) => compileFunction(parseFunction(text), (name) => req.numericValues(name));
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
