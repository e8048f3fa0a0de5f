/**
 * The embedded search engine against Orama and MiniSearch, on 10,000 and 100,000 generated listings.
 *
 * Run: `node --expose-gc --import tsx bench/search-engine.ts` (or `npx tsx bench/search-engine.ts`,
 * then heap figures are taken without a forced GC). BENCH_SIZES=10000 and BENCH_ITERATIONS=200
 * override the sizes and the measured iterations; BENCH_ENGINES=embedded measures only the embedded engine.
 *
 * Query kinds, the same work for every engine (parameters vary per iteration from a seeded
 * sequence, identical for all engines, so no engine answers one repeated query):
 *  (a) "faceted": match-all, 2 filters (type = x, price in [lo, hi]), 4 facets (town, type,
 *      amenities, bedrooms), sorted by price ascending, 10 rows;
 *  (b) "text": a two-word text query over name and description (OR), the same 4 facets, by score;
 *  (c) "multi-select": type in {x, y} (tagged) and sleeps ≥ n, 4 facets where the type facet
 *      excludes the type filter (Solr `{!tag}` / `{!ex}`).
 * How each engine does it:
 *  - embedded: one select() call with Solr parameters (fl=id);
 *  - Orama: search() with `where` filters and `facets` (numbers facet by ranges: one range per
 *    bedroom count); (c) needs a second search without the type filter for the type facet;
 *  - MiniSearch has no filters index or facets: a wildcard (a) / text (b) search with a `filter`
 *    callback over its stored fields, then the facets counted by hand in one pass over the results
 *    and sorted by count (top 100, as the others return); for (c) one search without the type
 *    filter, counting the type facet over all of it and the other facets over the type-matching part.
 * Memory is the growth of heapUsed + arrayBuffers over the build (after GC when --expose-gc);
 * the listings themselves are generated beforehand and shared, so an engine that keeps references
 * to them (the embedded engine keeps the documents it returns) is not charged for them, while
 * Orama keeps its own copies of the documents.
 * Prints a table and writes bench/results/search-engine.json.
 *
 * At scale (issue 27): `--listings 1000000` (or `--sizes 10000,100000,1000000`), with `--before DIR`
 * to compare an older engine in the same run: see bench/search-engine-scale.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create, insertMultiple, search, type AnyOrama } from '@orama/orama';
import MiniSearch from 'minisearch';
import { createEmbeddedEngine } from '../server/search/engine/engine.ts';
import { type GeneratedListing, toGeneratedDocument } from './listings-generator.ts';
import { seededRandom } from '../src/domain/search/seeded-random.ts';
import { percentile } from './checkout-support.ts';

const root = path.resolve(import.meta.dirname, '..');
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const ITERATIONS = Math.max(200, Number(process.env.BENCH_ITERATIONS ?? 200));
const WARMUP = 40;
/** BENCH_ENGINES=embedded measures only these engines (comma-separated; default all three), e.g. to compare two versions of ours. */
const ENGINES = (process.env.BENCH_ENGINES ?? 'embedded,orama,minisearch').split(',').map((name) => name.trim());
const gc = (globalThis as { gc?: () => void }).gc;

// ---------------------------------------------------------------------------------------------
// Deterministic listings.

