/**
 * The embedded engine at scale (issue 27): `bench/search-engine.ts --listings 1000000`.
 *
 * Run: `node --expose-gc --max-old-space-size=12000 --import tsx bench/search-engine.ts --listings 1000000 [--before DIR]`
 * (BENCH_ITERATIONS sets the measured iterations per kind, default 100). Each engine version is
 * measured in a child process of its own (clean heap and RSS): this tree's engine, and with
 * `--before DIR` also the engine under DIR (a checkout made by
 * `git archive <commit> server/search | tar -x -C DIR`), one after the other in the same run, so
 * before and after see the same machine load. `--sizes 10000,100000,1000000` measures several sizes.
 *
 * Listings come from bench/listings-generator.ts (40 towns, 12 types, 60 amenities, 80–200-word
 * descriptions from sentence templates). Per query kind, p50 and p95 of wall time and of the
 * process's CPU time (user + system) per request:
 *  - text: two words over name and description (OR), 4 facets, by score;
 *  - faceted: match-all, type and price filters, 4 facets, by price;
 *  - multi-select: type in {x, y} tagged, sleeps ≥ n, the type facet excluding its filter;
 *  - deep page: the faceted query with start near 10 000;
 *  - phrase: a two-word phrase ("ocean view", "walled garden"…) with type and price filters and facets;
 *  - wildcard: prefix and wildcard terms at the proxy's caps (query-caps.ts: 10 expansions,
 *    4 wildcards per term) over the description, with facets.
 * No geo / bounding-box kind: the site never sends one (locs_ fields are stored only). Every request
 * is sent as the site's proxy sends it, with the proxy's id tie-break (`withTieBreak`: `…,id asc`,
 * `score desc,id asc` without a sort), to each engine version alike.
 * Also the build time from documents, heap (heapUsed + arrayBuffers) and RSS after the build (the
 * index's own growth and the process total, documents included), and the search snapshot
 * (search-service.ts's format: the documents as JSON) write time and restart time (read and parse
 * it, then load the index image saved beside it when that engine version has one — checked to
 * answer every kind as the built index did — else build). Writes bench/results/search-engine-scale.json with the load average before and after.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withTieBreak } from '../server/search/proxy.ts';
import { checkQueryCost } from '../server/search/query-caps.ts';
import type { SearchBackend, SearchDocument } from '../server/search/types.ts';
import { GEN_TYPES, generateDocuments } from './listings-generator.ts';
import { percentile } from './checkout-support.ts';

const root = path.resolve(import.meta.dirname, '..');
const ITERATIONS = Math.max(20, Number(process.env.BENCH_ITERATIONS ?? 100));
const WARMUP = 10;
const gc = (globalThis as { gc?: () => void }).gc;

export type ScaleKind = 'text' | 'faceted' | 'multi' | 'deep' | 'phrase' | 'wildcard';
export const SCALE_KINDS: ScaleKind[] = ['text', 'faceted', 'multi', 'deep', 'phrase', 'wildcard'];

const FACETS = ['ss_town', 'ss_type', 'sm_amenities', 'is_bedrooms'];
const COMMON = { facet: 'true', 'facet.mincount': '1', 'facet.limit': '100', 'json.nl': 'map', rows: '10', fl: 'id', wt: 'json' };
const TEXT = ['sea view', 'hot tub', 'kayaking surfing', 'exposed beams', 'lighthouse chapel', 'sauna', 'estuary walks', 'broadband fibre', 'harbour cottage', 'padstow beach', 'games room', 'woodland walks'];
const PHRASES = ['ocean view', 'walled garden', 'harbour views', 'coastal path', 'roll top bath', 'sandy beach', 'estuary outlook', 'wood burning stove', 'secret cove', 'ocean panorama'];
/** At the caps: 10 wildcard/prefix terms per request, up to 4 wildcards each. */
const WILDCARDS = ['s*a*', 'co*', 'b?a*h', '*ou*e', 'ha*', 'gar*', 'v?e*', 'pa*i*', '*ing', 'st*', 'lig*t*', 'wa*k*', 'cl*f*', '*oo*', 'be*'];

