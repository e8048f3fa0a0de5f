/**
 * How long hostile search input takes: the figures behind "every input is answered quickly",
 * which the fuzz and query-parser tests (server/search/engine/) no longer time themselves.
 *
 *  - parse: 1,500 generated queries (arbitrary strings and broken grammar-shaped ones, the fuzz
 *    test's inputs from fuzz-inputs.ts, drawn from a fixed seed) through the query parser;
 *  - select: 400 generated whole Solr requests through the embedded engine (60 documents);
 *  - pathological: long runs of operators, escapes, quotes and wildcards at 1,000 to 8,000
 *    characters (the parser's limit is 2,000; it is lifted here), the median of 20 parses each,
 *    and how much longer 8× the length takes (8 when the parser is linear, 64 when quadratic).
 *
 * Run: `npx tsx bench/hostile-queries.ts`. Prints the figures and writes bench/results/hostile-queries.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createEmbeddedEngine } from '../server/search/engine/engine.ts';
import { anyString, docs, fuzzSchema, params, PATHOLOGICAL_QUERIES, shaped, toParams } from '../server/search/engine/fuzz-inputs.ts';
import { parseQuery } from '../server/search/engine/query-parser.ts';
import { SearchRequestError } from '../server/search/types.ts';

const SEED = 9;
const LENGTHS = [1000, 2000, 4000, 8000];
const REPEATS = 20;

const round = (ms: number) => Math.round(ms * 1000) / 1000;
function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0);
  return { samples: sorted.length, p50: at(0.5), p95: at(0.95), max: at(1) };
}

/** Milliseconds one call takes; a SearchRequestError is an answer too. */
async function timed(call: () => unknown): Promise<number> {
  const started = performance.now();
  try {
    await call();
  } catch (error) {
    if (!(error instanceof SearchRequestError)) throw error;
  }
  return performance.now() - started;
}

const queries = fc.sample(fc.oneof(shaped, anyString), { numRuns: 1500, seed: SEED });
for (const q of queries.slice(0, 100)) await timed(() => parseQuery(q, { schema: fuzzSchema }));
const parseTimes: number[] = [];
for (const q of queries) parseTimes.push(await timed(() => parseQuery(q, { schema: fuzzSchema })));

const engine = createEmbeddedEngine({ maxRows: 100 });
await engine.replaceAll(docs);
const requests = fc.sample(params, { numRuns: 400, seed: SEED }).map((p) => toParams(p as Record<string, string | string[]>));
for (const request of requests.slice(0, 40)) await timed(() => engine.select(request));
const selectTimes: number[] = [];
for (const request of requests) selectTimes.push(await timed(() => engine.select(request)));

const pathological = [];
for (const { name, make } of PATHOLOGICAL_QUERIES) {
  const byLength = [];
  for (const chars of LENGTHS) {
    const query = make(chars);
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) times.push(await timed(() => parseQuery(query, { schema: fuzzSchema, maxLength: Number.POSITIVE_INFINITY })));
    byLength.push({ chars: query.length, medianMs: summary(times).p50 });
  }
  const first = byLength[0]?.medianMs ?? 0;
  const last = byLength.at(-1)?.medianMs ?? 0;
  pathological.push({ name, byLength, growth8x: first > 0 ? Math.round((last / first) * 10) / 10 : null });
}

const result = {
  date: new Date().toISOString(),
  cpus: os.cpus().length,
  loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
  node: process.version,
  parse: summary(parseTimes),
  select: summary(selectTimes),
  pathological,
};

console.log(`parse, ${result.parse.samples} generated queries:   p50 ${result.parse.p50} ms  p95 ${result.parse.p95} ms  max ${result.parse.max} ms`);
console.log(`select, ${result.select.samples} generated requests: p50 ${result.select.p50} ms  p95 ${result.select.p95} ms  max ${result.select.max} ms`);
for (const row of pathological) {
  console.log(`${row.name.padEnd(16)} ${row.byLength.map((b) => `${b.chars} chars ${b.medianMs} ms`).join(', ')}; 8× longer takes ${row.growth8x}× as long`);
}
const out = path.resolve(import.meta.dirname, 'results', 'hostile-queries.json');
fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`written ${path.relative(process.cwd(), out)}`);