const TOWNS = [
  'Padstow', 'St Ives', 'Newquay', 'Falmouth', 'Penzance', 'Looe', 'Fowey', 'Bude', 'Polperro', 'Mevagissey', 'Port Isaac', 'Tintagel',
  'Rock', 'Mousehole', 'Marazion', 'Perranporth', 'Hayle', 'Helston', 'Truro', 'Bodmin', 'Lostwithiel', 'St Mawes', 'Porthleven', 'Coverack',
  'Boscastle', 'Crackington Haven', 'Wadebridge', 'Camelford', 'Launceston', 'Liskeard', 'Saltash', 'Torpoint', 'Polzeath', 'Mawgan Porth',
  'Crantock', 'Holywell Bay', 'St Agnes', 'Portreath', 'Gwithian', 'Sennen', 'Lamorna', 'Zennor', 'St Just', 'Porthcurno', 'Cadgwith',
  'Mullion', 'Gunwalloe', 'Praa Sands', 'Perranuthnoe', 'Carbis Bay', 'Lelant', 'Portscatho', 'Gorran Haven', 'Charlestown', 'Par',
  'Polkerris', 'Talland', 'Seaton', 'Downderry', 'Cawsand',
];
const TYPES = ['cottage', 'house', 'apartment', 'villa', 'lodge', 'barn', 'cabin', 'chalet'];
const AMENITIES = [
  'wifi', 'parking', 'pets', 'hot tub', 'pool', 'garden', 'sea view', 'log burner', 'dishwasher', 'washing machine', 'ev charger',
  'bbq', 'games room', 'cot', 'high chair', 'bath', 'shower', 'balcony', 'beach access', 'accessible',
];
const ADJECTIVES = ['Sea', 'Harbour', 'Old', 'Little', 'Blue', 'White', 'Rose', 'Ivy', 'Granite', 'Salt', 'Driftwood', 'Gull', 'Cove', 'Tide', 'Quay', 'Mill', 'Orchard', 'Chapel', 'Lighthouse', 'Pebble'];
const NOUNS = ['View', 'Rest', 'Haven', 'End', 'Corner', 'Retreat', 'Nook', 'Lookout', 'Hideaway', 'Loft', 'Hollow', 'House', 'Cottage', 'Barn', 'Lodge'];
const WORDS = (
  'beach sea view walk harbour village coast garden cosy family dog friendly open plan kitchen living room bedroom bathroom ensuite ' +
  'king double twin bunk sofa wood burner fire sunset cliff path surf sand rock pool fishing boats pub restaurant shop cafe ' +
  'quiet peaceful stylish modern traditional stone granite slate thatch beam character period renovated luxury spacious bright ' +
  'light airy terrace patio decking lawn hot tub sauna games table tennis bikes kayak paddle board wetsuit shower drying ' +
  'parking driveway garage charger electric heating underfloor broadband smart television netflix music books games toys ' +
  'children cot highchair stairgate enclosed secure pets welcome towels linen included short breaks weekly changeover ' +
  'saturday friday minimum nights booking flexible cancellation deposit estuary river creek woodland moor countryside farm ' +
  'views panoramic stunning breathtaking glorious sandy cove headland lighthouse chapel church castle gardens national trust'
).split(' ');

type Listing = GeneratedListing;

function zipfPick<T>(list: readonly T[], rnd: () => number, skew = 1.1): T {
  // Inverse-CDF over weights 1/(i+1)^skew, precomputed per list.
  let cdf = zipfCache.get(list);
  if (!cdf) {
    const w = list.map((_, i) => 1 / (i + 1) ** skew);
    const total = w.reduce((a, b) => a + b, 0);
    let acc = 0;
    cdf = w.map((x) => (acc += x / total));
    zipfCache.set(list, cdf);
  }
  const r = rnd();
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return list[lo]!;
}
const zipfCache = new Map<readonly unknown[], number[]>();

function generate(count: number, seed = 42): Listing[] {
  const rnd = seededRandom(seed);
  const out: Listing[] = [];
  for (let i = 0; i < count; i++) {
    const type = zipfPick(TYPES, rnd, 0.8);
    const bedrooms = 1 + Math.floor(rnd() * rnd() * 8);
    const amenities = AMENITIES.filter((_, k) => rnd() < 0.6 / (1 + k * 0.15));
    const words: string[] = [];
    const n = 20 + Math.floor(rnd() * 25);
    for (let k = 0; k < n; k++) words.push(zipfPick(WORDS, rnd, 0.9));
    const town = zipfPick(TOWNS, rnd, 0.9);
    out.push({
      id: `benchsite-default-${i}`,
      name: `${ADJECTIVES[Math.floor(rnd() * ADJECTIVES.length)]} ${NOUNS[Math.floor(rnd() * NOUNS.length)]}`,
      town,
      type,
      bedrooms,
      bathrooms: 1 + Math.floor(rnd() * Math.min(bedrooms, 4)),
      sleeps: Math.min(16, bedrooms * 2 + Math.floor(rnd() * 3)),
      amenities,
      price: Math.round(50 + rnd() * rnd() * 750),
      rating: Math.round((3 + rnd() * 2) * 10) / 10,
      description: `${words.join(' ')} in ${town}`,
      lat: 50 + rnd(),
      lng: -5.5 + rnd() * 1.5,
    });
  }
  return out;
}