function typeAt(i: number): string {
  return GEN_TYPES[i % 6]!;
}

function params(kind: ScaleKind, i: number): Record<string, string | string[]> {
  const lo = 50 + ((i * 37) % 300);
  const price = `fs_price:[${lo} TO ${lo + 150 + (i % 4) * 50}]`;
  switch (kind) {
    case 'text':
      return { ...COMMON, q: TEXT[i % TEXT.length]!, 'facet.field': FACETS };
    case 'faceted':
      return { ...COMMON, q: '*:*', fq: [`ss_type:${typeAt(i)}`, price], 'facet.field': FACETS, sort: 'fs_price asc' };
    case 'multi':
      return {
        ...COMMON,
        q: '*:*',
        fq: [`{!tag=type}ss_type:(${typeAt(i)} OR ${typeAt(i + 3)})`, `is_sleeps:[${2 + (i % 6)} TO *]`],
        'facet.field': ['{!ex=type}ss_type', 'ss_town', 'sm_amenities', 'is_bedrooms'],
      };
    case 'deep':
      return { ...COMMON, q: '*:*', fq: [`fs_price:[50 TO ${400 + (i % 5) * 50}]`], 'facet.field': FACETS, sort: 'fs_price asc', start: String(9990 + (i % 10) * 3) };
    case 'phrase':
      return { ...COMMON, q: `"${PHRASES[i % PHRASES.length]}"`, fq: [`ss_type:(${typeAt(i)} OR ${typeAt(i + 1)})`, price], 'facet.field': FACETS };
    case 'wildcard': {
      const terms = Array.from({ length: 10 }, (_, k) => `tm_description:${WILDCARDS[(i + k) % WILDCARDS.length]}`);
      return { ...COMMON, q: terms.join(' OR '), 'facet.field': FACETS };
    }
  }
}

/** A request as the proxy hands it to the engine: with the id tie-break on its sort. */
const toMap = (p: Record<string, string | string[]>) => withTieBreak(new Map(Object.entries(p).map(([k, v]) => [k, Array.isArray(v) ? v : [v]])));

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const mb = (bytes: number) => Math.round(bytes / 1048576);

export interface KindFigures {
  wall: { p50: number; p95: number };
  cpu: { p50: number; p95: number };
  numFound: number;
}

export interface ScaleRun {
  label: string;
  engineDir: string;
  listings: number;
  generateMs: number;
  buildMs: number;
  indexHeapMB: number;
  heapMB: number;
  rssMB: number;
  /**
   * restartMs: read the snapshot (readMs), then load the index image when there is one, else build;
   * heapMB / rssMB: the process's after the restart (documents and index as loaded, garbage collected).
   */
  snapshot: { writeMs: number; bytes: number; restartMs: number; readMs?: number; heapMB?: number; rssMB?: number; image?: { writeMs: number; bytes: number } } | { error: string };
  kinds: Record<ScaleKind, KindFigures>;
}