// ---------------------------------------------------------------------------------------------
// The query sequence (same for all engines).

// From broad (words in most descriptions) to narrow (a few per cent of the listings).
const TEXT_QUERIES = ['sea view', 'hot tub', 'kayak paddle', 'thatch beam', 'lighthouse chapel', 'sauna', 'estuary creek', 'netflix broadband', 'harbour cottage', 'padstow beach', 'games room', 'woodland walk'];

interface FacetedQ { type: string; lo: number; hi: number }
interface TextQ { text: string }
interface MultiQ { types: [string, string]; sleeps: number }

const faceted = (i: number): FacetedQ => {
  const lo = 50 + ((i * 37) % 300);
  return { type: TYPES[i % TYPES.length]!, lo, hi: lo + 150 + (i % 4) * 50 };
};
const textQ = (i: number): TextQ => ({ text: TEXT_QUERIES[i % TEXT_QUERIES.length]! });
const multi = (i: number): MultiQ => ({ types: [TYPES[i % TYPES.length]!, TYPES[(i + 3) % TYPES.length]!], sleeps: 2 + (i % 6) });

interface Answer {
  numFound: number;
  ids: string[];
}

interface Contender {
  name: string;
  build(listings: Listing[]): Promise<void>;
  faceted(q: FacetedQ): Promise<Answer>;
  text(q: TextQ): Promise<Answer>;
  multi(q: MultiQ): Promise<Answer>;
  release(): void;
}

const FACETS = ['ss_town', 'ss_type', 'sm_amenities', 'is_bedrooms'];

function embedded(): Contender {
  let engine = createEmbeddedEngine({ defaultSearchFields: ['tm_name', 'tm_description'], maxRows: 100 });
  const run = async (params: Record<string, string | string[]>): Promise<Answer> => {
    const map = new Map(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
    const r = await engine.select(map);
    return { numFound: r.response.numFound, ids: r.response.docs.map((d) => String(d.id)) };
  };
  const common = { facet: 'true', 'facet.mincount': '1', 'facet.limit': '100', 'json.nl': 'map', rows: '10', fl: 'id', wt: 'json' };
  return {
    name: 'embedded',
    async build(listings) {
      await engine.replaceAll(listings.map(toGeneratedDocument));
    },
    faceted: (q) => run({ ...common, q: '*:*', fq: [`ss_type:${q.type}`, `fs_price:[${q.lo} TO ${q.hi}]`], 'facet.field': FACETS, sort: 'fs_price asc' }),
    text: (q) => run({ ...common, q: q.text, 'facet.field': FACETS }),
    multi: (q) =>
      run({
        ...common,
        q: '*:*',
        fq: [`{!tag=type}ss_type:(${q.types[0]} OR ${q.types[1]})`, `is_sleeps:[${q.sleeps} TO *]`],
        'facet.field': ['{!ex=type}ss_type', 'ss_town', 'sm_amenities', 'is_bedrooms'],
      }),
    release() {
      engine = createEmbeddedEngine();
    },
  };
}

const BEDROOM_RANGES = Array.from({ length: 8 }, (_, i) => ({ from: i + 1, to: i + 1 }));

function orama(): Contender {
  let db: AnyOrama | null = null;
  const facets = { town: { limit: 100 }, type: { limit: 100 }, amenities: { limit: 100 }, bedrooms: { ranges: BEDROOM_RANGES } };
  const answer = (r: { count: number; hits: { id: string }[] }): Answer => ({ numFound: r.count, ids: r.hits.map((h) => h.id) });
  return {
    name: 'orama',
    async build(listings) {
      db = create({
        schema: {
          id: 'string',
          name: 'string',
          description: 'string',
          town: 'enum',
          type: 'enum',
          amenities: 'enum[]',
          bedrooms: 'number',
          sleeps: 'number',
          price: 'number',
          rating: 'number',
        } as const,
      });
      await insertMultiple(
        db,
        listings.map((l) => ({ id: l.id, name: l.name, description: l.description, town: l.town, type: l.type, amenities: l.amenities, bedrooms: l.bedrooms, sleeps: l.sleeps, price: l.price, rating: l.rating })),
        1000,
      );
    },
    async faceted(q) {
      const r = await search(db!, { term: '', where: { type: { eq: q.type }, price: { between: [q.lo, q.hi] } }, facets, sortBy: { property: 'price', order: 'ASC' }, limit: 10 });
      return answer(r as never);
    },
    async text(q) {
      const r = await search(db!, { term: q.text, properties: ['name', 'description'], threshold: 1, facets, limit: 10 });
      return answer(r as never);
    },
    async multi(q) {
      const r = await search(db!, { term: '', where: { type: { in: q.types }, sleeps: { gte: q.sleeps } }, facets: { town: facets.town, amenities: facets.amenities, bedrooms: facets.bedrooms }, limit: 10 });
      await search(db!, { term: '', where: { sleeps: { gte: q.sleeps } }, facets: { type: facets.type }, limit: 1 });
      return answer(r as never);
    },
    release() {
      db = null;
    },
  };
}

interface Stored {
  id: string;
  town: string;
  type: string;
  amenities: string[];
  bedrooms: number;
  sleeps: number;
  price: number;
}

/** Facet counts by hand, as a MiniSearch user would: one pass, then the top 100 by count. */
class HandFacets {
  private readonly maps = new Map<string, Map<string, number>>();
  add(field: string, value: string): void {
    let m = this.maps.get(field);
    if (!m) this.maps.set(field, (m = new Map()));
    m.set(value, (m.get(value) ?? 0) + 1);
  }
  addDoc(d: Stored, withType = true): void {
    this.add('town', d.town);
    if (withType) this.add('type', d.type);
    for (const a of d.amenities) this.add('amenities', a);
    this.add('bedrooms', String(d.bedrooms));
  }
  result(): Record<string, [string, number][]> {
    const out: Record<string, [string, number][]> = {};
    for (const [f, m] of this.maps) out[f] = [...m].sort((a, b) => b[1] - a[1]).slice(0, 100);
    return out;
  }
}

function minisearch(): Contender {
  let ms: MiniSearch<Listing> | null = null;
  return {
    name: 'minisearch',
    async build(listings) {
      ms = new MiniSearch<Listing>({ fields: ['name', 'description'], storeFields: ['town', 'type', 'amenities', 'bedrooms', 'sleeps', 'price'], idField: 'id' });
      ms.addAll(listings);
    },
    async faceted(q) {
      const results = ms!.search(MiniSearch.wildcard, { filter: (r) => r.type === q.type && r.price >= q.lo && r.price <= q.hi }) as unknown as Stored[];
      const facets = new HandFacets();
      for (const r of results) facets.addDoc(r);
      facets.result();
      const top = results.sort((a, b) => a.price - b.price).slice(0, 10);
      return { numFound: results.length, ids: top.map((r) => r.id) };
    },
    async text(q) {
      const results = ms!.search(q.text, { combineWith: 'OR' }) as unknown as Stored[];
      const facets = new HandFacets();
      for (const r of results) facets.addDoc(r);
      facets.result();
      return { numFound: results.length, ids: results.slice(0, 10).map((r) => r.id) };
    },
    async multi(q) {
      const results = ms!.search(MiniSearch.wildcard, { filter: (r) => r.sleeps >= q.sleeps }) as unknown as Stored[];
      const facets = new HandFacets();
      const hits: Stored[] = [];
      for (const r of results) {
        facets.add('type', r.type);
        if (r.type === q.types[0] || r.type === q.types[1]) {
          facets.addDoc(r, false);
          hits.push(r);
        }
      }
      facets.result();
      return { numFound: hits.length, ids: hits.slice(0, 10).map((r) => r.id) };
    },
    release() {
      ms = null;
    },
  };
}

// ---------------------------------------------------------------------------------------------

const memory = () => {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};


type Kind = 'faceted' | 'text' | 'multi';
const KINDS: Kind[] = ['faceted', 'text', 'multi'];
const QUERY: Record<Kind, (i: number) => FacetedQ | TextQ | MultiQ> = { faceted, text: textQ, multi };

interface Row {
  size: number;
  engine: string;
  buildMs: number;
  heapMB: number;
  latency: Record<Kind, { p50: number; p95: number; mean: number; firstNumFound: number }>;
}

async function measure(c: Contender, kind: Kind): Promise<{ p50: number; p95: number; mean: number; firstNumFound: number }> {
  const call = (i: number) => (c[kind] as (q: unknown) => Promise<Answer>)(QUERY[kind](i));
  const first = await call(0);
  for (let i = 1; i < WARMUP; i++) await call(i);
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await call(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), mean: round(times.reduce((a, b) => a + b, 0) / times.length), firstNumFound: first.numFound };
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  console.log(`search engines: ${ITERATIONS} measured iterations per query kind after ${WARMUP} warm-up; GC ${gc ? 'forced' : 'not available (run with --expose-gc)'}`);
  for (const size of SIZES) {
    const listings = generate(size);
    for (const make of [embedded, orama, minisearch]) {
      const c = make();
      if (!ENGINES.includes(c.name)) continue;
      const before = memory();
      const t0 = performance.now();
      await c.build(listings);
      const buildMs = Math.round(performance.now() - t0);
      const heapMB = Math.round(((memory() - before) / 1048576) * 10) / 10;
      const latency = {} as Row['latency'];
      for (const kind of KINDS) latency[kind] = await measure(c, kind);
      rows.push({ size, engine: c.name, buildMs, heapMB, latency });
      c.release();
      const l = latency;
      console.log(
        `${String(size).padStart(7)} ${c.name.padEnd(11)} build ${String(buildMs).padStart(6)} ms  heap ${String(heapMB).padStart(7)} MB | ` +
          KINDS.map((k) => `${k} p50 ${l[k].p50.toFixed(2)} p95 ${l[k].p95.toFixed(2)} ms (n=${l[k].firstNumFound})`).join(' | '),
      );
    }
  }

  console.log('\n| listings | engine | build ms | heap MB | faceted p50 / p95 ms | text p50 / p95 ms | multi-select p50 / p95 ms |');
  console.log('|---:|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const f = (k: Kind) => `${r.latency[k].p50.toFixed(2)} / ${r.latency[k].p95.toFixed(2)}`;
    console.log(`| ${r.size} | ${r.engine} | ${r.buildMs} | ${r.heapMB} | ${f('faceted')} | ${f('text')} | ${f('multi')} |`);
  }
  const goals: Record<string, unknown>[] = [];
  for (const size of SIZES) {
    const ours = rows.find((r) => r.size === size && r.engine === 'embedded');
    const them = rows.find((r) => r.size === size && r.engine === 'orama');
    if (!ours || !them) continue;
    const p95 = Math.max(...KINDS.map((k) => ours.latency[k].p95));
    const limit = size <= 10_000 ? 5 : 40;
    const speedup = Object.fromEntries(KINDS.map((k) => [k, Math.round((them.latency[k].p95 / ours.latency[k].p95) * 10) / 10]));
    const mixOurs = KINDS.reduce((s, k) => s + ours.latency[k].mean, 0);
    const mixThem = KINDS.reduce((s, k) => s + them.latency[k].mean, 0);
    const mixSpeedup = Math.round((mixThem / mixOurs) * 10) / 10;
    goals.push({ size, worstP95: p95, p95Goal: limit, p95Met: p95 <= limit, speedupVsOramaP95: speedup, speedupVsOramaMixMean: mixSpeedup, speedupGoal: 5, speedupMet: mixSpeedup >= 5 });
    console.log(`${size}: worst p95 ${p95} ms (goal ≤ ${limit}: ${p95 <= limit ? 'met' : 'NOT met'}); vs Orama on the mix (mean): ${mixSpeedup}x (goal ≥ 5x: ${mixSpeedup >= 5 ? 'met' : 'NOT met'}); p95 ratio per kind ${JSON.stringify(speedup)}`);
  }
  const out = { date: new Date().toISOString(), cpus: os.cpus().length, node: process.version, iterations: ITERATIONS, warmup: WARMUP, gcForced: Boolean(gc), results: rows, goals };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/search-engine.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('written bench/results/search-engine.json');
}

if (process.argv.includes('--listings') || process.argv.includes('--sizes')) await (await import('./search-engine-scale.ts')).runScale();
else await main();