/** One engine version at one size, in this process (the child). */
async function child(listings: number, engineDir: string, label: string): Promise<ScaleRun> {
  const mod = (await import(path.join(engineDir, 'server/search/engine/engine.ts'))) as {
    createEmbeddedEngine(o: { defaultSearchFields: string[]; maxRows: number }): SearchBackend;
  };
  const make = () => mod.createEmbeddedEngine({ defaultSearchFields: ['tm_name', 'tm_description'], maxRows: 100 });
  const t0 = performance.now();
  let documents: SearchDocument[] | null = generateDocuments(listings);
  const generateMs = Math.round(performance.now() - t0);
  gc?.();
  const before = process.memoryUsage();
  let engine = make();
  const t1 = performance.now();
  await engine.replaceAll(documents);
  const buildMs = Math.round(performance.now() - t1);
  gc?.();
  gc?.();
  const after = process.memoryUsage();
  const indexHeapMB = mb(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers);
  const heapMB = mb(after.heapUsed + after.arrayBuffers);
  const rssMB = mb(after.rss);

  const kinds = {} as Record<ScaleKind, KindFigures>;
  for (const kind of SCALE_KINDS) {
    for (let i = 0; i < 3; i++) checkQueryCost(toMap(params(kind, i)));
    const first = await engine.select(toMap(params(kind, 0)));
    for (let i = 1; i < WARMUP; i++) await engine.select(toMap(params(kind, i)));
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const p = toMap(params(kind, i));
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      await engine.select(p);
      wall.push(performance.now() - w0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    wall.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    kinds[kind] = {
      wall: { p50: round(percentile(wall, 50)), p95: round(percentile(wall, 95)) },
      cpu: { p50: round(percentile(cpu, 50)), p95: round(percentile(cpu, 95)) },
      numFound: first.response.numFound,
    };
    console.error(`  ${label} ${kind}: wall p50 ${kinds[kind].wall.p50} p95 ${kinds[kind].wall.p95} ms, cpu p95 ${kinds[kind].cpu.p95} ms (numFound ${first.response.numFound})`);
  }

  // The search snapshot as that version's search-service.ts writes and reads it (one document per
  // line since issue 27; before, the documents as one JSON string), then a rebuild from it.
  let snapshot: ScaleRun['snapshot'];
  const file = path.join(os.tmpdir(), `search-scale-${process.pid}.json`);
  const servicePath = path.join(engineDir, 'server/search/search-service.ts');
  const service = (fs.readFileSync(servicePath, 'utf8').includes('export function writeSnapshot') ? await import(servicePath) : {}) as {
    // Documents before issue 27's stored lines, the lines (parsed when read) since.
    readSnapshot?: (file: string, key: string) => SearchDocument[] | { length: number; toArray(): SearchDocument[] } | null;
    writeSnapshot?: (file: string, key: string, documents: SearchDocument[]) => void;
  };
  const write = service.writeSnapshot ?? ((f: string, key: string, d: SearchDocument[]) => fs.writeFileSync(f, JSON.stringify({ key, documents: d })));
  const read = service.readSnapshot ?? ((f: string) => (JSON.parse(fs.readFileSync(f, 'utf8')) as { documents: SearchDocument[] }).documents);
  // The index image beside it (engine/image.ts), when that version has one: restart loads it.
  const imageFile = `${file}.index.bin`;
  try {
    const w0 = performance.now();
    write(file, 'bench', documents);
    const writeMs = Math.round(performance.now() - w0);
    const bytes = fs.statSync(file).size;
    let image: { writeMs: number; bytes: number } | undefined;
    if (engine.saveImage) {
      const i0 = performance.now();
      if (await engine.saveImage(imageFile, 'bench')) image = { writeMs: Math.round(performance.now() - i0), bytes: fs.statSync(imageFile).size };
    }
    documents = null;
    engine = make();
    gc?.();
    const r0 = performance.now();
    const saved = read(file, 'bench');
    if (!saved) throw new Error('the snapshot was not read back');
    const readMs = Math.round(performance.now() - r0);
    // (Each version's loadImage takes what its readSnapshot gives.)
    const fromImage = image && engine.loadImage ? await engine.loadImage(imageFile, 'bench', saved as never) : false;
    if (image && !fromImage) throw new Error('the index image was not read back');
    if (!fromImage) await engine.replaceAll(Array.isArray(saved) ? saved : saved.toArray());
    const restartMs = Math.round(performance.now() - r0);
    gc?.();
    const restarted = process.memoryUsage();
    snapshot = { writeMs, bytes, restartMs, readMs, heapMB: mb(restarted.heapUsed + restarted.arrayBuffers), rssMB: mb(restarted.rss), ...(image ? { image } : {}) };
    // The loaded index answers as the built one did.
    for (const kind of SCALE_KINDS) {
      const again = await engine.select(toMap(params(kind, 0)));
      if (again.response.numFound !== kinds[kind].numFound) throw new Error(`after the restart, ${kind} found ${again.response.numFound}, not ${kinds[kind].numFound}`);
    }
  } catch (error) {
    snapshot = { error: (error as Error).message };
  } finally {
    fs.rmSync(file, { force: true });
    fs.rmSync(imageFile, { force: true });
  }
  return { label, engineDir, listings, generateMs, buildMs, indexHeapMB, heapMB, rssMB, snapshot, kinds };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export async function runScale(): Promise<void> {
  if (process.argv.includes('--child')) {
    const run = await child(Number(arg('--listings')), arg('--engine-dir')!, arg('--label')!);
    process.stdout.write(`\nSCALE-RESULT ${JSON.stringify(run)}\n`);
    return;
  }
  const sizes = (arg('--sizes') ?? arg('--listings')!).split(',').map(Number);
  const before = arg('--before');
  const variants: [string, string][] = [...(before ? ([['before', path.resolve(before)]] as [string, string][]) : []), ['after', root]];
  const loadBefore = os.loadavg();
  const runs: ScaleRun[] = [];
  for (const size of sizes) {
    for (const [label, dir] of variants) {
      console.log(`${size} listings, ${label} (${dir})…`);
      const heapLimit = Math.max(4096, Math.ceil(size / 1000) * 12);
      const r = spawnSync(
        process.execPath,
        [`--max-old-space-size=${heapLimit}`, '--expose-gc', '--import', 'tsx', path.join(root, 'bench/search-engine.ts'), '--child', '--listings', String(size), '--engine-dir', dir, '--label', label],
        { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 },
      );
      const line = r.stdout.split('\n').find((l) => l.startsWith('SCALE-RESULT '));
      if (!line) throw new Error(`the ${label} run at ${size} failed (exit ${r.status}): ${r.stdout.slice(-2000)}`);
      const run = JSON.parse(line.slice('SCALE-RESULT '.length)) as ScaleRun;
      runs.push(run);
      console.log(
        `  build ${run.buildMs} ms, index heap ${run.indexHeapMB} MB (total heap ${run.heapMB} MB, RSS ${run.rssMB} MB), snapshot ${JSON.stringify(run.snapshot)}`,
      );
    }
  }
  const loadAfter = os.loadavg();
  console.log('\n| listings | engine | build s | index heap MB | heap / RSS MB | restart s | ' + SCALE_KINDS.map((k) => `${k} p50 / p95 ms (cpu p95)`).join(' | ') + ' |');
  console.log('|---:|---|---:|---:|---:|---:|' + SCALE_KINDS.map(() => '---:').join('|') + '|');
  for (const r of runs) {
    const restart = 'restartMs' in r.snapshot ? round(r.snapshot.restartMs / 1000, 1) : 'failed';
    console.log(
      `| ${r.listings} | ${r.label} | ${round(r.buildMs / 1000, 1)} | ${r.indexHeapMB} | ${r.heapMB} / ${r.rssMB} | ${restart} | ` +
        SCALE_KINDS.map((k) => `${r.kinds[k].wall.p50} / ${r.kinds[k].wall.p95} (${r.kinds[k].cpu.p95})`).join(' | ') +
        ' |',
    );
  }
  const out = { date: new Date().toISOString(), cpus: os.cpus().length, node: process.version, iterations: ITERATIONS, warmup: WARMUP, loadAverage: { before: loadBefore.map((x) => round(x)), after: loadAfter.map((x) => round(x)) }, runs };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/search-engine-scale.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`load average before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' ')}`);
  console.log('written bench/results/search-engine-scale.json');
}
